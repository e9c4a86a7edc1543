/**
 * The one Decimal constructor of the engine. decimal.js defaults to 20 significant digits, which
 * silently rounds long intermediate products; Mustang's BigDecimal arithmetic is exact, so we use
 * a private clone with ample precision and Java's HALF_UP. A clone (not `Decimal.set`) leaves
 * other users of decimal.js in the same process alone.
 * @module
 */
import { Decimal as DecimalJs } from 'decimal.js'

export const Decimal = DecimalJs.clone({
  precision: 60,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 30,
})
export type Decimal = DecimalJs

export const ZERO = new Decimal(0)
export const ONE = new Decimal(1)
export const HUNDRED = new Decimal(100)
const HUNDREDTH = new Decimal('0.01')

/** `percent / 100`, exactly: a multiplication, much cheaper than a 60-digit division. */
export function percentToRate(percent: Decimal): Decimal {
  return percent.times(HUNDREDTH)
}

/** `value / divisor`, skipping the (costly) division when the divisor is 1. */
export function divide(value: Decimal, divisor: Decimal): Decimal {
  return divisor.eq(ONE) ? value : value.div(divisor)
}

/** Round to 2 decimals, HALF_UP (Java `setScale(2, HALF_UP)`). */
export function round2(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP)
}

/** Round to `places` decimals, HALF_UP. */
export function roundTo(value: Decimal, places: number): Decimal {
  return value.toDecimalPlaces(places, DecimalJs.ROUND_HALF_UP)
}

export function isDecimal(value: unknown): value is Decimal {
  return DecimalJs.isDecimal(value)
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO
  for (const v of values) total = total.plus(v)
  return total
}
