/** The allocation-saving helpers give what the plain decimal.js operations give. */
import { describe, expect, it } from 'vitest'
import { Decimal, ONE, ZERO, centsText, decimalText, shortText, minus, percentText, percentToRate, plus, round2, roundTo, shareText, times } from '../../src/model/decimal.js'

const values = ['0', '-0', '1', '-2.5', '0.125', '1e-40', '123456789.987654321', '9.999', '-0.005',
  // 64 significant digits: a sum rounds this to the 60-digit precision.
  '1234567890123456789012345678901234.567890123456789012345678901234', 'NaN', 'Infinity'].map((v) => new Decimal(v))

/** Value and sign, so that -0 and 0 differ. */
const show = (d: Decimal) => `${d.toString()} ${d.isNegative() ? '-' : '+'}`

/** A seeded generator of integers below n (an LCG): the random cases are the same on every run. */
function seeded(seed: number): (n: number) => number {
  let s = seed
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    return s % n
  }
}

/** A seeded decimal text: 1 to `maxDigits` digits, up to `maxScale` of them decimals, negative one time in three. */
function seededText(next: (n: number) => number, maxDigits: number, maxScale: number): string {
  let digits = ''
  for (let k = 1 + next(maxDigits); k > 0; k--) digits += String(next(10))
  const scale = Math.min(next(maxScale + 1), digits.length - 1)
  const text = scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`
  return next(3) === 0 ? `-${text}` : text
}

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

  it('roundTo cuts short values itself to the same words, exponent and sign as toDecimalPlaces', () => {
    const parts = (d: Decimal) => JSON.stringify([d.s, d.e, d.d])
    // Halves and just-below-halves at every place, carries through all-9 words into a new leading
    // word, values rounding to 0, words cut at a word edge (7, 14 decimals) and inside one.
    const operands = ['0.005', '-0.005', '0.0049999999', '0.995', '-9999999.995', '99999999999999.999', '0.004',
      '1.23456789012345678912', '-0.000000000000000000500', '0.0000000000000000004999', '12.3456785', '1e-7',
      '0.00000005', '0.00000004999999', '1.00000005', '-3.00000000000005', '2.00000004999999', '5.5e-19', '123456.1234567891234567', '9999999999999.9999999']
    const next = seeded(7)
    const digit = () => next(10)
    for (let i = 0; i < 300; i++) {
      let text = String(1 + (digit() % 9))
      for (let n = digit() * 4 + digit(); n > 0; n--) text += String(digit() < 3 ? 9 : digit() < 3 ? 0 : digit())
      operands.push(`${digit() < 5 ? '-' : ''}${text}e-${digit() * 3 + digit()}`)
    }
    for (const x of operands) {
      for (const places of [1, 2, 6, 7, 8, 13, 14, 18, 20]) {
        const a = new Decimal(x)
        expect(parts(roundTo(a, places)), `${x} to ${places}`).toBe(parts(a.toDecimalPlaces(places, Decimal.ROUND_HALF_UP)))
      }
    }
  })

  it('times equals decimal.js times, also when it skips a factor of 1', () => {
    for (const a of values) {
      for (const b of [...values, ONE, new Decimal('1.000'), new Decimal('-1')]) expect(show(times(a, b))).toBe(show(a.times(b)))
    }
  })

  it('times, plus and minus compute short operands themselves with the same words, exponent and sign as decimal.js', () => {
    /** The internal form: a result with other words would print the same yet round differently later. */
    const parts = (d: Decimal) => JSON.stringify([d.s, d.e, d.d])
    // Operands around the 8-word limit (7 digits a word), with carries into a new leading word,
    // trailing zero words, both signs, and exponents near decimal.js's ±9e15 range.
    const operands = ['3.5', '0.19', '-10.75', '9999999', '99999999999999', '0.0000001', '1e7', '-1e-7', '2.5e400',
      '4e-400', '1234567.1234567', '9'.repeat(28), '-' + '9'.repeat(29), '1' + '0'.repeat(27) + '1', '8.5e3999999999999999',
      '7e-3999999999999999', '3e4000000000000001', '1.5e-4000000000000001', '123456789012345678901234567.89',
      '0.0000001', '-9999999.9999999', '99999999999999999999999999999999999999999999999999999', '1e-49',
      // Differences: cancelling leading words, borrows through every word, a difference of 0, 0 − b.
      '1234567.1234566', '-1234567.1234567', '1234567', '1.0000001', '0.9999999', '-0.9999999', '10000000.0000001',
      '99999999999999.99999999999999', '0', '-0']
    const next = seeded(2026)
    const digit = () => next(10)
    for (let i = 0; i < 200; i++) {
      let text = String(1 + (digit() % 9))
      for (let n = digit() * 4 + digit(); n > 0; n--) text += String(digit() < 4 ? 9 : digit())
      operands.push(`${digit() < 5 ? '-' : ''}${text}e${digit() < 5 ? '-' : ''}${digit() * 7 + digit()}`)
    }
    for (const x of operands) {
      for (const y of operands) {
        const a = new Decimal(x)
        const b = new Decimal(y)
        expect(parts(times(a, b)), `${x} × ${y}`).toBe(parts(a.times(b)))
        expect(parts(plus(a, b)), `${x} + ${y}`).toBe(parts(a.plus(b)))
        expect(parts(minus(a, b)), `${x} - ${y}`).toBe(parts(a.minus(b)))
      }
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

  it('centsText is toString with at least 2 decimals, for the amounts it writes from the words', () => {
    // The writer's money text, defined on toString: `.00` or `0` appended below 2 decimals.
    const padded = (d: Decimal) => {
      const text = d.toString()
      const dot = text.indexOf('.')
      if (dot < 0) return `${text}.00`
      return text.length - dot === 2 ? `${text}0` : text
    }
    const fast = ['0', '-0', '0.01', '-0.01', '0.1', '0.5', '1', '-1', '10', '0.99', '12.3', '1234567', '1234567.89',
      '9999999.99', '10000000', '50000000.5', '99999999999.99', '-7e12', '9999999999999.99', '1e12', '2559.09']
    for (const text of fast) {
      const d = new Decimal(text)
      expect(centsText(d), text).toBe(padded(d))
    }
    // More than 2 decimals, 1e13 and above, and the non-finite: left to toString.
    for (const text of ['0.005', '-0.005', '1e-7', '0.000001', '100.001', '1.005', '10000000000000', '1e13',
      '123456789012345678901234567890', '1e400', '-1e400', 'NaN', 'Infinity', '-Infinity']) {
      expect(centsText(new Decimal(text)), text).toBeUndefined()
    }
    // Seeded random amounts of up to 16 digits and 0 to 3 decimals, also as results of rounding.
    const next = seeded(42)
    let written = 0
    for (let i = 0; i < 20000; i++) {
      const text = seededText(next, 16, 3)
      let d = new Decimal(text)
      if (next(2) === 0) d = round2(d.times(new Decimal(next(2000)).div(100)))
      const cents = centsText(d)
      if (cents !== undefined) written++
      expect(cents ?? padded(d), text).toBe(padded(d))
    }
    expect(written).toBeGreaterThan(15000)
  })

  it('shortText is toString, for the values below 1e13 with at most 7 decimals it writes from the words', () => {
    const fast = ['0', '-0', '0.005', '-0.005', '1e-7', '-1e-7', '0.0000001', '0.000001', '0.01', '0.1', '1', '-1', '10',
      '1234567', '12345678', '9999999.9999999', '10000000', '9999999999999.9999999', '1e12', '-7e12', '0.665', '1.4294',
      '406.0632', '100.001']
    for (const text of fast) {
      const d = new Decimal(text)
      expect(shortText(d), text).toBe(d.toString())
    }
    for (const text of ['1e-8', '0.00000012', '1e13', '10000000000000', '123456789012345678901234567890', '1e400',
      '-1e400', '1e-400', 'NaN', 'Infinity', '-Infinity']) {
      expect(shortText(new Decimal(text)), text).toBeUndefined()
    }
    const next = seeded(43)
    let written = 0
    for (let i = 0; i < 20000; i++) {
      const text = seededText(next, 20, 8)
      let d = new Decimal(text)
      if (next(2) === 0) d = d.times(new Decimal(next(2000)).div(100))
      const short = shortText(d)
      if (short !== undefined) written++
      expect(short ?? d.toString(), text).toBe(d.toString())
    }
    expect(written).toBeGreaterThan(5000)
  })
})
