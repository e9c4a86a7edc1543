/**
 * The German national rules of XRechnung 3.0 for UBL (BR-DE-*, BR-TMP-*), the extension rules
 * (BR-DEX-*, under the extension identifier only) and the CVD rules, with KoSIT's flags.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { Decimal } from '../../model/decimal.js'
import { compileContext as ctx, attrValue, normalizeSpace, refine, stringValue } from '../syntax/paths.js'
import type { ElementMatcher, TreePattern } from '../types.js'
import { CVA_CODES, CVD_VEHICLE_CATEGORIES, XR_7143_CVD_LIST } from './code-lists.js'
import { EMAIL, TELEPHONE, URL, VAT_CATEGORIES_NEEDING_ID, XR_EXT_MIME_CODES, XR_TYPE_CODES, all, anyEquals, has, ibanOk, identifiers, inList, isXrCvd, isXrExtension, nonBlank, norm, pattern, schemeIn, skontoOk } from './common.js'
import { decimalOf, decimalsWritten } from '../syntax/tree-helpers.js'

/** BR-DE-21: BT-24 is one of the identifiers the document's XRechnung version accepts. */
export const ublSpecificationIdOk = (el: XmlElement): boolean => anyEquals(el, 'cbc:CustomizationID', identifiers(el).accepted)

const ROOTS = (p: string): string => `/ubl:Invoice/${p} | /cn:CreditNote/${p}`
// KoSIT's $isExtension holds for an invoice or a credit note under the extension identifier: the
// rules on `/ubl:Invoice…` contexts (BR-DEX-02/03, 10…14) meet invoices only, the others (BR-DEX-01,
// 04…09) credit notes too. The 2.2 schematron asks for an invoice (versions.ts: invoices only).
const isExtension = isXrExtension
const isCvd = isXrCvd
const code = (el: XmlElement): string => norm(el, 'cbc:PaymentMeansCode')
const means = (codes: readonly string[]): ElementMatcher => {
  return refine(ctx(ROOTS('cac:PaymentMeans')), (el) => codes.includes(code(el)))
}
const postal = (city: string, zip: string): readonly (readonly [string, 'f', (el: XmlElement) => boolean])[] => [
  [city, 'f', (el) => nonBlank(el, 'cbc:CityName')],
  [zip, 'f', (el) => nonBlank(el, 'cbc:PostalZone')],
]

/** BR-DE-16: a document allowance/charge or line with a VAT category that needs BT-31/32 or BG-11. */
function needsSellerVatId(root: XmlElement): boolean {
  const acs = all(root, 'cac:AllowanceCharge').filter((a) => anyEquals(a, 'cbc:ChargeIndicator', ['false', 'true']))
  const acCategory = acs.some((a) => anyEquals(a, 'cac:TaxCategory/cbc:ID', VAT_CATEGORIES_NEEDING_ID))
  const lineCategory = anyEquals(root, 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:ID', VAT_CATEGORIES_NEEDING_ID) ||
    anyEquals(root, 'cac:CreditNoteLine/cac:Item/cac:ClassifiedTaxCategory/cbc:ID', VAT_CATEGORIES_NEEDING_ID)
  return acCategory || lineCategory
}

/** BR-DE-22: no additional document shares an attachment file name with an earlier sibling. */
function uniqueAttachmentNames(root: XmlElement): boolean {
  const seen = new Set<string>()
  for (const d of all(root, 'cac:AdditionalDocumentReference')) {
    const names = all(d, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject').flatMap((b) => attrValue(b, 'filename') ?? [])
    if (names.some((n) => seen.has(n))) return false
    for (const n of names) seen.add(n)
  }
  return true
}

const round2 = (d: Decimal): Decimal => d.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL).div(100)
const amount = (el: XmlElement, p: string): Decimal => decimalOf(all(el, p)[0]) ?? new Decimal(0)
const sumOf = (list: XmlElement[], p: string): Decimal => list.reduce((s, e) => s.plus(amount(e, p)), new Decimal(0))

const NATIONAL: TreePattern = pattern('ubl-xr-pattern', [
  [ctx('/ubl:Invoice | /cn:CreditNote'), [
    ['BR-DE-1', 'f', (el) => has(el, 'cac:PaymentMeans')],
    ['BR-DE-15', 'f', (el) => nonBlank(el, 'cbc:BuyerReference')],
    ['BR-DE-16', 'f', (el) => !needsSellerVatId(el) || has(el, 'cac:TaxRepresentativeParty') || nonBlank(el, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')],
    ['BR-DE-17', 'w', (el) => XR_TYPE_CODES.includes(norm(el, 'cbc:InvoiceTypeCode')) || XR_TYPE_CODES.includes(norm(el, 'cbc:CreditNoteTypeCode'))],
    ['BR-DE-18', 'f', (el) => skontoOk(all(el, 'cac:PaymentTerms').flatMap((t) => all(t, 'cbc:Note').slice(0, 1)))],
    ['BR-DE-21', 'w', ublSpecificationIdOk],
    ['BR-DE-22', 'f', uniqueAttachmentNames],
    ['BR-DE-26', 'w', (el) => !(norm(el, 'cbc:InvoiceTypeCode') === '384' || norm(el, 'cbc:CreditNoteTypeCode') === '384') || has(el, 'cac:BillingReference/cac:InvoiceDocumentReference')],
    ['BR-DE-30', 'f', (el) => !has(el, 'cac:PaymentMeans/cac:PaymentMandate') ||
      [...all(el, 'cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID'), ...all(el, 'cac:PayeeParty/cac:PartyIdentification/cbc:ID')].some((i) => attrValue(i, 'schemeID') === 'SEPA')],
    ['BR-DE-31', 'f', (el) => !has(el, 'cac:PaymentMeans/cac:PaymentMandate') || has(el, 'cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID')],
    ['BR-DE-TMP-32', 'i', (el) => has(el, 'cac:Delivery/cbc:ActualDeliveryDate') || has(el, 'cac:InvoicePeriod') ||
      [...all(el, 'cac:InvoiceLine'), ...all(el, 'cac:CreditNoteLine')].every((l) => has(l, 'cac:InvoicePeriod'))],
  ]],
  [ctx(ROOTS('cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference')), [
    ['BR-TMP-2', 'w', (el) => all(el, 'cbc:URI').some((u) => URL.test(stringValue(u)))],
  ]],
  [ctx(ROOTS('cac:AccountingSupplierParty')), [['BR-DE-2', 'f', (el) => has(el, 'cac:Party/cac:Contact')]]],
  [ctx(ROOTS('cac:AccountingSupplierParty/cac:Party/cac:PostalAddress')), postal('BR-DE-3', 'BR-DE-4')],
  [ctx(ROOTS('cac:AccountingSupplierParty/cac:Party/cac:Contact')), [
    ['BR-DE-5', 'f', (el) => nonBlank(el, 'cbc:Name')],
    ['BR-DE-6', 'f', (el) => nonBlank(el, 'cbc:Telephone')],
    ['BR-DE-7', 'f', (el) => nonBlank(el, 'cbc:ElectronicMail')],
    ['BR-DE-27', 'w', (el) => TELEPHONE.test(norm(el, 'cbc:Telephone'))],
    ['BR-DE-28', 'w', (el) => EMAIL.test(norm(el, 'cbc:ElectronicMail'))],
  ]],
  [ctx(ROOTS('cac:AccountingCustomerParty/cac:Party/cac:PostalAddress')), postal('BR-DE-8', 'BR-DE-9')],
  [ctx(ROOTS('cac:Delivery/cac:DeliveryLocation/cac:Address')), postal('BR-DE-10', 'BR-DE-11')],
  [means(['30', '58']), [
    ['BR-DE-19', 'w', (el) => code(el) !== '58' || ibanOk(all(el, 'cac:PayeeFinancialAccount/cbc:ID').map(stringValue)[0])],
    ['BR-DE-23-a', 'f', (el) => has(el, 'cac:PayeeFinancialAccount')],
    ['BR-DE-23-b', 'f', (el) => !has(el, 'cac:CardAccount') && !has(el, 'cac:PaymentMandate')],
  ]],
  [means(['48', '54', '55']), [
    ['BR-DE-24-a', 'f', (el) => has(el, 'cac:CardAccount')],
    ['BR-DE-24-b', 'f', (el) => !has(el, 'cac:PayeeFinancialAccount') && !has(el, 'cac:PaymentMandate')],
  ]],
  [means(['59']), [
    ['BR-DE-20', 'w', (el) => ibanOk(all(el, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID').map(stringValue)[0])],
    ['BR-DE-25-a', 'f', (el) => has(el, 'cac:PaymentMandate')],
    ['BR-DE-25-b', 'f', (el) => !has(el, 'cac:PayeeFinancialAccount') && !has(el, 'cac:CardAccount')],
  ]],
  [ctx(ROOTS('cac:TaxTotal/cac:TaxSubtotal')), [['BR-DE-14', 'f', (el) => nonBlank(el, 'cac:TaxCategory/cbc:Percent')]]],
])

const ext = (path: string, extra?: (el: XmlElement) => boolean): ElementMatcher => {
  return refine(ctx(path), (el) => isExtension(el) && (extra?.(el) ?? true))
}
const withScheme = (path: string): ElementMatcher => ext(path, (el) => attrValue(el, 'schemeID') !== undefined)
const inIcd = schemeIn('icd')
const hasAncestor = (el: XmlElement, local: string): boolean => {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p.local === local) return true
  return false
}
export const hasSubLines = (l: XmlElement): boolean => has(l, 'cac:SubInvoiceLine')
/**
 * `xs:decimal(cbc:LineExtensionAmount) = sum(cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))`:
 * a line without an amount sums nothing (the empty sequence equals no value); a line without
 * sub-lines sums them when its amount is 0.
 */
export const sumsItsSubLines = (l: XmlElement): boolean => {
  const own = decimalOf(all(l, 'cbc:LineExtensionAmount')[0])
  return own !== undefined && own.eq(sumOf(all(l, 'cac:SubInvoiceLine'), 'cbc:LineExtensionAmount'))
}
/** BR-DEX-02, as every version has its first half: each invoice line with sub-lines has their sum as its amount. */
export const invoiceLinesSumSubLines = (root: XmlElement): boolean => all(root, 'cac:InvoiceLine').filter(hasSubLines).every(sumsItsSubLines)

const EXTENSION: TreePattern = pattern('ubl-extension-pattern', [
  [ext('cbc:EmbeddedDocumentBinaryObject'), [['BR-DEX-01', 'f', (el) => XR_EXT_MIME_CODES.includes(attrValue(el, 'mimeCode') ?? '')]]],
  [ext('/ubl:Invoice'), [
    ['BR-DEX-02', 'w', (el) => invoiceLinesSumSubLines(el) && all(el, '//cac:SubInvoiceLine').filter(hasSubLines).every(sumsItsSubLines)],
    ['BR-DEX-03', 'f', (el) => !all(el, '//cac:SubInvoiceLine').some((s) => all(s, 'cac:Item').some((i) => all(i, 'cac:ClassifiedTaxCategory').length !== 1))],
  ]],
  [ext('cac:LegalMonetaryTotal'), [
    ['BR-DEX-09', 'f', (el) => {
      const paid = el.parent === undefined ? [] : all(el.parent, 'cac:PrepaidPayment')
      const third = paid.some((p) => nonBlank(p, 'cbc:PaidAmount')) ? sumOf(paid, 'cbc:PaidAmount') : new Decimal(0)
      const due = round2(amount(el, 'cbc:PayableAmount').minus(amount(el, 'cbc:PayableRoundingAmount')))
      return due.eq(round2(amount(el, 'cbc:TaxInclusiveAmount').minus(amount(el, 'cbc:PrepaidAmount')).plus(third)))
    }],
  ]],
  [withScheme('cac:PartyIdentification/cbc:ID'), [
    ['BR-DEX-04', 'f', (el) => inIcd(el) || (inList(new Set(['SEPA']), attrValue(el, 'schemeID')) && (hasAncestor(el, 'AccountingSupplierParty') || hasAncestor(el, 'PayeeParty')))],
  ]],
  [withScheme('cac:PartyLegalEntity/cbc:CompanyID'), [['BR-DEX-05', 'f', inIcd]]],
  [withScheme('cac:StandardItemIdentification/cbc:ID'), [['BR-DEX-06', 'f', inIcd]]],
  [withScheme('cbc:EndpointID'), [['BR-DEX-07', 'f', schemeIn('eas')]]],
  [withScheme('cac:DeliveryLocation/cbc:ID'), [['BR-DEX-08', 'f', inIcd]]],
  [ext('/ubl:Invoice/cac:PrepaidPayment'), [
    ['BR-DEX-10', 'f', (el) => nonBlank(el, 'cbc:ID')],
    ['BR-DEX-11', 'f', (el) => nonBlank(el, 'cbc:PaidAmount')],
    ['BR-DEX-12', 'f', (el) => nonBlank(el, 'cbc:InstructionID')],
    ['BR-DEX-13', 'f', (el) => decimalsWritten(all(el, 'cbc:PaidAmount').map(stringValue)[0] ?? '') <= 2],
    ['BR-DEX-14', 'f', (el) => el.parent !== undefined && all(el, 'cbc:PaidAmount').some((a) => all(el.parent as XmlElement, 'cbc:DocumentCurrencyCode').some((c) => stringValue(c) === attrValue(a, 'currencyID')))],
  ]],
])

const cvd = (path: string, extra?: (el: XmlElement) => boolean): ElementMatcher => {
  return refine(ctx(path), (el) => isCvd(el) && (extra?.(el) ?? true))
}
const cvdCodes = (item: XmlElement): XmlElement[] => all(item, 'cac:CommodityClassification/cbc:ItemClassificationCode').filter((c) => attrValue(c, 'listID') === 'CVD')
const cva = (item: XmlElement): XmlElement[] => all(item, 'cac:AdditionalItemProperty').filter((p) => anyEquals(p, 'cbc:Name', ['cva']))
const ITEM = '/ubl:Invoice/cac:InvoiceLine/cac:Item | /cn:CreditNote/cac:CreditNoteLine/cac:Item'

const CVD: TreePattern = pattern('ubl-cvd-pattern', [
  [cvd('/ubl:Invoice | /cn:CreditNote'), [
    ['BR-DE-CVD-02', 'f', (el) => nonBlank(el, 'cac:OriginatorDocumentReference/cbc:ID')],
    ['BR-DE-CVD-01', 'f', (el) => nonBlank(el, 'cac:ContractDocumentReference/cbc:ID')],
    ['BR-DE-CVD-03', 'f', (el) => [...all(el, 'cac:InvoiceLine/cac:Item'), ...all(el, 'cac:CreditNoteLine/cac:Item')].some((i) => cvdCodes(i).length > 0 && cva(i).length > 0)],
  ]],
  [cvd(ITEM), [
    ['BR-DE-CVD-06-a', 'f', (el) => cvdCodes(el).length === 0 || cva(el).length === 1],
    ['BR-DE-CVD-06-b', 'f', (el) => cva(el).length === 0 || cvdCodes(el).length === 1],
  ]],
  [cvd(ITEM.split(' | ').map((p) => `${p}/cac:CommodityClassification/cbc:ItemClassificationCode`).join(' | ')), [
    ['BR-TMP-CVD-01', 'f', (el) => inList(XR_7143_CVD_LIST.codes, attrValue(el, 'listID'), XR_7143_CVD_LIST.blankFound)],
    ['BR-DE-CVD-04', 'f', (el) => normalizeSpace(attrValue(el, 'listID') ?? '') !== 'CVD' || CVD_VEHICLE_CATEGORIES.includes(normalizeSpace(stringValue(el)))],
  ]],
  [cvd(ITEM.split(' | ').map((p) => `${p}/cac:AdditionalItemProperty`).join(' | '), (el) => anyEquals(el, 'cbc:Name', ['cva'])), [
    ['BR-DE-CVD-05', 'f', (el) => CVA_CODES.includes(norm(el, 'cbc:Value'))],
  ]],
])

/** The national, extension and CVD patterns in the order KoSIT runs them. */
export const XR_UBL_NATIONAL_PATTERNS: readonly TreePattern[] = [NATIONAL, EXTENSION, CVD]
