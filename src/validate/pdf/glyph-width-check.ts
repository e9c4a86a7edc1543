/**
 * ISO 19005-3 6.2.11.5, 6.2.11.8 and 6.2.11.4.1, as veraPDF decides them: for every code the text
 * shows, the width the font dictionary declares must match its embedded program's, no code may
 * select .notdef, and the program must define the glyph of every code shown outside rendering
 * mode 3 (src/pdf/font-widths.ts). Glyphs a subset carries but no text shows (a composite's
 * components, glyphs a writer listed in /W anyway) are not compared.
 * @module
 */
import type { PDFDict, PDFDocument } from '@cantoo/pdf-lib'
import { type NotdefUse, shownGlyphProblems } from '../../pdf/font-widths.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

/** For messages only: widths to two decimals. */
const round2 = (n: number): number => Math.round(n * 100) / 100

/** The page-object reference of a font, or its name when it is a direct object. */
function where(doc: PDFDocument, font: PDFDict, baseFont: string): string {
  const ref = doc.context.getObjectRef(font)
  return ref === undefined ? `font ${baseFont}` : `object ${ref.objectNumber} ${ref.generationNumber}`
}

/** 6.2.11.5, 6.2.11.8 and 6.2.11.4.1 over the codes the text shows (src/pdf/font-widths.ts). */
export function checkShownGlyphs(doc: PDFDocument): PdfFinding[] {
  const { widths, notdef, missing } = shownGlyphProblems(doc)
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
  const list = (use: NotdefUse): string => {
    const label = use.kind === 'simple' ? 'code' : 'CID'
    return use.codes.slice(0, 8).map((c) => `${label} ${c}`).join(', ') + (use.codes.length > 8 ? `, … ${use.codes.length} in all` : '')
  }
  for (const use of notdef) out.push(pdfFinding('PDFA-FONT-NOTDEF', where(doc, use.font, use.baseFont), { font: use.baseFont, codes: list(use) }))
  // veraPDF judges 6.2.11.4.1 and 6.2.11.8 apart: a CID the program lacks fails both.
  for (const use of missing) out.push(pdfFinding('PDFA-FONT-GLYPH', where(doc, use.font, use.baseFont), { font: use.baseFont, codes: list(use) }))
  return out
}
