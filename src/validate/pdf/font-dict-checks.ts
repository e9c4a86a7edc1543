/**
 * PDF/A-3 checks on the font dictionaries that content can use (pages, forms, patterns,
 * appearances; not the AcroForm's /DR): their form (ISO 19005-3 6.2.11.2), /CIDToGIDMap
 * (6.2.11.3.2), TrueType encodings and cmaps (6.2.11.6) and UTF-8 font names (6.1.8), as `src/pdf/font-dict-problems.ts`
 * judges them (pdf2pdfa shares it).
 * @module
 */
import { PDFDict, type PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { nameOf } from '../../pdf/font-encodings.js'
import { fontDictProblems } from '../../pdf/font-dict-problems.js'
import { fontsInResources } from '../../pdf/fonts.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

/** One finding per font and rule; the form problems of a font are joined. */
export function checkFontDictionaries(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  for (const font of fontsInResources(doc)) {
    if (!(font instanceof PDFDict)) continue
    const problems = fontDictProblems(font)
    if (problems.length === 0) continue
    const ref = doc.context.getObjectRef(font)
    const where = ref === undefined ? 'font dictionary' : `object ${ref.objectNumber} ${ref.generationNumber}`
    const base = font.lookup(PDFName.of('BaseFont'))
    const name = base instanceof PDFName ? base.asString().slice(1) : `(unnamed ${nameOf(font.lookup(PDFName.of('Subtype'))) ?? 'font'})`
    const form = problems.filter((p) => p.kind === 'form').map((p) => p.problem)
    if (form.length > 0) out.push(pdfFinding('PDFA-FONT-DICT', where, { font: name, where, problem: form.join('; ') }))
    for (const p of problems) {
      const at = { font: name, where, problem: p.problem, kind: p.symbolic === true ? 'symbolic' : 'non-symbolic' }
      if (p.kind === 'cidToGid') out.push(pdfFinding('PDFA-FONT-CIDTOGID', where, at))
      else if (p.kind === 'encoding') out.push(pdfFinding('PDFA-FONT-TRUETYPE-ENCODING', where, at))
      else if (p.kind === 'cmap') out.push(pdfFinding('PDFA-FONT-TRUETYPE-CMAP', where, at))
      else if (p.kind === 'name') out.push(pdfFinding('PDFA-NAME-UTF8', where, at))
    }
  }
  return out
}
