/** The allocation-saving helpers give what the plain decimal.js operations give. */
import { describe, expect, it } from 'vitest'
import { Decimal, ONE, ZERO, decimalText, minus, percentText, percentToRate, plus, round2, roundTo, shareText, times } from '../../src/model/decimal.js'

const values = ['0', '-0', '1', '-2.5', '0.125', '1e-40', '123456789.987654321', '9.999', '-0.005',
  // 64 significant digits: a sum rounds this to the 60-digit precision.
  '1234567890123456789012345678901234.567890123456789012345678901234', 'NaN', 'Infinity'].map((v) => new Decimal(v))

/** Value and sign, so that -0 and 0 differ. */
const show = (d: Decimal) => `${d.toString()} ${d.isNegative() ? '-' : '+'}`

describe('decimal helpers', () => {
  it('plus and minus equal decimal.js plus and minus', () => {
    for (const a of values) {
      for (const b of [...values, ZERO]) {
        expect(show(plus(a, b))).toBe(show(a.plus(b)))
        expect(show(minus(a, b))).toBe(show(a.minus(b)))
      }
    }
  })

  it('roundTo and round2 equal toDecimalPlaces with HALF_UP', () => {
    for (const a of values) {
      for (const places of [0, 2, 18]) expect(show(roundTo(a, places))).toBe(show(a.toDecimalPlaces(places, Decimal.ROUND_HALF_UP)))
      expect(round2(a).toString()).toBe(a.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toString())
    }
  })

  it('times equals decimal.js times, also when it skips a factor of 1', () => {
    for (const a of values) {
      for (const b of [...values, ONE, new Decimal('1.000'), new Decimal('-1')]) expect(show(times(a, b))).toBe(show(a.times(b)))
    }
  })

  it('percentToRate gives percent / 100, also for a percent seen before', () => {
    for (const p of values) {
      const expected = show(p.div(100))
      expect(show(percentToRate(p))).toBe(expected)
      expect(show(percentToRate(p))).toBe(expected)
    }
  })

  it('decimalText and percentText give toString, whether the text was kept or not', () => {
    for (const v of values) {
      const fresh = new Decimal(v)
      expect(decimalText(fresh)).toBe(v.toString())
      expect(percentText(fresh)).toBe(v.toString())
      expect(percentText(fresh)).toBe(v.toString())
      const shared = new Decimal(v)
      shareText(shared)
      expect(decimalText(shared)).toBe(v.toString())
      expect(decimalText(new Decimal(v))).toBe(v.toString())
    }
  })
})
