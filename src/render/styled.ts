/**
 * The styledinvoicetofx engine: `{"template": "<mustache>", "invoice": {CalculatedInvoice}}` →
 * invoice XML of the chosen format/profile (the invoice2xml engine) → the template rendered with
 * the invoice's values (escaped by mustache) → Chromium prints it → PDF/A-3 with the XML
 * embedded as Factur-X. The template's data ("the view") is documented in docs/render.md.
 * @module
 */
import Mustache from 'mustache'
import { EInvoiceError } from '../errors.js'
import { parseJsonText } from '../json/parse-json.js'
import type { Invoice, Party } from '../model/invoice.js'
import { invoiceToXml } from '../operations/invoice-to-xml.js'
import { decodeText } from '../util/text.js'
import { htmlToPdf } from './chromium.js'
import { pdfToPdfa } from '../pdf/index.js'
import { hybridContainer, makeHybrid } from './facturx-container.js'
import { type DocumentKind, LANGUAGE_TAGS, type Language, labelsFor } from './i18n/index.js'
import { type ViewContext, documentKind, viewContext } from './view-context.js'
import { buildInvoiceView } from './view-model.js'
import { mapStrings, withoutControls } from './pdf-text.js'

export type StyledRequest = { template: string; invoice: unknown }

export type StyledOptions = {
  language: Language
  /** @default 'fx' */
  format?: string | undefined
  /** @default 'EN16931' */
  profile?: string | undefined
  /** @default 2 */
  version?: number | undefined
  date?: Date | undefined
  env?: Readonly<Record<string, string | undefined>> | undefined
}

export type StyledResult = { pdf: Uint8Array; fileName: string; warnings: string[]; invoiceNumber: string }

function bad(message: string, path: string): EInvoiceError {
  return new EInvoiceError('INVALID_PAYLOAD', message, { details: { [path]: message } })
}

/**
 * Whether the body's `template` is a JSON string: parseJsonText reads a number as its literal
 * text (for exact amounts), so `"template": 12345` arrives as the text "12345".
 */
function isJsonString(text: string, doubled: boolean): boolean {
  let value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown
  if (doubled) value = JSON.parse(value as string)
  return typeof (value as Record<string, unknown>)['template'] === 'string'
}

/**
 * The body: the object itself, or a JSON string holding it (the interface declares the body as
 * "a single string").
 * @throws EInvoiceError INVALID_JSON, INVALID_PAYLOAD naming the field.
 */
export function parseStyledBody(input: Uint8Array | string): StyledRequest {
  const text = typeof input === 'string' ? input : decodeText(input, 'body')
  let value = parseJsonText(text)
  const doubled = typeof value === 'string'
  if (doubled) value = parseJsonText(value as string)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw bad('body: expected an object {"template": string, "invoice": object} or a JSON string holding one', 'body')
  }
  const { template, invoice } = value as Record<string, unknown>
  if (typeof template !== 'string' || template.trim() === '' || !isJsonString(text, doubled)) {
    throw bad(`template: expected a non-empty mustache template string${typeof template === 'string' && template.trim() !== '' ? `, got the number ${template}` : ''}`, 'template')
  }
  if (typeof invoice !== 'object' || invoice === null || Array.isArray(invoice)) throw bad('invoice: expected a CalculatedInvoice object', 'invoice')
  return { template, invoice }
}

function partyView(c: ViewContext, p: Party | undefined): Record<string, unknown> | undefined {
  if (p === undefined) return undefined
  const a = p.address
  return {
    name: p.name,
    vatId: p.vatIdentifier,
    taxId: p.taxRegistrationId,
    legalId: p.legalRegistrationId?.value,
    email: p.contact?.email,
    phone: p.contact?.telephone,
    contact: p.contact?.name,
    address: a === undefined ? undefined : { line1: a.line1, line2: a.line2, line3: a.line3, postCode: a.postCode, city: a.city, country: c.code('country', a.countryCode) },
  }
}

/**
 * The data a template sees (documented field by field in docs/render.md), without control
 * characters other than tab, line feed and carriage return: Chromium draws them as .notdef, so
 * one in an item name made the whole request fail NOT_PDFA (xmltopdf drops them too).
 */
export function templateView(model: Invoice, invoiceJson: unknown, language: Language): Record<string, unknown> {
  const kind = documentKind(model)
  const c = viewContext(language, model.currencyCode, kind)
  return mapStrings(templateData(c, model, invoiceJson, language, kind), withoutControls)
}

function templateData(c: ViewContext, model: Invoice, invoiceJson: unknown, language: Language, kind: DocumentKind): Record<string, unknown> {
  const s = model.totals
  const transfer = model.paymentInstructions?.means.flatMap((m) => m.creditTransfers)[0]
  return {
    language,
    lang: LANGUAGE_TAGS[language],
    labels: labelsFor(language, kind),
    invoice: invoiceJson,
    number: model.invoiceNumber,
    issueDate: c.date(model.issueDate),
    dueDate: c.date(model.dueDate),
    deliveryDate: c.date(model.delivery?.actualDeliveryDate),
    documentType: c.code('documentType', model.typeCode),
    currency: model.currencyCode,
    buyerReference: model.buyerReference,
    seller: partyView(c, model.seller),
    buyer: partyView(c, model.buyer),
    lines: model.lines.map((l) => ({
      id: l.id,
      name: l.item.name,
      description: l.item.description,
      quantity: c.number(l.quantity),
      unit: c.code('unit', l.unitCode),
      netPrice: c.amount(l.price.netPrice),
      vatRate: c.percent(l.vat.rate),
      netAmount: c.amount(l.netAmount),
    })),
    vat: model.vatBreakdown.map((v) => ({ category: c.code('vatCategory', v.categoryCode), rate: c.percent(v.rate), taxable: c.money(v.taxableAmount), tax: c.money(v.taxAmount), exemptionReason: v.exemptionReason })),
    totals: {
      lineTotal: c.money(s.sumOfLineNetAmounts),
      allowances: c.money(s.sumOfAllowances),
      charges: c.money(s.sumOfCharges),
      withoutVat: c.money(s.invoiceTotalWithoutVat),
      vat: c.money(s.invoiceTotalVatAmount),
      withVat: c.money(s.invoiceTotalWithVat),
      paid: c.money(s.paidAmount),
      due: c.money(s.amountDueForPayment),
    },
    notes: model.notes.map((n) => n.text),
    paymentTerms: model.paymentTermsText,
    iban: transfer?.accountId,
    bic: transfer?.serviceProviderId,
    view: buildInvoiceView(model, language),
  }
}

/** Renders the template; a malformed template is the caller's input error. */
export function renderTemplate(template: string, view: Record<string, unknown>): string {
  try {
    return Mustache.render(template, view)
  } catch (err) {
    throw bad(`template: ${(err as Error).message}`, 'template')
  }
}

/**
 * @throws EInvoiceError INVALID_JSON / INVALID_PAYLOAD / INVALID_PARAMETER / CALCULATION_ERROR for bad
 *   input, DEPENDENCY_MISSING without Chromium.
 */
export async function styledInvoiceToFacturX(body: Uint8Array | string, options: StyledOptions): Promise<StyledResult> {
  const request = parseStyledBody(body)
  const { xml, model } = invoiceToXml(request.invoice, { format: options.format, profile: options.profile, version: options.version })
  const html = renderTemplate(request.template, templateView(model, request.invoice, options.language))
  const printed = await htmlToPdf(html, { env: options.env })
  const now = options.date ?? new Date()
  // Chromium's PDF embeds its fonts but is no PDF/A: pdf2pdfa adds what is missing (XMP, intent).
  const pdfa = await pdfToPdfa(printed, { now }).catch(async (err: unknown) => {
    throw (await import('./undrawable.js')).explainUndrawable(err, html)
  })
  const xmlBytes = new TextEncoder().encode(xml)
  const hybrid = await makeHybrid(pdfa.pdf, xmlBytes, model, hybridContainer(xmlBytes, { format: options.format ?? 'fx', profile: options.profile ?? 'EN16931', version: options.version ?? 2 }), { date: now })
  hybrid.warnings.unshift(...pdfa.warnings)
  return { pdf: hybrid.pdf, fileName: 'invoice.pdf', warnings: hybrid.warnings, invoiceNumber: model.invoiceNumber }
}
