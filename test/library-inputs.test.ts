/**
 * The library's entry points, called as a JavaScript caller may call them: a wrong argument is an
 * EInvoiceError naming it (never a TypeError from inside a reader), an ArrayBuffer is read as its
 * bytes, and embedInvoiceXml finds the container in the XML when none is given.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  EInvoiceError,
  calculateInvoice,
  calculateInvoiceJsonText,
  ciiToUbl,
  detachAttachments,
  embedInvoiceXml,
  extractInvoiceXml,
  invoiceJsonToXml,
  invoiceToXml,
  readInvoicePayload,
  parseInvoiceFileToJsonText,
  parseJsonText,
  parseXml,
  pdfToPdfa,
  readInvoice,
  resolveContainer,
  validateFile,
  validateXml,
  writeJson,
} from '../src/index.js'
import { PACKAGE_ROOT } from '../src/version.js'
import { makePdf } from './pdf/fixtures.js'

const sample = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'), 'utf8')
const cii = invoiceJsonToXml(sample, { format: 'fx', profile: 'EN16931', version: 2 }).xml

/** Calls `f` (sync or async) with each argument and returns what it threw. */
async function thrown(f: (value: never) => unknown, value: unknown): Promise<unknown> {
  try {
    await f(value as never)
  } catch (err) {
    return err
  }
  return 'no error'
}

const byteEntries: [string, string, (value: never) => unknown][] = [
  ['validateXml', 'xml', (v) => validateXml(v)],
  ['readInvoice', 'xml', (v) => readInvoice(v)],
  ['parseXml', 'xml', (v) => parseXml(v)],
  ['ciiToUbl', 'xml', (v) => ciiToUbl(v)],
  ['calculateInvoiceJsonText', 'invoice', (v) => calculateInvoiceJsonText(v)],
  ['invoiceJsonToXml', 'invoice', (v) => invoiceJsonToXml(v)],
  ['validateFile', 'file', (v) => validateFile(v)],
  ['extractInvoiceXml', 'file', (v) => extractInvoiceXml(v)],
  ['detachAttachments', 'file', (v) => detachAttachments(v)],
  ['parseInvoiceFileToJsonText', 'file', (v) => parseInvoiceFileToJsonText(v)],
  ['pdfToPdfa', 'pdf', (v) => pdfToPdfa(v)],
  ['embedInvoiceXml', 'pdf', (v) => embedInvoiceXml(v, Buffer.from(cii))],
]

describe('library arguments', () => {
  for (const [name, argument, call] of byteEntries) {
    it(`${name} names its ${argument} argument when it is missing or of the wrong type`, async () => {
      for (const [value, code, got] of [
        [undefined, 'MISSING_INPUT', 'got undefined'],
        [null, 'MISSING_INPUT', 'got null'],
        [42, 'INVALID_PARAMETER', 'got a number'],
        [{ length: 3 }, 'INVALID_PARAMETER', 'got an object (Object)'],
        [[60, 97, 47, 62], 'INVALID_PARAMETER', 'got an array'],
      ] as const) {
        const err = await thrown(call, value)
        expect(err, `${name}(${String(value)})`).toBeInstanceOf(EInvoiceError)
        expect((err as EInvoiceError).errorCode).toBe(code)
        expect((err as EInvoiceError).message).toMatch(new RegExp(`^${argument}: expected .*, ${got.replace(/[()]/g, '\\$&')}$`))
        expect((err as EInvoiceError).details[argument]).toContain(got)
      }
    })
  }

  it('refuses a string where only bytes make sense (a PDF), and takes one where text does', async () => {
    const err = await thrown((v) => extractInvoiceXml(v), '%PDF-1.7')
    expect((err as EInvoiceError).message).toBe('file: expected bytes (a Buffer, Uint8Array or ArrayBuffer), got a string')
    expect(validateXml(cii).valid).toBe(true)
  })

  it('reads an ArrayBuffer, a DataView and a slice of a larger buffer as their bytes', async () => {
    const bytes = Buffer.from(cii)
    const padded = new Uint8Array(bytes.length + 10)
    padded.set(bytes, 5)
    const arrayBuffer = padded.buffer.slice(5, 5 + bytes.length)
    for (const input of [arrayBuffer, new DataView(padded.buffer, 5, bytes.length), padded.subarray(5, 5 + bytes.length)]) {
      expect(validateXml(input as never).valid).toBe(true)
      expect(readInvoice(input as never).invoiceNumber).toBe('RE-2026-0142')
      expect((await validateFile(input as never)).valid).toBe(true)
      expect((await extractInvoiceXml(input as never)).container).toBe('xml')
    }
    expect(JSON.parse(calculateInvoiceJsonText(new TextEncoder().encode(sample).buffer as never)).grandTotal).toBeDefined()
  })

  it('declares the ArrayBuffer and text inputs README promises: these calls typecheck without casts', async () => {
    const arrayBuffer: ArrayBuffer = new TextEncoder().encode(cii).buffer as ArrayBuffer
    expect(readInvoice(arrayBuffer).invoiceNumber).toBe('RE-2026-0142')
    expect(validateXml(arrayBuffer).valid).toBe(true)
    expect((await validateFile(arrayBuffer)).valid).toBe(true)
    expect((await extractInvoiceXml(arrayBuffer)).container).toBe('xml')
    // embedInvoiceXml takes the XML as text too (it refused a string at run time).
    const pdf = await makePdf({ subset: 'PDF/A-3b' })
    const { pdf: hybrid } = await embedInvoiceXml(pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.length) as ArrayBuffer, cii)
    expect(new TextDecoder().decode((await extractInvoiceXml(hybrid)).xml)).toBe(cii)
  })

  it('calculateInvoice takes a bigint as an exact number, and refuses a Date object saying why', () => {
    const result = calculateInvoice({ zfitems: [{ price: 9.9, quantity: 20n, product: { vatpercent: 19n } }] })
    expect(writeJson(result)).toContain('"grandTotal":235.62')
    expect(() => calculateInvoice({ issueDate: new Date('2026-11-02'), zfitems: [{ price: 1, quantity: 1, product: { vatpercent: 19 } }] })).toThrow(
      'issueDate: expected a date as text (YYYY-MM-DD), got a Date object: which calendar day a Date object is depends on the time zone, so give the day itself',
    )
  })

  it('the value readers answer MISSING_INPUT for no invoice, and point JSON text and bytes to the text readers', () => {
    const refusal = (f: () => unknown) => {
      try {
        f()
      } catch (err) {
        return `${(err as EInvoiceError).errorCode} ${(err as Error).message}`
      }
      return 'returned'
    }
    expect(refusal(() => calculateInvoice(null))).toBe('MISSING_INPUT invoice: expected an invoice object, got null')
    expect(refusal(() => calculateInvoice(undefined))).toBe('MISSING_INPUT invoice: expected an invoice object, got undefined')
    expect(refusal(() => readInvoicePayload(null))).toBe('MISSING_INPUT invoice: expected an invoice object, got null')
    expect(refusal(() => invoiceToXml(null))).toBe('MISSING_INPUT invoice: expected an invoice object, got null')
    const json = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'))
    expect(refusal(() => calculateInvoice(json))).toBe('INVALID_PARAMETER invoice: expected an invoice object, got bytes (JSON text or its bytes go to calculateInvoiceJsonText)')
    expect(refusal(() => invoiceToXml(json.toString()))).toBe('INVALID_PARAMETER invoice: expected an invoice object, got a string (JSON text or its bytes go to invoiceJsonToXml)')
    // A JSON value of another kind is the payload's problem, as the text reader says of it.
    expect(refusal(() => calculateInvoice(5))).toBe('INVALID_PAYLOAD (root): expected an object')
  })

  it('parseJsonText names a text argument that is not a string', () => {
    expect(() => parseJsonText(5 as never)).toThrow('json: expected a string, got a number')
  })

  it('writeJson refuses a value that refers to itself with a TypeError that says so', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic['self'] = cyclic
    expect(() => writeJson(cyclic)).toThrow(new TypeError('writeJson: the value refers to itself (a cycle), or is nested too deeply to write'))
    // Other values still write after the refusal (the writer's state was reset).
    expect(writeJson({ b: [1, 'x'] })).toBe('{"b":[1,"x"]}')
  })
})

describe('embedInvoiceXml without a container', () => {
  it("embeds the XML in the container its specification identifier names, as combineXML's default does", async () => {
    const pdf = await makePdf({ subset: 'PDF/A-3b' })
    const xml = Buffer.from(cii)
    const { pdf: out } = await embedInvoiceXml(pdf, xml)
    const found = await extractInvoiceXml(out)
    expect(found.fileName).toBe(resolveContainer(xml, {}).attachmentFileName)
    expect(found.fileName).toBe('factur-x.xml')
    expect(Buffer.from(found.xml).equals(xml)).toBe(true)
    const report = await validateFile(out)
    expect(report.pdf?.result?.valid, JSON.stringify(report.pdf?.result)).toBe(true)
    expect(report.valid).toBe(true)
  })

  it('refuses XML whose profile cannot be read, asking for a container', async () => {
    const pdf = await makePdf({ subset: 'PDF/A-3b' })
    const noProfile = Buffer.from(cii.replace('urn:cen.eu:en16931:2017', 'urn:example:unknown'))
    const err = await thrown((v) => embedInvoiceXml(pdf, v), noProfile)
    expect((err as EInvoiceError).errorCode).toBe('INVALID_PARAMETER')
    expect((err as EInvoiceError).message).toContain('the profile cannot be read from the XML')
  })
})
