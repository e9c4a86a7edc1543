/**
 * The xmltohtml engine: invoice XML (CII, UBL, ZUGFeRD 1, Order-X) → the model → the localised
 * view → one self-contained HTML page.
 * @module
 */
import type { Invoice } from '../model/invoice.js'
import { readInvoice } from '../read-invoice.js'
import { renderHtml } from './html.js'
import type { Language } from './i18n/index.js'
import { buildInvoiceView } from './view-model.js'

export type RenderOptions = {
  /** @default 'EN' */
  language?: Language | undefined
}

/** The HTML view of a model. */
export function invoiceToHtml(invoice: Invoice, options: RenderOptions = {}): string {
  return renderHtml(buildInvoiceView(invoice, options.language ?? 'EN'))
}

/**
 * The HTML view of invoice XML.
 * @throws EInvoiceError INVALID_XML (with line and column), UNSUPPORTED_DOCUMENT for XML that is
 *   no invoice einvoice reads, or a PDF.
 * @example
 * const html = xmlToHtml(readFileSync('factur-x.xml'), { language: 'DE' })
 */
export function xmlToHtml(xml: Uint8Array | string, options: RenderOptions = {}): string {
  return invoiceToHtml(readInvoice(xml), options)
}
