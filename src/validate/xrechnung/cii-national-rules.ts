/**
 * The German national rules of XRechnung 3.0 for CII (BR-DE-*, BR-TMP-*), the extension rules
 * (BR-DEX-*, only under the extension identifier) and the CVD rules (BR-DE-CVD-*), with KoSIT's
 * flags: most fatal, BR-DE-17/19/20/21/26/27/28 and BR-TMP-2 warnings, BR-DE-TMP-32 information.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { matcherOf, attrValue, normalizeSpace, refine, stringValue } from '../syntax/paths.js'
import type { ElementMatcher, TreePattern } from '../types.js'
import { CVA_CODES, CVD_VEHICLE_CATEGORIES, XR_7143_CVD_LIST } from './code-lists.js'
import {
  EMAIL, TELEPHONE, URL, VAT_CATEGORIES_NEEDING_ID, XR_EXT_MIME_CODES, XR_TYPE_CODES,
  all, identifiers, anyEquals, has, ibanOk, inList, nonBlank, norm, pattern, schemeIn, skontoOk,
} from './common.js'
import { HA, HS, RAM, ctx, directDebitData, doc, hasAncestor, isCvd, isExtension, paymentMeans, withScheme } from './cii-doc.js'

const SELLER = `/rsm:CrossIndustryInvoice/${HA}/ram:SellerTradeParty`
const LINE_TAX = 'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax'
const AC_TAX = `${HS}/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax`
const postal = (bt: [city: string, zip: string]): readonly (readonly [string, 'f', (el: XmlElement) => boolean])[] => [
  [bt[0], 'f', (el) => nonBlank(el, 'ram:CityName')],
  [bt[1], 'f', (el) => nonBlank(el, 'ram:PostcodeCode')],
]

/** BR-DE-16: VAT categories that need BT-31/BT-32 or a tax representative, as KoSIT tests them. */
export function needsSellerVatId(el: XmlElement): boolean {
  const lineVat = anyEquals(el, `${LINE_TAX}/ram:TypeCode`, ['VAT']) && anyEquals(el, `${LINE_TAX}/ram:CategoryCode`, VAT_CATEGORIES_NEEDING_ID)
  // KoSIT compares the whole CategoryTradeTax string value with 'VAT' here, which only holds for
  // an element whose entire text is VAT; kept as the reference evaluates it.
  const acVat = anyEquals(el, AC_TAX, ['VAT']) && anyEquals(el, `${AC_TAX}/ram:CategoryCode`, VAT_CATEGORIES_NEEDING_ID)
  return lineVat || acVat
}

function hasSellerVatId(el: XmlElement): boolean {
  const ids = all(el, `${HA}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`)
  const vat = ids.some((i) => ['VA', 'FC'].includes(normalizeSpace(attrValue(i, 'schemeID') ?? '')) && normalizeSpace(stringValue(i)) !== '')
  return vat || has(el, `${HA}/ram:SellerTaxRepresentativeTradeParty`)
}

/** BR-DE-22: no two attachments of one parent share a file name (preceding siblings, as KoSIT counts). */
function uniqueAttachmentNames(el: XmlElement): boolean {
  for (const ard of all(el, '//ram:AdditionalReferencedDocument')) {
    const name = all(ard, 'ram:AttachmentBinaryObject').flatMap((b) => attrValue(b, 'filename') ?? [])
    if (name.length === 0 || ard.parent === undefined) continue
    const siblings = ard.parent.children
    const before = siblings.slice(0, siblings.indexOf(ard)).filter((s) => s.local === 'AdditionalReferencedDocument' && s.ns === RAM)
    if (before.some((b) => all(b, 'ram:AttachmentBinaryObject').some((o) => name.includes(attrValue(o, 'filename') ?? '\u0000')))) return false
  }
  return true
}

const CII: TreePattern = pattern('cii-pattern', [
  [ctx('/rsm:CrossIndustryInvoice'), [
    ['BR-DE-30', 'f', (el) => { const d = doc(el); return !(d.bt89 || d.bt90 || d.bt91) || ((d.bt89 || d.bt91) && d.bt90) }],
    ['BR-DE-31', 'f', (el) => { const d = doc(el); return !(d.bt89 || d.bt90 || d.bt91) || ((d.bt89 || d.bt90) && d.bt91) }],
    ['BR-DE-1', 'f', (el) => has(el, `${HS}/ram:SpecifiedTradeSettlementPaymentMeans`)],
    ['BR-DE-15', 'f', (el) => nonBlank(el, `${HA}/ram:BuyerReference`)],
    ['BR-DE-16', 'f', (el) => !needsSellerVatId(el) || hasSellerVatId(el)],
    ['BR-DE-17', 'w', (el) => XR_TYPE_CODES.includes(norm(el, 'rsm:ExchangedDocument/ram:TypeCode'))],
    ['BR-DE-18', 'f', (el) => skontoOk(all(el, `${HS}/ram:SpecifiedTradePaymentTerms`).flatMap((t) => all(t, 'ram:Description').slice(0, 1)))],
    ['BR-DE-22', 'f', uniqueAttachmentNames],
    ['BR-DE-26', 'w', (el) => norm(el, 'rsm:ExchangedDocument/ram:TypeCode') !== '384' || has(el, `${HS}/ram:InvoiceReferencedDocument`)],
  ]],
  [ctx('/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext'), [
    ['BR-DE-21', 'w', (el) => anyEquals(el, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID', identifiers(el).accepted)],
  ]],
  [ctx(SELLER), [['BR-DE-2', 'f', (el) => has(el, 'ram:DefinedTradeContact')]]],
  [ctx(`${SELLER}/ram:PostalTradeAddress`), postal(['BR-DE-3', 'BR-DE-4'])],
  [ctx(`${SELLER}/ram:DefinedTradeContact`), [
    ['BR-DE-5', 'f', (el) => nonBlank(el, 'ram:PersonName') || nonBlank(el, 'ram:DepartmentName')],
    ['BR-DE-6', 'f', (el) => nonBlank(el, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber')],
    ['BR-DE-7', 'f', (el) => nonBlank(el, 'ram:EmailURIUniversalCommunication/ram:URIID')],
    ['BR-DE-27', 'w', (el) => TELEPHONE.test(norm(el, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber'))],
    ['BR-DE-28', 'w', (el) => EMAIL.test(norm(el, 'ram:EmailURIUniversalCommunication/ram:URIID'))],
  ]],
  [ctx(`/rsm:CrossIndustryInvoice/${HA}/ram:BuyerTradeParty/ram:PostalTradeAddress`), postal(['BR-DE-8', 'BR-DE-9'])],
  [refine(ctx(`/rsm:CrossIndustryInvoice/${HA}/ram:AdditionalReferencedDocument`), (el) => anyEquals(el, 'ram:TypeCode', ['916'])), [
    ['BR-TMP-2', 'w', (el) => { const u = all(el, 'ram:URIID'); return u.length === 0 || u.some((x) => URL.test(stringValue(x))) }],
  ]],
  [ctx('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress'), postal(['BR-DE-10', 'BR-DE-11'])],
  [paymentMeans(['30', '58']), [
    ['BR-DE-19', 'w', (el) => norm(el, 'ram:TypeCode') !== '58' || ibanOk(all(el, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID').map(stringValue)[0])],
    ['BR-DE-23-a', 'f', (el) => has(el, 'ram:PayeePartyCreditorFinancialAccount')],
    ['BR-DE-23-b', 'f', (el) => !has(el, 'ram:ApplicableTradeSettlementFinancialCard') && !directDebitData(el)],
  ]],
  [paymentMeans(['48', '54', '55']), [
    ['BR-DE-24-a', 'f', (el) => has(el, 'ram:ApplicableTradeSettlementFinancialCard')],
    ['BR-DE-24-b', 'f', (el) => !has(el, 'ram:PayeePartyCreditorFinancialAccount') && !directDebitData(el)],
  ]],
  [paymentMeans(['59']), [
    ['BR-DE-20', 'w', (el) => ibanOk(all(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID').map(stringValue)[0])],
    ['BR-DE-25-a', 'f', directDebitData],
    ['BR-DE-25-b', 'f', (el) => !has(el, 'ram:PayeePartyCreditorFinancialAccount') && !has(el, 'ram:ApplicableTradeSettlementFinancialCard')],
  ]],
  [ctx(`/rsm:CrossIndustryInvoice/${HS}/ram:ApplicableTradeTax`), [['BR-DE-14', 'f', (el) => nonBlank(el, 'ram:RateApplicablePercent')]]],
  [ctx('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction'), [
    ['BR-DE-TMP-32', 'i', (el) =>
      has(el, 'ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime') ||
      has(el, 'ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod') ||
      all(el, 'ram:IncludedSupplyChainTradeLineItem').every((l) => has(l, 'ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod'))],
  ]],
  [ctx('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement'), [
    ['BR-TMP-3', 'f', (el) => {
      const net = all(el, 'ram:NetPriceProductTradePrice/ram:BasisQuantity')
      const gross = all(el, 'ram:GrossPriceProductTradePrice/ram:BasisQuantity')
      if (net.length === 0 || gross.length === 0) return true
      const same = (f: (e: XmlElement) => string | undefined): boolean => net.some((n) => gross.some((g) => f(n) !== undefined && f(n) === f(g)))
      return same(stringValue) && same((e) => attrValue(e, 'unitCode'))
    }],
  ]],
])

const EXTENSION: TreePattern = pattern('cii-extension-pattern', [
  [refine(ctx('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument'), isExtension), [
    ['BR-DEX-15', 'w', (el) => !has(el, '//ram:ParentLineID')],
  ]],
  [withScheme('GlobalID', (el) => !hasAncestor(el, 'SpecifiedTradeProduct') && !hasAncestor(el, 'ShipToTradeParty')), [['BR-DEX-04', 'f', schemeIn('icd')]]],
  [withScheme('ID', (el) => !hasAncestor(el, 'SpecifiedTaxRegistration')), [['BR-DEX-05', 'f', schemeIn('icd')]]],
  [withScheme('GlobalID', (el) => el.parent?.local === 'SpecifiedTradeProduct'), [['BR-DEX-06', 'f', schemeIn('icd')]]],
  [withScheme('URIID', (el) => el.parent?.local === 'URIUniversalCommunication'), [['BR-DEX-07', 'f', schemeIn('eas')]]],
  [withScheme('GlobalID', (el) => el.parent?.local === 'ShipToTradeParty' && el.parent.parent?.local === 'ApplicableHeaderTradeDelivery'), [['BR-DEX-08', 'f', schemeIn('icd')]]],
  [matcherOf(['AttachmentBinaryObject'], (el) => el.ns === RAM && isExtension(el)), [
    ['BR-DEX-01', 'f', (el) => XR_EXT_MIME_CODES.includes(attrValue(el, 'mimeCode') ?? '')],
  ]],
])

const PRODUCT = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct'
const cvd = (path: string, extra?: (el: XmlElement) => boolean): ElementMatcher => {
  return refine(ctx(path), (el) => isCvd(el) && (extra?.(el) ?? true))
}
const isCva = (el: XmlElement): boolean => anyEquals(el, 'ram:Description', ['cva'])

const CVD: TreePattern = pattern('cii-cvd-pattern', [
  [cvd('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction'), [
    ['BR-DE-CVD-03', 'f', (el) => all(el, 'ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct').some((p) =>
      all(p, 'ram:DesignatedProductClassification/ram:ClassCode').some((c) => attrValue(c, 'listID') === 'CVD') && all(p, 'ram:ApplicableProductCharacteristic').some(isCva))],
  ]],
  [cvd(PRODUCT), [
    ['BR-DE-CVD-06-b', 'f', (el) => !all(el, 'ram:ApplicableProductCharacteristic').some(isCva) || all(el, 'ram:DesignatedProductClassification/ram:ClassCode').filter((c) => attrValue(c, 'listID') === 'CVD').length === 1],
    ['BR-DE-CVD-06-a', 'f', (el) => !all(el, 'ram:DesignatedProductClassification/ram:ClassCode').some((c) => attrValue(c, 'listID') === 'CVD') || all(el, 'ram:ApplicableProductCharacteristic').filter(isCva).length === 1],
  ]],
  [cvd(`${PRODUCT}/ram:DesignatedProductClassification/ram:ClassCode`), [
    ['BR-TMP-CVD-01', 'f', (el) => inList(XR_7143_CVD_LIST.codes, attrValue(el, 'listID'), XR_7143_CVD_LIST.blankFound)],
    ['BR-DE-CVD-04', 'f', (el) => normalizeSpace(attrValue(el, 'listID') ?? '') !== 'CVD' || CVD_VEHICLE_CATEGORIES.includes(normalizeSpace(stringValue(el)))],
  ]],
  [cvd(`${PRODUCT}/ram:ApplicableProductCharacteristic`, isCva), [['BR-DE-CVD-05', 'f', (el) => CVA_CODES.includes(norm(el, 'ram:Value'))]]],
  [cvd(`/rsm:CrossIndustryInvoice/${HA}`), [
    ['BR-DE-CVD-01', 'f', (el) => nonBlank(el, 'ram:ContractReferencedDocument/ram:IssuerAssignedID')],
    ['BR-DE-CVD-02', 'f', (el) => all(el, 'ram:AdditionalReferencedDocument').some((d) => norm(d, 'ram:TypeCode') === '50' && norm(d, 'ram:IssuerAssignedID') !== '')],
  ]],
])

/** The national, extension and CVD patterns in the order KoSIT runs them. */
export const XR_CII_NATIONAL_PATTERNS: readonly TreePattern[] = [CII, EXTENSION, CVD]
