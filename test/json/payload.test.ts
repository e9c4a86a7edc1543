/** The Invoice payload: Mustang's property names and semantics, exact numbers, clear errors. */
import { describe, expect, it } from 'vitest'
import { calculateInvoiceJsonText } from '../../src/calc/calculate-invoice.js'
import { parseJsonText } from '../../src/json/parse-json.js'
import { readInvoicePayload } from '../../src/json/read-invoice.js'
import { calc, line } from '../helpers/calculate.js'

const minimal = { zfitems: [line(10, 1, 19)] }

function errorOf(fn: () => unknown): string {
  try {
    fn()
  } catch (err) {
    return (err as Error).message
  }
  throw new Error('expected an error')
}

describe('parseJsonText', () => {
  it('keeps number literals exact as text', () => {
    expect(parseJsonText('{"a": 123456789012345678.99, "b": [1e400, -0.5], "c": "9"}')).toEqual({
      a: '123456789012345678.99',
      b: ['1e400', '-0.5'],
      c: '9',
    })
  })

  it('rejects malformed JSON naming line, column and offset', () => {
    expect(errorOf(() => parseJsonText('{\n  "a": 1,\n  "b": }'))).toMatch(/^invalid JSON at line 3, column 8 \(offset 19\)/)
  })

  it('still rejects invalid number tokens (01, 1., +1)', () => {
    for (const bad of ['{"a": 01}', '{"a": 1.}', '{"a": +1}', '{"a": -}']) {
      expect(() => parseJsonText(bad)).toThrow(/invalid JSON/)
    }
  })

  it('rejects empty input and accepts a BOM', () => {
    expect(errorOf(() => parseJsonText('  '))).toBe('the JSON input is empty')
    expect(parseJsonText('\uFEFF{"a":"x"}')).toEqual({ a: 'x' })
  })

  it('does not touch digits inside strings, including escaped quotes', () => {
    expect(parseJsonText('{"a": "x\\"12", "b": 3}')).toEqual({ a: 'x"12', b: '3' })
  })
})

describe('Invoice payload', () => {
  it('ignores unknown keys at every level', () => {
    const r = calc({ ...minimal, somethingElse: 1, sender: { name: 'S', nonsense: true } })
    expect(r.somethingElse).toBeUndefined()
    expect(r.sender).toEqual({ name: 'S' })
  })

  it('accepts numbers as numeric strings and strings as numbers (Jackson coercion)', () => {
    const r = calc({ number: 471102, zfitems: [line('10.50', '2', 19)] })
    expect(r.number).toBe('471102')
    expect(r.lineTotalAmount).toBe(21)
  })

  it('reads null as absent', () => {
    const r = calc({ ...minimal, notes: null, sender: null, dueDate: null, totalPrepaidAmount: null })
    expect(r.notes).toBeUndefined()
    expect(r.sender).toBeUndefined()
  })

  it('reads dates as calendar dates, never shifted by a time zone', () => {
    const p = readInvoicePayload({
      issueDate: '2024-10-26',
      dueDate: '2018-03-04T00:00:00.000+01:00',
      deliveryDate: '2018-03-03T23:00:00.000+00:00',
      invoiceReferencedIssueDate: 1752744199178,
      detailedDeliveryPeriodFrom: '2024-02-29T10:00',
      detailedDeliveryPeriodTo: '20240301',
    })
    expect(p).toMatchObject({
      issueDate: '2024-10-26',
      dueDate: '2018-03-04',
      deliveryDate: '2018-03-03',
      invoiceReferencedIssueDate: '2025-07-17',
      detailedDeliveryPeriodFrom: '2024-02-29',
      detailedDeliveryPeriodTo: '2024-03-01',
    })
  })

  it('rejects impossible dates with the path', () => {
    expect(errorOf(() => readInvoicePayload({ issueDate: '2023-02-29' }))).toBe('issueDate: not a calendar date: "2023-02-29"')
    expect(errorOf(() => readInvoicePayload({ dueDate: 'tomorrow' }))).toMatch(/^dueDate: expected a date/)
  })

  it('correction sets the referenced invoice and type code 384; creditNote 381', () => {
    expect(readInvoicePayload({ correction: 'R-1' })).toMatchObject({ invoiceReferencedDocumentID: 'R-1', documentCode: '384' })
    const credit = readInvoicePayload({ creditNote: 42 })
    expect(credit).toMatchObject({ invoiceReferencedDocumentID: '42', documentCode: '381' })
    expect(credit.creditNote).toBeUndefined()
    expect(errorOf(() => readInvoicePayload({ creditNote: { number: 1 } }))).toBe(
      'creditNote: expected the number of the referenced invoice as a string',
    )
  })

  it('ownContact becomes sender.contact whatever the key order', () => {
    const p = readInvoicePayload({ ownContact: { name: 'Anna' }, sender: { name: 'S' } })
    expect(p.sender).toMatchObject({ name: 'S', contact: { name: 'Anna' } })
    expect(p.ownContact).toBeUndefined()
  })

  it('treats vatID and vatid as one field, the later key winning', () => {
    expect(readInvoicePayload({ sender: { vatID: 'DE1', vatid: 'DE2' } }).sender).toMatchObject({ vatID: 'DE2', vatid: 'DE2' })
    expect(readInvoicePayload({ sender: { vatid: 'DE2', vatID: 'DE1' } }).sender).toMatchObject({ vatID: 'DE1', vatid: 'DE1' })
  })

  it('applies the defaults of currency, bank details and direct debits', () => {
    const p = readInvoicePayload({ sender: { bankDetails: [{ iban: 'DE02120300000000202051' }], debitDetails: [{ iban: 'DE1', mandate: 'M1' }] } })
    expect(p.currency).toBe('EUR')
    expect(p.sender?.bankDetails?.[0]).toMatchObject({ paymentMeansCode: '58', paymentMeansInformation: 'SEPA credit transfer' })
    expect(p.sender?.debitDetails?.[0]).toMatchObject({ paymentMeansCode: '59', paymentMeansInformation: 'SEPA direct debit' })
  })

  it('accepts attachment data as base64 or an array of bytes', () => {
    const p = readInvoicePayload({ additionalReferencedDocuments: [{ filename: 'a.txt', data: [104, 105] }, { filename: 'b.txt', data: 'aGk=' }] })
    expect(p.additionalReferencedDocuments?.map((a) => a.data)).toEqual(['aGk=', 'aGk='])
  })

  it('accepts the referenced documents as a plain id or an object', () => {
    const p = readInvoicePayload({ tenderReferencedDocument: 'LOT-7', objectIdentifierReferencedDocument: { issuerAssignedID: 'OBJ-1', referenceTypeCode: 'AAB' } })
    expect(p.tenderReferencedDocument).toEqual({ issuerAssignedID: 'LOT-7' })
    expect(p.objectIdentifierReferencedDocument).toMatchObject({ issuerAssignedID: 'OBJ-1', referenceTypeCode: 'AAB' })
  })
})

describe('bad input never crashes and names the path', () => {
  const cases: [string, unknown, RegExp | string][] = [
    ['a wrong type', { zfitems: [line(1, 'abc', 19)] }, 'zfitems[0].quantity: expected a number, got "abc"'],
    ['an absurd number', { zfitems: [line('1e400', 1, 19)] }, /^zfitems\[0\]\.price: number out of range/],
    ['a negative basis quantity', { zfitems: [line(1, 1, 19, { basisQuantity: -5 })] }, 'zfitems[0].basisQuantity: must not be negative, got -5'],
    ['zfitems missing', { number: '1' }, 'zfitems: missing; an invoice needs its list of lines (an empty list for an invoice without lines)'],
    ['zfitems misspelt', { zfItems: [line(1, 1, 19)] }, 'zfitems: missing; an invoice needs its list of lines (an empty list for an invoice without lines)'],
    ['zfitems not an array', { zfitems: {} }, /^zfitems: expected an array/],
    ['a line that is not an object', { zfitems: [7] }, /^zfitems\[0\]: expected an object/],
    ['the root not an object', [1, 2], /^\(root\): expected an object/],
    ['a bad subject code', { ...minimal, notesWithSubjectCode: [{ content: 'x', subjectCode: 'XYZ' }] }, /^notesWithSubjectCode\[0\]\.subjectCode: expected one of AAI/],
    ['an object where a string belongs', { ...minimal, number: { a: 1 } }, 'number: expected a string, got an object'],
    ['a non-integer days', { ...minimal, cashDiscounts: [{ percent: 2, days: 1.5 }] }, 'cashDiscounts[0].days: expected a whole number, got 1.5'],
  ]
  for (const [name, input, expected] of cases) {
    it(`rejects ${name}`, () => {
      const message = errorOf(() => calc(input))
      if (typeof expected === 'string') expect(message).toBe(expected)
      else expect(message).toMatch(expected)
    })
  }

  it('lists further problems after the first', () => {
    expect(errorOf(() => calc({ zfitems: [line('x', 'y', 19)] }))).toBe(
      'zfitems[0].price: expected a number, got "x" (and 1 more: zfitems[0].quantity: expected a number, got "y")',
    )
  })

  it('handles 1e400 in JSON text exactly as a too-large number', () => {
    expect(errorOf(() => calculateInvoiceJsonText('{"zfitems":[{"price":1e400,"quantity":1}]}'))).toMatch(/zfitems\[0\]\.price: number out of range \("1e400"\)/)
  })

  it('rejects bytes that are not UTF-8 naming the offset', () => {
    expect(errorOf(() => calculateInvoiceJsonText(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])))).toBe(
      'invoice: not UTF-8 text (invalid byte at offset 2)',
    )
  })
})

describe('writeJson', () => {
  it('writes Decimals as exact numbers and leaves user text that looks like a marker alone', async () => {
    const { writeJson } = await import('../../src/json/write-json.js')
    const { Decimal } = await import('../../src/model/decimal.js')
    const text = writeJson({ a: new Decimal('123456789012345.678901'), b: '\u0000#5', c: [], d: '', e: null })
    expect(text).toBe('{"a":123456789012345.678901,"b":"\\u0000#5"}')
  })
})
