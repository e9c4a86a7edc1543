/**
 * The document's XMP packet and its PDF/A identification (ISO 19005-3 6.6.4).
 * @module
 */
import { type PDFDocument, PDFName, PDFStream } from '@cantoo/pdf-lib'
import { streamBytes } from './streams.js'
import { XMP_NS, type Xmp, type XmpReadResult, propertyText, readXmp } from './xmp.js'

/** The catalog's XMP, parsed; `undefined` when the catalog has none. */
export function readDocumentXmp(doc: PDFDocument): XmpReadResult | undefined {
  const stream = doc.catalog.lookup(PDFName.of('Metadata'))
  if (!(stream instanceof PDFStream)) return undefined
  return readXmp(streamBytes(stream, 'XMP metadata stream'))
}

export type PdfaIdentification = { part?: number | undefined; conformance?: string | undefined }

export function pdfaIdentification(xmp: Xmp): PdfaIdentification {
  const part = propertyText(xmp, XMP_NS.pdfaid, 'part')
  const conformance = propertyText(xmp, XMP_NS.pdfaid, 'conformance')
  return {
    part: part === undefined || !/^\d+$/.test(part.trim()) ? undefined : Number(part.trim()),
    conformance: conformance?.trim().toUpperCase(),
  }
}
