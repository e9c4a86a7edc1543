/**
 * ISO 19005-3 6.2.11.5 for simple TrueType fonts and full (non-subset) CIDFontType2 embeddings:
 * for every glyph the content shows, the width the font dictionary declares (/Widths, or /W of the
 * CIDFont) and the advance of the embedded program may differ by at most 1 unit (1/1000 em; the
 * tolerance is the rule's own definition of "consistent", and veraPDF's test is |a − b| ≤ 1).
 * The program's glyph is found as a reader finds it (ISO 32000-1 9.6.6.4). Shared by the
 * validator (findings) and pdf2pdfa (which rewrites the declared widths).
 *
 * Cheap on purpose: the declared widths are compared with the program first; only a font with a
 * disagreement makes the content streams be read, to see whether a disagreeing code is shown.
 * @module
 */
import { createHash } from 'node:crypto'
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRawStream, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { type Operand, forEachOperation } from './content-operations.js'
import { type ProgramMetrics, programMetrics } from './font-program-metrics.js'
import { type BaseEncodingName, baseEncoding, glyphNameToUnicode, isBaseEncodingName } from './latin-encodings.js'
import { streamBytes } from './streams.js'
import { pageResources } from './walk.js'

/** 6.2.11.5: consistent means a difference of no more than one unit of glyph space. */
export const WIDTH_TOLERANCE = 1

export type WidthMismatch = { code: number; declared: number; actual: number }

export type FontWidthProblem = {
  /** The font dictionary content selects with Tf (for a CIDFont: its Type0 parent). */
  font: PDFDict
  /** Where the width is declared: the simple font itself, or the CIDFont. */
  widthsOwner: PDFDict
  kind: 'simple' | 'cid'
  baseFont: string
  /** Bytes per character code in shown strings (1 simple, 2 Identity-H/V). */
  codeBytes: 1 | 2
  /** Disagreeing codes (simple: character code; cid: CID = code under Identity). */
  mismatches: Map<number, WidthMismatch>
}

const SYMBOLIC = 4
const NONSYMBOLIC = 32
const SUBSET = /^[A-Z]{6}\+/

function deref(doc: PDFDocument, o: PDFObject | undefined): PDFObject | undefined {
  return o instanceof PDFRef ? doc.context.lookup(o) : o
}

function num(doc: PDFDocument, o: PDFObject | undefined): number | undefined {
  const v = deref(doc, o)
  return v instanceof PDFNumber ? v.asNumber() : undefined
}

function nameOf(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFName ? o.decodeText() : undefined
}

/**
 * Metrics of programs already read, by digest of the stored (compressed) bytes: invoices from one
 * generator embed the same full fonts again and again, and inflating them is the expensive part.
 * Bounded by the inflated size kept.
 */
const metricsCache = new Map<string, { metrics: ProgramMetrics | undefined; size: number }>()
const MAX_CACHED_BYTES = 16 * 1024 * 1024
let cachedBytes = 0

/** A program that cannot be decoded is not compared: reading it is the file checks' business. */
function decoded(stream: PDFStream, what: string): Uint8Array | undefined {
  try {
    return streamBytes(stream, what)
  } catch {
    return undefined
  }
}

function metricsOf(file: PDFStream): ProgramMetrics | undefined {
  if (!(file instanceof PDFRawStream)) {
    const bytes = decoded(file, 'font program')
    return bytes === undefined ? undefined : programMetrics(bytes)
  }
  const key = createHash('sha1')
    .update(String(file.dict.get(PDFName.of('Filter'))))
    .update(String(file.dict.get(PDFName.of('DecodeParms'))))
    .update(file.contents)
    .digest('base64')
  const hit = metricsCache.get(key)
  if (hit !== undefined) return hit.metrics
  const read = decoded(file, 'font program')
  if (read === undefined) return undefined
  // An unfiltered program is a view into the whole input file: copied, so the cache never pins the file.
  const bytes = read.byteLength === read.buffer.byteLength ? read : read.slice()
  const metrics = programMetrics(bytes)
  if (bytes.length <= MAX_CACHED_BYTES / 4) {
    while (cachedBytes + bytes.length > MAX_CACHED_BYTES && metricsCache.size > 0) {
      const [oldest, entry] = metricsCache.entries().next().value!
      metricsCache.delete(oldest)
      cachedBytes -= entry.size
    }
    metricsCache.set(key, { metrics, size: bytes.length })
    cachedBytes += bytes.length
  }
  return metrics
}

function program(dict: PDFDict, key: 'FontFile2'): { metrics: ProgramMetrics; descriptor: PDFDict } | undefined {
  const descriptor = dict.lookup(PDFName.of('FontDescriptor'))
  if (!(descriptor instanceof PDFDict)) return undefined
  const file = descriptor.lookup(PDFName.of(key))
  if (!(file instanceof PDFStream)) return undefined
  const metrics = metricsOf(file)
  return metrics === undefined ? undefined : { metrics, descriptor }
}

/** code → glyph name for a non-symbolic simple font (9.6.6.4: base encoding, Differences, then StandardEncoding). */
function glyphNames(doc: PDFDocument, encoding: PDFObject | undefined): (string | undefined)[] | undefined {
  let base: BaseEncodingName = 'StandardEncoding'
  let differences: PDFArray | undefined
  if (encoding instanceof PDFName) {
    const name = encoding.decodeText()
    if (!isBaseEncodingName(name)) return undefined
    base = name
  } else if (encoding instanceof PDFDict) {
    const name = nameOf(encoding.lookup(PDFName.of('BaseEncoding')))
    if (name !== undefined) {
      if (!isBaseEncodingName(name)) return undefined
      base = name
    }
    const diff = encoding.lookup(PDFName.of('Differences'))
    if (diff instanceof PDFArray) differences = diff
  }
  const names = [...baseEncoding(base)]
  let code = 0
  for (const item of differences?.asArray() ?? []) {
    const v = deref(doc, item)
    if (v instanceof PDFNumber) code = v.asNumber()
    else if (v instanceof PDFName && code >= 0 && code < 256) names[code++] = v.decodeText()
  }
  const standard = baseEncoding('StandardEncoding')
  return names.map((n, c) => n ?? standard[c])
}

let macRomanCodes: Map<string, number> | undefined

/** A simple TrueType font's code → glyph id, as ISO 32000-1 9.6.6.4 has a reader find it; undefined when ambiguous. */
function glyphLookup(doc: PDFDocument, dict: PDFDict, descriptor: PDFDict, metrics: ProgramMetrics): ((code: number) => number | undefined) | undefined {
  const flags = num(doc, descriptor.get(PDFName.of('Flags'))) ?? 0
  const symbolic = (flags & SYMBOLIC) !== 0
  const nonSymbolic = (flags & NONSYMBOLIC) !== 0
  // Contradictory flags leave a reader no defined path to the glyph: such fonts are not compared.
  if (symbolic && nonSymbolic) return undefined
  const encoding = dict.lookup(PDFName.of('Encoding'))
  // A symbolic font ignores /Encoding; one without /Encoding and flags is read the same way.
  if (symbolic || (encoding === undefined && !nonSymbolic)) {
    const ms = metrics.cmaps.get('3,0')
    if (ms !== undefined) return (code) => ms(code) ?? ms(0xf000 + code) ?? ms(0xf100 + code) ?? ms(0xf200 + code)
    return metrics.cmaps.get('1,0')
  }
  const names = glyphNames(doc, encoding)
  if (names === undefined) return undefined
  const unicode = metrics.cmaps.get('3,1')
  if (unicode !== undefined) {
    return (code) => {
      const name = names[code]
      const u = name === undefined ? undefined : glyphNameToUnicode(name)
      return u === undefined ? undefined : unicode(u)
    }
  }
  const mac = metrics.cmaps.get('1,0')
  if (mac === undefined) return undefined
  macRomanCodes ??= new Map(baseEncoding('MacRomanEncoding').flatMap((n, c) => (n === undefined ? [] : [[n, c] as [string, number]])))
  return (code) => {
    const name = names[code]
    const macCode = name === undefined ? undefined : macRomanCodes!.get(name)
    return macCode === undefined ? undefined : mac(macCode)
  }
}

function simpleFontProblem(doc: PDFDocument, dict: PDFDict): FontWidthProblem | undefined {
  const found = program(dict, 'FontFile2')
  const widths = dict.lookup(PDFName.of('Widths'))
  const first = num(doc, dict.get(PDFName.of('FirstChar')))
  if (found === undefined || !(widths instanceof PDFArray) || first === undefined) return undefined
  const glyph = glyphLookup(doc, dict, found.descriptor, found.metrics)
  if (glyph === undefined) return undefined
  const mismatches = new Map<number, WidthMismatch>()
  const items = widths.asArray()
  for (let i = 0; i < items.length && first + i < 256; i++) {
    const code = first + i
    const declared = num(doc, items[i])
    const gid = glyph(code)
    // A code without a glyph shows .notdef (6.2.11.8's business), not a width question.
    if (declared === undefined || gid === undefined || gid === 0 || gid >= found.metrics.numGlyphs) continue
    const actual = found.metrics.advance(gid)
    if (Math.abs(declared - actual) > WIDTH_TOLERANCE) mismatches.set(code, { code, declared, actual })
  }
  const base = nameOf(dict.lookup(PDFName.of('BaseFont'))) ?? '(unnamed)'
  return mismatches.size === 0 ? undefined : { font: dict, widthsOwner: dict, kind: 'simple', baseFont: base, codeBytes: 1, mismatches }
}

/** /W as CID → width (ISO 32000-1 9.7.4.3), limited to CIDs a TrueType program can hold. */
export function cidWidthMap(doc: PDFDocument, w: PDFArray): Map<number, number> {
  const out = new Map<number, number>()
  const items = w.asArray()
  for (let i = 0; i < items.length; ) {
    const first = num(doc, items[i])
    const next = deref(doc, items[i + 1])
    if (first === undefined) break
    if (next instanceof PDFArray) {
      next.asArray().forEach((v, k) => {
        const width = num(doc, v)
        if (width !== undefined && first + k <= 0xffff) out.set(first + k, width)
      })
      i += 2
    } else {
      const last = num(doc, next)
      const width = num(doc, items[i + 2])
      if (last === undefined || width === undefined) break
      for (let c = first; c <= Math.min(last, 0xffff); c++) out.set(c, width)
      i += 3
    }
  }
  return out
}

/** A Type0 font over a full (non-subset) CIDFontType2 with Identity encoding. */
function cidFontProblem(doc: PDFDocument, type0: PDFDict): FontWidthProblem | undefined {
  const encoding = nameOf(type0.lookup(PDFName.of('Encoding')))
  if (encoding !== 'Identity-H' && encoding !== 'Identity-V') return undefined
  const descendants = type0.lookup(PDFName.of('DescendantFonts'))
  const cid = descendants instanceof PDFArray ? deref(doc, descendants.get(0)) : undefined
  if (!(cid instanceof PDFDict) || cid.lookup(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) return undefined
  const base = nameOf(cid.lookup(PDFName.of('BaseFont'))) ?? '(unnamed)'
  // Subsets are compared without reading content by glyph-width-check.
  if (SUBSET.test(base)) return undefined
  const map = cid.lookup(PDFName.of('CIDToGIDMap'))
  let toGid = (c: number): number | undefined => c
  if (map instanceof PDFStream) {
    const bytes = decoded(map, 'CIDToGIDMap')
    if (bytes === undefined) return undefined
    toGid = (c) => (2 * c + 1 < bytes.length ? bytes[2 * c]! * 256 + bytes[2 * c + 1]! : undefined)
  } else if (map !== undefined && map !== PDFName.of('Identity')) return undefined
  const found = program(cid, 'FontFile2')
  const w = cid.lookup(PDFName.of('W'))
  if (found === undefined || !(w instanceof PDFArray)) return undefined
  const mismatches = new Map<number, WidthMismatch>()
  for (const [code, declared] of cidWidthMap(doc, w)) {
    const gid = toGid(code)
    if (gid === undefined || gid === 0 || gid >= found.metrics.numGlyphs) continue
    const actual = found.metrics.advance(gid)
    if (Math.abs(declared - actual) > WIDTH_TOLERANCE) mismatches.set(code, { code, declared, actual })
  }
  return mismatches.size === 0 ? undefined : { font: type0, widthsOwner: cid, kind: 'cid', baseFont: base, codeBytes: 2, mismatches }
}

/** Fonts whose declared widths disagree with their program for some code, shown or not. */
export function declaredWidthProblems(doc: PDFDocument): FontWidthProblem[] {
  const out: FontWidthProblem[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue
    const subtype = object.lookup(PDFName.of('Subtype'))
    const problem = subtype === PDFName.of('TrueType') ? simpleFontProblem(doc, object) : subtype === PDFName.of('Type0') ? cidFontProblem(doc, object) : undefined
    if (problem !== undefined) out.push(problem)
  }
  return out
}

// --- which codes the content shows

type Stream = { data: PDFStream; resources: PDFDict | undefined }

/** Content streams with their resources: pages, form XObjects (appearances too), tiling patterns. */
function contentStreams(doc: PDFDocument): Stream[] {
  const out: Stream[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream) {
      const d = object.dict
      if (d.lookup(PDFName.of('Subtype')) === PDFName.of('Form') || num(doc, d.get(PDFName.of('PatternType'))) === 1) {
        const r = d.lookup(PDFName.of('Resources'))
        out.push({ data: object, resources: r instanceof PDFDict ? r : undefined })
      }
    } else if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Page')) {
      const resources = pageResources(object)
      const contents = object.lookup(PDFName.of('Contents'))
      if (contents instanceof PDFStream) out.push({ data: contents, resources })
      else if (contents instanceof PDFArray) {
        // The parts of an array form one stream; an operator may not straddle them, so each is read alone.
        for (const part of contents.asArray()) {
          const s = deref(doc, part)
          if (s instanceof PDFStream) out.push({ data: s, resources })
        }
      }
    }
  }
  return out
}

function showCodes(bytes: Uint8Array, codeBytes: 1 | 2, into: Set<number>): void {
  if (codeBytes === 1) for (const b of bytes) into.add(b)
  else for (let i = 0; i + 1 < bytes.length; i += 2) into.add(bytes[i]! * 256 + bytes[i + 1]!)
}

/** Rendering mode 3 is invisible text: no glyph is painted, so its widths do not matter. */
const INVISIBLE = 3

/** The codes each of `fonts` shows in visible text anywhere in the document. */
export function shownCodes(doc: PDFDocument, fonts: readonly FontWidthProblem[]): Map<PDFDict, Set<number>> {
  const byFont = new Map(fonts.map((f) => [f.font, f]))
  const shown = new Map<PDFDict, Set<number>>()
  for (const { data, resources } of contentStreams(doc)) {
    const fontRes = resources?.lookup(PDFName.of('Font'))
    if (!(fontRes instanceof PDFDict)) continue
    const names = new Map<string, FontWidthProblem>()
    for (const [key, value] of fontRes.entries()) {
      const f = deref(doc, value)
      const problem = f instanceof PDFDict ? byFont.get(f) : undefined
      if (problem !== undefined) names.set(key.decodeText(), problem)
    }
    if (names.size === 0) continue
    let bytes: Uint8Array
    try {
      bytes = streamBytes(data, 'content stream')
    } catch {
      continue // A damaged stream is reported by the file checks; it shows nothing here.
    }
    let state = { font: undefined as FontWidthProblem | undefined, mode: 0 }
    const saved: (typeof state)[] = []
    const show = (s: Operand | undefined): void => {
      if (state.font === undefined || state.mode === INVISIBLE || !(s instanceof Uint8Array)) return
      let set = shown.get(state.font.font)
      if (set === undefined) shown.set(state.font.font, (set = new Set()))
      showCodes(s, state.font.codeBytes, set)
    }
    forEachOperation(bytes, (op, operands) => {
      switch (op) {
        case 'q':
          saved.push({ ...state })
          break
        case 'Q':
          state = saved.pop() ?? state
          break
        case 'Tf': {
          const name = operands[0]
          state.font = name !== null && typeof name === 'object' && 'name' in name ? names.get(name.name) : undefined
          break
        }
        case 'Tr':
          state.mode = typeof operands[0] === 'number' ? operands[0] : 0
          break
        case 'Tj':
        case "'":
          show(operands[operands.length - 1])
          break
        case '"':
          show(operands[2])
          break
        case 'TJ': {
          const array = operands[0]
          if (Array.isArray(array)) for (const item of array) show(item)
          break
        }
      }
    })
  }
  return shown
}

/** Width disagreements of the glyphs the content actually shows, by font. */
export function shownWidthProblems(doc: PDFDocument): FontWidthProblem[] {
  const declared = declaredWidthProblems(doc)
  if (declared.length === 0) return []
  const shown = shownCodes(doc, declared)
  const out: FontWidthProblem[] = []
  for (const problem of declared) {
    const codes = shown.get(problem.font)
    if (codes === undefined) continue
    const used = new Map([...problem.mismatches].filter(([code]) => codes.has(code)))
    if (used.size > 0) out.push({ ...problem, mismatches: used })
  }
  return out
}

/**
 * pdf2pdfa's repair: each shown glyph's declared width becomes its program's advance (rounded,
 * within the tolerance), so readers lay the text out with the glyphs the file really draws.
 * @returns the number of widths rewritten.
 */
export function repairShownWidths(doc: PDFDocument): number {
  let changed = 0
  for (const problem of shownWidthProblems(doc)) {
    if (problem.kind === 'simple') {
      const widths = problem.widthsOwner.lookup(PDFName.of('Widths'))
      const first = num(doc, problem.widthsOwner.get(PDFName.of('FirstChar')))
      if (!(widths instanceof PDFArray) || first === undefined) continue
      // A shared /Widths array is copied so that other fonts keep theirs.
      const own = doc.context.obj(widths.asArray().map((v) => deref(doc, v) ?? PDFNumber.of(0)))
      for (const { code, actual } of problem.mismatches.values()) {
        own.set(code - first, PDFNumber.of(Math.round(actual)))
        changed++
      }
      problem.widthsOwner.set(PDFName.of('Widths'), own)
    } else {
      // /W gains a `c [w]` entry per glyph; later entries take precedence in readers and validators.
      const w = problem.widthsOwner.lookup(PDFName.of('W'))
      if (!(w instanceof PDFArray)) continue
      const own = doc.context.obj(widthsWithout(doc, w, problem.mismatches))
      for (const { code, actual } of problem.mismatches.values()) {
        own.push(PDFNumber.of(code))
        own.push(doc.context.obj([Math.round(actual)]))
        changed++
      }
      problem.widthsOwner.set(PDFName.of('W'), own)
    }
  }
  return changed
}

/** /W rewritten as `c [w]` runs without the CIDs in `drop` (so each CID is declared once). */
function widthsWithout(doc: PDFDocument, w: PDFArray, drop: ReadonlyMap<number, unknown>): PDFObject[] {
  const out: PDFObject[] = []
  let run: number[] = []
  let runStart = -1
  const flush = (): void => {
    if (run.length > 0) out.push(PDFNumber.of(runStart), doc.context.obj(run))
    run = []
  }
  const entries = [...cidWidthMap(doc, w)].filter(([c]) => !drop.has(c)).sort(([a], [b]) => a - b)
  for (const [cid, width] of entries) {
    if (run.length === 0 || cid !== runStart + run.length) {
      flush()
      runStart = cid
    }
    run.push(width)
  }
  flush()
  return out
}
