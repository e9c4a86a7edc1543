/**
 * The one-pass reader must give exactly what the slow path (parseJsonText + zod) gives: the same
 * keys in the same order, the same values, the same Decimals; and leave every error to it.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseJsonText } from '../../src/json/parse-json.js'
import { readInvoiceJsonText, readInvoicePayload } from '../../src/json/read-invoice.js'
import { readPayloadText } from '../../src/json/read-json-payload.js'
import { readPayload } from '../../src/json/read-payload.js'
import { CalculatedInvoiceSchema, InvoiceSchema } from '../../src/json/schemas.js'
import { isDecimal } from '../../src/model/decimal.js'
import { parseInvoiceToJsonText } from '../../src/parse-invoice.js'
import { hasCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

const SAMPLES = new URL('../../samples/', import.meta.url)

/** A value with its key order and undefined-valued keys made visible to toEqual. */
function layout(v: unknown): unknown {
  if (isDecimal(v)) return `Decimal ${v.toString()} ${v.isNegative() ? '-' : '+'}`
  if (Array.isArray(v)) return v.map(layout)
  if (typeof v === 'object' && v !== null) return Object.entries(v).map(([k, x]) => [k, layout(x)])
  return v === undefined ? 'undefined' : v
}

function expectSameAsSlowPath(text: string, schema = InvoiceSchema): void {
  const fast = readPayloadText(schema, text)
  expect(fast, 'the fast path should take this input').toBeDefined()
  expect(layout(fast?.payload)).toEqual(layout(readPayload(schema, parseJsonText(text))))
}

function errorOf(fn: () => unknown): unknown {
  try {
    fn()
  } catch (err) {
    return { message: (err as Error).message, details: (err as { details?: unknown }).details }
  }
  throw new Error('expected an error')
}

const line = '{"id":"1","price":9.90,"quantity":"20","product":{"name":"A","vatpercent":19}}'

describe('readPayloadText', () => {
  it('reads every sample as the slow path does, compact and indented, as Invoice and CalculatedInvoice', () => {
    const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.json'))
    expect(files.length).toBeGreaterThan(5)
    for (const file of files) {
      const text = readFileSync(new URL(file, SAMPLES), 'utf8')
      expectSameAsSlowPath(text)
      expectSameAsSlowPath(JSON.stringify(JSON.parse(text)))
      expectSameAsSlowPath(text, CalculatedInvoiceSchema)
    }
  })

  it.each([
    ['numbers as strings and strings as numbers', `{"number":471102,"zfitems":[${line}],"totalPrepaidAmount":"1.50"}`],
    ['null as absent, at every kind of field', `{"number":null,"sender":null,"notes":null,"zfitems":[${line}],"issueDate":null}`],
    ['unknown keys, including __proto__ and constructor', `{"__proto__":{"x":1},"constructor":2,"zz":[1,{"a":[]}],"zfitems":[${line}]}`],
    ['escapes in keys and values', `{"num\\u0062er":"a\\"b\\\\c\\u00e9\\n","zfitems":[${line}]}`],
    ['a BOM and outer whitespace', `\uFEFF \n{"zfitems":[${line}]}\n\t`],
    ['exact literals', `{"zfitems":[{"price":123456789012345.99e-1,"quantity":-0.0,"basisQuantity":1E0}]}`],
    ['vatid after vatID wins', `{"sender":{"vatID":"A","name":"S","vatid":"B"},"zfitems":[${line}]}`],
    ['vatID after vatid wins', `{"sender":{"vatid":"A","vatID":"B"},"zfitems":[${line}]}`],
    ['dates in every accepted form', `{"issueDate":"2026-01-02T23:30:00-05:00","dueDate":1700000000000,"deliveryDate":"20260105","zfitems":[${line}]}`],
    ['forms left to zod', `{"objectIdentifierReferencedDocument":"X1","tenderReferencedDocument":{"issuerAssignedID":"T"},"correction":"R1","notesWithSubjectCode":[{"content":"n","subjectCode":"AAI"}],"additionalReferencedDocuments":[{"filename":"a","data":"QUJD"}],"zfitems":[{"price":1,"quantity":1,"product":{"attributes":{"b":1,"a":"x"}}}]}`],
    ['empty objects and arrays', `{"sender":{},"zfallowances":[],"zfitems":[{}]}`],
    ['keys in shape order, reversed, and mixed', `{"zfitems":[${line},{"product":{"vatpercent":7,"name":"B"},"quantity":2,"price":1,"id":"2"},{"id":"3","product":{"name":"C"},"price":2}]}`],
    ['a key order that changes from object to object', `{"zfitems":[${line},{"price":1,"id":"2"},{"quantity":3,"id":"3","zz":1,"price":2},${line}]}`],
    ['keys with escapes among plain ones', `{"zfitems":[{"\\u0069d":"1","pr\\u0069ce":2,"quantity":1}]}`],
  ])('%s', (_, text) => expectSameAsSlowPath(text))

  it.each([
    ['a syntax error', `{"zfitems":[${line}],}`],
    ['a number JSON does not allow', '{"zfitems":[{"price":01}]}'],
    ['a raw control character', '{"number":"a\u0001"}'],
    ['a refused value', '{"zfitems":[{"price":"abc"}]}'],
    ['a number out of range', '{"zfitems":[{"price":1e15}]}'],
    ['a negative basis quantity', '{"zfitems":[{"basisQuantity":-1}]}'],
    ['trailing text', `{"zfitems":[${line}]} x`],
    ['empty text', '  '],
  ])('leaves %s to the slow path, which words the error', (_, text) => {
    expect(readPayloadText(InvoiceSchema, text)).toBeUndefined()
    expect(errorOf(() => readInvoiceJsonText(text))).toEqual(
      errorOf(() => readInvoicePayload(parseJsonText(text))),
    )
  })

  it('does not read past the end of a text into what an earlier, longer text left behind', () => {
    const whole = `{"number":"12345","zfitems":[${line}]}`
    for (const cut of [whole.length - 1, whole.indexOf('12345') + 2, whole.indexOf('"number"') + 4, whole.indexOf('9.90') + 2]) {
      const text = whole.slice(0, cut)
      expect(readPayloadText(InvoiceSchema, whole)).toBeDefined()
      expect(readPayloadText(InvoiceSchema, text)).toBeUndefined()
      expect(errorOf(() => readInvoiceJsonText(text))).toEqual(errorOf(() => readInvoicePayload(parseJsonText(text))))
    }
    // An escape as the last character steps over the first of the two end markers.
    expect(readPayloadText(InvoiceSchema, whole)).toBeDefined()
    expect(readPayloadText(InvoiceSchema, '{"number":"1\\')).toBeUndefined()
  })

  it.each([
    ['a duplicate key', `{"number":"1","number":"2","zfitems":[${line}]}`],
    ['a duplicate key read in shape order', `{"zfitems":[{"id":"1","price":1,"id":"2"}]}`],
    ['deep nesting', `{"x":${'['.repeat(500)}${']'.repeat(500)},"zfitems":[${line}]}`],
    ['a refused vatID that the later vatid replaces', `{"sender":{"vatID":{},"vatid":"B"},"zfitems":[${line}]}`],
  ])('leaves %s to the slow path, which accepts it', (_, text) => {
    expect(readPayloadText(InvoiceSchema, text)).toBeUndefined()
    expect(layout(readInvoiceJsonText(text))).toEqual(layout(readInvoicePayload(parseJsonText(text))))
  })
})

describe.skipIf(!hasCorpus)('readPayloadText on the corpus', () => {
  it('reads the parse output of corpus invoices as the slow path does', () => {
    const entries = oracle().filter((e) => e.kind === 'invoice' && e.file.endsWith('.xml'))
    let read = 0
    for (const entry of entries.filter((_, i) => i % 4 === 0)) {
      let text: string
      try {
        text = parseInvoiceToJsonText(readCorpusFile(entry))
      } catch {
        continue
      }
      expectSameAsSlowPath(text, CalculatedInvoiceSchema)
      read++
    }
    expect(read).toBeGreaterThan(50)
  })
})
