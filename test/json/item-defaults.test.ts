/**
 * Mustang's Item starts with price 0 and basisQuantity 1, and Jackson's NON_EMPTY writes both
 * (mustang-behaviour.md §1.5): every item of a calculate answer carries them, and `value` (= price).
 * Both of einvoice's writers (the JS value and the JSON text) answer alike.
 */
import { describe, expect, it } from 'vitest'
import { calculateInvoice, calculateInvoiceJsonText } from '../../src/calc/calculate-invoice.js'
import { writeJson } from '../../src/json/write-json.js'

const payload = {
  zfitems: [
    { quantity: 2, product: { name: 'no price', vatpercent: 19 } },
    { price: 128.49, quantity: 50, basisQuantity: 100, product: { name: 'both given', vatpercent: 19 } },
    { price: 9.9, quantity: 1, product: { name: 'price only', vatpercent: 19 } },
  ],
}

describe('calculate items', () => {
  it('carry price (0 when absent), basisQuantity (1 when absent) and value, in both writers', () => {
    const text = calculateInvoiceJsonText(JSON.stringify(payload))
    expect(writeJson(calculateInvoice(payload))).toBe(text)
    const items = (JSON.parse(text) as { zfitems: Record<string, unknown>[] }).zfitems
    expect(items.map((i) => [i['price'], i['basisQuantity'], i['value']])).toEqual([
      [0, 1, 0],
      [128.49, 100, 128.49],
      [9.9, 1, 9.9],
    ])
    // Given keys keep their place; the defaults come after the product.
    expect(Object.keys(items[0] ?? {})).toEqual(['quantity', 'product', 'price', 'basisQuantity', 'value', 'calculation'])
    expect(Object.keys(items[1] ?? {})).toEqual(['price', 'quantity', 'basisQuantity', 'product', 'value', 'calculation'])
  })
})
