/**
 * The range of a computed amount. The payload's numbers are below 1e15 with at most 30 decimals
 * (docs/json.md), yet their products and quotients are not: 1 / basisQuantity 1e-18 is 1e18, a
 * percentage of 1e14 % multiplies. A computed amount is held to the payload's own bound, so no
 * absurd amount reaches a response or an XML file.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { MAX_EXPONENT } from '../json/fields.js'
import type { Decimal } from '../model/decimal.js'

/** Whether `amount` is finite and below 1e15 in magnitude (a NaN exponent fails the test too). */
export function inAmountRange(amount: Decimal): boolean {
  return amount.e < MAX_EXPONENT
}

/**
 * Refuses an amount out of range.
 * @param path the JSON path the amount belongs to (`zfitems[2]`, `zfallowances[0]`).
 * @param what the amount, in words (`the line net amount (BT-131)`).
 * @throws EInvoiceError CALCULATION_ERROR
 */
export function amountOutOfRange(amount: Decimal, path: string, what: string): never {
  const message = `${what} comes to ${amount.toString()}, out of range: amounts must be below 1e15`
  throw new EInvoiceError('CALCULATION_ERROR', `${path}: ${message}`, { details: { [path]: message } })
}
