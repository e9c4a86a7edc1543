/**
 * Validates an invoice file as the `validate` operation receives it: XML, or a PDF whose embedded
 * invoice XML is extracted and validated. The result feeds the report writers.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { PARSE_XML_OPTIONS, type ParseXmlOptions } from '../xml/index.js'
import { type XmlValidationResult, validateXmlLoading } from './validate-document.js'
import type { PdfValidationResult } from './pdf/validate-pdf.js'
import { bytesArgument, type BytesInput } from '../util/byte-input.js'
import { boolean, checkOptions, nestedOptions, type OptionSpec, text } from '../util/option-input.js'

export type ValidateFileOptions = {
  /** File name shown in reports (no path). @default 'invoice' */
  fileName?: string | undefined
  /**
   * Mustang's `ignoreNotices`: skips the XRechnung rules run as notices on BASIC/EN16931 CII
   * (behaviour doc §6.3); notices from other rules (information flags) stay.
   * @default false
   */
  ignoreNotices?: boolean | undefined
  /** Parser limits. */
  xml?: ParseXmlOptions | undefined
}

const VALIDATE_FILE_OPTIONS: OptionSpec<ValidateFileOptions> = { fileName: text, ignoreNotices: boolean, xml: nestedOptions(PARSE_XML_OPTIONS) }

export type PdfPart = {
  /** Name of the embedded invoice file. */
  attachmentName: string | undefined
  /** The PDF/A and Factur-X container checks ran (src/validate/pdf). */
  checked: boolean
  /** Their findings and verdicts; the PDF part is valid when neither group has an error. */
  result?: PdfValidationResult | undefined
}

export type FileValidationResult = {
  fileName: string
  /** Local date and time of the validation, `yyyy-MM-dd HH:mm:ss` (as Mustang writes it). */
  datetime: string
  container: 'xml' | 'pdf'
  pdf?: PdfPart | undefined
  xml: XmlValidationResult
  /** The overall verdict: the XML part and, for PDF input, the PDF part. */
  valid: boolean
}

const pad = (n: number): string => String(n).padStart(2, '0')

export function mustangDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

const isPdf = (bytes: Uint8Array): boolean => bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46

/**
 * Validates XML or PDF bytes.
 * @throws EInvoiceError for input that is neither a readable invoice XML nor a PDF carrying one
 *   (INVALID_XML, UNSUPPORTED_DOCUMENT, INVALID_PDF, NO_INVOICE_XML).
 * @example
 * const result = await validateFile(readFileSync('factur-x.pdf'), { fileName: 'factur-x.pdf' })
 * result.valid
 */
export async function validateFile(bytes: BytesInput, options: ValidateFileOptions = {}): Promise<FileValidationResult> {
  bytes = bytesArgument(bytes, 'file')
  options = checkOptions(options, 'options', VALIDATE_FILE_OPTIONS)
  const fileName = options.fileName ?? 'invoice'
  const datetime = mustangDateTime(new Date())
  if (bytes.length === 0) throw new EInvoiceError('MISSING_INPUT', 'the file is empty (0 bytes)', { details: { file: fileName } })
  if (isPdf(bytes)) {
    const { validatePdfContainer } = await import('./pdf/validate-container.js')
    // The container calls back synchronously: the validator with every table loaded.
    const { validateXml } = await import('./validate-xml.js')
    const { pdf, xml } = await validatePdfContainer(bytes, (data) => validateXml(data, { ...options.xml, ignoreNotices: options.ignoreNotices }))
    // Unlike Mustang (whose overall summary ignores the PDF part), an invalid PDF part makes the file invalid.
    const part: PdfPart = { attachmentName: pdf.invoice?.fileName, checked: true, result: pdf }
    return { fileName, datetime, container: 'pdf', pdf: part, xml, valid: xml.valid && pdf.valid }
  }
  // Only the tables this document needs are imported (a cold CLI process pays for nothing else).
  const xml = await validateXmlLoading(bytes, { ...options.xml, ignoreNotices: options.ignoreNotices })
  return { fileName, datetime, container: 'xml', xml, valid: xml.valid }
}
