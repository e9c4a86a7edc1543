/**
 * What a library user holds after calculateInvoice: exact numbers (Decimal, JsonNumber) that
 * String(), Number() and JSON.stringify read sensibly. A JsonNumber gave "[object Object]", NaN
 * and {"text":"1.19"}.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Decimal, JsonNumber, calculateInvoice, writeJson } from '../../src/index.js'

describe('the values of a calculated invoice', () => {
  const result = calculateInvoice(JSON.parse(readFileSync('samples/invoice.json', 'utf8')) as never)

  it('read as their exact text and as numbers', () => {
    const grandTotal = result['grandTotal']
    expect(grandTotal).toBeInstanceOf(JsonNumber)
    expect(String(grandTotal)).toBe('372.23')
    expect(Number(grandTotal)).toBe(372.23)
    expect(`${grandTotal as string}`).toBe('372.23')
  })

  it('JSON.stringify writes every number as its exact text, never as an object', () => {
    const text = JSON.stringify(result)
    expect(text).toContain('"grandTotal":"372.23"')
    expect(text).not.toContain('{"text":')
    // writeJson keeps them JSON numbers.
    expect(writeJson(result)).toContain('"grandTotal":372.23')
    const line = (result['zfitems'] as Record<string, unknown>[])[0]?.['calculation'] as Record<string, unknown>
    for (const value of Object.values(line)) if (typeof value === 'object' && value !== null) expect(value instanceof Decimal || value instanceof JsonNumber).toBe(true)
  })
})
