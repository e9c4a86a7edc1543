/**
 * After READS_BEFORE_COPIES texts the reader makes its closures again as copies compiled from
 * their own source (`ownCopy` in read-json-payload.ts), each with feedback of its own. The copies
 * must read exactly what the closures did, and where `eval` is refused the closures stay.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isDecimal } from '../../src/model/decimal.js'

const SAMPLES = new URL('../../samples/', import.meta.url)
const texts = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => readFileSync(new URL(f, SAMPLES), 'utf8'))
  .flatMap((text) => [text, JSON.stringify(JSON.parse(text))])
// Off the common path: keys out of order, a duplicate key, an escaped key, null lists, an error.
texts.push(
  '{"zfitems":[{"quantity":"2","price":1.50,"product":{"vatpercent":19,"name":"a\\"b"}}],"number":"1"}',
  '{"number":"1","number":"2","zfitems":[{"price":1,"quantity":1}]}',
  '{"n\\u0075mber":"1","zfitems":[{"price":1,"quantity":1}],"zfcharges":null}',
  '{"zfitems":[{"price":"x","quantity":1}]}',
)

/** A value with its key order and undefined-valued keys made visible to toEqual. */
function layout(v: unknown): unknown {
  if (isDecimal(v)) return `Decimal ${v.toString()} ${v.isNegative() ? '-' : '+'}`
  if (Array.isArray(v)) return v.map(layout)
  if (typeof v === 'object' && v !== null) return Object.entries(v).map(([k, x]) => [k, layout(x)])
  return v === undefined ? 'undefined' : v
}

async function freshReader() {
  vi.resetModules()
  const reader = await import('../../src/json/read-json-payload.js')
  const { InvoiceSchema, CalculatedInvoiceSchema } = await import('../../src/json/schemas.js')
  const read = (text: string) => [InvoiceSchema, CalculatedInvoiceSchema].map((schema) => layout(reader.readPayloadText(schema, text)))
  return { read, copies: reader.readerCopies }
}

const originalEval = globalThis.eval
afterEach(() => {
  globalThis.eval = originalEval
})

/** What the closures alone read: eval refused, so no copies are ever made. */
async function closuresOnly(): Promise<unknown[]> {
  const { read, copies } = await freshReader()
  globalThis.eval = () => {
    throw new EvalError('Code generation from strings disallowed for this context')
  }
  const results = texts.map(read)
  // Past the threshold, several times over: the same, and still no copy.
  for (let round = 0; round < 3; round++) expect(texts.map(read)).toEqual(results)
  expect(copies()).toBe(0)
  globalThis.eval = originalEval
  return results
}

describe('the reader copies', () => {
  it('read every text as the closures do', async () => {
    const expected = await closuresOnly()
    const { read, copies } = await freshReader()
    expect(read(texts[0] as string)).toEqual(expected[0])
    expect(copies()).toBe(0)
    for (let round = 0; round < 3; round++) expect(texts.map(read)).toEqual(expected)
    expect(copies()).toBeGreaterThan(20)
    // The refused text is refused by both, the others read.
    expect(expected.at(-1)).toEqual(['undefined', 'undefined'])
    expect((expected.at(-2) as unknown[])[0]).not.toEqual('undefined')
  })
})
