/**
 * The compact response writer skips its escape scan when the reader saw no string that JSON would
 * escape. Strings that do need escaping, given raw or escaped in the text, anywhere in the invoice,
 * must still come out as JSON.stringify writes them.
 */
import { describe, expect, it } from 'vitest'
import { calculateInvoice, calculateInvoiceJsonText } from '../../src/calc/calculate-invoice.js'
import { readInvoiceText } from '../../src/json/read-invoice.js'
import { writeJson } from '../../src/json/write-json.js'

/** An invoice whose number, note and first product name are `raw`, put into the text unescaped. */
function invoiceText(raw: string): string {
  return (
    `{"number":"${raw}","notes":["${raw}"],"zfitems":[` +
    `{"id":"1","price":9.90,"quantity":2,"product":{"name":"${raw}","vatpercent":19}},` +
    `{"id":"2","price":1,"quantity":1,"product":{"name":"B","vatpercent":7}}]}`
  )
}

describe('strings the reader found plain or not', () => {
  it('flags an invoice plain only when no string has an escape or a surrogate', () => {
    expect(readInvoiceText(invoiceText('Büro € 2\u2028x')).plainStrings).toBe(true)
    expect(readInvoiceText(invoiceText('x\ud83d\ude00y')).plainStrings).toBe(false)
    expect(readInvoiceText(invoiceText('a\ud800b')).plainStrings).toBe(false)
    expect(readInvoiceText(invoiceText('q\\"uote')).plainStrings).toBe(false)
    expect(readInvoiceText(invoiceText('\\u0041')).plainStrings).toBe(false)
    // The slow path (a duplicate key here) is never flagged.
    expect(readInvoiceText(invoiceText('A').replace('{"number"', '{"number":"0","number"')).plainStrings).toBe(false)
  })

  it.each([
    ['plain Latin-1, the euro sign and U+2028', 'Büro € 2\u2028x'],
    ['a raw surrogate pair', 'x\ud83d\ude00y'],
    ['a raw lone high surrogate', 'a\ud800b'],
    ['a raw lone low surrogate', '\udc00'],
    ['an escaped quote and backslash', 'q\\"u\\\\ote'],
    ['an escaped control character and an escaped lone surrogate', 'tab\\tin\\ud800'],
  ])('writes %s as JSON.stringify does', (_, raw) => {
    const text = invoiceText(raw)
    const out = calculateInvoiceJsonText(text)
    expect(out).toBe(writeJson(calculateInvoice(JSON.parse(text))))
    const value = JSON.parse(text) as { number: string }
    expect(out.startsWith(`{"number":${JSON.stringify(value.number)},`)).toBe(true)
  })
})
