/**
 * The content-stream half of ISO 19005-3 6.1.13 (numbers, strings and names as operands, q
 * nesting) and 6.2.2 (only ISO 32000-1 operators, BX/EX sections included; resources named from
 * the stream's own /Resources, not inherited from the page or page tree), on every content
 * stream a page draws: its contents (the parts count as one stream, as for a viewer), annotation
 * appearances, and, followed from the operators that use them, form XObjects (Do), tiling
 * patterns (scn/SCN) and Type 3 glyph procedures (Tf). The same pass tracks the overprint state
 * 6.2.4.2 restricts for ICCBased CMYK (overprint-state.ts) and feeds the reader of the
 * graphics values only content streams carry (`ri`, inline images' /Intent, /I and /F;
 * pdf/content-graphics-values.ts, shared with pdf2pdfa). One lexer pass per stream; each stream is read
 * once however often it is used, and nesting deeper than MAX_DEPTH is reported, not followed.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { isDamagedStream, streamBytes } from '../../pdf/streams.js'
import { pageResources } from '../../pdf/walk.js'
import { TOKEN, type TokenKind, decodeName, lexContent } from '../../pdf/content-lexer.js'
import { DEFINED_OPERATORS, LIMITS, measuredLength, numberProblem } from './implementation-limits.js'
import { graphicsValueReader } from '../../pdf/content-graphics-values.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'
import { OVERPRINT_OPERATORS, OverprintTracker } from './overprint-state.js'

/** Forms in forms in patterns… deeper than this is hostile, not a real page. */
const MAX_DEPTH = 32
/** Undefined operators named in one finding. */
const MAX_NAMED = 5

/** A page's content parts share one q depth; every other stream starts at 0. */
type SaveDepth = { depth: number; deepest: number; where: string | undefined }

/** Bytes as a string, at most `max` of them (a loop: no subarray object for the short names of a page). */
function latin1(data: Uint8Array, start: number, end: number, max = 64): string {
  const stop = Math.min(end, start + max)
  let text = ''
  for (let i = start; i < stop; i++) text += String.fromCharCode(data[i]!)
  return text
}

/** An operator of up to three bytes as one number, so the hot path builds no strings. */
const opCode = (data: Uint8Array, start: number, end: number): number => {
  const len = end - start
  if (len > 3) return -1
  return data[start]! | (len > 1 ? data[start + 1]! << 8 : 0) | (len > 2 ? data[start + 2]! << 16 : 0)
}
const codeOf = (op: string): number => op.charCodeAt(0) | ((op.charCodeAt(1) || 0) << 8) | ((op.charCodeAt(2) || 0) << 16)
const DEFINED_CODES = new Set([...DEFINED_OPERATORS].map(codeOf))
const Q_SAVE = codeOf('q')
const Q_RESTORE = codeOf('Q')

/**
 * Whether a number token could break a limit, from its digits alone: integers of 10 or more
 * significant digits, reals of 38 or more before the point or 37 zeros after a 0 point.
 * Everything else (nearly every number of a page) is decided without building a string.
 */
function mayBreakLimit(data: Uint8Array, start: number, end: number): boolean {
  let i = start
  if (data[i] === 0x2b || data[i] === 0x2d) i++
  while (i < end && data[i] === 0x30) i++
  let significant = 0
  while (i < end && data[i] !== 0x2e) {
    significant++
    i++
  }
  if (i === end) return significant >= 10
  if (significant >= 38) return true
  if (significant > 0) return false
  let zeros = 0
  for (i++; i < end && data[i] === 0x30; i++) zeros++
  return zeros >= 37 && i < end
}

const label = (o: PDFObject | undefined, what: string): string => (o instanceof PDFRef ? `${what} ${o.objectNumber} ${o.generationNumber}` : what)

/**
 * Where a content stream's resource names resolve, as veraPDF resolves them: its own /Resources
 * first, then the page's (for nested forms too, not the parent form's). A name found only in the
 * page's, or any name of a page whose /Resources come from the page tree, is inherited (6.2.2).
 */
type Scope = {
  own: PDFDict | undefined
  page: PDFDict | undefined
  /** Page content whose page node has no /Resources of its own. */
  pageInherited: boolean
  /** Per `category/name`: what it resolved to (null: nothing), and whether it was followed already. */
  resolved: Map<string, { raw: PDFObject | undefined; followed: boolean } | null>
  inherited: Set<string>
}

const scope = (own: PDFDict | undefined, page: PDFDict | undefined, pageInherited = false): Scope => ({ own, page, pageInherited, resolved: new Map(), inherited: new Set() })

/** Operators whose last name operand names a resource, and the resource category. */
const RESOURCE_OPERATORS = new Map(
  Object.entries({ gs: 'ExtGState', Tf: 'Font', Do: 'XObject', sh: 'Shading', cs: 'ColorSpace', CS: 'ColorSpace', scn: 'Pattern', SCN: 'Pattern', BDC: 'Properties', DP: 'Properties' }).map(
    ([op, category]) => [codeOf(op), { op, category }],
  ),
)
/** The operators the overprint tracker reads (6.2.4.2), by code. */
const OVERPRINT_CODES = new Map([...OVERPRINT_OPERATORS].map(([op, what]) => [codeOf(op), { op, what }]))

/** Colour-space names that are not resources. */
const NOT_RESOURCES = new Set(['DeviceGray', 'DeviceRGB', 'DeviceCMYK', 'Pattern'])

class ContentLimitScan {
  readonly findings: PdfFinding[] = []
  private readonly seen = new Set<PDFStream>()
  /** The graphics state 6.2.4.2's overprint test reads, of the stream being scanned. */
  overprint: OverprintTracker

  constructor(private readonly doc: PDFDocument) {
    this.overprint = new OverprintTracker(doc)
  }

  /** Scans one stream unless already scanned; `save` carries the q depth across a page's parts. */
  stream(stream: PDFStream, where: string, names: Scope, depth: number, save?: SaveDepth): void {
    if (this.seen.has(stream)) return
    this.seen.add(stream)
    if (depth > MAX_DEPTH) {
      this.findings.push(pdfFinding('PDFA-CONTENT-NOT-SCANNED', where, { where, reason: `it is nested more than ${MAX_DEPTH} levels deep` }))
      return
    }
    let data: Uint8Array
    try {
      data = streamBytes(stream, where)
    } catch (err) {
      // A bomb refuses the document (validate-pdf reports it unreadable); damage is noted here,
      // since no other check reports it and the stream's operators go unchecked.
      if (!isDamagedStream(err)) throw err
      const detail = (err as Error).message
      this.findings.push(pdfFinding('PDFA-CONTENT-NOT-SCANNED', where, { where, reason: `its data cannot be decoded (${detail.startsWith(`${where}: `) ? detail.slice(where.length + 2) : detail})` }))
      return
    }
    const own = save ?? { depth: 0, deepest: 0, where: undefined }
    this.lex(data, where, names, depth, own)
    if (save === undefined) {
      this.reportSaveDepth(own)
      this.reportInherited(names, where)
    }
  }

  reportSaveDepth(save: SaveDepth): void {
    if (save.deepest > LIMITS.maxSaveDepth) this.findings.push(pdfFinding('PDFA-LIMIT-SAVE-DEPTH', save.where ?? '', { depth: String(save.deepest), where: save.where ?? '' }))
  }

  reportInherited(names: Scope, where: string): void {
    if (names.inherited.size === 0) return
    const list = [...names.inherited].slice(0, MAX_NAMED)
    if (names.inherited.size > MAX_NAMED) list.push(`and ${names.inherited.size - MAX_NAMED} more`)
    this.findings.push(pdfFinding('PDFA-INHERITED-RESOURCES', where, { where, names: list.join(', '), from: names.pageInherited ? "the page tree's /Resources" : "the page's /Resources" }))
  }

  /** The resource `name` of `category` in the scope, noting an inherited one; undefined when there is none. */
  private resolve(names: Scope, category: string, name: string): { raw: PDFObject | undefined; followed: boolean } | undefined {
    const key = `${category}/${name}`
    const known = names.resolved.get(key)
    if (known !== undefined) return known ?? undefined
    const pdfName = PDFName.of(name)
    const find = (resources: PDFDict | undefined): PDFObject | undefined => {
      const dict = resources?.lookup(PDFName.of(category))
      return dict instanceof PDFDict ? dict.get(pdfName) : undefined
    }
    let raw = find(names.own)
    let inherited = names.pageInherited && raw !== undefined
    if (raw === undefined && names.own !== names.page) {
      raw = find(names.page)
      inherited = raw !== undefined
    }
    if (inherited) names.inherited.add(`${category} /${name}`)
    const result = raw === undefined ? null : { raw, followed: false }
    names.resolved.set(key, result)
    return result ?? undefined
  }

  private lex(data: Uint8Array, where: string, names: Scope, depth: number, save: SaveDepth): void {
    const reported = new Set<string>()
    const undefinedOps = new Map<string, number>()
    const graphicsValue = (id: 'PDFA-RENDERING-INTENT' | 'PDFA-IMAGE' | 'PDFA-INLINE-FILTER', at: number, params: Record<string, string>, place: string): void => {
      const key = `${id} ${JSON.stringify(params)}`
      if (reported.has(key)) return // a page that sets the same bad value a thousand times needs one finding
      reported.add(key)
      this.findings.push(pdfFinding(id, `${where}, byte ${at}`, { ...params, where: place }))
    }
    const graphicsValues = graphicsValueReader(data, (p) => {
      if (p.kind === 'intent') graphicsValue('PDFA-RENDERING-INTENT', p.at, { intent: `/${p.intent}` }, `${p.inline ? 'inline image /Intent' : 'ri operator'} in ${where}, byte ${p.at}`)
      else if (p.kind === 'interpolate') graphicsValue('PDFA-IMAGE', p.at, { problem: `sets /${p.key} (Interpolate) true` }, `drawn inline at byte ${p.at} of ${where}`)
      else graphicsValue('PDFA-INLINE-FILTER', p.at, { filter: p.filter === undefined ? `a value that is not a filter name (${p.raw})` : `/${p.filter}` }, `${where}, byte ${p.at}`)
    })
    let nameStart = -1 // the last name operand outside arrays and dictionaries, decoded only when an operator uses it
    let nameEnd = -1
    let numberStart = -1 // the last number operand (Tr's)
    let numberEnd = -1
    let nesting = 0
    const report = (id: 'PDFA-LIMIT-INTEGER' | 'PDFA-LIMIT-REAL' | 'PDFA-LIMIT-STRING' | 'PDFA-LIMIT-NAME', at: number, params: Record<string, string>): void => {
      if (reported.has(id)) return // the first of each kind per stream is enough to act on
      reported.add(id)
      const place = `${where}, byte ${at}`
      this.findings.push(pdfFinding(id, place, { ...params, where: place }))
    }
    lexContent(data, (kind: TokenKind, start, end, size, inDictionary) => {
      graphicsValues(kind, start, end, size, inDictionary)
      if (kind === TOKEN.number) {
        numberStart = start
        numberEnd = end
        if (end - start < 10 || !mayBreakLimit(data, start, end)) return
        const text = latin1(data, start, end)
        const problem = numberProblem(Number(text), !text.includes('.'))
        if (problem === 'integer') report('PDFA-LIMIT-INTEGER', start, { value: text })
        else if (problem === 'real') report('PDFA-LIMIT-REAL', start, { value: text })
      } else if (kind === TOKEN.string) {
        if (size > LIMITS.maxStringBytes) report('PDFA-LIMIT-STRING', start, { bytes: String(size) })
      } else if (kind === TOKEN.name) {
        if (size > LIMITS.maxNameBytes) {
          // 1024 bytes are enough to decide: whatever they encode, they read as more than 127 characters.
          const length = measuredLength(Uint8Array.from(decodeName(latin1(data, start, Math.min(end, start + 1024), 1024)), (ch) => ch.charCodeAt(0)))
          if (length > LIMITS.maxNameBytes) report('PDFA-LIMIT-NAME', start - 1, { bytes: String(end - start > 1024 ? size : length), name: `/${latin1(data, start, end).slice(0, 24)}…` })
        }
        if (nesting === 0) {
          nameStart = start
          nameEnd = end
        }
      } else if (kind === TOKEN.arrayOpen || kind === TOKEN.dictOpen) nesting++
      else if (kind === TOKEN.arrayClose || kind === TOKEN.dictClose) nesting = Math.max(0, nesting - 1)
      else if (kind === TOKEN.operator) {
        nesting = 0
        const code = opCode(data, start, end)
        if (code === Q_SAVE) {
          if (++save.depth > save.deepest) {
            save.deepest = save.depth
            if (save.depth === LIMITS.maxSaveDepth + 1) save.where = `${where}, byte ${start}`
          }
        } else if (code === Q_RESTORE) save.depth = Math.max(0, save.depth - 1)
        else if (!DEFINED_CODES.has(code)) {
          const op = latin1(data, start, end)
          if (!undefinedOps.has(op)) undefinedOps.set(op, start)
        } else if (nameStart >= 0 && nameEnd - nameStart <= 256) {
          const use = RESOURCE_OPERATORS.get(code)
          if (use !== undefined) {
            const name = decodeName(latin1(data, nameStart, nameEnd, 256))
            const raw = this.use(use.op, use.category, name, names, depth)
            if (use.op === 'gs') this.overprint.extGState(raw)
            else if (use.op === 'cs' || use.op === 'CS') this.overprint.colourSpace(use.op === 'CS', name, raw, names.own ?? names.page)
          }
        }
        const overprint = OVERPRINT_CODES.get(code)
        if (overprint !== undefined) {
          const number = overprint.what.kind === 'mode' && numberStart >= 0 ? Number(latin1(data, numberStart, numberEnd)) : undefined
          const found = this.overprint.operator(overprint.what, number, names.own ?? names.page)
          if (found !== undefined && !reported.has('PDFA-OVERPRINT-MODE')) {
            reported.add('PDFA-OVERPRINT-MODE')
            const place = `${where}, byte ${start}`
            this.findings.push(pdfFinding('PDFA-OVERPRINT-MODE', place, { where: place, operator: overprint.op, use: found.use, space: found.space, opm: String(found.OPM), flag: found.flag }))
          }
        }
        nameStart = -1
        numberStart = -1
      }
    })
    if (undefinedOps.size > 0) {
      const list = [...undefinedOps].slice(0, MAX_NAMED).map(([op, at]) => `${JSON.stringify(op)} at byte ${at}`)
      if (undefinedOps.size > MAX_NAMED) list.push(`and ${undefinedOps.size - MAX_NAMED} more`)
      this.findings.push(pdfFinding('PDFA-UNDEFINED-OPERATOR', where, { where, operators: list.join(', ') }))
    }
  }

  /**
   * A resource an operator uses; forms (Do), tiling patterns (scn/SCN) and Type 3 fonts (Tf) are
   * read in turn (once each, in the graphics state of their first use). @returns what the name
   * resolves to, if anything.
   */
  private use(op: string, category: string, name: string, names: Scope, depth: number): PDFObject | undefined {
    if (category === 'ColorSpace' && NOT_RESOURCES.has(name)) return undefined
    const found = this.resolve(names, category, name)
    if (found === undefined || found.followed) return found?.raw // a page sets the same font many times
    found.followed = true
    const { raw } = found
    const target = raw instanceof PDFRef ? this.doc.context.lookup(raw) : raw
    if (!(target instanceof PDFStream || target instanceof PDFDict) || (target instanceof PDFStream && this.seen.has(target))) return raw
    const outer = this.overprint
    if (op === 'Do') {
      if (target instanceof PDFStream && target.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form')) {
        this.overprint = outer.child() // a form starts in the state it is drawn in
        this.form(target, label(raw, 'form XObject'), names.page, depth + 1)
      }
    } else if (op === 'Tf') {
      if (!(target instanceof PDFStream) && target.lookup(PDFName.of('Subtype')) === PDFName.of('Type3')) {
        this.overprint = outer.child()
        this.type3(target, label(raw, 'Type 3 font'), names.page, depth + 1)
      }
    } else if ((op === 'scn' || op === 'SCN') && target instanceof PDFStream) {
      const type = target.dict.lookup(PDFName.of('PatternType'))
      if (type instanceof PDFNumber && type.asNumber() === 1) {
        // A pattern cell starts in the initial graphics state; an uncoloured one paints no colour of its own.
        const paint = target.dict.lookup(PDFName.of('PaintType'))
        this.overprint = new OverprintTracker(this.doc, undefined, paint instanceof PDFNumber && paint.asNumber() === 2)
        this.form(target, label(raw, 'tiling pattern'), names.page, depth + 1)
      }
    }
    this.overprint = outer
    return raw
  }

  /** A form XObject, tiling pattern or appearance stream: its own /Resources, then the page's. */
  form(stream: PDFStream, where: string, page: PDFDict | undefined, depth: number): void {
    const own = stream.dict.lookup(PDFName.of('Resources'))
    this.stream(stream, where, scope(own instanceof PDFDict ? own : undefined, page), depth)
  }

  /** Every glyph procedure of a Type 3 font (all of them are content streams, used or not). */
  private type3(font: PDFDict, where: string, page: PDFDict | undefined, depth: number): void {
    const procs = font.lookup(PDFName.of('CharProcs'))
    if (!(procs instanceof PDFDict)) return
    const own = font.lookup(PDFName.of('Resources'))
    for (const [glyph, value] of procs.entries()) {
      const proc = value instanceof PDFRef ? this.doc.context.lookup(value) : value
      if (proc instanceof PDFStream) this.stream(proc, `${where} glyph ${glyph.asString()}`, scope(own instanceof PDFDict ? own : undefined, page), depth)
    }
  }
}

/** The appearance streams (N, R, D; each a stream or a dictionary of state streams) of an annotation. */
function appearances(doc: PDFDocument, annot: PDFDict): { stream: PDFStream; raw: PDFObject | undefined }[] {
  const ap = annot.lookup(PDFName.of('AP'))
  if (!(ap instanceof PDFDict)) return []
  const out: { stream: PDFStream; raw: PDFObject | undefined }[] = []
  const add = (raw: PDFObject | undefined): void => {
    const s = raw instanceof PDFRef ? doc.context.lookup(raw) : raw
    if (s instanceof PDFStream) out.push({ stream: s, raw })
  }
  for (const key of ['N', 'R', 'D']) {
    const raw = ap.get(PDFName.of(key))
    const entry = raw instanceof PDFRef ? doc.context.lookup(raw) : raw
    if (entry instanceof PDFDict && !(entry instanceof PDFStream)) for (const v of entry.values()) add(v)
    else add(raw)
  }
  return out
}

export function checkContentLimits(doc: PDFDocument): PdfFinding[] {
  const scan = new ContentLimitScan(doc)
  let pages: ReturnType<PDFDocument['getPages']>
  try {
    pages = doc.getPages()
  } catch {
    return [] // A damaged page tree is reported where the file is read.
  }
  pages.forEach((page, index) => {
    const resources = pageResources(page.node)
    const raw = page.node.get(PDFName.of('Contents'))
    const contents = raw instanceof PDFRef ? doc.context.lookup(raw) : raw
    const parts: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : raw === undefined ? [] : [raw]
    const save: SaveDepth = { depth: 0, deepest: 0, where: undefined }
    scan.overprint = new OverprintTracker(doc)
    const names = scope(resources, resources, !(page.node.lookup(PDFName.of('Resources')) instanceof PDFDict))
    for (const part of parts) {
      const stream = part instanceof PDFRef ? doc.context.lookup(part) : part
      const where = part instanceof PDFRef ? `page ${index + 1} content (object ${part.objectNumber} ${part.generationNumber})` : `page ${index + 1} content`
      if (stream instanceof PDFStream) scan.stream(stream, where, names, 0, save)
    }
    scan.reportSaveDepth(save)
    scan.reportInherited(names, `page ${index + 1} content`)
    const annots = page.node.lookup(PDFName.of('Annots'))
    for (const a of annots instanceof PDFArray ? annots.asArray() : []) {
      const annot = a instanceof PDFRef ? doc.context.lookup(a) : a
      if (!(annot instanceof PDFDict)) continue
      for (const { stream, raw: ref } of appearances(doc, annot)) {
        scan.overprint = new OverprintTracker(doc)
        scan.form(stream, label(ref, `page ${index + 1} annotation appearance`), resources, 1)
      }
    }
  })
  return scan.findings
}
