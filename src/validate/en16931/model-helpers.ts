/**
 * Shared helpers for the business rules on the model: presence as the official rules see it,
 * XPath rounding, and issue builders.
 * @module
 */
import { Decimal } from '../../model/decimal.js'
import { CHARGE_INDICATOR_ABSENT, type Invoice } from '../../model/invoice.js'
import type { XmlDocument } from '../../xml/index.js'
import { attrValue, stringValue } from '../syntax/paths.js'
import { decimalOf, descend, kids, q } from '../syntax/tree-helpers.js'
import type { Issue, MessageParams, ModelContext, SyntaxKind } from '../types.js'
import { isXmlBlank, xmlTrim } from '../../xml/whitespace.js'
import { roundDouble, xsDouble } from '../schematron/values.js'

/** XPath `round()`: half towards positive infinity (round(2.5) = 3, round(-2.5) = -2). */
export function xpathRound2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_CEIL)
}

/**
 * `sum()` of untyped CII amounts as the official rules compute it: each read as an xs:double and
 * added in doubles, starting from the first value (a lone -0.0 stays -0.0); an empty sum is 0.
 * Amounts of 17 digits or more lose precision there, which the official verdict follows.
 */
export function doubleSum(values: readonly Decimal[]): number {
  let total = 0
  values.forEach((v, i) => (total = i === 0 ? Number(v.toString()) : total + Number(v.toString())))
  return total
}

export function xpathRound0(value: Decimal): Decimal {
  return value.toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL)
}

/** True when the reader reported the business term as not carried by the document. */
export function isAbsent(invoice: Invoice, term: string): boolean {
  return invoice.source?.absentTerms.includes(term) === true
}

/** Whether the document left `holder`'s `term` out (the model holds a stand-in; InvoiceSource.absentIn). */
export function lacks(invoice: Invoice, holder: object, term: string): boolean {
  return invoice.source?.absentIn?.get(holder)?.includes(term) === true
}

/**
 * Whether an allowance or charge has a reason or a reason code for the official tests, which ask
 * for the element only: one written blank counts (InvoiceSource.blankIn).
 */
export function hasReason(invoice: Invoice, ac: { reason?: string | undefined; reasonCode?: string | undefined }): boolean {
  return isWritten(invoice, ac, 'reason', ac.reason) || isWritten(invoice, ac, 'reasonCode', ac.reasonCode)
}

/** Whether `holder`'s `field` was written: it has a value, or its element is there without one (InvoiceSource.blankIn). */
export function isWritten(invoice: Invoice, holder: object, field: string, value: unknown): boolean {
  return value !== undefined || invoice.source?.blankIn?.get(holder)?.includes(field) === true
}

/**
 * Whether a document allowance (`charge` false) or charge is one for the official tests, which
 * select them by `ChargeIndicator = false()` / `true()`: one without a valid indicator is neither.
 */
export function isAllowanceOrCharge(invoice: Invoice, ac: { isCharge: boolean }, charge: boolean): boolean {
  return ac.isCharge === charge && !lacks(invoice, ac, CHARGE_INDICATOR_ABSENT)
}

/** A text term the official rules test with `normalize-space(x) != ''`. */
export function hasText(value: string | undefined): boolean {
  return value !== undefined && !isXmlBlank(value)
}

export function issue(at: string, params: MessageParams = {}): Issue {
  return { at, params }
}

export const NONE: readonly Issue[] = []

/** One issue when `failed`, else none. */
export function when(failed: boolean, at: string, params: MessageParams = {}): readonly Issue[] {
  return failed ? [issue(at, params)] : NONE
}

export function fmt(value: Decimal | undefined): string {
  return value === undefined ? '(absent)' : value.toString()
}

export type ModelCheck = (ctx: ModelContext) => readonly Issue[]

/** The CII header monetary summation (BG-22), from the root. */
export const CII_HEADER_SUMMATION = [q('rsm:SupplyChainTradeTransaction'), q('ram:ApplicableHeaderTradeSettlement'), q('ram:SpecifiedTradeSettlementHeaderMonetarySummation')] as const
const TX = [...CII_HEADER_SUMMATION, q('ram:TaxTotalAmount')] as const
const UBL_TAX_TOTAL = [q('cac:TaxTotal'), q('cbc:TaxAmount')] as const
const UBL_TAX_TOTAL_GROUP = q('cac:TaxTotal')
const UBL_TAX_SUBTOTAL = q('cac:TaxSubtotal')
const UBL_TAX_AMOUNT = q('cbc:TaxAmount')

/**
 * UBL's BR-CO-14 is checked per cac:TaxTotal: its TaxAmount against the sum of its own subtotals.
 * Returns each TaxTotal (1-based) whose amounts disagree; a TaxTotal without subtotals passes. As
 * in the official test, a missing TaxAmount of the total never equals the sum, and a subtotal
 * without one adds nothing; a value that is no xs:decimal is left to the datatype rules.
 */
export function ublTaxTotalMismatches(doc: XmlDocument): { index: number; expected: Decimal; found: Decimal | undefined }[] {
  const out: { index: number; expected: Decimal; found: Decimal | undefined }[] = []
  kids(doc.root, UBL_TAX_TOTAL_GROUP).forEach((total, i) => {
    const subtotals = kids(total, UBL_TAX_SUBTOTAL)
    if (subtotals.length === 0) return
    const foundEl = kids(total, UBL_TAX_AMOUNT)[0]
    const found = decimalOf(foundEl)
    const partEls = subtotals.flatMap((s) => kids(s, UBL_TAX_AMOUNT).slice(0, 1))
    const parts = partEls.map((el) => decimalOf(el))
    if ((foundEl !== undefined && found === undefined) || parts.some((p) => p === undefined)) return
    const expected = xpathRound2(parts.reduce<Decimal>((a, p) => a.plus(p as Decimal), new Decimal(0)))
    if (found === undefined || !found.equals(expected)) out.push({ index: i + 1, expected, found })
  })
  return out
}

const CII_CALCULATED = [q('rsm:SupplyChainTradeTransaction'), q('ram:ApplicableHeaderTradeSettlement'), q('ram:ApplicableTradeTax'), q('ram:CalculatedAmount')] as const
const CII_SETTLEMENT = [q('rsm:SupplyChainTradeTransaction'), q('ram:ApplicableHeaderTradeSettlement')] as const
const CII_TAX = q('ram:ApplicableTradeTax')
const CII_CALCULATED_AMOUNT = q('ram:CalculatedAmount')

/**
 * The tax amount of the CII breakdown at `index` (of the first header settlement's
 * ram:ApplicableTradeTax, as the reader numbers them) as written, when that is a negative zero with
 * a fraction (`-0.00`): Saxon 9.9 then finds `ram:CalculatedAmount = 0` false (the untyped value
 * compared as a double keeps its sign; `-0` is an integer and passes). refcheck on `-0`, `-00`,
 * `-0.0`, `-0.00`.
 */
export function ciiSignedZeroTaxAmount(doc: XmlDocument, index: number): string | undefined {
  const settlement = descend(doc.root, ...CII_SETTLEMENT)[0]
  const tax = settlement === undefined ? undefined : kids(settlement, CII_TAX)[index]
  const texts = tax === undefined ? [] : kids(tax, CII_CALCULATED_AMOUNT).map(stringValue)
  const signed = texts.length > 0 && texts.every((text) => xsDouble(text) === 0 && zeroSignDiffers(text, true, false))
  return signed ? xmlTrim(texts[0] as string) : undefined
}

/**
 * CII BR-CO-14 as the official test computes it: each total VAT amount (BT-110) whose `@currencyID`
 * is written as the invoice currency equals `round(sum(breakdown tax amounts) * 10 * 10) div 100`,
 * all in xs:double (the amounts are untyped). An amount in another currency, or without one, is
 * not checked; no breakdown sums to 0.
 */
export function ciiTaxTotalMismatches(doc: XmlDocument): { expected: string; found: string; signedZero?: true }[] {
  const currencies = descend(doc.root, ...CII_CURRENCY).map(stringValue)
  const amounts = descend(doc.root, ...CII_CALCULATED)
  // fn:sum starts from its first value (a lone -0.0 stays -0.0), an empty sum is the integer 0.
  let total = 0
  amounts.forEach((el, i) => (total = i === 0 ? xsDouble(stringValue(el)) : total + xsDouble(stringValue(el))))
  // fn:round on a double (a lone -0.00 amount sums to -0.0, which rounds to -0.0).
  const expected = roundDouble(total * 10 * 10) / 100
  const out: { expected: string; found: string; signedZero?: true }[] = []
  for (const el of descend(doc.root, ...TX)) {
    const id = attrValue(el, 'currencyID')
    if (id === undefined || !currencies.includes(id)) continue
    const text = stringValue(el)
    const found = xsDouble(text)
    if (found !== expected) out.push({ expected: String(expected), found: text })
    else if (found === 0 && zeroSignDiffers(text, amounts.length === 0, Object.is(expected, -0))) out.push({ expected: Object.is(expected, -0) ? '-0' : '0', found: xmlTrim(text), signedZero: true })
  }
  return out
}

/**
 * Whether Saxon 9.9, the reference's XSLT processor, finds a CII total written `text` unequal to
 * the computed zero it equals in value: comparing the untyped total with a number, it keeps the
 * sign of zero. `-0.00` is not the integer 0 of an empty sum (`-0` is: two integers) nor the
 * double +0.0 of a sum; `0.00` is not the -0.0 of a sum rounded up to zero from below. Measured
 * with Saxon on BR-CO-12's test (BR-CO-11, BR-CO-14 read so too); XPath itself calls all of these
 * equal.
 */
export function zeroSignDiffers(text: string, emptySum: boolean, expectedNegative: boolean): boolean {
  const written = xmlTrim(text)
  const negative = written.startsWith('-')
  return emptySum ? negative && !/^-\d+$/.test(written) : negative !== expectedNegative
}

/**
 * The currencyID of every invoice total VAT amount (BT-110/BT-111) as written: the model keeps at
 * most one per currency, but BR-CO-15 and BR-53 count the elements.
 */
export function taxTotalCurrencies(doc: XmlDocument, syntax: SyntaxKind): string[] {
  const els = syntax === 'CII' ? descend(doc.root, ...TX) : descend(doc.root, ...UBL_TAX_TOTAL)
  return els.map((e) => attrValue(e, 'currencyID') ?? '')
}

const CII_CURRENCY = [q('rsm:SupplyChainTradeTransaction'), q('ram:ApplicableHeaderTradeSettlement'), q('ram:InvoiceCurrencyCode')] as const
const UBL_CURRENCY = q('cbc:DocumentCurrencyCode')

/**
 * The invoice currency codes (BT-5) as written, one per element: BR-CO-15 iterates over these
 * elements and compares each, untrimmed, with the currencyID of the VAT totals.
 */
export function invoiceCurrenciesAsWritten(doc: XmlDocument, syntax: SyntaxKind): string[] {
  return (syntax === 'CII' ? descend(doc.root, ...CII_CURRENCY) : kids(doc.root, UBL_CURRENCY)).map(stringValue)
}

/** The text of every BT-110/BT-111 element with the given currency. */
export function taxTotalAmounts(doc: XmlDocument, syntax: SyntaxKind, currency: string): string[] {
  const els = syntax === 'CII' ? descend(doc.root, ...TX) : descend(doc.root, ...UBL_TAX_TOTAL)
  return els.filter((e) => attrValue(e, 'currencyID') === currency).map(stringValue)
}
