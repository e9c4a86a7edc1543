/** writeJson lays text out as JSON.stringify does, with exact numbers and Mustang's NON_EMPTY. */
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { calculatePayload } from '../../src/calc/calculate-invoice.js'
import { calculatedInvoiceJson, calculatedInvoiceJsonText } from '../../src/json/calculated-invoice.js'
import { readInvoiceJsonText } from '../../src/json/read-invoice.js'
import { JsonNumber, JsonSpread, spreadOut, writeJson } from '../../src/json/write-json.js'
import { Decimal } from '../../src/model/decimal.js'

const plain = {
  s: 'a "quoted" \\ line\nbreak \u0001 \ud800 é €',
  n: [0, -1.5, 1e21, 5e-7, Number.NaN, Number.POSITIVE_INFINITY],
  b: [true, false],
  nested: { deeper: { x: 1 }, empty: {}, list: [{ a: 1 }, [2, [3]]] },
  '': 'empty key',
  '10': 'index key',
}

describe('writeJson', () => {
  it('writes plain values exactly as JSON.stringify, compact and indented', () => {
    expect(writeJson(plain)).toBe(JSON.stringify(plain))
    expect(writeJson(plain, { pretty: true })).toBe(JSON.stringify(plain, null, 2))
    expect(writeJson([1, 'x'], { pretty: true })).toBe(JSON.stringify([1, 'x'], null, 2))
  })

  it('writes strings with quotes, escapes, control characters and surrogates as JSON.stringify', () => {
    for (const text of ['plain', 'a"b', 'a\\b', '\u0000\u001f', 'tab\there', '\ud83d\ude00 pair', 'lone \udc00', '\ud800', '€ é ü']) {
      expect(writeJson({ text })).toBe(JSON.stringify({ text }))
    }
  })

  it('writes each key right when the key sequence repeats, changes or shares a prefix with the last one', () => {
    // The writer guesses each key's text from the key that followed the previous one last time.
    const rows = [
      { a: 1, b: 'x', c: { d: 2 } },
      { a: 1, b: 'x', c: { d: 2 } },
      { a: 1, c: { d: 2 }, b: 'x' },
      { b: 'x', a: 1, 'a"b': 3, c: { e: 4, d: 2 } },
      { a: 1, b: 'x', c: { d: 2 } },
      { a: 1, ab: 5, b: 'x' },
    ]
    for (let round = 0; round < 3; round++) {
      for (const row of rows) {
        expect(writeJson(row)).toBe(JSON.stringify(row))
        expect(writeJson(row, { pretty: true })).toBe(JSON.stringify(row, null, 2))
      }
      expect(writeJson(rows)).toBe(JSON.stringify(rows))
    }
  })

  it('leaves out what Object.prototype gains, as JSON.stringify does', () => {
    const proto = Object.prototype as Record<string, unknown>
    proto['polluted'] = 'x'
    try {
      expect(writeJson(plain)).toBe(JSON.stringify(plain))
    } finally {
      delete proto['polluted']
    }
  })

  it('leaves out empty values in objects and writes them as null in arrays', () => {
    const value = { a: undefined, b: null, c: '', d: [], e: () => 1, f: [undefined, null, '', [], 'x'], g: { h: '' } }
    expect(writeJson(value)).toBe('{"f":[null,null,null,null,"x"],"g":{}}')
  })

  it('writes Decimals and JsonNumbers as exact number literals', () => {
    const value = { a: new Decimal('123456789012345678.990'), b: new JsonNumber('197.00'), c: [new Decimal('-1e-40')] }
    expect(writeJson(value)).toBe('{"a":123456789012345678.99,"b":197.00,"c":[-1e-40]}')
    expect(writeJson({ a: new Decimal('2') }, { pretty: true })).toBe('{\n  "a": 2\n}')
  })

  it('writes what toJSON returns, given the key, as JSON.stringify does (a Date had been written {})', () => {
    const value = { d: new Date('2026-01-02T00:00:00Z'), list: [new Date(0), { toJSON: (k: string) => `at ${k}` }], u: new URL('http://example.com/'), gone: { toJSON: () => undefined } }
    expect(writeJson(value)).toBe('{"d":"2026-01-02T00:00:00.000Z","list":["1970-01-01T00:00:00.000Z","at 1"],"u":"http://example.com/"}')
    expect(writeJson(value)).toBe(JSON.stringify(value))
    expect(writeJson(new Date(0), { pretty: true })).toBe('"1970-01-01T00:00:00.000Z"')
    // Decimals keep their exact number (decimal.js's own toJSON gives a string).
    expect(writeJson({ a: new Decimal('0.10') })).toBe('{"a":0.1}')
  })

  it('is reentrant: a toJSON or a getter that writes JSON itself leaves the outer text whole', () => {
    const nested = { a: 1, x: { toJSON: () => writeJson({ b: [1, 2] }) }, get g() { return writeJson([5], { pretty: true }) }, z: 2 }
    expect(writeJson(nested)).toBe(JSON.stringify({ a: 1, x: '{"b":[1,2]}', g: '[\n  5\n]', z: 2 }))
  })

  it('writes a bigint as its exact integer (JSON.stringify refuses it; the payload reader takes one)', () => {
    expect(writeJson({ a: 10n, b: [1n, -(2n ** 80n)] })).toBe('{"a":10,"b":[1,-1208925819614629174706176]}')
    expect(writeJson(5n)).toBe('5')
  })

  it('writes a JsonSpread as the spread object, key order included', () => {
    const base = { a: 1, b: 2, c: 3 }
    const overrides = { d: 4, b: 'B', c: undefined }
    const spread = new JsonSpread(base, overrides)
    expect(writeJson(spread)).toBe(JSON.stringify({ ...base, ...overrides }))
    expect(writeJson([spread], { pretty: true })).toBe(JSON.stringify([{ ...base, ...overrides }], null, 2))
    // Index keys come first in a spread object, wherever they were added.
    const indexed = new JsonSpread({ x: 1 }, { '7': 2 })
    expect(writeJson(indexed)).toBe('{"7":2,"x":1}')
    expect(spreadOut({ keep: 1 })).toEqual({ keep: 1 })
    expect(spreadOut([spread])).toEqual([{ a: 1, b: 'B', c: undefined, d: 4 }])
  })
})

describe('calculatedInvoiceJsonText', () => {
  it('writes what writeJson writes for the built response, for every sample', () => {
    const dir = new URL('../../samples/', import.meta.url)
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
    expect(files.length).toBeGreaterThan(5)
    for (const file of files) {
      const invoice = readInvoiceJsonText(readFileSync(new URL(file, dir), 'utf8'))
      const calc = calculatePayload(invoice)
      for (const pretty of [false, true]) {
        expect(calculatedInvoiceJsonText(invoice, calc, { pretty })).toBe(writeJson(calculatedInvoiceJson(invoice, calc), { pretty }))
      }
    }
  })
})

describe('calculatedInvoiceJsonText, compact, on the shapes the samples do not show', () => {
  const cases: Record<string, unknown> = {
    'an item without product, one with the category given, keys in odd order': {
      zfitems: [
        { quantity: 2, price: '1.5' },
        { product: { taxCategoryCode: 'E', vatpercent: 0, name: 'x' }, price: 3, quantity: 1 },
        { id: '3', price: 1, quantity: 1, product: { vatpercent: 19, name: '"quoted" \\ é \u2028 😀' } },
      ],
    },
    'document allowances and charges with and without their rate and category': {
      currency: 'CHF',
      zfitems: [{ price: 10, quantity: 3, product: { vatpercent: 19 } }],
      zfallowances: [{ totalAmount: 1, reason: 'a' }, { percent: 10, taxPercent: 19, categoryCode: 'S' }],
      zfcharges: [{ categoryCode: 'S', totalAmount: 2, taxPercent: 19 }],
      zflogisticsServiceCharges: [{ totalAmount: '0.50', reason: 'post' }],
    },
    'setter defaults and a sender with bank and debit details': {
      creditNote: 'RE-1',
      ownContact: { name: 'c' },
      sender: { name: 's', vatid: 'DE1', bankDetails: [{ iban: 'DE02', bic: 'B' }], debitDetails: [{ iban: 'DE03', mandate: 'M' }] },
      zfitems: [{ price: '0.125', quantity: -1, product: {} }],
      totalPrepaidAmount: 1,
      roundingAmount: '0.01',
    },
  }
  for (const [name, value] of Object.entries(cases)) {
    it(name, () => {
      const invoice = readInvoiceJsonText(JSON.stringify(value))
      const calc = calculatePayload(invoice)
      expect(calculatedInvoiceJsonText(invoice, calc)).toBe(writeJson(calculatedInvoiceJson(invoice, calc)))
    })
  }
})
