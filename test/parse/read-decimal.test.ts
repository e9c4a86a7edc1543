/** decimalFromText must build exactly the Decimal decimal.js builds from the same text. */
import { describe, expect, it } from 'vitest'
import { Decimal } from '../../src/model/decimal.js'
import { decimalFromText } from '../../src/read-decimal.js'

function fields(d: Decimal) {
  return { keys: Object.keys(d), s: d.s, e: d.e, d: d.d, text: d.toString(), fixed: d.toFixed(2) }
}

/** A small deterministic generator, so a failure names a reproducible text. */
function texts(count: number): string[] {
  let seed = 20261122
  const next = (k: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    return (seed >>> 8) % k
  }
  const out: string[] = []
  while (out.length < count) {
    const digits = (length: number) => Array.from({ length }, () => (next(3) === 0 ? '0' : String(next(10)))).join('')
    const sign = ['', '-', '+'][next(3)] as string
    const whole = digits(next(24))
    const fraction = next(3) === 0 ? '' : '.' + digits(next(24))
    const text = sign + whole + fraction
    if (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) out.push(text)
  }
  return out
}

describe('decimalFromText', () => {
  it('matches new Decimal(text) on amounts, zeros, signs and word boundaries', () => {
    const cases = ['0', '-0', '+0', '0.00', '-0.00', '.5', '5.', '-.5', '+7.', '00', '.0', '000123.4500', '100.00', '12.50',
      '1234567', '12345678', '0.0000001', '0.00000001', '1234567.1234567', '99999999999999999999.99', '-123.456', '10000000']
    for (const text of cases) expect(fields(decimalFromText(text)), text).toEqual(fields(new Decimal(text)))
  })

  it('matches new Decimal(text) on 5 000 generated decimal texts', () => {
    for (const text of texts(5_000)) expect(fields(decimalFromText(text)), text).toEqual(fields(new Decimal(text)))
  })

  it('gives values that calculate like parsed ones', () => {
    const a = decimalFromText('12.50')
    expect(a.times(decimalFromText('3')).plus(decimalFromText('-0.005')).toFixed(2)).toBe('37.50')
    expect(decimalFromText('-0.00').isNegative()).toBe(new Decimal('-0.00').isNegative())
  })
})
