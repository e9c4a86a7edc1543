/**
 * ZUGFeRD 1 BASIC lines carry a quantity and a net amount (BT-131) but no net price (BT-146) and
 * no VAT (BG-30): the profile has no place for them. Read as stand-ins (a price of 0, no rate),
 * such a line made `invoice2xml` recalculate every amount as 0. What the document still tells is
 * filled in here, after the whole document is read; what it does not tell stays unknown (and
 * `source.absentTerms` / `absentIn` still say the document lacks the term):
 * - BT-131 of the one line that lacks it, when the document states BT-106: BT-106 minus the other
 *   lines' amounts (BR-CO-10). Not for a text-only line (no quantity), and not when several lack it.
 * - BT-146 from BT-131: (net amount + line allowances − line charges) × base quantity ÷ quantity,
 *   with the fewest decimals from 4 (Mustang's `doRecalculateItemPricesFromLineTotals` rounds to
 *   4) whose recalculated line amount is the document's. Not for a quantity of 0 or none.
 * - BG-30 of a line without VAT from the VAT breakdown when all its entries have one category and
 *   rate (as a line can only be of a category the breakdown lists). Mustang 2.24 leaves these
 *   lines without a rate; with several rates the line's is not known and stays absent.
 * @module
 */
import { type Decimal, ONE, minus, plus, roundTo, sum } from '../model/decimal.js'
import { CATEGORY_CODE_ABSENT, type InvoiceLine, type LineVat, type VatBreakdown } from '../model/invoice.js'
import type { CiiReadContext } from './read-context.js'

/** Decimals tried for a derived net price: Mustang's 4 first, then more until the line amount comes out. */
const PRICE_PLACES = { first: 4, last: 18 }

const lacks = (cx: CiiReadContext, holder: object, term: string): boolean => cx.absentIn?.get(holder)?.includes(term) === true

/** BT-131 of the one line without it: BT-106 − the others' BT-131. Returns that line. */
function completeNetAmount(cx: CiiReadContext, lines: readonly InvoiceLine[], lineTotal: Decimal | undefined): InvoiceLine | undefined {
  const missing = lines.filter((l) => lacks(cx, l, 'BT-131'))
  const [only] = missing
  if (lineTotal === undefined || only === undefined || missing.length > 1 || lacks(cx, only, 'BT-129')) return undefined
  only.netAmount = minus(lineTotal, sum(lines.filter((l) => l !== only).map((l) => l.netAmount)))
  return only
}

/** BT-146 that gives the line's BT-131 back: price × quantity ÷ base quantity − allowances + charges. */
export function priceFromNetAmount(line: Pick<InvoiceLine, 'netAmount' | 'quantity' | 'allowances' | 'charges' | 'price'>): Decimal | undefined {
  if (line.quantity.isZero()) return undefined
  const base = line.price.baseQuantity === undefined || line.price.baseQuantity.isZero() ? ONE : line.price.baseQuantity
  const adjustments = minus(sum(line.allowances.map((a) => a.amount)), sum(line.charges.map((c) => c.amount)))
  const exact = plus(line.netAmount, adjustments).times(base).div(line.quantity)
  const places = Math.max(2, line.netAmount.decimalPlaces())
  let price = exact
  for (let p = PRICE_PLACES.first; p <= PRICE_PLACES.last; p++) {
    price = roundTo(exact, p)
    if (roundTo(minus(price.times(line.quantity).div(base), adjustments), places).eq(line.netAmount)) break
  }
  return price
}

/** The one VAT category and rate of the whole breakdown, or undefined when it has none or several. */
function onlyVat(breakdown: readonly VatBreakdown[]): Pick<VatBreakdown, 'categoryCode' | 'rate'> | undefined {
  const [first] = breakdown
  if (first === undefined || (first.categoryCode === '' && first.rate === undefined)) return undefined
  const same = (b: VatBreakdown): boolean =>
    b.categoryCode === first.categoryCode && (b.rate === undefined ? first.rate === undefined : first.rate !== undefined && b.rate.eq(first.rate))
  return breakdown.every(same) ? first : undefined
}

/** Fills in what a ZUGFeRD 1 document tells about its lines' BT-131, BT-146 and BG-30 (see the module note). */
export function completeZf1Lines(cx: CiiReadContext, lines: readonly InvoiceLine[], lineTotal: Decimal | undefined, breakdown: readonly VatBreakdown[]): void {
  const derived = completeNetAmount(cx, lines, lineTotal)
  const vat = onlyVat(breakdown)
  for (const line of lines) {
    const knownAmount = line === derived || !lacks(cx, line, 'BT-131')
    if (knownAmount && lacks(cx, line.price, 'BT-146') && !lacks(cx, line, 'BT-129')) {
      const price = priceFromNetAmount(line)
      if (price !== undefined) line.price.netPrice = price
    }
    if (vat !== undefined && line.vat.categoryCode === '' && line.vat.rate === undefined) {
      const lent: LineVat = vat.rate === undefined ? { categoryCode: vat.categoryCode } : { categoryCode: vat.categoryCode, rate: vat.rate }
      line.vat = vat.categoryCode === '' ? cx.noteAbsentIn(lent, { [CATEGORY_CODE_ABSENT]: undefined }) : lent
    }
  }
}
