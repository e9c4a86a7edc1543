/**
 * Per-document facts and context helpers the XRechnung CII rules share (invoice and tax currency,
 * the guideline id that selects the extension and CVD rules, direct-debit data BT-89/90/91).
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { compileContext, matcherOf, RULE_NAMESPACES, attrValue, refine, stringValue } from '../syntax/paths.js'
import { xsDouble } from '../schematron/values.js'
import type { ElementMatcher } from '../types.js'
import { all, has, isXrCvd, isXrExtension, norm, perDocument } from './common.js'

export const RAM = RULE_NAMESPACES.ram ?? ''
export const ctx = compileContext
export const HS = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement'
export const HA = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement'
export const ROOT_HS = `/rsm:CrossIndustryInvoice/${HS}`

export type Doc = { currency: string[]; taxCurrency: string[]; slack: string; bt89: boolean; bt90: boolean; bt91: boolean }
export const doc = perDocument((root): Doc => {
  const currency = all(root, `${HS}/ram:InvoiceCurrencyCode`).map(stringValue)
  return {
    currency,
    taxCurrency: all(root, `${HS}/ram:TaxCurrencyCode`).map(stringValue),
    // PEPPOL-EN16931-R040: rounding slack, wider for the forint.
    slack: currency.includes('HUF') ? '0.5' : '0.02',
    bt89: has(root, `${HS}/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`),
    bt90: has(root, `${HS}/ram:CreditorReferenceID`),
    bt91: has(root, `${HS}/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID`),
  }
})
export const isExtension = isXrExtension
export const isCvd = isXrCvd

export const taxTotals = (el: XmlElement): XmlElement[] => all(el, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount')
export const inCurrency = (el: XmlElement, codes: readonly string[]): XmlElement[] => taxTotals(el).filter((t) => codes.includes(attrValue(t, 'currencyID') ?? '\u0000'))
export const signs = (list: XmlElement[], test: (n: number) => boolean): boolean => list.some((e) => test(xsDouble(stringValue(e))))
export const indicator = (el: XmlElement): string => norm(el, 'ram:ChargeIndicator/udt:Indicator')
export const typeCode = (el: XmlElement): string => norm(el, 'ram:TypeCode')
export const hasAncestor = (el: XmlElement, local: string): boolean => {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p.local === local && p.ns === RAM) return true
  return false
}
export const withScheme = (local: string, extra: (el: XmlElement) => boolean): ElementMatcher =>
  matcherOf([local], (el) => el.ns === RAM && el.local === local && attrValue(el, 'schemeID') !== undefined && isExtension(el) && extra(el))
/** BT-89 or BT-90 anywhere in the header settlement, or this payment means' debtor IBAN (BT-91). */
export const directDebitData = (pm: XmlElement): boolean => doc(pm).bt89 || doc(pm).bt90 || has(pm, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID')
const HEADER_PAYMENT_MEANS = ctx(`${ROOT_HS}/ram:SpecifiedTradeSettlementPaymentMeans`)
/** The header payment means whose normalised type code (BT-81) is one of `codes`. */
export const paymentMeans = (codes: readonly string[]): ElementMatcher =>
  refine(HEADER_PAYMENT_MEANS, (el) => codes.includes(typeCode(el)))

