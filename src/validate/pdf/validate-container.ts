/**
 * A PDF given to `validate`: the PDF part (PDF/A-3 and Factur-X container checks) and the XML part
 * (the embedded invoice), with the XML parsed once — its BT-24 feeds the ConformanceLevel
 * cross-check of the PDF part.
 * @module
 */
import { EInvoiceError } from '../../errors.js'
import type { XmlValidationResult } from '../validate-xml.js'
import { type PdfValidationResult, validatePdf } from './validate-pdf.js'

export type ContainerValidation = { pdf: PdfValidationResult; xml: XmlValidationResult }

/**
 * @throws EInvoiceError INVALID_PDF when the file cannot be read as a PDF at all or its invoice XML
 *   cannot be decoded, INPUT_TOO_LARGE for a decompression bomb (in the invoice XML too),
 *   NO_INVOICE_XML when it carries no invoice XML, and whatever `validateXml` throws for the embedded XML
 *   (INVALID_XML, UNSUPPORTED_DOCUMENT): such files are unreadable input, not invalid invoices.
 */
export async function validatePdfContainer(bytes: Uint8Array, validateXml: (xml: Uint8Array) => XmlValidationResult): Promise<ContainerValidation> {
  let xml: XmlValidationResult | undefined
  const pdf = await validatePdf(bytes, {
    guidelineOf: (data) => {
      xml = validateXml(data)
      return xml.specificationId
    },
  })
  if (!pdf.readable) {
    if (pdf.loadError !== undefined) throw pdf.loadError
    throw new EInvoiceError('INVALID_PDF', 'the PDF cannot be read', { details: {} })
  }
  // extract's error for the same file: NO_INVOICE_XML naming the attachments, or why one cannot be read.
  if (xml === undefined) throw pdf.noInvoice ?? new EInvoiceError('NO_INVOICE_XML', 'no invoice XML found in the PDF', { details: {} })
  return { pdf, xml }
}
