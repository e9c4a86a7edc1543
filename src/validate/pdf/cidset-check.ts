/**
 * ISO 19005-3 6.2.11.4.2: a subset CIDFontType2's /CIDSet lists every glyph of its program
 * (src/pdf/cidset.ts decides which sets fall short).
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import { incompleteCidSets } from '../../pdf/cidset.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'


export function checkCidSets(doc: PDFDocument): PdfFinding[] {
  return incompleteCidSets(doc).map(({ owner, font, missing }) =>
    pdfFinding('PDFA-FONT-CIDSET', `object ${owner.objectNumber} ${owner.generationNumber}`, {
      font,
      count: String(missing.length),
      cids: missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : ''),
    }),
  )
}
