/**
 * Small writers for the UBL writer's XmlTextWriter: identifiers, amounts and rates with their
 * attributes, and the number formats. cbc leaves vanish when blank (UBL elements must carry
 * content); cac aggregates are opened with `openOptional` so an empty one is never written.
 * @module
 */
import type { Decimal } from '../model/decimal.js'
import type { Identifier, LineAllowanceCharge } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'

/** An identifier with its optional scheme attribute (`schemeID` by default), or nothing when blank. */
export function cbcId(w: XmlTextWriter, name: string, id: Identifier | undefined, schemeAttr = 'schemeID'): void {
  if (id !== undefined) w.leaf(name, id.value, attr(schemeAttr, id.schemeId))
}

/** Plain decimal text, never exponent notation, never `-0`. */
export function decimalText(d: Decimal): string {
  return d.isZero() ? d.abs().toFixed() : d.toFixed()
}

/** Amounts and percentages: at least two decimals (`100.00`), more only when the value has them. */
export function amountText(d: Decimal): string {
  if (d.isZero()) return '0.00'
  // Padding the plain text saves decimal.js a second pass (decimalPlaces, then toFixed(2)).
  const s = d.toFixed()
  const dot = s.indexOf('.')
  if (dot < 0) return s + '.00'
  return s.length - dot === 2 ? s + '0' : s
}

/** A monetary amount element with its currencyID, or nothing when the amount is absent. */
export function cbcAmount(w: XmlTextWriter, name: string, value: Decimal | undefined, currency: string): void {
  if (value !== undefined) w.text(name, amountText(value), attr('currencyID', currency))
}

export function cbcPercent(w: XmlTextWriter, name: string, value: Decimal | undefined): void {
  if (value !== undefined) w.text(name, amountText(value))
}

/** The VAT tax scheme every TaxCategory and PartyTaxScheme ends with. */
export function taxScheme(w: XmlTextWriter, id: string): void {
  w.open('cac:TaxScheme')
  w.text('cbc:ID', id)
  w.close()
}

/**
 * Opens a cac:AllowanceCharge and writes what line and document allowances/charges share (BT-92…
 * BT-98, BT-136…BT-140 and their charge twins); the caller adds the rest and closes it.
 */
export function openAllowanceCharge(w: XmlTextWriter, ac: LineAllowanceCharge, currency: string): void {
  w.open('cac:AllowanceCharge')
  w.text('cbc:ChargeIndicator', ac.isCharge ? 'true' : 'false')
  w.leaf('cbc:AllowanceChargeReasonCode', ac.reasonCode)
  w.leaf('cbc:AllowanceChargeReason', ac.reason)
  cbcPercent(w, 'cbc:MultiplierFactorNumeric', ac.percentage)
  cbcAmount(w, 'cbc:Amount', ac.amount, currency)
  cbcAmount(w, 'cbc:BaseAmount', ac.baseAmount, currency)
}
