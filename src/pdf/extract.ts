/**
 * `extract`: the invoice XML inside a PDF (or an invoice XML given directly), as stored.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { parseXml } from '../xml/index.js'
import { type AttachmentSource, type PdfAttachment, listAttachments, sizeMismatch } from './attachments.js'
import { INVOICE_FILE_NAMES, type InvoiceXmlSyntax, invoiceSyntaxOf, invoiceSyntaxOfRoot, mayBeInvoiceXml, sniffInvoiceSyntax } from './invoice-xml.js'
import { LOAD_PDF_OPTIONS, type LoadPdfOptions, loadPdf } from './load-pdf.js'
import { checkPdfStructure, looksLikePdf } from './pdf-structure.js'
import { NeedsFullParser, quickCatalogAttachments } from './quick-catalog.js'
import { bytesArgument, type BytesInput } from '../util/byte-input.js'
import { checkOptions } from '../util/option-input.js'

export type ExtractedInvoiceXml = {
  /** The XML bytes exactly as embedded (or as given). */
  xml: Uint8Array
  /** The attachment's file name; undefined for XML input. */
  fileName?: string | undefined
  /**
   * The syntax of the root element when it is an invoice's. On the fast path it is read from the
   * root start tag only; the rest of the XML is not checked for well-formedness.
   */
  syntax?: InvoiceXmlSyntax | undefined
  /** `pdf` when taken from a PDF, `xml` when the input was the XML itself. */
  container: 'pdf' | 'xml'
  /** Where in the PDF the file specification was found (a damaged name tree shows as `AF` or `scan`). */
  foundIn?: AttachmentSource | undefined
  /** What is odd but not wrong enough to refuse: a decoded length other than `/Params /Size`. */
  warnings: string[]
}

export type ExtractOptions = LoadPdfOptions

function fromXml(bytes: Uint8Array): ExtractedInvoiceXml {
  const { root } = parseXml(bytes)
  const syntax = invoiceSyntaxOfRoot(root)
  if (syntax === undefined) {
    throw new EInvoiceError(
      'UNSUPPORTED_DOCUMENT',
      `the XML root element ${root.qname} (namespace ${JSON.stringify(root.ns)}) is not an invoice of a supported syntax (CII, ZUGFeRD 1, UBL, Order-X)`,
      { details: { root: root.qname, namespace: root.ns } },
    )
  }
  return { xml: bytes, syntax, container: 'xml', warnings: [] }
}

function byKnownName(attachments: readonly PdfAttachment[]): PdfAttachment | undefined {
  for (const name of INVOICE_FILE_NAMES) {
    const hit = attachments.find((a) => a.name === name)
    if (hit !== undefined) return hit
  }
  return undefined
}

function looksLikeXmlAttachment(a: PdfAttachment): boolean {
  return /\.xml$/i.test(a.name) || /xml/i.test(a.mimeType ?? '')
}

const inCatalog = (a: PdfAttachment): boolean => a.source === 'EmbeddedFiles' || a.source === 'AF'

/** The invoice XML attachment of a PDF with its bytes. */
export type FoundInvoiceXml = { attachment: PdfAttachment; xml: Uint8Array; syntax: InvoiceXmlSyntax | undefined }

/**
 * The invoice XML among a PDF's attachments (in listAttachments' order), as extract and validate
 * both find it: a recognised name (§5.1, newest generation first) among those the catalog lists,
 * then among all; else the first XML attachment (by name or MIME type, whatever its name, `..`
 * and the empty name included) whose root element is an invoice's.
 * @throws EInvoiceError whatever reading an attachment does: INVALID_PDF (damaged or cut data),
 *   INPUT_TOO_LARGE (a deflate bomb)
 */
export function findInvoiceAttachment(attachments: readonly PdfAttachment[]): FoundInvoiceXml | undefined {
  const named = byKnownName(attachments.filter(inCatalog)) ?? byKnownName(attachments)
  if (named !== undefined) {
    const xml = named.data()
    return { attachment: named, xml, syntax: invoiceSyntaxOf(xml) }
  }
  for (const a of attachments.filter(looksLikeXmlAttachment)) {
    const xml = a.data()
    if (!mayBeInvoiceXml(xml)) continue
    const syntax = invoiceSyntaxOf(xml)
    if (syntax !== undefined) return { attachment: a, xml, syntax }
  }
  return undefined
}

/** NO_INVOICE_XML, naming the attachments the PDF has. */
export function noInvoiceXmlError(attachments: readonly PdfAttachment[]): EInvoiceError {
  const list = attachments.length === 0 ? 'it has no attachments' : `its attachments are ${attachments.map((a) => JSON.stringify(a.name)).join(', ')}`
  return new EInvoiceError('NO_INVOICE_XML', `no invoice XML found in the PDF: ${list}`, {
    details: { attachments: String(attachments.length) },
  })
}

function warningsOf(attachment: PdfAttachment, xml: Uint8Array): string[] {
  const mismatch = sizeMismatch(attachment, xml)
  return mismatch === undefined ? [] : [mismatch]
}

/**
 * The fast path: an attachment with a recognised name found through the catalog by the targeted
 * reader (a few objects parsed instead of all). Undefined sends the caller to the full parser.
 */
function quickExtract(bytes: Uint8Array, options: ExtractOptions): ExtractedInvoiceXml | undefined {
  // The same size, header and end-of-file checks as the full path, with the same errors.
  if (checkPdfStructure(bytes, options).xrefRepaired) return undefined
  const named = byKnownName(quickCatalogAttachments(bytes) ?? [])
  if (named === undefined) return undefined
  try {
    const xml = named.data()
    const syntax = sniffInvoiceSyntax(xml) ?? invoiceSyntaxOf(xml)
    return { xml, fileName: named.name, syntax, container: 'pdf', foundIn: named.source, warnings: warningsOf(named, xml) }
  } catch (err) {
    if (err instanceof NeedsFullParser) return undefined
    throw err
  }
}

/**
 * Finds the invoice XML: first an attachment with one of the recognised names (§5.1, exact,
 * newest generation first), then any XML attachment whose root element is an invoice. XML input
 * of a supported syntax is returned unchanged.
 * @throws EInvoiceError INVALID_PDF / INPUT_TOO_LARGE for unreadable PDFs, NO_INVOICE_XML when the
 *   PDF holds none, INVALID_XML / UNSUPPORTED_DOCUMENT for XML input that is not an invoice.
 * @example
 * const { xml, fileName } = await extractInvoiceXml(readFileSync('invoice.pdf'))
 */
export async function extractInvoiceXml(bytes: BytesInput, options: ExtractOptions = {}): Promise<ExtractedInvoiceXml> {
  bytes = bytesArgument(bytes, 'file')
  options = checkOptions(options, 'options', LOAD_PDF_OPTIONS)
  if (!looksLikePdf(bytes)) return fromXml(bytes)
  const quick = quickExtract(bytes, options)
  if (quick !== undefined) return quick
  const { doc } = await loadPdf(bytes, options)
  // The catalog's own lists answer nearly always; the full scan is for damaged name trees.
  const catalog = listAttachments(doc, { depth: 'catalog' })
  const attachments = byKnownName(catalog) === undefined ? listAttachments(doc) : catalog
  const found = findInvoiceAttachment(attachments)
  if (found === undefined) throw noInvoiceXmlError(attachments)
  const { attachment, xml, syntax } = found
  return { xml, fileName: attachment.name, syntax, container: 'pdf', foundIn: attachment.source, warnings: warningsOf(attachment, xml) }
}
