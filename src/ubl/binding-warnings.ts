/**
 * Content the CII binding of EN 16931 accepts but the UBL binding rejects: converted faithfully, the
 * UBL fails a rule its source passed. Amounts are never changed to hide a source's inconsistency, so
 * the conversion says so instead.
 * @module
 */
import { Decimal } from '../model/decimal.js'
import type { Invoice } from '../model/invoice.js'

/** Warnings for rules the written UBL will fail although the CII binding lets the source pass. */
export function ublStricterRuleWarnings(invoice: Invoice): string[] {
  const t = invoice.totals
  const out: string[] = []
  // BR-CO-15: the CII rule also accepts BT-112 = BT-109; UBL wants BT-109 + BT-110 (rounded to cents).
  const vat = t.invoiceTotalVatAmount
  if (vat !== undefined && !vat.isZero() && t.invoiceTotalWithVat.equals(t.invoiceTotalWithoutVat)) {
    const expected = t.invoiceTotalWithoutVat.plus(vat).toDecimalPlaces(2, Decimal.ROUND_HALF_CEIL)
    out.push(
      `BT-112 (${t.invoiceTotalWithVat.toString()}) equals BT-109 although BT-110 is ${vat.toString()}: the CII rule BR-CO-15 ` +
        `accepts that, the UBL rule does not (expected ${expected.toFixed(2)}), so the UBL fails BR-CO-15`,
    )
  }
  return out
}
