/**
 * detach: every attachment of an invoice PDF (embedded files and file-attachment annotations) or
 * of an invoice XML (BG-24: CII AdditionalReferencedDocument/AttachmentBinaryObject, UBL
 * AdditionalDocumentReference/Attachment/EmbeddedDocumentBinaryObject), keyed by file name.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { NS, type XmlElement, elementPath, parseXml } from '../xml/index.js'
import { listAttachments } from './attachments.js'
import { invoiceSyntaxOfRoot } from './invoice-xml.js'
import { LOAD_PDF_OPTIONS, type LoadPdfOptions, loadPdf } from './load-pdf.js'
import { looksLikePdf } from './pdf-structure.js'
import { uniqueName } from '../util/unique-name.js'
import { bytesArgument, type BytesInput } from '../util/byte-input.js'
import { checkOptions } from '../util/option-input.js'

/** One attachment in the detach JSON (docs/pdf.md). */
export type DetachedFile = {
  /** The file name as stored (the JSON key may carry a ` (2)` suffix when names repeat). */
  filename: string
  /** MIME type: the PDF stream /Subtype, or the XML `mimeCode`. */
  mimetype?: string | undefined
  /** PDF /Desc, or the XML document's Name (CII) / DocumentDescription (UBL). */
  description?: string | undefined
  /** PDF /AFRelationship; `Data` for XML attachments (as Mustang reports them). */
  relationship?: string | undefined
  /** Where it was found: `pdf:EmbeddedFiles`, `pdf:AF`, `pdf:annotation`, `pdf:scan` or `xml`. */
  source: string
  /** Decoded size in bytes. */
  size: number
  /** The content, base64 (RFC 4648, no line breaks). */
  data: string
}

export type DetachResult = Record<string, DetachedFile>

function add(result: DetachResult, file: DetachedFile): void {
  result[uniqueName(file.filename, (key) => key in result)] = file
}

const BASE64 = /^[A-Za-z0-9+/=\s]*$/

function decodeBase64(el: XmlElement): Buffer {
  if (!BASE64.test(el.text)) {
    throw new EInvoiceError('INVALID_XML', `line ${el.line}, column ${el.column}: ${elementPath(el)} is not base64`, {
      details: { line: String(el.line), column: String(el.column), path: elementPath(el) },
    })
  }
  return Buffer.from(el.text.replace(/\s+/g, ''), 'base64')
}

function attribute(el: XmlElement, local: string): string | undefined {
  return el.attributes.find((a) => a.local === local && a.ns === '')?.value
}

function siblingText(el: XmlElement, local: string): string | undefined {
  const t = el.parent?.children.find((c) => c.local === local)?.text.trim()
  return t === undefined || t === '' ? undefined : t
}

function collect(el: XmlElement, found: XmlElement[]): void {
  if (el.local === 'AttachmentBinaryObject' || (el.local === 'EmbeddedDocumentBinaryObject' && el.ns === NS.cbc)) found.push(el)
  for (const c of el.children) collect(c, found)
}

function fromXml(bytes: Uint8Array): DetachResult {
  const { root } = parseXml(bytes)
  if (invoiceSyntaxOfRoot(root) === undefined) {
    throw new EInvoiceError('UNSUPPORTED_DOCUMENT', `the XML root element ${root.qname} is not an invoice of a supported syntax`, {
      details: { root: root.qname },
    })
  }
  const result: DetachResult = {}
  const objects: XmlElement[] = []
  collect(root, objects)
  objects.forEach((el, i) => {
    const data = decodeBase64(el)
    // UBL keeps the description one level up (AdditionalDocumentReference/DocumentDescription).
    const description = siblingText(el, 'Name') ?? (el.parent === undefined ? undefined : siblingText(el.parent, 'DocumentDescription'))
    add(result, {
      filename: attribute(el, 'filename') ?? `attachment-${i + 1}`,
      mimetype: attribute(el, 'mimeCode'),
      description,
      relationship: 'Data',
      source: 'xml',
      size: data.length,
      data: data.toString('base64'),
    })
  })
  return result
}

/**
 * All attachments of a PDF or an invoice XML.
 * @throws EInvoiceError INVALID_PDF / INPUT_TOO_LARGE / INVALID_XML / UNSUPPORTED_DOCUMENT.
 */
export async function detachAttachments(bytes: BytesInput, options: LoadPdfOptions = {}): Promise<DetachResult> {
  bytes = bytesArgument(bytes, 'file')
  options = checkOptions(options, 'options', LOAD_PDF_OPTIONS)
  if (!looksLikePdf(bytes)) return fromXml(bytes)
  const { doc } = await loadPdf(bytes, options)
  const result: DetachResult = {}
  for (const a of listAttachments(doc)) {
    const data = a.data()
    add(result, {
      filename: a.name,
      mimetype: a.mimeType,
      description: a.description,
      relationship: a.relationship,
      source: `pdf:${a.source}`,
      size: data.length,
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64'),
    })
  }
  return result
}
