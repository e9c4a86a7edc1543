/**
 * Recalculates an invoice's document totals and VAT breakdown from its lines, allowances and
 * charges (EN 16931 BR-CO-10 … BR-CO-16 and the per-category BR-S-8 family) and lists every
 * difference to the totals the document states.
 */
import { Decimal, ZERO, round2, sum } from '../../src/model/decimal.js'
import type { DocumentAllowanceCharge, Invoice } from '../../src/model/invoice.js'

/** EXTENDED GROUP / INFORMATION sub-lines are not part of the sums (Factur-X EXTENDED). */
function counts(code: string | undefined): boolean {
  return code === undefined || code === 'DETAIL'
}

const CENT = new Decimal('0.01')

function key(category: string, rate: Decimal | undefined): string {
  return `${category}/${(rate ?? ZERO).toFixed(2)}`
}

export function totalsDifferences(invoice: Invoice): string[] {
  const out: string[] = []
  const t = invoice.totals
  const absent = new Set(invoice.source?.absentTerms ?? [])
  const check = (what: string, stated: Decimal | undefined, computed: Decimal) => {
    const s = stated ?? ZERO
    if (!s.eq(computed)) out.push(`${what}: stated ${s.toString()}, computed ${computed.toString()}`)
  }
  const lines = invoice.lines.filter((l) => counts(l.lineStatusReasonCode))
  // Logistics service charges (EXTENDED) count as document charges.
  const docCharges: DocumentAllowanceCharge[] = [
    ...invoice.allowancesAndCharges,
    ...(invoice.extension?.logisticsServiceCharges ?? []),
  ]
  const allowances = docCharges.filter((a) => !a.isCharge)
  const charges = docCharges.filter((a) => a.isCharge)
  if (!absent.has('BT-106') && lines.length > 0) check('BT-106 = Σ BT-131', t.sumOfLineNetAmounts, sum(lines.map((l) => l.netAmount)))
  if (docCharges.length > 0 || t.sumOfAllowances !== undefined) check('BT-107 = Σ BT-92', t.sumOfAllowances, sum(allowances.map((a) => a.amount)))
  if (docCharges.length > 0 || t.sumOfCharges !== undefined) check('BT-108 = Σ BT-99', t.sumOfCharges, sum(charges.map((a) => a.amount)))
  check('BT-109 = BT-106 − BT-107 + BT-108', t.invoiceTotalWithoutVat, t.sumOfLineNetAmounts.minus(t.sumOfAllowances ?? ZERO).plus(t.sumOfCharges ?? ZERO))
  check('BT-112 = BT-109 + BT-110', t.invoiceTotalWithVat, t.invoiceTotalWithoutVat.plus(t.invoiceTotalVatAmount ?? ZERO))
  check('BT-115 = BT-112 − BT-113 + BT-114', t.amountDueForPayment, t.invoiceTotalWithVat.minus(t.paidAmount ?? ZERO).plus(t.roundingAmount ?? ZERO))
  if (invoice.vatBreakdown.length > 0) {
    check('Σ BT-116 = BT-109', sum(invoice.vatBreakdown.map((v) => v.taxableAmount)), t.invoiceTotalWithoutVat)
    check('Σ BT-117 = BT-110', sum(invoice.vatBreakdown.map((v) => v.taxAmount)), t.invoiceTotalVatAmount ?? ZERO)
  }
  if (lines.length === 0) return out
  // Per category and rate: BT-116 = Σ lines − Σ allowances + Σ charges; BT-117 ≈ BT-116 × rate.
  const basis = new Map<string, Decimal>()
  const add = (k: string, v: Decimal) => basis.set(k, (basis.get(k) ?? ZERO).plus(v))
  for (const l of lines) add(key(l.vat.categoryCode, l.vat.rate), l.netAmount)
  for (const a of docCharges) add(key(a.vatCategoryCode, a.vatRate), a.isCharge ? a.amount : a.amount.neg())
  for (const v of invoice.vatBreakdown) {
    const k = key(v.categoryCode, v.rate)
    check(`BT-116 of ${k}`, v.taxableAmount, basis.get(k) ?? ZERO)
    basis.delete(k)
    const expected = round2(v.taxableAmount.times(v.rate ?? ZERO).div(100))
    // BR-CO-17 asks for rounding of basis × rate; line-wise rounding differs by at most a cent per line.
    if (v.taxAmount.minus(expected).abs().gt(CENT)) {
      out.push(`BT-117 of ${k}: stated ${v.taxAmount.toString()}, basis × rate ${expected.toString()}`)
    }
  }
  for (const [k, v] of basis) if (!v.isZero()) out.push(`no breakdown for ${k} (basis ${v.toString()})`)
  return out
}
