/**
 * The xmltopdf engine: invoice XML → the model → the localised view → an A4 PDF/A-3b; with
 * `embedXml` the source XML is embedded as a Factur-X / ZUGFeRD / XRechnung associated file, so
 * the PDF is itself a hybrid invoice.
 * @module
 */
import { EInvoiceError, isEInvoiceError } from '../errors.js'
import type { Invoice } from '../model/invoice.js'
import { readInvoice } from '../read-invoice.js'
import type { Language } from './i18n/index.js'
import { renderPdf } from './pdf-render.js'
import { buildInvoiceView } from './view-model.js'

export type XmlToPdfOptions = {
  /** @default 'EN' */
  language?: Language | undefined
  /** Embed the source XML (Factur-X container). @default false */
  embedXml?: boolean | undefined
  /** Creation date of the PDF. @default the current time */
  date?: Date | undefined
  /** Tagged PDF (structure tree for assistive technology). @default false */
  tagged?: boolean | undefined
}

export type XmlToPdfResult = { pdf: Uint8Array; warnings: string[] }

/** The PDF view of a model (no embedded XML). */
export async function invoiceToPdf(invoice: Invoice, options: Omit<XmlToPdfOptions, 'embedXml'> = {}): Promise<Uint8Array> {
  return renderPdf(buildInvoiceView(invoice, options.language ?? 'EN'), { date: options.date, tagged: options.tagged })
}

/**
 * The container's refusal of an XML whose BT-24 names no profile, told as xmltopdf's: the combine
 * engine asks for a profile parameter, which xmltopdf does not have (the container must follow
 * the XML it embeds unchanged); combine-xml takes one. Any other error as it was.
 */
function explainNoProfile(err: unknown, invoice: Invoice): unknown {
  if (!isEInvoiceError(err) || err.errorCode !== 'INVALID_PARAMETER' || err.details['profile'] !== 'required') return err
  const id = invoice.specificationIdentifier.trim()
  const why = id === '' ? 'it has no specification identifier (BT-24) to read the profile from' : `its specification identifier (BT-24) ${JSON.stringify(id)} names no Factur-X, ZUGFeRD, XRechnung or Order-X profile`
  return new EInvoiceError(
    'INVALID_PARAMETER',
    `embedXml (--embed-xml) cannot embed this XML: ${why}. ${id === '' ? 'Add' : 'Correct'} BT-24, or render the PDF without embedXml and embed the XML with combineXML (einvoice combine-xml --profile …), which takes the profile as a parameter`,
    { details: { embedXml: 'needs a BT-24 that names a profile', specificationIdentifier: id === '' ? 'missing' : id }, cause: err },
  )
}

/**
 * @throws EInvoiceError INVALID_XML (with line and column), UNSUPPORTED_DOCUMENT (also with
 *   `embedXml` for UBL, which has no hybrid PDF container), INVALID_PARAMETER (`embedXml` for an
 *   XML whose BT-24 names no profile).
 * @example
 * const { pdf } = await xmlToPdf(readFileSync('xrechnung.xml'), { language: 'DE', embedXml: true })
 */
export async function xmlToPdf(xml: Uint8Array | string, options: XmlToPdfOptions = {}): Promise<XmlToPdfResult> {
  const invoice = readInvoice(xml)
  const date = options.date ?? new Date()
  if (options.embedXml !== true) return { pdf: await invoiceToPdf(invoice, { language: options.language, date, tagged: options.tagged }), warnings: [] }
  const { hybridContainer, makeHybrid } = await import('./facturx-container.js')
  const bytes = typeof xml === 'string' ? new TextEncoder().encode(xml) : xml
  let container: ReturnType<typeof hybridContainer>
  try {
    container = hybridContainer(bytes)
  } catch (err) {
    throw explainNoProfile(err, invoice)
  }
  const pdf = await invoiceToPdf(invoice, { language: options.language, date, tagged: options.tagged })
  return makeHybrid(pdf, bytes, invoice, container, { date })
}
