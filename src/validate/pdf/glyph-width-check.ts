/**
 * ISO 19005-3 6.2.11.5: the glyph widths a font dictionary declares must match the advance widths of
 * its embedded program. veraPDF compares the glyphs the content shows; without reading text we
 * compare the glyphs a subset CIDFontType2 both carries and lists in /W (writers list the glyphs
 * they show; subsets also carry composite components nobody shows, which fall to /DW). Every
 * other width, and 6.2.11.8's .notdef references, are compared for the codes the content shows
 * (src/pdf/font-widths.ts).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFStream } from '@cantoo/pdf-lib'
import { cidWidthMap, shownGlyphProblems } from '../../pdf/font-widths.js'
import { streamBytes } from '../../pdf/streams.js'
import { forEachDict } from '../../pdf/walk.js'
import { presentGlyphs, tables } from './cidset-check.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

/** veraPDF's tolerance: widths may differ by up to one unit of glyph space (1/1000 em). */
const TOLERANCE = 1

/** Advance width of each glyph in 1/1000 em; undefined when head/hhea/hmtx/maxp are missing or out of bounds. */
export function glyphAdvances(font: Uint8Array): ((gid: number) => number) | undefined {
  const t = tables(font)
  if (t === undefined) return undefined
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const head = t.get('head')?.offset
  const hhea = t.get('hhea')?.offset
  const hmtx = t.get('hmtx')?.offset
  if (head === undefined || hhea === undefined || hmtx === undefined || head + 20 > font.length || hhea + 36 > font.length) return undefined
  const unitsPerEm = view.getUint16(head + 18)
  const metrics = view.getUint16(hhea + 34)
  if (unitsPerEm === 0 || metrics === 0 || hmtx + metrics * 4 > font.length) return undefined
  // Glyphs past numberOfHMetrics repeat the last advance (OpenType hmtx).
  return (gid) => (view.getUint16(hmtx + Math.min(gid, metrics - 1) * 4) * 1000) / unitsPerEm
}

/** The /W array as CID → width (ISO 32000-1 9.7.4.3: `c [w…]` and `cFirst cLast w`). */
export const cidWidths = cidWidthMap

/** For messages only: widths to two decimals. */
const round2 = (n: number): number => Math.round(n * 100) / 100

export function checkGlyphWidths(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  forEachDict(doc, (dict, owner) => {
    if (dict.lookup(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) return
    if (dict.lookup(PDFName.of('CIDToGIDMap')) !== PDFName.of('Identity') && dict.get(PDFName.of('CIDToGIDMap')) !== undefined) return
    const base = dict.lookup(PDFName.of('BaseFont'))
    if (!(base instanceof PDFName) || !/^[A-Z]{6}\+/.test(base.decodeText())) return
    const descriptor = dict.lookup(PDFName.of('FontDescriptor'))
    const program = descriptor instanceof PDFDict ? descriptor.lookup(PDFName.of('FontFile2')) : undefined
    if (!(program instanceof PDFStream)) return
    const bytes = streamBytes(program, 'font program')
    const advance = glyphAdvances(bytes)
    const glyphs = presentGlyphs(bytes)
    if (advance === undefined || glyphs === undefined) return
    const w = dict.lookup(PDFName.of('W'))
    const widths = w instanceof PDFArray ? cidWidths(doc, w) : new Map<number, number>()
    const wrong: string[] = []
    for (const gid of glyphs) {
      const declared = widths.get(gid)
      // A glyph left to /DW is typically a composite's component no text shows: not compared.
      if (gid === 0 || declared === undefined) continue
      const actual = advance(gid)
      if (Math.abs(declared - actual) > TOLERANCE) wrong.push(`CID ${gid}: ${round2(declared)} declared, ${round2(actual)} in the program`)
    }
    if (wrong.length === 0) return
    out.push(
      pdfFinding('PDFA-FONT-WIDTHS', `object ${owner.objectNumber} ${owner.generationNumber}`, {
        font: base.decodeText(),
        count: String(wrong.length),
        examples: wrong.slice(0, 5).join('; ') + (wrong.length > 5 ? '; …' : ''),
      }),
    )
  })
  return out
}

/** The page-object reference of a font, or its name when it is a direct object. */
function where(doc: PDFDocument, font: PDFDict, baseFont: string): string {
  const ref = doc.context.getObjectRef(font)
  return ref === undefined ? `font ${baseFont}` : `object ${ref.objectNumber} ${ref.generationNumber}`
}

/** 6.2.11.5 and 6.2.11.8 over the codes the text shows (src/pdf/font-widths.ts). */
export function checkShownGlyphs(doc: PDFDocument): PdfFinding[] {
  const { widths, notdef } = shownGlyphProblems(doc)
  const out = widths.map((problem) => {
    const wrong = [...problem.mismatches.values()]
      .sort((a, b) => a.code - b.code)
      .map((m) => `${problem.kind === 'simple' ? 'code' : 'CID'} ${m.code}: ${round2(m.declared)} declared, ${round2(m.actual)} in the program`)
    return pdfFinding('PDFA-FONT-WIDTHS', where(doc, problem.font, problem.baseFont), {
      font: problem.baseFont,
      count: String(wrong.length),
      examples: wrong.slice(0, 5).join('; ') + (wrong.length > 5 ? '; …' : ''),
    })
  })
  for (const use of notdef) {
    const label = use.kind === 'simple' ? 'code' : 'CID'
    const codes = use.codes.slice(0, 8).map((c) => `${label} ${c}`).join(', ') + (use.codes.length > 8 ? `, … ${use.codes.length} in all` : '')
    out.push(pdfFinding('PDFA-FONT-NOTDEF', where(doc, use.font, use.baseFont), { font: use.baseFont, codes }))
  }
  return out
}
