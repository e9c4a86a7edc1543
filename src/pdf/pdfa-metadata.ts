/**
 * The metadata side of writing a PDF/A-3 file, shared by combine and pdf2pdfa: pdfaid, predefined
 * properties with their correct value types (ISO 19005-3 6.6.2.3.1), Info and XMP written from
 * one set of values, the XMP stream, the sRGB OutputIntent and the trailer /ID.
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import type { XmpInvoiceSchema } from '../cii/profiles.js'
import { PRODUCT_NAME, VERSION } from '../version.js'
import { declareInvoiceSchemas, setInvoiceSchema } from './facturx-xmp.js'
import { dropUndeclaredProperties, fixPredefinedValueTypes } from './xmp-repair.js'
import { normaliseExtensionSchemas } from './xmp-extension-schemas.js'
import { type DocumentInfo, readDocumentInfo, writeDocumentInfo } from './info-dict.js'
import { ensureSrgbOutputIntent } from './output-intent.js'
import { type PdfDate, formatXmpDate } from './pdf-date.js'
import { setMetadataStream, setTrailerId } from './save-pdf.js'
import {
  XMP_NS,
  type Xmp,
  emptyXmp,
  removeNamespace,
  setProperty,
  simpleProperty,
  writeXmp,
} from './xmp.js'

/** The Producer einvoice writes (pdf-outputs.md 7: a fixed producer string). */
export const PRODUCER = `${PRODUCT_NAME} ${VERSION}`

export type PdfaMetadataOptions = {
  /** The input's XMP, edited in place; a fresh packet when undefined. */
  xmp?: Xmp | undefined
  /** pdfaid:conformance. @default 'B' */
  conformance?: string | undefined
  /** The clock reading used for ModDate/MetadataDate (and CreationDate when the input has none). */
  now: PdfDate
  /** The Factur-X/ZUGFeRD schema values and the embedded file name, for combine. */
  invoice?: { schema: XmpInvoiceSchema; fileName: string } | undefined
  /** Seed for the trailer /ID. */
  idSeed: Uint8Array
}

/**
 * Writes the PDF/A-3 metadata into the document. Info and XMP carry the same Title, Author,
 * Subject, Keywords, Creator, Producer and dates afterwards.
 * @returns warnings naming each input XMP property that was converted or dropped (xmp-repair.ts).
 */
export function writePdfaMetadata(doc: PDFDocument, options: PdfaMetadataOptions): string[] {
  const xmp = options.xmp ?? emptyXmp()
  const values: DocumentInfo = {
    ...readDocumentInfo(doc, options.xmp),
    producer: PRODUCER,
    modDate: options.now,
  }
  values.creationDate ??= options.now
  removeNamespace(xmp, XMP_NS.pdfaid)
  setProperty(xmp, simpleProperty(XMP_NS.pdfaid, 'pdfaid', 'part', '3'))
  setProperty(xmp, simpleProperty(XMP_NS.pdfaid, 'pdfaid', 'conformance', options.conformance ?? 'B'))
  const warnings = fixPredefinedValueTypes(xmp)
  writeDocumentInfo(doc, xmp, values)
  setProperty(xmp, simpleProperty(XMP_NS.xmp, 'xmp', 'MetadataDate', formatXmpDate(options.now)))
  setProperty(xmp, simpleProperty(XMP_NS.dc, 'dc', 'format', 'application/pdf'))
  // The input's extension schemas in the form 6.6.2.3.3 prescribes (a stray field or prefix would fail).
  const repaired = normaliseExtensionSchemas(xmp)
  // Without an invoice (pdf2pdfa) any existing Factur-X schema of the input stays, its declaration
  // made complete (the standard one) where it was missing or incomplete.
  if (options.invoice !== undefined) setInvoiceSchema(xmp, options.invoice.schema, options.invoice.fileName)
  else declareInvoiceSchemas(xmp, repaired)
  warnings.push(...dropUndeclaredProperties(xmp))
  setMetadataStream(doc, writeXmp(xmp))
  ensureSrgbOutputIntent(doc)
  setTrailerId(doc, options.idSeed)
  return warnings
}
