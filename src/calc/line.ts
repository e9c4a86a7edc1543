/**
 * Per-line arithmetic (Mustang `LineCalculator`, behaviour doc §2.2), HALF_UP throughout.
 * @module
 */
import { type Decimal, ONE, ZERO, divide, minus, percentToRate, plus, round2, roundTo, times } from '../model/decimal.js'
import type { ItemPayload } from '../json/schemas.js'
import { sumAmounts, sumAmountsBoth } from './allowance-charge.js'
import { amountOutOfRange, inAmountRange } from './amount-range.js'

export type LineCalculation = {
  /** Net unit price after product-level allowances and charges (BT-146). */
  price: Decimal
  /** The item price as given, i.e. before product-level allowances (BT-148). */
  priceGross: Decimal
  /** Line net amount, 2 decimals (BT-131). */
  itemTotalNetAmount: Decimal
  /** Net × rate, unrounded: VAT is rounded once per rate group, never per line. */
  itemTotalVATAmount: Decimal
  /** Net + VAT. Mustang 2.24 returns the net amount here (a bug we do not copy). */
  itemTotalGrossAmount: Decimal
  /** The line's VAT rate in percent (product.vatpercent, 0 when absent). */
  vatPercent: Decimal
  /** Sum of the line's own allowances minus charges, before rounding. */
  allowanceItemTotal: Decimal
}

/** GROUP and INFORMATION lines (EXTENDED sub-lines) are left out of every document sum. */
export function isCalculationRelevant(item: ItemPayload): boolean {
  const code = item.lineStatusReasonCode
  return code === undefined || code === 'DETAIL'
}

/** Basis quantity, where 0 (or absent) means 1, as in Mustang. */
export function basisQuantityOf(item: ItemPayload): Decimal {
  const basis = item.basisQuantity
  return basis === undefined || basis.isZero() ? ONE : basis
}

/** @param index the item's index in `zfitems`, for error messages. */
export function calculateLine(item: ItemPayload, index: number): LineCalculation {
  const priceGross = item.price ?? ZERO
  const basisQty = basisQuantityOf(item)
  const quantity = item.quantity ?? ZERO
  const vatPercent = item.product?.vatpercent ?? ZERO
  const rate = percentToRate(vatPercent)

  // Line allowances/charges apply to the per-unit price before product allowances (quirk Q3).
  let allowanceItemTotal = ZERO
  // BT-131 must equal the line's BT-136/BT-141 as written (rounded each), not the rounded sum of
  // unrounded amounts: 7 % + 9.7 % of 33307.76 are written 2331.54 + 3230.85, whose sum is a
  // cent below round2(2331.5432 + 3230.85272) (found by scripts/invoice-roundtrip.mjs).
  let writtenTotal = ZERO
  if (item.itemAllowances?.length || item.itemCharges?.length) {
    const lineProvider = { value: roundTo(divide(priceGross, basisQty), 18), quantity }
    const allowances = sumAmountsBoth(item.itemAllowances, lineProvider, index, 'itemAllowances')
    const charges = sumAmountsBoth(item.itemCharges, lineProvider, index, 'itemCharges')
    allowanceItemTotal = minus(allowances.total, charges.total)
    writtenTotal = minus(allowances.written, charges.written)
  }

  // Product-level entries are per-unit price adjustments; several do not cascade.
  const productProvider = { value: priceGross, quantity: ONE }
  const price = plus(
    minus(priceGross, sumAmounts(item.product?.allowances, productProvider, index, 'product.allowances')),
    sumAmounts(item.product?.charges, productProvider, index, 'product.charges'),
  )

  // Double rounding (quirk Q4): the allowances are rounded before they are subtracted.
  let net = round2(minus(roundTo(divide(times(price, quantity), basisQty), 18), writtenTotal))
  if (net.isZero() && item.lineStatusReasonCode === 'GROUP' && item.lineTotalAmount !== undefined) {
    net = item.lineTotalAmount
  }
  const vat = times(net, rate)
  const gross = plus(net, vat)
  // Inputs below 1e15 still multiply and divide past it (1 / basisQuantity 1e-18): refused here,
  // before any absurd amount is written.
  if (!inAmountRange(price)) amountOutOfRange(price, `zfitems[${index}]`, 'the net price (BT-146)')
  if (!inAmountRange(net)) amountOutOfRange(net, `zfitems[${index}]`, 'the line net amount (BT-131)')
  if (!inAmountRange(vat)) amountOutOfRange(vat, `zfitems[${index}]`, 'the line VAT amount')
  if (!inAmountRange(gross)) amountOutOfRange(gross, `zfitems[${index}]`, 'the line amount with VAT')
  return {
    price,
    priceGross,
    itemTotalNetAmount: net,
    itemTotalVATAmount: vat,
    itemTotalGrossAmount: gross,
    vatPercent,
    allowanceItemTotal,
  }
}
