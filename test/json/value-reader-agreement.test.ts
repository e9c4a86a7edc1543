/**
 * The library's calculateInvoice(value) reads a JavaScript value; the CLI and the server read JSON
 * text. For any JSON a caller could give either way they must answer alike. They did not: a
 * number in `notes` was refused from a value and taken as text from JSON, and a number of fewer
 * than 10 digits as a date (0, 20261124) was epoch millis from a value but refused, or read as
 * YYYYMMDD, from JSON.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { calculateInvoice, calculateInvoiceJsonText } from '../../src/calc/calculate-invoice.js'
import { writeJson } from '../../src/json/write-json.js'

const SAMPLES = new URL('../../samples/', import.meta.url)
const samples = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => readFileSync(new URL(f, SAMPLES), 'utf8'))

/** The answer, or the error; a number is quoted in the text reader's messages (it reads literals as text). */
function outcome(run: () => string): string {
  try {
    return run()
  } catch (err) {
    return `${(err as { errorCode?: string }).errorCode} ${(err as Error).message.replace(/"(-?[\d.]+(?:e[+-]?\d+)?)"/gi, '$1')}`
  }
}

function expectAlike(value: unknown): void {
  const text = JSON.stringify(value)
  expect(outcome(() => writeJson(calculateInvoice(JSON.parse(text))))).toBe(outcome(() => calculateInvoiceJsonText(text)))
}

const line = { price: 9.9, quantity: 20, product: { vatpercent: 19 } }

describe('calculateInvoice(value) and the JSON text reader', () => {
  it.each([[1], [2.5], [true], ['a'], [null], [{}]])('read %j in notes alike', (note) => {
    expectAlike({ notes: [note], zfitems: [{ ...line, notes: [note] }] })
  })

  it.each([0, 1, -1, 20261124, 1700000000000, -1000000000000, 0.5, 1e15, '20261124', '1700000000000', '2026-11-24T23:30:00-05:00'])('read the date %j alike', (date) => {
    expectAlike({ issueDate: date, dueDate: date, zfitems: [line] })
  })

  // docs/json.md: attachment data is base64 text or an array of byte values. The text reader got
  // the bytes as their literal text and refused the array ("has none of the accepted forms").
  it.each([[[104, 105]], [[-128, 0, 255]], [[]], [[104, 300]], [[1.5]], [['104']], [[null]], ['aGk='], ['***'], [{}]])('read attachment data %j alike', (data) => {
    expectAlike({ zfitems: [line], additionalReferencedDocuments: [{ filename: 'a.txt', mimetype: 'text/plain', data }] })
  })

  it('read an array of byte values as the bytes, and name a wrong byte', () => {
    const text = (data: unknown) => JSON.stringify({ zfitems: [line], additionalReferencedDocuments: [{ filename: 'a.txt', data }] })
    expect(calculateInvoiceJsonText(text([104, 105, -1]))).toContain('"data":"aGn/"')
    expect(() => calculateInvoiceJsonText(text([104, 300]))).toThrow('additionalReferencedDocuments[0].data[1]: expected a byte value from -128 to 255, got "300"')
  })

  it('answer alike on seeded variations of every sample', () => {
    let state = 32
    const rnd = (): number => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)] as T
    const paths = (v: unknown, p: string[] = []): string[][] =>
      typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, x]) => [[...p, k], ...paths(x, [...p, k])]) : []
    const values = [null, '', 0, -1, 0.005, 1e15, '19.00', ' 19 ', 'abc', true, [], {}, [1], '2026-02-30', 20261124, 'S', 'AE', 12345678901234.56]
    for (let i = 0; i < 400; i++) {
      const value = JSON.parse(pick(samples)) as Record<string, unknown>
      for (let m = 0; m < 1 + Math.floor(rnd() * 3); m++) {
        const path = pick(paths(value))
        let holder = value as Record<string, unknown>
        for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, unknown>
        if (rnd() < 0.25) delete holder[path.at(-1) as string]
        else holder[path.at(-1) as string] = pick(values)
      }
      expectAlike(value)
    }
  })
})
