/**
 * The bounds of the payload's numbers (below 1e15, at most 30 decimals, basisQuantity at most 18)
 * and of every computed amount (below 1e15): hostile numbers answer at once with an error naming
 * the field, never with a million-digit amount or an out-of-memory abort.
 */
import { describe, expect, it } from 'vitest'
import { Decimal } from 'decimal.js'
import { calculateInvoice, calculateInvoiceJsonText } from '../../src/calc/calculate-invoice.js'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { einvoiceErrorOfSync as failure } from '../helpers/einvoice-error.js'

/** One line priced 1 × 1 at 19 %, with `extra` written into its JSON text. */
function lineText(extra: string): string {
  return `{"number":"1","issueDate":"2026-01-15","zfitems":[{"price":1,"quantity":1,"product":{"vatpercent":19,"unit":"H87"}${extra}}]}`
}

// The inputs here ran out of memory or took minutes before: a regression shows as the test's time
// limit, not as a timed assertion.

describe('numbers of the payload', () => {
  it('refuses a tiny basisQuantity, naming it, in calculate and invoice2xml (it ran out of memory)', () => {
    const text = lineText(',"basisQuantity":1e-99999999999')
    for (const run of [() => calculateInvoiceJsonText(text), () => invoiceJsonToXml(text, { format: 'fx', profile: 'EN16931' })]) {
      const err = failure(run)
      expect(err.errorCode).toBe('INVALID_PAYLOAD')
      expect(err.message).toMatch(/^zfitems\[0\]\.basisQuantity: too many decimals \("1e-99999999999"\): at most 18 are allowed/)
    }
  })

  it('refuses a basisQuantity with more decimals than BasisQuantity is written with (18)', () => {
    const err = failure(() => calculateInvoiceJsonText(lineText(',"basisQuantity":1e-30')))
    expect(err.details).toEqual({ 'zfitems[0].basisQuantity': expect.stringMatching(/^too many decimals .*BasisQuantity is written with 18 at most/) })
    const json = JSON.parse(calculateInvoiceJsonText(lineText(',"basisQuantity":0.000000000000000125').replace('"price":1', '"price":0.001')))
    expect(json.zfitems[0].calculation.itemTotalNetAmount).toBe(8000000000000)
  })

  const hostile: [string, string, RegExp][] = [
    ['an exponent below decimal.js', '1e-99999999999999999999', /too many decimals/],
    ['an exponent above decimal.js (it read as Infinity)', '1e99999999999999999999', /number out of range/],
    ['a million zeros after the point', '0.' + '0'.repeat(1e6) + '1', /too many decimals/],
    ['a million digits', '1.' + '0'.repeat(1e6) + '1', /too many decimals/],
    ['a million-digit integer', '1' + '0'.repeat(1e6), /number out of range/],
    ['31 decimals', '0.' + '0'.repeat(30) + '1', /too many decimals/],
  ]
  for (const [what, number, message] of hostile) {
    for (const field of ['price', 'quantity', 'vatpercent', 'percent']) {
      it(`refuses ${what} as ${field}, at once`, () => {
        const item =
          field === 'vatpercent'
            ? `{"price":1,"quantity":1,"product":{"vatpercent":${number}}}`
            : field === 'percent'
              ? `{"price":1,"quantity":1,"product":{"vatpercent":19},"itemAllowances":[{"percent":${number}}]}`
              : `{"${field === 'price' ? 'quantity' : 'price'}":1,"${field}":${number},"product":{"vatpercent":19}}`
        const err = failure(() => calculateInvoiceJsonText(`{"zfitems":[${item}]}`))
        const path = { price: 'zfitems[0].price', quantity: 'zfitems[0].quantity', vatpercent: 'zfitems[0].product.vatpercent', percent: 'zfitems[0].itemAllowances[0].percent' }[field]
        expect(err.errorCode).toBe('INVALID_PAYLOAD')
        expect(err.message.startsWith(`${path}: `)).toBe(true)
        expect(err.message).toMatch(message)
      })
    }
  }

  it('reads a long run of digits ending in a stray character in linear time (the RegExp took 100 s)', () => {
    const err = failure(() => calculateInvoiceJsonText(`{"zfitems":[{"price":"${'1'.repeat(100_000)}x","quantity":1}]}`))
    expect(err.message).toMatch(/^zfitems\[0\]\.price: expected a number, got "1111/)
  })

  it('still takes 30 decimals, zeros of any length and exponents that come back into range', () => {
    const json = JSON.parse(
      calculateInvoiceJsonText(`{"zfitems":[{"price":"1.${'0'.repeat(29)}1","quantity":"1.${'0'.repeat(100_000)}","product":{"vatpercent":"19e${'0'.repeat(1000)}1"}}]}`),
    )
    expect(json.zfitems[0].calculation.itemTotalNetAmount).toBe(1)
    expect(json.zfitems[0].product.vatpercent).toBe(190)
  })

  it('refuses hostile values from a library caller alike', () => {
    const values: [unknown, RegExp][] = [
      [5e-324, /too many decimals \(5e-324\)/],
      [new Decimal(NaN), /expected a finite number, got NaN/],
      [new Decimal(Infinity), /expected a finite number, got Infinity/],
      [new Decimal('1e-9999999'), /too many decimals \(1e-9999999\)/],
      [10n ** 100_000n, /number out of range/],
    ]
    for (const [value, message] of values) {
      const err = failure(() => calculateInvoice({ zfitems: [{ price: value, quantity: 1 }] }))
      expect(err.message).toMatch(/^zfitems\[0\]\.price: /)
      expect(err.message).toMatch(message)
    }
  })
})

describe('computed amounts', () => {
  const cases: [string, string, string, RegExp][] = [
    ['a quotient by a small basisQuantity', lineText(',"basisQuantity":1e-18'), 'zfitems[0]', /the line net amount \(BT-131\) comes to 1000000000000000000, out of range/],
    ['a line allowance of 1e14 %', lineText(',"itemAllowances":[{"percent":1e14}]').replace('"price":1', '"price":1e14'), 'zfitems[0].itemAllowances[0]', /the amount comes to 100000000000000000000000000,/],
    ['a product charge of 1e14 %', lineText('').replace('"unit":"H87"', '"unit":"H87","charges":[{"percent":1e14}]').replace('"price":1', '"price":1e14'), 'zfitems[0].product.charges[0]', /the amount comes to 100000000000000000000000000,/],
    ['a VAT rate of 1e5 %', lineText('').replace('"vatpercent":19', '"vatpercent":1e5').replace('"price":1', '"price":1e14'), 'zfitems[0]', /the line VAT amount comes to/],
    [
      'a sum of lines',
      '{"zfitems":[{"price":9e14,"quantity":1,"product":{"vatpercent":0}},{"price":9e14,"quantity":1,"product":{"vatpercent":0}}]}',
      'lineTotalAmount',
      /the sum of the line net amounts \(BT-106\) comes to 1800000000000000, out of range/,
    ],
    [
      'a document allowance of 1000 %',
      '{"zfitems":[{"price":9e14,"quantity":1,"product":{"vatpercent":0}}],"zfallowances":[{"percent":1000,"taxPercent":0}]}',
      'zfallowances[0]',
      /the amount comes to 9000000000000000/,
    ],
  ]
  for (const [what, text, path, message] of cases) {
    it(`refuses ${what}, naming ${path}`, () => {
      const err = failure(() => calculateInvoiceJsonText(text))
      expect(err.errorCode).toBe('CALCULATION_ERROR')
      expect(err.message.startsWith(`${path}: `)).toBe(true)
      expect(err.message).toMatch(message)
      expect(Object.keys(err.details ?? {})).toEqual([path])
    })
  }

  it('refuses a VAT group past 1e15 even when the lines cancel out', () => {
    const text =
      '{"zfitems":[{"price":9e14,"quantity":1,"product":{"vatpercent":10}},{"price":9e14,"quantity":1,"product":{"vatpercent":10}},' +
      '{"price":-9e14,"quantity":1,"product":{"vatpercent":0}},{"price":-9e14,"quantity":1,"product":{"vatpercent":0}}]}'
    const err = failure(() => calculateInvoiceJsonText(text))
    expect(err.message).toMatch(/^calculation\.taxDetails: the taxable amount at VAT rate 10 % \(BT-116\) comes to 1800000000000000/)
  })

  it('invoice2xml refuses the amount before writing it', () => {
    const err = failure(() => invoiceJsonToXml(lineText(',"basisQuantity":0.000000000000001'), { format: 'fx', profile: 'EN16931' }))
    expect(err.message).toMatch(/^zfitems\[0\]: the line net amount \(BT-131\) comes to 1000000000000000, out of range/)
  })
})
