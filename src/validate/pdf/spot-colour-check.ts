/**
 * ISO 19005-3 6.2.4.4 as findings: DeviceN /Colorants entries and consistent Separations (judged
 * in src/pdf/spot-colours.ts, shared with pdf2pdfa).
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import { spotColourProblems } from '../../pdf/spot-colours.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

export function checkSpotColours(doc: PDFDocument): PdfFinding[] {
  return spotColourProblems(doc).map((p) =>
    p.kind === 'colorants'
      ? pdfFinding('PDFA-DEVICEN-COLORANTS', p.where, { where: p.where, names: p.names.map((n) => `/${n}`).join(', ') })
      : pdfFinding('PDFA-SEPARATION-CONSISTENT', p.where, { name: `/${p.name}`, where: p.where, other: p.other }),
  )
}
