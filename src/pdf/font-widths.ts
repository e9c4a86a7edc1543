/**
 * ISO 19005-3 6.2.11.5, 6.2.11.8 and 6.2.11.4.1 over the glyphs the text shows, decided as veraPDF decides
 * them (src/pdf/font-glyphs.ts): for every code a text-showing operator selects in visible text,
 * the width the font dictionary declares and the width of the program's glyph may differ by at
 * most 1 unit (1/1000 em; the rule's own definition of "consistent", veraPDF's |a − b| ≤ 1); and
 * no code, visible or not, may reference .notdef; and every code visible text shows selects a
 * glyph the embedded program defines (veraPDF's isGlyphPresent; code 0 always passes). Simple fonts (TrueType, Type 1, CFF, Type 3; codes
 * outside /FirstChar–/LastChar against /MissingWidth) and Type0 fonts under Identity-H/V or an
 * embedded CMap (CIDFontType0 and CIDFontType2; CIDs without a /W entry against /DW). Shared by the validator
 * (findings) and pdf2pdfa (which rewrites the declared widths).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFStream } from '@cantoo/pdf-lib'
import { embeddedCMap } from './embedded-cmap.js'
import { type FontGlyphs, cidWidthMap, fontGlyphs } from './font-glyphs.js'
import { type CodeSplit, type ShownCodes, shownCodes } from './shown-text.js'
import { deref } from './walk.js'


/** 6.2.11.5: consistent means a difference of no more than one unit of glyph space. */
export const WIDTH_TOLERANCE = 1

export type WidthMismatch = { code: number; declared: number; actual: number }

export type FontWidthProblem = Omit<FontGlyphs, 'declared' | 'program' | 'notdef' | 'cidOf' | 'present'> & {
  /** Disagreeing codes (simple: character code; cid: CID = code under Identity). */
  mismatches: Map<number, WidthMismatch>
}

export type NotdefUse = { font: PDFDict; kind: 'simple' | 'cid'; baseFont: string; codes: number[] }

function num(doc: PDFDocument, o: PDFObject | undefined): number | undefined {
  const v = deref(doc, o)
  return v instanceof PDFNumber ? v.asNumber() : undefined
}

/** How the glyph rules split the strings of a font: simple fonts 1 byte a code, Type0 under Identity-H/V 2, under an embedded CMap by its codespaces. */
function codeSplit(doc: PDFDocument, font: PDFDict): CodeSplit | undefined {
  const subtype = font.lookup(PDFName.of('Subtype'))
  if (subtype === PDFName.of('Type0')) {
    const encoding = font.lookup(PDFName.of('Encoding'))
    if (encoding instanceof PDFStream) return embeddedCMap(doc, encoding)?.codes
    return encoding === PDFName.of('Identity-H') || encoding === PDFName.of('Identity-V') ? 2 : undefined
  }
  return subtype === PDFName.of('TrueType') || subtype === PDFName.of('Type1') || subtype === PDFName.of('MMType1') || subtype === PDFName.of('Type3') ? 1 : undefined
}

/** Codes (simple fonts) or CIDs (Type0) shown outside rendering mode 3 whose glyph the program lacks. */
export type MissingGlyphs = NotdefUse

export type ShownGlyphReport = { widths: FontWidthProblem[]; notdef: NotdefUse[]; missing: MissingGlyphs[] }

/** Width disagreements of visible glyphs, .notdef references and visible glyphs the program lacks, by font. */
export function shownGlyphProblems(doc: PDFDocument): ShownGlyphReport {
  const report: ShownGlyphReport = { widths: [], notdef: [], missing: [] }
  for (const [dict, codes] of shownCodes(doc, (font) => codeSplit(doc, font))) {
    const font = fontGlyphs(doc, dict)
    if (font !== undefined) collect(font, codes, report)
  }
  return report
}

function collect(font: FontGlyphs, codes: ShownCodes, report: ShownGlyphReport): void {
  const { declared, program, notdef, cidOf, present, ...identity } = font
  const glyph = cidOf ?? ((code: number) => code)
  const mismatches = new Map<number, WidthMismatch>()
  for (const code of codes.visible) {
    const cid = glyph(code)
    const actual = program(cid)
    if (actual === undefined) continue
    const d = declared(cid)
    if (Math.abs(d - actual) > WIDTH_TOLERANCE) mismatches.set(cid, { code: cid, declared: d, actual })
  }
  if (mismatches.size > 0) report.widths.push({ ...identity, mismatches })
  // veraPDF names code 0 of a Type0 font .notdef whatever its CID; notdef(0) says whether the program was read.
  const isNotdef = (code: number): boolean => (cidOf !== undefined && code === 0 ? notdef(0) : notdef(glyph(code)))
  const shownNotdef = [...new Set([...codes.visible, ...codes.invisible])].filter(isNotdef)
  const notdefCodes = [...new Set(shownNotdef.map(glyph))].sort((a, b) => a - b)
  if (notdefCodes.length > 0) report.notdef.push({ font: font.font, kind: font.kind, baseFont: font.baseFont, codes: notdefCodes })
  // 6.2.11.4.1 (veraPDF's isGlyphPresent == false) exempts rendering mode 3, as the width rule does.
  const absent = [...codes.visible].filter((code) => present(code) === false)
  const missingCodes = [...new Set(absent.map(glyph))].sort((a, b) => a - b)
  if (missingCodes.length > 0) report.missing.push({ font: font.font, kind: font.kind, baseFont: font.baseFont, codes: missingCodes })
}

/** Width disagreements of the glyphs the content actually shows, by font. */
export function shownWidthProblems(doc: PDFDocument): FontWidthProblem[] {
  return shownGlyphProblems(doc).widths
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
      changed += repairSimpleWidths(doc, problem)
    } else {
      // /W gains a `c [w]` entry per glyph; later entries take precedence in readers and validators.
      const found = problem.widthsOwner.lookup(PDFName.of('W'))
      // Without /W every CID had /DW: the repaired ones get entries of their own.
      const w = found instanceof PDFArray ? found : doc.context.obj([])
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

/**
 * /Widths with each disagreeing code set to its program width; codes outside /FirstChar–/LastChar
 * widen the range, the new slots keeping the /MissingWidth they had. A shared array is copied so
 * that other fonts keep theirs.
 */
function repairSimpleWidths(doc: PDFDocument, problem: FontWidthProblem): number {
  const font = problem.widthsOwner
  const widths = font.lookup(PDFName.of('Widths'))
  const descriptor = font.lookup(PDFName.of('FontDescriptor'))
  const missing = (descriptor instanceof PDFDict ? num(doc, descriptor.get(PDFName.of('MissingWidth'))) : undefined) ?? 0
  let first = num(doc, font.get(PDFName.of('FirstChar')))
  let last = num(doc, font.get(PDFName.of('LastChar')))
  const old = widths instanceof PDFArray && first !== undefined && last !== undefined ? widths.asArray() : []
  if (old.length === 0) first = last = undefined
  const codes = [...problem.mismatches.keys()]
  const newFirst = Math.min(first ?? 255, ...codes)
  const newLast = Math.max(last ?? 0, ...codes)
  const values: PDFObject[] = []
  for (let code = newFirst; code <= newLast; code++) {
    const inOld = first !== undefined && code >= first && code <= last!
    values.push(inOld ? (deref(doc, old[code - first!]) ?? PDFNumber.of(0)) : PDFNumber.of(missing))
  }
  // A Type 3 glyph space is the font's own (a unit may be a whole em): its widths are copied as they are.
  const exact = font.lookup(PDFName.of('Subtype')) === PDFName.of('Type3')
  for (const { code, actual } of problem.mismatches.values()) values[code - newFirst] = PDFNumber.of(exact ? actual : Math.round(actual))
  font.set(PDFName.of('FirstChar'), PDFNumber.of(newFirst))
  font.set(PDFName.of('LastChar'), PDFNumber.of(newLast))
  font.set(PDFName.of('Widths'), doc.context.obj(values))
  return problem.mismatches.size
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
