/**
 * The Peppol rules KoSIT merged into its XRechnung 3.0 CII schematron (all fatal there): the
 * allowance/charge, currency, payment-mandate, period and price rules, the empty-element rule
 * (PEPPOL-EN16931-R008) and the gross-price rules, each as its own schematron pattern.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { compareCodePoints } from '../../xml/xml-chars.js'
import { matcherOf, attrValue, refine, stringValue } from '../syntax/paths.js'
import type { ElementMatcher, TreePattern } from '../types.js'
import { all, anyEquals, has, norm, pattern } from './common.js'
import { decimalOf, isBlankLeaf } from '../syntax/tree-helpers.js'
import { slack } from './arithmetic.js'
import { RAM, ctx, doc, inCurrency, indicator, signs, taxTotals, typeCode } from './cii-doc.js'

const PEPPOL: TreePattern = pattern('peppol-cii-pattern-1', [
  [ctx('rsm:ExchangedDocumentContext'), [['PEPPOL-EN16931-R001', 'f', (el) => has(el, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID')]]],
  [ctx('ram:ApplicableHeaderTradeSettlement'), [
    ['PEPPOL-EN16931-R005', 'f', (el) => !has(el, 'ram:TaxCurrencyCode') || norm(el, 'ram:TaxCurrencyCode') !== norm(el, 'ram:InvoiceCurrencyCode')],
    ['PEPPOL-EN16931-R053', 'f', (el) => inCurrency(el, doc(el).currency).length <= 1],
    ['PEPPOL-EN16931-R054', 'f', (el) => taxTotals(el).filter((t) => { const c = attrValue(t, 'currencyID'); return c !== undefined && doc(el).currency.some((d) => d !== c) }).length === (has(el, 'ram:TaxCurrencyCode') ? 1 : 0)],
    ['PEPPOL-EN16931-R055', 'f', (el) => {
      const own = inCurrency(el, doc(el).currency)
      const tax = inCurrency(el, doc(el).taxCurrency)
      if (!(doc(el).taxCurrency.length > 0 && own.length > 0)) return true
      return (signs(tax, (n) => n < 0) && signs(own, (n) => n < 0)) || (signs(tax, (n) => n >= 0) && signs(own, (n) => n >= 0))
    }],
  ]],
  [ctx('ram:BuyerTradeParty'), [['PEPPOL-EN16931-R010', 'f', (el) => has(el, 'ram:URIUniversalCommunication/ram:URIID')]]],
  [ctx('ram:SellerTradeParty'), [['PEPPOL-EN16931-R020', 'f', (el) => has(el, 'ram:URIUniversalCommunication/ram:URIID')]]],
  [matcherOf(['SpecifiedTradeAllowanceCharge'], (el) => el.ns === RAM && has(el, 'ram:CalculationPercent') && !has(el, 'ram:BasisAmount')), [['PEPPOL-EN16931-R041', 'f', () => false]]],
  [matcherOf(['SpecifiedTradeAllowanceCharge'], (el) => el.ns === RAM && !has(el, 'ram:CalculationPercent') && has(el, 'ram:BasisAmount')), [['PEPPOL-EN16931-R042', 'f', () => false]]],
  [ctx('ram:SpecifiedTradeAllowanceCharge'), [
    ['PEPPOL-EN16931-R040', 'f', (el) => {
      const basis = decimalOf(all(el, 'ram:BasisAmount')[0])
      const percent = decimalOf(all(el, 'ram:CalculationPercent')[0])
      if (!has(el, 'ram:CalculationPercent') || !has(el, 'ram:BasisAmount')) return true
      if (basis === undefined || percent === undefined) return false
      return slack(decimalOf(all(el, 'ram:ActualAmount')[0]), basis.times(percent).div(100), doc(el).slack)
    }],
    ['PEPPOL-EN16931-R043-1', 'f', (el) => ['true', 'false'].includes(indicator(el))],
  ]],
  [ctx('ram:AppliedTradeAllowanceCharge'), [['PEPPOL-EN16931-R043-2', 'f', (el) => ['true', 'false'].includes(indicator(el))]]],
  [matcherOf(['SpecifiedTradeSettlementPaymentMeans'], (el) => el.ns === RAM && ['49', '59'].includes(typeCode(el))), [
    ['PEPPOL-EN16931-R061', 'f', (el) => el.parent !== undefined && has(el.parent, 'ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID')],
  ]],
  [lineVsHeader('StartDateTime'), [['PEPPOL-EN16931-R110', 'f', (el) => periodCompare(el, 'StartDateTime', (a, b) => compareCodePoints(a, b) >= 0)]]],
  [lineVsHeader('EndDateTime'), [['PEPPOL-EN16931-R111', 'f', (el) => periodCompare(el, 'EndDateTime', (a, b) => compareCodePoints(a, b) <= 0)]]],
  [ctx('ram:IncludedSupplyChainTradeLineItem'), [
    ['PEPPOL-EN16931-R101', 'f', (el) => !has(el, 'ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument') || anyEquals(el, 'ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument/ram:TypeCode', ['130'])],
  ]],
  [ctx('ram:NetPriceProductTradePrice | ram:GrossPriceProductTradePrice'), [
    ['PEPPOL-EN16931-R121', 'f', (el) => { const q = all(el, 'ram:BasisQuantity')[0]; return q === undefined || (decimalOf(q)?.gt(0) ?? false) }],
  ]],
  [matcherOf(['BasisQuantity'], (el) => el.ns === RAM && attrValue(el, 'unitCode') !== undefined && ['NetPriceProductTradePrice', 'GrossPriceProductTradePrice'].includes(el.parent?.local ?? '')), [
    ['PEPPOL-EN16931-R130', 'f', (el) => {
      const line = el.parent?.parent?.parent
      return line !== undefined && all(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity').some((b) => attrValue(b, 'unitCode') === attrValue(el, 'unitCode'))
    }],
  ]],
])

function lineVsHeader(local: string): ElementMatcher {
  const c = ctx(`rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/ram:${local}`)
  const header = `ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:${local}`
  return refine(c, (el) => has(el.parent?.parent?.parent?.parent as XmlElement, header))
}

/** Untyped XPath comparison of the line date string with the header's (string order: code points). */
function periodCompare(el: XmlElement, local: string, ok: (line: string, header: string) => boolean): boolean {
  const tx = el.parent?.parent?.parent?.parent
  if (tx === undefined) return true
  const header = all(tx, `ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:${local}/udt:DateTimeString`).map(stringValue)
  return all(el, 'udt:DateTimeString').map(stringValue).some((l) => header.some((h) => ok(l, h)))
}

const EMPTY: TreePattern = pattern('peppol-cii-pattern-0-a', [
  [matcherOf(undefined, (el) => isBlankLeaf(el) && el.qname !== 'ram:ApplicableHeaderTradeDelivery'), [['PEPPOL-EN16931-R008', 'f', () => false]]],
])

const GROSS: TreePattern = pattern('peppol-cii-pattern-0-b', [
  [ctx('rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice'), [
    ['PEPPOL-EN16931-R044', 'f', (el) => !has(el, 'ram:AppliedTradeAllowanceCharge/ram:ActualAmount') || anyEquals(el, 'ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator/udt:Indicator', ['false'])],
    ['PEPPOL-EN16931-R046', 'f', (el) => {
      if (!has(el, 'ram:ChargeAmount')) return true
      const net = decimalOf(el.parent === undefined ? undefined : all(el.parent, 'ram:NetPriceProductTradePrice/ram:ChargeAmount')[0])
      const gross = decimalOf(all(el, 'ram:ChargeAmount')[0])
      const allowance = all(el, 'ram:AppliedTradeAllowanceCharge/ram:ActualAmount')[0]
      const discount = allowance === undefined ? undefined : decimalOf(allowance)
      return net !== undefined && gross !== undefined && net.eq(gross.minus(discount ?? 0))
    }],
  ]],
])

/** The Peppol patterns in the order KoSIT runs them. */
export const XR_CII_PEPPOL_PATTERNS: readonly TreePattern[] = [PEPPOL, EMPTY, GROSS]
