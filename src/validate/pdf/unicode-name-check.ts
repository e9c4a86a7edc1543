/**
 * ISO 19005-3 6.1.8 for colourant and structure type names (judged in src/pdf/unicode-names.ts,
 * shared with pdf2pdfa); font names are src/validate/pdf/font-dict-checks.ts's.
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import { nonUtf8Names } from '../../pdf/unicode-names.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

export function checkUnicodeNames(doc: PDFDocument): PdfFinding[] {
  return nonUtf8Names(doc).map((p) =>
    p.kind === 'colourant'
      ? pdfFinding('PDFA-NAME-UTF8-COLOURANT', p.where, { name: p.name.asString(), family: p.family ?? 'Separation', where: p.where })
      : pdfFinding('PDFA-NAME-UTF8-STRUCTURE', p.where, { name: p.name.asString(), where: p.where }),
  )
}
