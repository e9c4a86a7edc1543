/**
 * The metadata side of writing a PDF/A-3 file, shared by combine and pdf2pdfa: pdfaid, predefined
 * properties with their correct value types (ISO 19005-3 6.6.2.3.1), Info and XMP written from
 * one set of values, the XMP stream, the sRGB OutputIntent and the trailer /ID.
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import type { XmpInvoiceSchema } from '../cii/profiles.js'
import { PRODUCT_NAME, VERSION } from '../version.js'
import { setInvoiceSchema } from './facturx-xmp.js'
import { normaliseExtensionSchemas } from './xmp-extension-schemas.js'
import { type DocumentInfo, readDocumentInfo, writeDocumentInfo } from './info-dict.js'
import { ensureSrgbOutputIntent } from './output-intent.js'
import { type PdfDate, formatXmpDate } from './pdf-date.js'
import { setMetadataStream, setTrailerId } from './save-pdf.js'
import {
  XMP_NS,
  type Xmp,
  arrayProperty,
  emptyXmp,
  getProperty,
  langAltProperty,
  propertyText,
  removeNamespace,
  removeProperty,
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

/** Predefined properties whose value type is a container (XMP Specification Part 1, 8.3/8.4). */
const CONTAINER_TYPES: readonly [string, string, 'Alt' | 'Seq' | 'Bag'][] = [
  [XMP_NS.dc, 'rights', 'Alt'],
  [XMP_NS.dc, 'subject', 'Bag'],
  [XMP_NS.dc, 'contributor', 'Bag'],
  [XMP_NS.dc, 'publisher', 'Bag'],
  [XMP_NS.dc, 'language', 'Bag'],
  [XMP_NS.dc, 'date', 'Seq'],
  [XMP_NS.dc, 'type', 'Bag'],
  [XMP_NS.dc, 'relation', 'Bag'],
]

/** Rewrites predefined container properties stored with the wrong value type; drops unrecoverable ones. */
function fixValueTypes(xmp: Xmp): void {
  for (const [ns, local, kind] of CONTAINER_TYPES) {
    const p = getProperty(xmp, ns, local)
    if (p === undefined) continue
    const container = p.element?.children.find((c) => c.ns === XMP_NS.rdf)
    if (container?.local === kind) continue
    const text = propertyText(xmp, ns, local)
    if (text === undefined) removeProperty(xmp, ns, local)
    else if (kind === 'Alt') setProperty(xmp, langAltProperty(ns, 'dc', local, text))
    else setProperty(xmp, arrayProperty(ns, 'dc', local, kind, [text]))
  }
}

/**
 * Writes the PDF/A-3 metadata into the document. Info and XMP carry the same Title, Author,
 * Subject, Keywords, Creator, Producer and dates afterwards.
 */
export function writePdfaMetadata(doc: PDFDocument, options: PdfaMetadataOptions): void {
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
  fixValueTypes(xmp)
  writeDocumentInfo(doc, xmp, values)
  setProperty(xmp, simpleProperty(XMP_NS.xmp, 'xmp', 'MetadataDate', formatXmpDate(options.now)))
  setProperty(xmp, simpleProperty(XMP_NS.dc, 'dc', 'format', 'application/pdf'))
  // The input's extension schemas in the form 6.6.2.3.3 prescribes (a stray field or prefix would fail).
  normaliseExtensionSchemas(xmp)
  // Without an invoice (pdf2pdfa) any existing Factur-X schema of the input stays as it is.
  if (options.invoice !== undefined) setInvoiceSchema(xmp, options.invoice.schema, options.invoice.fileName)
  setMetadataStream(doc, writeXmp(xmp))
  ensureSrgbOutputIntent(doc)
  setTrailerId(doc, options.idSeed)
}
