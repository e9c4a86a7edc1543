/**
 * EN 16931 consistency rules BR-CO-* on the model, with exact expected-vs-found amounts. The
 * arithmetic follows the official bindings: XPath `round()` (half towards +∞) to 2 decimals, and
 * the CII/UBL differences of BR-CO-15/16/17 (tolerances and rounding) where the bindings differ.
 * @module
 */
import { Decimal, ZERO, exactDecimalText, sum } from '../../model/decimal.js'
import type { Invoice } from '../../model/invoice.js'
import { btPath } from '../location.js'
import { stringValue } from '../syntax/paths.js'
import { descend, q } from '../syntax/tree-helpers.js'
import { xmlTrim } from '../../xml/whitespace.js'
import type { Issue, ModelContext, ModelRule } from '../types.js'
import { brCo09, brCo26 } from './party-rules.js'
import { ublBrCo19, ublBrCo20 } from './date-rules.js'
import { hasTotalsGroup, totalMissing } from './totals-presence.js'
import { brCo03, brCo04, brCo17 } from './syntax-bound-rules.js'
import { roundDouble } from '../schematron/values.js'
import { CII_HEADER_SUMMATION, NONE, ciiTaxTotalMismatches, doubleSum, fmt, hasReason, invoiceCurrenciesAsWritten, isAllowanceOrCharge, issue, taxTotalCurrencies, ublTaxTotalMismatches, when, xpathRound2, zeroSignDiffers } from './model-helpers.js'

const isUbl = (ctx: ModelContext): boolean => ctx.syntax === 'UBL-Invoice' || ctx.syntax === 'UBL-CreditNote'

const amounts = (expected: Decimal, found: Decimal | undefined) => ({ expected: expected.toString(), found: fmt(found) })

const CII_ALLOWANCE_TOTAL = q('ram:AllowanceTotalAmount')
const CII_CHARGE_TOTAL = q('ram:ChargeTotalAmount')

function eachIssue<T>(items: readonly T[], at: (i: number) => string, bad: (t: T) => boolean): Issue[] {
  const out: Issue[] = []
  items.forEach((t, i) => {
    if (bad(t)) out.push(issue(at(i + 1)))
  })
  return out
}

type Row = readonly [id: string, bt: string, check: (ctx: ModelContext) => readonly Issue[]]

const docAc = (inv: Invoice, charge: boolean) => inv.allowancesAndCharges.filter((a) => isAllowanceOrCharge(inv, a, charge))

const ROWS: readonly Row[] = [
  ['BR-CO-03', 'BT-7', brCo03],
  ['BR-CO-04', 'BT-151', brCo04],
  ['BR-CO-09', 'BT-31', brCo09],
  [
    'BR-CO-10',
    'BT-106',
    (ctx) => {
      const { invoice } = ctx
      if (!hasTotalsGroup(ctx)) return NONE
      // CII sums the untyped line amounts in doubles and casts the sum to xs:decimal (its exact
      // binary value) before rounding; UBL sums decimals.
      const nets = invoice.lines.map((l) => l.netAmount)
      const expected = xpathRound2(ctx.syntax === 'CII' ? new Decimal(exactDecimalText(doubleSum(nets))) : sum(nets))
      const found = invoice.totals.sumOfLineNetAmounts
      return when(totalMissing(ctx, 'BT-106') || !found.equals(expected), btPath('BG-22', 'BT-106'), amounts(expected, found))
    },
  ],
  ...(['BR-CO-11', 'BR-CO-12'] as const).map(
    (id): Row => [
      id,
      id === 'BR-CO-11' ? 'BT-107' : 'BT-108',
      (ctx) => {
        const { invoice, syntax, doc } = ctx
        // The official context is the document totals group: without it nothing is compared.
        if (!hasTotalsGroup(ctx)) return NONE
        const charge = id === 'BR-CO-12'
        const list = docAc(invoice, charge)
        const found = charge ? invoice.totals.sumOfCharges : invoice.totals.sumOfAllowances
        if (list.length === 0 && found === undefined) return NONE
        const expected = xpathRound2(sum(list.map((a) => a.amount)))
        const at = btPath('BG-22', charge ? 'BT-108' : 'BT-107')
        if (found === undefined) return [issue(at, amounts(expected, found))]
        if (syntax === 'CII') {
          // CII: `total = round(sum(amounts) * 10 * 10) div 100` all in xs:double, which differs
          // from the decimal result only for amounts of about 16 digits or more (either way).
          const double = roundDouble(doubleSum(list.map((a) => a.amount)) * 10 * 10) / 100
          if (Number(found.toString()) !== double) return [issue(at, { expected: String(double), found: found.toString() })]
        } else if (!found.equals(expected)) return [issue(at, amounts(expected, found))]
        if (!expected.isZero() || syntax !== 'CII' || doc === undefined) return NONE
        const written = descend(doc.root, ...CII_HEADER_SUMMATION, charge ? CII_CHARGE_TOTAL : CII_ALLOWANCE_TOTAL).map(stringValue)
        // The official sum is of doubles and starts from its first value: amounts that are all
        // negative zeros (`-0.00`) add up to -0.0, which stays -0.0 when rounded.
        const negative = expected.isNeg() || (list.length > 0 && list.every((a) => a.amount.isZero() && a.amount.isNeg()))
        if (written.some((text) => !zeroSignDiffers(text, list.length === 0, negative))) return NONE
        return [{ at, params: { found: xmlTrim(written[0] ?? ''), expected: negative ? '-0' : '0' }, messageKey: 'BR-CO-signed-zero' }]
      },
    ],
  ),
  [
    'BR-CO-13',
    'BT-109',
    (ctx) => {
      if (!hasTotalsGroup(ctx)) return NONE
      const t = ctx.invoice.totals
      const difference = t.sumOfLineNetAmounts.minus(t.sumOfAllowances ?? ZERO).plus(t.sumOfCharges ?? ZERO)
      // UBL's branch without either document total compares BT-109 with BT-106 unrounded; CII
      // rounds in every branch.
      const exact = isUbl(ctx) && t.sumOfAllowances === undefined && t.sumOfCharges === undefined
      const expected = exact ? difference : xpathRound2(difference)
      return when(totalMissing(ctx, 'BT-106', 'BT-109') || !t.invoiceTotalWithoutVat.equals(expected), btPath('BG-22', 'BT-109'), amounts(expected, t.invoiceTotalWithoutVat))
    },
  ],
  [
    'BR-CO-14',
    'BT-110',
    (ctx) => {
      // UBL checks every cac:TaxTotal against its own subtotals (a second TaxTotal with subtotals
      // is PEPPOL-EN16931-R053's business, not this rule's).
      if (isUbl(ctx) && ctx.doc !== undefined) {
        return ublTaxTotalMismatches(ctx.doc).map((m) => issue(btPath('BG-22', 'BT-110'), amounts(m.expected, m.found)))
      }
      if (ctx.syntax === 'CII' && ctx.doc !== undefined) {
        // A breakdown tax amount that is no number makes the official sum NaN, which equals nothing.
        const at = btPath('BG-22', 'BT-110')
        return ciiTaxTotalMismatches(ctx.doc).map((m) =>
          m.expected === 'NaN' ? { at, params: { found: m.found }, messageKey: 'BR-CO-14-nan' }
          : m.signedZero === true ? { at, params: { found: m.found, expected: m.expected }, messageKey: 'BR-CO-signed-zero' }
          : issue(at, { expected: m.expected, found: m.found }),
        )
      }
      const { invoice } = ctx
      const found = invoice.totals.invoiceTotalVatAmount
      if (found === undefined || invoice.vatBreakdown.length === 0) return NONE
      const expected = xpathRound2(sum(invoice.vatBreakdown.map((v) => v.taxAmount)))
      return when(!found.equals(expected), btPath('BG-22', 'BT-110'), amounts(expected, found))
    },
  ],
  [
    'BR-CO-15',
    'BT-112',
    (ctx) => {
      const t = ctx.invoice.totals
      const vat = t.invoiceTotalVatAmount
      const expected = xpathRound2(t.invoiceTotalWithoutVat.plus(vat ?? ZERO))
      // Exactly one BT-110 element in the invoice currency, counted on the tree (the model keeps
      // one). The official test runs once per currency element, compared as written: no currency
      // element passes, a code with spaces around it matches no currencyID.
      let one = vat !== undefined
      if (ctx.doc !== undefined) {
        const currencies = invoiceCurrenciesAsWritten(ctx.doc, ctx.syntax)
        if (currencies.length === 0) return NONE
        const totals = taxTotalCurrencies(ctx.doc, ctx.syntax)
        one = currencies.every((c) => totals.filter((t) => t === c).length === 1)
      }
      const ok =
        !totalMissing(ctx, 'BT-109', 'BT-112') &&
        ((one && vat !== undefined && t.invoiceTotalWithVat.equals(expected)) || (!isUbl(ctx) && t.invoiceTotalWithVat.equals(t.invoiceTotalWithoutVat)))
      return when(!ok, btPath('BG-22', 'BT-112'), amounts(expected, t.invoiceTotalWithVat))
    },
  ],
  [
    'BR-CO-16',
    'BT-115',
    (ctx) => {
      if (!hasTotalsGroup(ctx)) return NONE
      const t = ctx.invoice.totals
      const base = t.invoiceTotalWithVat.minus(t.paidAmount ?? ZERO)
      let ok: boolean
      let expected: Decimal
      if (isUbl(ctx)) {
        // UBL's four branches round a side only where it is a difference: BT-115 − BT-114 when
        // there is a rounding amount, BT-112 − BT-113 when there is a paid amount. 502.631 due
        // against 18310.63 − 17808 fails.
        const rounding = t.roundingAmount
        const due = rounding === undefined ? t.amountDueForPayment : xpathRound2(t.amountDueForPayment.minus(rounding))
        const owed = t.paidAmount === undefined ? t.invoiceTotalWithVat : xpathRound2(base)
        expected = rounding === undefined ? owed : owed.plus(rounding)
        ok = due.equals(owed)
      } else {
        expected = base.plus(t.roundingAmount ?? ZERO)
        ok = t.amountDueForPayment.equals(expected)
      }
      return when(!ok || totalMissing(ctx, 'BT-112', 'BT-115'), btPath('BG-22', 'BT-115'), amounts(expected, t.amountDueForPayment))
    },
  ],
  ['BR-CO-17', 'BT-117', brCo17],
  [
    'BR-CO-18',
    'BG-23',
    // CII tests it on each line (an invoice without lines passes); UBL once per invoice.
    (ctx) => {
      const { invoice } = ctx
      if (invoice.vatBreakdown.length > 0) return NONE
      return ctx.syntax === 'CII' ? invoice.lines.map((_, i) => issue(btPath('BG-25', i + 1))) : [issue(btPath('BG-23'))]
    },
  ],
  [
    'BR-CO-19',
    'BG-14',
    (ctx) => {
      if (ctx.doc !== undefined && isUbl(ctx)) return ublBrCo19(ctx.doc.root)
      const p = ctx.invoice.invoicingPeriod
      const empty = p !== undefined && p.startDate === undefined && p.endDate === undefined
      return when(empty && !(isUbl(ctx) && ctx.invoice.vatPointDateCode !== undefined), btPath('BG-14'))
    },
  ],
  [
    'BR-CO-20',
    'BG-26',
    (ctx) =>
      ctx.doc !== undefined && isUbl(ctx) ? ublBrCo20(ctx.doc.root)
      : eachIssue(ctx.invoice.lines, (i) => btPath('BG-25', i, 'BG-26'), (l) => l.period !== undefined && l.period.startDate === undefined && l.period.endDate === undefined),
  ],
  ['BR-CO-21', 'BT-97', ({ invoice }) => eachIssue(docAc(invoice, false), (i) => btPath('BG-20', i), (a) => !hasReason(invoice, a))],
  ['BR-CO-22', 'BT-104', ({ invoice }) => eachIssue(docAc(invoice, true), (i) => btPath('BG-21', i), (a) => !hasReason(invoice, a))],
  ['BR-CO-23', 'BT-139', ({ invoice }) => invoice.lines.flatMap((l, n) => eachIssue(l.allowances, (i) => btPath('BG-25', n + 1, 'BG-27', i), (a) => !hasReason(invoice, a)))],
  ['BR-CO-24', 'BT-144', ({ invoice }) => invoice.lines.flatMap((l, n) => eachIssue(l.charges, (i) => btPath('BG-25', n + 1, 'BG-28', i), (a) => !hasReason(invoice, a)))],
  ['BR-CO-26', 'BT-29', brCo26],
]

export const CONSISTENCY_RULES: readonly ModelRule[] = ROWS.map(([id, bt, check]) => ({ id, bt, severity: 'fatal', layer: 'en16931', check }))

