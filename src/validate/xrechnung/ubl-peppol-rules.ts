/**
 * The Peppol rules KoSIT merged into its XRechnung 3.0 UBL schematron (all fatal there), and the
 * empty-element rule PEPPOL-EN16931-R008, for UBL Invoice and CreditNote.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { Decimal } from '../../model/decimal.js'
import { compileContext as ctx, matcherOf, attrValue, normalizeSpace, refine, stringValue } from '../syntax/paths.js'
import { xpathDivide, xsDateMs, xsDouble } from '../schematron/values.js'
import type { ElementMatcher, TreePattern } from '../types.js'
import { all, anyEquals, has, norm, pattern, perDocument } from './common.js'
import { decimalOf, isBlankLeaf, rootOf } from '../syntax/tree-helpers.js'
import { slack } from './arithmetic.js'

const slackOf = perDocument((root) => (all(root, 'cbc:DocumentCurrencyCode').some((c) => stringValue(c) === 'HUF') ? '0.5' : '0.02'))
const isInvoice = (el: XmlElement): boolean => rootOf(el).local === 'Invoice'
const charge = (el: XmlElement): string => norm(el, 'cbc:ChargeIndicator')
const DOC_AND_LINE_AC = ctx('ubl:Invoice/cac:AllowanceCharge | ubl:Invoice/cac:InvoiceLine/cac:AllowanceCharge | cn:CreditNote/cac:AllowanceCharge | cn:CreditNote/cac:CreditNoteLine/cac:AllowanceCharge')
const acWhere = (test: (el: XmlElement) => boolean): ElementMatcher => refine(DOC_AND_LINE_AC, test)

/** Tax amounts in the currency named by the root's `child` (R055), compared with 0 as numbers. */
function taxAmountsIn(root: XmlElement, child: string): number[] {
  const code = norm(root, child)
  return all(root, 'cac:TaxTotal/cbc:TaxAmount').filter((a) => attrValue(a, 'currencyID') === code).map((a) => xsDouble(stringValue(a)))
}

/** Sum of the line's allowance or charge amounts, rounded to 2 decimals as KoSIT does (half up). */
function lineAcTotal(line: XmlElement, indicator: 'true' | 'false'): Decimal {
  const acs = all(line, 'cac:AllowanceCharge').filter((a) => charge(a) === indicator)
  if (acs.length === 0) return new Decimal(0)
  const total = acs.flatMap((a) => all(a, 'cbc:Amount')).reduce((s, a) => s.plus(decimalOf(a) ?? 0), new Decimal(0))
  return total.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL).div(100)
}

/**
 * PEPPOL-EN16931-R120: line net amount = quantity × (price ÷ base quantity) + charges − allowances,
 * the division as Saxon divides xs:decimals (18 or more places, half down).
 */
function lineAmountOk(line: XmlElement): boolean {
  const get = (p: string): Decimal | undefined => decimalOf(all(line, p)[0])
  const lineAmount = get('cbc:LineExtensionAmount') ?? new Decimal(0)
  const quantity = get(isInvoice(line) ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity') ?? new Decimal(1)
  const price = get('cac:Price/cbc:PriceAmount') ?? new Decimal(0)
  const base = get('cac:Price/cbc:BaseQuantity')
  const divisor = base === undefined || base.isZero() ? new Decimal(1) : base
  const expected = quantity.times(xpathDivide(price, divisor)).plus(lineAcTotal(line, 'true')).minus(lineAcTotal(line, 'false'))
  return slack(lineAmount, expected, slackOf(line))
}

const PEPPOL: TreePattern = pattern('ubl-pattern', [
  [ctx('cn:CreditNote | ubl:Invoice'), [
    ['PEPPOL-EN16931-R001', 'f', (el) => has(el, 'cbc:ProfileID')],
    ['PEPPOL-EN16931-R053', 'f', (el) => all(el, 'cac:TaxTotal').filter((t) => has(t, 'cac:TaxSubtotal')).length === 1],
    ['PEPPOL-EN16931-R054', 'f', (el) => all(el, 'cac:TaxTotal').filter((t) => !has(t, 'cac:TaxSubtotal')).length === (has(el, 'cbc:TaxCurrencyCode') ? 1 : 0)],
    ['PEPPOL-EN16931-R055', 'f', (el) => {
      if (!has(el, 'cbc:TaxCurrencyCode')) return true
      const tax = taxAmountsIn(el, 'cbc:TaxCurrencyCode')
      const own = taxAmountsIn(el, 'cbc:DocumentCurrencyCode')
      return (tax.some((n) => n <= 0) && own.some((n) => n <= 0)) || (tax.some((n) => n >= 0) && own.some((n) => n >= 0))
    }],
  ]],
  [ctx('cbc:TaxCurrencyCode'), [
    ['PEPPOL-EN16931-R005', 'f', (el) => el.parent === undefined || normalizeSpace(el.text) !== norm(el.parent, 'cbc:DocumentCurrencyCode')],
  ]],
  [ctx('cac:AccountingCustomerParty/cac:Party'), [['PEPPOL-EN16931-R010', 'f', (el) => has(el, 'cbc:EndpointID')]]],
  [ctx('cac:AccountingSupplierParty/cac:Party'), [['PEPPOL-EN16931-R020', 'f', (el) => has(el, 'cbc:EndpointID')]]],
  [acWhere((el) => has(el, 'cbc:MultiplierFactorNumeric') && !has(el, 'cbc:BaseAmount')), [['PEPPOL-EN16931-R041', 'f', () => false]]],
  [acWhere((el) => !has(el, 'cbc:MultiplierFactorNumeric') && has(el, 'cbc:BaseAmount')), [['PEPPOL-EN16931-R042', 'f', () => false]]],
  [acWhere(() => true), [
    ['PEPPOL-EN16931-R040', 'f', (el) => {
      if (!has(el, 'cbc:MultiplierFactorNumeric') || !has(el, 'cbc:BaseAmount')) return true
      const base = decimalOf(all(el, 'cbc:BaseAmount')[0])
      const factor = decimalOf(all(el, 'cbc:MultiplierFactorNumeric')[0])
      return base !== undefined && factor !== undefined && slack(decimalOf(all(el, 'cbc:Amount')[0]), base.times(factor).div(100), slackOf(el))
    }],
    ['PEPPOL-EN16931-R043', 'f', (el) => ['true', 'false'].includes(charge(el))],
  ]],
  [matcherOf(['PaymentMeans'], (el) => ['49', '59'].includes(norm(el, 'cbc:PaymentMeansCode'))), [['PEPPOL-EN16931-R061', 'f', (el) => has(el, 'cac:PaymentMandate/cbc:ID')]]],
  [linePeriod('StartDate'), [['PEPPOL-EN16931-R110', 'f', (el) => periodOk(el, 'StartDate', (l, h) => l >= h)]]],
  [linePeriod('EndDate'), [['PEPPOL-EN16931-R111', 'f', (el) => periodOk(el, 'EndDate', (l, h) => l <= h)]]],
  [ctx('cac:InvoiceLine | cac:CreditNoteLine'), [
    ['PEPPOL-EN16931-R120', 'f', lineAmountOk],
    ['PEPPOL-EN16931-R121', 'f', (el) => { const b = all(el, 'cac:Price/cbc:BaseQuantity')[0]; return b === undefined || (decimalOf(b)?.gt(0) ?? false) }],
    ['PEPPOL-EN16931-R101', 'f', (el) => !has(el, 'cac:DocumentReference') || anyEquals(el, 'cac:DocumentReference/cbc:DocumentTypeCode', ['130'])],
  ]],
  [ctx('cac:Price/cac:AllowanceCharge'), [
    ['PEPPOL-EN16931-R044', 'f', (el) => charge(el) === 'false'],
    ['PEPPOL-EN16931-R046', 'f', (el) => {
      if (!has(el, 'cbc:BaseAmount')) return true
      const price = decimalOf(el.parent === undefined ? undefined : all(el.parent, 'cbc:PriceAmount')[0])
      const base = decimalOf(all(el, 'cbc:BaseAmount')[0])
      const amount = decimalOf(all(el, 'cbc:Amount')[0])
      return price !== undefined && base !== undefined && amount !== undefined && price.eq(base.minus(amount))
    }],
  ]],
  [refine(ctx('cac:Price/cbc:BaseQuantity'), (el) => attrValue(el, 'unitCode') !== undefined), [
    ['PEPPOL-EN16931-R130', 'f', (el) => {
      const line = el.parent?.parent
      if (line === undefined) return true
      const qty = all(line, isInvoice(el) ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity')
      if (!has(line, 'cbc:InvoicedQuantity') && !has(line, 'cbc:CreditedQuantity')) return true
      return qty.some((q) => attrValue(q, 'unitCode') === attrValue(el, 'unitCode'))
    }],
  ]],
])

function linePeriod(local: string): ElementMatcher {
  const c = ctx(`ubl:Invoice/cac:InvoiceLine/cac:InvoicePeriod/cbc:${local} | cn:CreditNote/cac:CreditNoteLine/cac:InvoicePeriod/cbc:${local}`)
  const header = `cac:InvoicePeriod/cbc:${local}`
  return refine(c, (el) => has(rootOf(el), header))
}

/**
 * R110/R111 compare `xs:date` values: a negative or five-digit year, or a time zone, orders them
 * otherwise than their texts.
 */
function periodOk(el: XmlElement, local: string, ok: (line: number, header: number) => boolean): boolean {
  // `xs:date(text())` of an element without text is the empty sequence, and the comparison fails.
  if (el.text === '') return false
  const line = xsDateMs(stringValue(el))
  if (line === undefined) return true
  return all(rootOf(el), `cac:InvoicePeriod/cbc:${local}`).some((h) => {
    const header = xsDateMs(stringValue(h))
    return header === undefined || ok(line, header)
  })
}

const EMPTY: TreePattern = pattern('ubl-pattern-0', [
  [matcherOf(undefined, isBlankLeaf), [['PEPPOL-EN16931-R008', 'f', () => false]]],
])

/** The Peppol patterns in the order KoSIT runs them. */
export const XR_UBL_PEPPOL_PATTERNS: readonly TreePattern[] = [EMPTY, PEPPOL]
