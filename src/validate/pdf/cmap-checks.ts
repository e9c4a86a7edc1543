/**
 * PDF/A-3 checks on the CMaps of Type 0 fonts (ISO 19005-3 6.2.11.3.1 and 6.2.11.3.3, as
 * `src/pdf/cmap-problems.ts` judges them) and on the /CharSet of subset Type 1 fonts (6.2.11.4.2,
 * `src/pdf/type1-charset.ts`); pdf2pdfa shares both.
 * @module
 */
import { type PDFDict, type PDFDocument, PDFName, PDFStream } from '@cantoo/pdf-lib'
import { cmapProblems } from '../../pdf/cmap-problems.js'
import { nameOf } from '../../pdf/font-encodings.js'
import { fontsInResources } from '../../pdf/fonts.js'
import { wrongCharSets } from '../../pdf/type1-charset.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

/** Names shown in a finding: the first ten, then how many more. */
const some = (names: readonly string[]): string => names.slice(0, 10).join(' ') + (names.length > 10 ? ` … (${names.length} in all)` : '')

/** One finding per font (6.2.11.3.1), per font or CMap stream and used CMap (6.2.11.3.3), and per Type 1 font (6.2.11.4.2). */
export function checkCMapsAndCharSets(doc: PDFDocument): PdfFinding[] {
  const where = (o: PDFDict | PDFStream): string => {
    const ref = doc.context.getObjectRef(o)
    return ref === undefined ? (o instanceof PDFStream ? 'a direct CMap stream' : 'a direct font dictionary') : `object ${ref.objectNumber} ${ref.generationNumber}`
  }
  const fontName = (font: PDFDict): string => nameOf(font.lookup(PDFName.of('BaseFont'))) ?? '(unnamed Type 0 font)'
  const out: PdfFinding[] = []
  const fonts = fontsInResources(doc)
  for (const p of cmapProblems(doc, fonts)) {
    if (p.kind === 'systemInfo') {
      const at = where(p.font)
      out.push(pdfFinding('PDFA-CMAP-CIDSYSTEMINFO', at, { font: fontName(p.font), where: at, cmap: p.cmap, fontSystem: p.fontSystem, cmapSystem: p.cmapSystem }))
    } else if (p.kind === 'notEmbedded') {
      const at = where(p.owner)
      out.push(pdfFinding('PDFA-CMAP-EMBEDDED', at, { cmap: p.cmap, where: p.owner instanceof PDFStream ? `the CMap ${at}` : `the font ${fontName(p.owner)}, ${at}` }))
    } else if (p.kind === 'wmode') {
      const at = where(p.stream)
      out.push(pdfFinding('PDFA-CMAP-WMODE', at, { cmap: p.cmap, where: at, dictWMode: String(p.dictWMode), streamWMode: String(p.streamWMode) }))
    } else {
      const at = where(p.stream)
      out.push(pdfFinding('PDFA-CMAP-USECMAP', at, { cmap: p.cmap, where: at, used: p.used, how: p.how }))
    }
  }
  for (const w of wrongCharSets(doc, fonts)) {
    const at = where(w.font)
    const problem = [w.missing.length > 0 ? `it omits ${some(w.missing)}` : '', w.extra.length > 0 ? `it names ${some(w.extra)}, which the program lacks` : ''].filter((s) => s !== '').join('; ')
    out.push(pdfFinding('PDFA-FONT-CHARSET', at, { font: w.name, where: at, problem }))
  }
  return out
}
