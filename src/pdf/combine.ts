/**
 * combine / combineXML: an invoice XML embedded into a PDF/A-1 or PDF/A-3 file, giving a
 * ZUGFeRD / Factur-X PDF/A-3 (behaviour doc §4, pdf-outputs.md 8–12).
 * @module
 */
import type { XmpInvoiceSchema } from '../cii/profiles.js'
import { EInvoiceError } from '../errors.js'
import { AF_RELATIONSHIPS, type AfRelationship, embedFile, removeEmbeddedFiles } from './embed-file.js'
import { resolveContainer } from './invoice-container.js'
import { INVOICE_FILE_NAMES } from './invoice-xml.js'
import { LOAD_PDF_OPTIONS, type LoadPdfOptions, loadPdf } from './load-pdf.js'
import { pdfDateFromDate } from './pdf-date.js'
import { fixAttachments } from './pdfa-fixes.js'
import { writePdfaMetadata } from './pdfa-metadata.js'
import { requirePageTree } from './page-tree.js'
import { preflight } from './preflight.js'
import { savePdf } from './save-pdf.js'
import { bytesArgument, type BytesInput, textOrBytesArgument, type TextOrBytesInput } from '../util/byte-input.js'
import { isDeclarablePrefix } from '../xml/xml-chars.js'
import { boolean, checkOptions, fields, nonEmptyText, oneOf, type OptionSpec, text, validDate } from '../util/option-input.js'

/** Where and how the XML goes into the container (a row of src/cii/profiles.ts). */
export type InvoiceContainer = {
  attachmentFileName: string
  afRelationship: AfRelationship
  xmp: XmpInvoiceSchema
}

export type EmbedInvoiceOptions = LoadPdfOptions & {
  /**
   * Attachment name, AFRelationship and XMP of the embedded XML. @default the container of the
   * profile the XML's specification identifier (BT-24) names (`resolveContainer(xml, {})`)
   */
  container?: InvoiceContainer | undefined
  /** Make the output even when the input fails the PDF/A pre-flight (a warning says so). @default false */
  ignorePdfaErrors?: boolean | undefined
  /** The clock reading for ModDate and the attachment dates. @default now */
  now?: Date | undefined
  /** /Desc of the file specification. */
  description?: string | undefined
}

/** An XMP prefix is written as an element name's prefix: an XML name without a colon, not starting with `xml`. */
const xmpPrefix = { expected: 'an XML name without a colon (such as fx)', test: (v: unknown): v is string => typeof v === 'string' && isDeclarablePrefix(v) }

const EMBED_INVOICE_OPTIONS: OptionSpec<EmbedInvoiceOptions> = {
  ...LOAD_PDF_OPTIONS,
  container: fields<InvoiceContainer>({
    attachmentFileName: nonEmptyText,
    afRelationship: oneOf(AF_RELATIONSHIPS),
    xmp: fields<XmpInvoiceSchema>({
      namespaceUri: nonEmptyText,
      prefix: xmpPrefix,
      version: nonEmptyText,
      conformanceLevel: nonEmptyText,
      documentType: oneOf(['INVOICE', 'ORDER']),
    }),
  }),
  ignorePdfaErrors: boolean,
  now: validDate,
  description: text,
}

export type EmbedInvoiceResult = { pdf: Uint8Array; warnings: string[] }

const DESCRIPTION: Readonly<Record<string, string>> = {
  INVOICE: 'Invoice metadata conforming to EN 16931',
  ORDER: 'Order metadata conforming to Order-X',
}

/**
 * Embeds `xml` unchanged. Any invoice XML already in the PDF (the file names of §5.1) is
 * replaced, so exactly one remains.
 * @throws EInvoiceError NOT_PDFA listing every pre-flight reason (unless ignorePdfaErrors),
 *   INVALID_PDF / INPUT_TOO_LARGE for unreadable input, and without `container` what
 *   `resolveContainer` throws for XML that names no embeddable profile.
 * @example
 * const { pdf } = await embedInvoiceXml(readFileSync('letter-pdfa3.pdf'), readFileSync('factur-x.xml'))
 */
export async function embedInvoiceXml(pdf: BytesInput, xml: TextOrBytesInput, options: EmbedInvoiceOptions = {}): Promise<EmbedInvoiceResult> {
  pdf = bytesArgument(pdf, 'pdf')
  // README: XML may also be given as text; it is embedded as its UTF-8 bytes.
  const given = textOrBytesArgument(xml, 'xml')
  xml = typeof given === 'string' ? new TextEncoder().encode(given) : given
  options = checkOptions(options, 'options', EMBED_INVOICE_OPTIONS)
  const container = options.container ?? resolveContainer(xml, {})
  const { doc } = await loadPdf(pdf, options)
  // Not a PDF/A question: --ignore-pdfa-errors cannot make a readable file of it.
  requirePageTree(doc)
  const check = preflight(doc)
  const warnings: string[] = []
  if (check.reasons.length > 0) {
    if (options.ignorePdfaErrors !== true) {
      throw new EInvoiceError('NOT_PDFA', `the input is not an acceptable PDF/A-1 or PDF/A-3 file: ${check.reasons.join('; ')}`, {
        details: Object.fromEntries(check.reasons.map((r, i) => [`reason${i + 1}`, r])),
      })
    }
    warnings.push(`ignorePDFAErrors: the output may not be PDF/A, because the input failed the pre-flight: ${check.reasons.join('; ')}`)
  }
  const now = pdfDateFromDate(options.now ?? new Date())
  removeEmbeddedFiles(doc, new Set(INVOICE_FILE_NAMES))
  embedFile(doc, {
    name: container.attachmentFileName,
    data: xml,
    mimeType: 'text/xml',
    description: options.description ?? DESCRIPTION[container.xmp.documentType] ?? 'Invoice metadata',
    relationship: container.afRelationship,
    date: now,
  })
  // Attachments the input keeps get what PDF/A-3 asks of every embedded file (6.8: a place in an
  // /AF array, /AFRelationship, a MIME type, /ModDate), as pdf2pdfa gives them: an input whose extra
  // attachment no /AF listed passed the pre-flight and came out failing PDF/A-3.
  const repaired = fixAttachments(doc, now)
  if (repaired > 0) warnings.push(`the input's other attachments lacked what PDF/A-3 asks of embedded files (ISO 19005-3 6.8); ${repaired} entries were added`)
  const conformance = check.pdfa.conformance !== undefined && ['A', 'B', 'U'].includes(check.pdfa.conformance) ? check.pdfa.conformance : 'B'
  warnings.push(...writePdfaMetadata(doc, {
    xmp: check.xmp,
    conformance,
    now,
    invoice: { schema: container.xmp, fileName: container.attachmentFileName },
    idSeed: xml,
  }))
  return { pdf: await savePdf(doc), warnings }
}
