/**
 * KoSIT's `u:slack` comparison: `exp` lies within ± `slack` of `val`, in exact decimals; an absent
 * amount counts as 0 (as the rules pass `if (X) then X else 0`).
 * @module
 */
import { Decimal } from '../../model/decimal.js'

export function slack(exp: Decimal | undefined, val: Decimal, tolerance: string): boolean {
  const e = exp ?? new Decimal(0)
  const s = new Decimal(tolerance)
  return e.plus(s).gte(val) && e.minus(s).lte(val)
}
