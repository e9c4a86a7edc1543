/**
 * ISO 19005-3 6.2.10: without a PDF/A OutputIntent, every page that contains transparency needs
 * a /Group whose /CS is the blending colour space. A page contains transparency when something is
 * painted on it (its content, or an annotation appearance) under a soft mask, a blend mode other
 * than Normal, or a constant alpha below 1 for the way it is painted (ca for fills, CA for
 * strokes), or when it paints an image with a soft mask (/SMask, /SMaskInData), a form XObject
 * that is a transparency group or contains transparency itself (ISO 32000-1 11.3, 11.6), fills or
 * strokes with a tiling pattern whose cell contains transparency, or shows text in a Type 3 font
 * whose glyph procedures for the shown codes contain transparency. As in veraPDF, /Compatible
 * counts as a blend mode and shading patterns are not looked into.
 * Files with an OutputIntent (everything einvoice writes) skip the content scan entirely.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNull, PDFNumber, PDFStream } from '@cantoo/pdf-lib'
import { type Operand, forEachOperation } from '../../pdf/content-operations.js'
import { differencesOf } from '../../pdf/font-encodings.js'
import { findPdfaOutputIntent } from '../../pdf/output-intent.js'
import { isDamagedStream, streamBytes } from '../../pdf/streams.js'
import { deref, pageResources } from '../../pdf/walk.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'
import { lookupTable } from '../../util/lookup-table.js'

type State = {
  softMask: boolean
  blend: boolean
  fillAlpha: boolean
  strokeAlpha: boolean
  textMode: number
  /** The tiling pattern set as fill / stroke colour (scn/SCN), if any. */
  fillPattern?: PDFStream | undefined
  strokePattern?: PDFStream | undefined
  /** The current font when it is a Type 3 font. */
  type3?: PDFDict | undefined
}

const OPAQUE: State = { softMask: false, blend: false, fillAlpha: false, strokeAlpha: false, textMode: 0 }

/** Operators that set a fill / stroke colour space or colour other than a pattern. */
const FILL_COLOUR = new Set(['cs', 'g', 'rg', 'k'])
const STROKE_COLOUR = new Set(['CS', 'G', 'RG', 'K'])
/** Painting operators whose paint comes from the current colour (sh, Do and inline images do not). */
const COLOURED = new Set(['f', 'F', 'f*', 'S', 's', 'B', 'B*', 'b', 'b*'])

/** Painting operators: whether they fill, stroke, or both (ISO 32000-1 8.5.3, 8.7.4.2, 8.9). */
const PAINT = lookupTable<'fill' | 'stroke' | 'both'>({
  f: 'fill', F: 'fill', 'f*': 'fill', sh: 'fill', ID: 'fill', Do: 'fill',
  S: 'stroke', s: 'stroke',
  B: 'both', 'B*': 'both', b: 'both', 'b*': 'both',
})
const TEXT_SHOW = new Set(['Tj', 'TJ', "'", '"'])
/** Text rendering modes (ISO 32000-1 table 106) → what they paint; 3 and 7 paint nothing. */
const TEXT_PAINT: readonly ('fill' | 'stroke' | 'both' | undefined)[] = ['fill', 'stroke', 'both', undefined, 'fill', 'stroke', 'both', undefined]


const nameOf = (o: Operand | undefined): string | undefined => (o !== null && typeof o === 'object' && 'name' in o ? o.name : undefined)

/** An ExtGState's effect on the transparency-relevant parameters (ISO 32000-1 table 58). */
function applyExtGState(doc: PDFDocument, gs: PDFDict, state: State): State {
  const next = { ...state }
  const smask = deref(doc, gs.get(PDFName.of('SMask')))
  if (smask !== undefined) next.softMask = smask instanceof PDFDict || smask instanceof PDFStream
  // veraPDF's reading: anything but /Normal (or [/Normal]) blends, /Compatible included.
  const bm = deref(doc, gs.get(PDFName.of('BM')))
  if (bm instanceof PDFName) next.blend = bm !== PDFName.of('Normal')
  else if (bm instanceof PDFArray) next.blend = bm.size() !== 1 || deref(doc, bm.get(0)) !== PDFName.of('Normal')
  else if (bm !== undefined && bm !== PDFNull) next.blend = true
  const ca = deref(doc, gs.get(PDFName.of('ca')))
  if (ca instanceof PDFNumber) next.fillAlpha = ca.asNumber() < 1
  const CA = deref(doc, gs.get(PDFName.of('CA')))
  if (CA instanceof PDFNumber) next.strokeAlpha = CA.asNumber() < 1
  return next
}

/** Codes → glyph names of a Type 3 font: its /Encoding /Differences (Type 3 fonts have no built-in encoding). */
function type3GlyphNames(doc: PDFDocument, font: PDFDict): Map<number, string> {
  const encoding = deref(doc, font.get(PDFName.of('Encoding')))
  return encoding instanceof PDFDict ? differencesOf(doc, encoding) : new Map()
}

/** The bytes of the strings a text-showing operator shows (Tj, ', " and the strings of TJ). */
function shownBytes(op: string, operands: readonly Operand[]): Uint8Array[] {
  const last = operands[operands.length - 1]
  if (op === 'TJ') return Array.isArray(last) ? last.filter((o): o is Uint8Array => o instanceof Uint8Array) : []
  return last instanceof Uint8Array ? [last] : []
}

class TransparencyScan {
  private readonly forms = new Map<PDFStream, string | undefined>()
  /** Tiling pattern cells and Type 3 glyph procedures already read. */
  private readonly cells = new Map<PDFStream, boolean>()
  private readonly glyphNames = new Map<PDFDict, Map<number, string>>()
  private readonly capableResources = new Map<PDFDict, boolean>()

  constructor(private readonly doc: PDFDocument) {}

  /**
   * Whether resources can bring transparency at all: only `gs` and `Do` change it, so content
   * whose ExtGStates and XObjects are all opaque needs no reading (the usual case).
   */
  capable(resources: PDFDict | undefined, depth: number): boolean {
    if (resources === undefined || depth > 16) return false
    const known = this.capableResources.get(resources)
    if (known !== undefined) return known
    this.capableResources.set(resources, false)
    let capable = false
    const states = resources.lookup(PDFName.of('ExtGState'))
    if (states instanceof PDFDict) {
      for (const v of states.values()) {
        const gs = deref(this.doc, v)
        const s = gs instanceof PDFDict ? applyExtGState(this.doc, gs, OPAQUE) : OPAQUE
        if (s.softMask || s.blend || s.fillAlpha || s.strokeAlpha) capable = true
      }
    }
    const xobjects = resources.lookup(PDFName.of('XObject'))
    if (!capable && xobjects instanceof PDFDict) {
      for (const v of xobjects.values()) {
        const x = deref(this.doc, v)
        if (!(x instanceof PDFStream)) continue
        const subtype = x.dict.lookup(PDFName.of('Subtype'))
        const own = x.dict.lookup(PDFName.of('Resources'))
        if (subtype === PDFName.of('Image') ? this.xobject(x, resources, depth) !== undefined : subtype === PDFName.of('Form') && (x.dict.lookup(PDFName.of('Group')) instanceof PDFDict || this.capable(own instanceof PDFDict ? own : undefined, depth + 1))) {
          capable = true
          break
        }
      }
    }
    if (!capable) capable = this.capableThrough(resources, 'Pattern', depth) || this.capableThrough(resources, 'Font', depth)
    this.capableResources.set(resources, capable)
    return capable
  }

  /** Whether a tiling pattern or Type 3 font of the resources has resources that can bring transparency. */
  private capableThrough(resources: PDFDict, category: 'Pattern' | 'Font', depth: number): boolean {
    const dict = resources.lookup(PDFName.of(category))
    if (!(dict instanceof PDFDict)) return false
    for (const v of dict.values()) {
      const o = deref(this.doc, v)
      const d = o instanceof PDFStream ? o.dict : o
      if (!(d instanceof PDFDict)) continue
      const kind = category === 'Pattern' ? d.lookup(PDFName.of('PatternType')) : d.lookup(PDFName.of('Subtype'))
      if (category === 'Pattern' ? !(kind instanceof PDFNumber && kind.asNumber() === 1) : kind !== PDFName.of('Type3')) continue
      const own = d.lookup(PDFName.of('Resources'))
      // A Type 3 font without resources uses the page's, which are judged on their own.
      if (own instanceof PDFDict && own !== resources && this.capable(own, depth + 1)) return true
    }
    return false
  }

  /** Whether a tiling pattern's cell or a glyph procedure paints with transparency (read once). */
  private cell(stream: PDFStream, inherited: PDFDict | undefined, depth: number): boolean {
    const known = this.cells.get(stream)
    if (known !== undefined) return known
    this.cells.set(stream, false) // a cell that paints itself is not followed twice
    const own = stream.dict.lookup(PDFName.of('Resources'))
    const result = this.content(stream, own instanceof PDFDict ? own : inherited, depth + 1) !== undefined
    this.cells.set(stream, result)
    return result
  }

  /** Whether the glyphs that `strings` show in a Type 3 font contain transparency. */
  private glyphs(font: PDFDict, strings: readonly Uint8Array[], inherited: PDFDict | undefined, depth: number): boolean {
    const procs = font.lookup(PDFName.of('CharProcs'))
    if (!(procs instanceof PDFDict)) return false
    let names = this.glyphNames.get(font)
    if (names === undefined) {
      names = type3GlyphNames(this.doc, font)
      this.glyphNames.set(font, names)
    }
    const own = font.lookup(PDFName.of('Resources'))
    for (const bytes of strings) {
      for (const code of bytes) {
        const name = names.get(code)
        const proc = name === undefined ? undefined : procs.lookup(PDFName.of(name))
        if (proc instanceof PDFStream && this.cell(proc, own instanceof PDFDict ? own : inherited, depth)) return true
      }
    }
    return false
  }

  /** Why an XObject brings transparency, or undefined. */
  xobject(stream: PDFStream, inherited: PDFDict | undefined, depth: number): string | undefined {
    const d = stream.dict
    const subtype = d.lookup(PDFName.of('Subtype'))
    if (subtype === PDFName.of('Image')) {
      if (d.lookup(PDFName.of('SMask')) instanceof PDFStream) return 'an image with a soft mask'
      const inData = d.lookup(PDFName.of('SMaskInData'))
      return inData instanceof PDFNumber && inData.asNumber() > 0 ? 'an image with /SMaskInData' : undefined
    }
    if (subtype !== PDFName.of('Form')) return undefined
    if (this.forms.has(stream)) return this.forms.get(stream)
    this.forms.set(stream, undefined) // a form that draws itself is not followed twice
    const group = d.lookup(PDFName.of('Group'))
    let why: string | undefined
    if (group instanceof PDFDict && group.lookup(PDFName.of('S')) === PDFName.of('Transparency')) why = 'a transparency group XObject'
    else {
      const own = d.lookup(PDFName.of('Resources'))
      why = this.content(stream, own instanceof PDFDict ? own : inherited, depth + 1)
    }
    this.forms.set(stream, why)
    return why
  }

  /** Why a content stream paints with transparency, or undefined. */
  content(stream: PDFStream, resources: PDFDict | undefined, depth: number): string | undefined {
    if (depth > 16 || !this.capable(resources, depth)) return undefined
    let data: Uint8Array
    try {
      data = streamBytes(stream, 'content stream')
    } catch (err) {
      if (!isDamagedStream(err)) throw err // a bomb refuses the document
      return undefined // A damaged stream is the content scan's notice (PDFA-CONTENT-NOT-SCANNED).
    }
    const gsRes = resources?.lookup(PDFName.of('ExtGState'))
    const xRes = resources?.lookup(PDFName.of('XObject'))
    const patternRes = resources?.lookup(PDFName.of('Pattern'))
    const fontRes = resources?.lookup(PDFName.of('Font'))
    const tilingPattern = (operands: readonly Operand[]): PDFStream | undefined => {
      const name = nameOf(operands[operands.length - 1])
      const p = name === undefined || !(patternRes instanceof PDFDict) ? undefined : patternRes.lookup(PDFName.of(name))
      const type = p instanceof PDFStream ? p.dict.lookup(PDFName.of('PatternType')) : undefined
      return type instanceof PDFNumber && type.asNumber() === 1 ? (p as PDFStream) : undefined
    }
    let state = OPAQUE
    const saved: State[] = []
    let why: string | undefined
    forEachOperation(data, (op, operands) => {
      if (why !== undefined) return
      if (op === 'q') saved.push(state)
      else if (op === 'Q') state = saved.pop() ?? state
      else if (op === 'gs') {
        const name = nameOf(operands[0])
        const gs = name === undefined || !(gsRes instanceof PDFDict) ? undefined : gsRes.lookup(PDFName.of(name))
        if (gs instanceof PDFDict) state = applyExtGState(this.doc, gs, state)
      } else if (op === 'Tr' && typeof operands[0] === 'number') state = { ...state, textMode: operands[0] }
      else if (op === 'scn') state = { ...state, fillPattern: tilingPattern(operands) }
      else if (op === 'SCN') state = { ...state, strokePattern: tilingPattern(operands) }
      else if (FILL_COLOUR.has(op)) state = { ...state, fillPattern: undefined }
      else if (STROKE_COLOUR.has(op)) state = { ...state, strokePattern: undefined }
      else if (op === 'Tf') {
        const name = nameOf(operands[0])
        const font = name === undefined || !(fontRes instanceof PDFDict) ? undefined : fontRes.lookup(PDFName.of(name))
        state = { ...state, type3: font instanceof PDFDict && font.lookup(PDFName.of('Subtype')) === PDFName.of('Type3') ? font : undefined }
      } else {
        const paint = TEXT_SHOW.has(op) ? TEXT_PAINT[state.textMode] : PAINT[op]
        if (paint === undefined) return
        if (state.softMask) why = `${op} under a soft mask`
        else if (state.blend) why = `${op} with a blend mode other than Normal`
        else if (paint !== 'stroke' && state.fillAlpha) why = `${op} with fill alpha (ca) below 1`
        else if (paint !== 'fill' && state.strokeAlpha) why = `${op} with stroke alpha (CA) below 1`
        else if (op === 'Do') {
          const name = nameOf(operands[0])
          const x = name === undefined || !(xRes instanceof PDFDict) ? undefined : xRes.lookup(PDFName.of(name))
          if (x instanceof PDFStream) why = this.xobject(x, resources, depth)
        } else if (COLOURED.has(op) || TEXT_SHOW.has(op)) {
          if (paint !== 'stroke' && state.fillPattern !== undefined && this.cell(state.fillPattern, undefined, depth)) why = `${op} with a tiling pattern whose cell contains transparency`
          else if (paint !== 'fill' && state.strokePattern !== undefined && this.cell(state.strokePattern, undefined, depth)) why = `${op} with a tiling pattern whose cell contains transparency`
          else if (TEXT_SHOW.has(op) && state.type3 !== undefined && this.glyphs(state.type3, shownBytes(op, operands), resources, depth)) why = `${op} with Type 3 glyphs that contain transparency`
        }
      }
    })
    return why
  }
}

/** The appearance streams (N, R, D; each a stream or a dictionary of state streams) of an annotation. */
function appearances(doc: PDFDocument, annot: PDFDict): PDFStream[] {
  const ap = annot.lookup(PDFName.of('AP'))
  if (!(ap instanceof PDFDict)) return []
  const out: PDFStream[] = []
  for (const key of ['N', 'R', 'D']) {
    const entry = ap.lookup(PDFName.of(key))
    if (entry instanceof PDFStream) out.push(entry)
    else if (entry instanceof PDFDict) for (const v of entry.values()) if (deref(doc, v) instanceof PDFStream) out.push(deref(doc, v) as PDFStream)
  }
  return out
}

function pageTransparency(doc: PDFDocument, scan: TransparencyScan, page: PDFDict): string | undefined {
  const resources = pageResources(page)
  const contents = page.lookup(PDFName.of('Contents'))
  const parts = contents instanceof PDFStream ? [contents] : contents instanceof PDFArray ? contents.asArray().map((p) => deref(doc, p)) : []
  for (const part of parts) {
    const why = part instanceof PDFStream ? scan.content(part, resources, 0) : undefined
    if (why !== undefined) return why
  }
  const annots = page.lookup(PDFName.of('Annots'))
  for (const a of annots instanceof PDFArray ? annots.asArray() : []) {
    const annot = deref(doc, a)
    if (!(annot instanceof PDFDict)) continue
    for (const stream of appearances(doc, annot)) {
      const why = scan.xobject(stream, resources, 0)
      if (why !== undefined) return `an annotation appearance: ${why}`
    }
  }
  return undefined
}

export function checkPageTransparencyGroups(doc: PDFDocument): PdfFinding[] {
  if (findPdfaOutputIntent(doc)?.lookup(PDFName.of('DestOutputProfile')) instanceof PDFStream) return []
  const out: PdfFinding[] = []
  const scan = new TransparencyScan(doc)
  let pages: ReturnType<PDFDocument['getPages']>
  try {
    pages = doc.getPages()
  } catch {
    return [] // A damaged page tree is reported where the file is read; there are no pages to judge.
  }
  pages.forEach((page, index) => {
    const group = page.node.lookup(PDFName.of('Group'))
    if (group instanceof PDFDict && group.get(PDFName.of('CS')) !== undefined) return
    const why = pageTransparency(doc, scan, page.node)
    if (why === undefined) return
    out.push(pdfFinding('PDFA-PAGE-GROUP-CS', `page ${index + 1}`, { page: String(index + 1), why }))
  })
  return out
}
