/**
 * Rounding for the model's amounts. Most amounts already have at most 2 decimals, and decimal.js'
 * rounding re-normalises at the clone's 60-digit precision even then, so the exact check comes first.
 * @module
 */
import { type Decimal, round2 } from '../model/decimal.js'

/** `value` rounded to 2 decimals, HALF_UP; `value` itself when it has no more than 2. */
export function toCents(value: Decimal): Decimal {
  return value.decimalPlaces() <= 2 ? value : round2(value)
}
