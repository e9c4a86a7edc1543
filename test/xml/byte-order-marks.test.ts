/**
 * One byte order mark is dropped, a second is refused (xmllint and the official validators refuse
 * it: no document starts with U+FEFF); UTF-32 is refused as such in every byte order.
 */
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { parseXml } from '../../src/xml/index.js'

const UTF8_BOM = [0xef, 0xbb, 0xbf]

function refusal(input: string | Uint8Array): EInvoiceError {
  try {
    parseXml(input)
  } catch (err) {
    expect(err).toBeInstanceOf(EInvoiceError)
    return err as EInvoiceError
  }
  throw new Error('parseXml accepted the input')
}

/** `text` as UTF-32 in the byte order `order` (indices into the big-endian bytes of each character). */
function utf32(text: string, order: readonly number[]): Buffer {
  const bytes: number[] = []
  for (const ch of text) {
    const c = ch.codePointAt(0) as number
    const be = [c >>> 24, (c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff]
    for (const i of order) bytes.push(be[i] as number)
  }
  return Buffer.from(bytes)
}

describe('byte order marks', () => {
  it('refuses a second UTF-8 byte order mark, naming its byte offset (validate said valid, combine-xml embedded it)', () => {
    const err = refusal(Buffer.concat([Buffer.from([...UTF8_BOM, ...UTF8_BOM]), Buffer.from('<?xml version="1.0"?><r/>')]))
    expect(err.errorCode).toBe('INVALID_XML')
    expect(err.message).toBe('line 1, column 1: a second byte order mark (U+FEFF) at byte offset 3: a document starts with "<" or white space after its one byte order mark')
    expect(err.details).toMatchObject({ offset: '3' })
  })

  it('refuses a second mark after a UTF-16 byte order mark, and U+FEFF twice at the start of a string', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('\ufeff<r/>', 'utf16le')])
    expect(refusal(le).message).toMatch(/second byte order mark \(U\+FEFF\) at byte offset 2:/)
    expect(refusal(Buffer.from(le).swap16()).message).toMatch(/second byte order mark \(U\+FEFF\) at byte offset 2:/)
    expect(refusal('\ufeff\ufeff<r/>').message).toMatch(/second byte order mark \(U\+FEFF\) at offset 1 of the string:/)
  })

  it('still drops one byte order mark, and keeps U+FEFF inside the document', () => {
    expect(parseXml(Buffer.from([...UTF8_BOM, ...Buffer.from('<r>\ufeff</r>')])).root.text).toBe('\ufeff')
    expect(parseXml('\ufeff<r/>').root.local).toBe('r')
  })
})

describe('UTF-32', () => {
  // Byte orders of XML 1.0 Appendix F: 1234 (big-endian), 4321 (little-endian), 2143 and 3412.
  const orders: [string, number[]][] = [['big-endian', [0, 1, 2, 3]], ['little-endian', [3, 2, 1, 0]], ['order 2143', [1, 0, 3, 2]], ['order 3412', [2, 3, 0, 1]]]
  for (const [name, order] of orders) {
    it(`is refused as UTF-32, ${name}, with a byte order mark and without (00 00 FE FF was "not UTF-8: invalid byte 0xFE")`, () => {
      for (const [text, sign] of [['\ufeff<r/>', 'its byte order mark'], ['<r/>', 'its "<" in four bytes']]) {
        const err = refusal(utf32(text as string, order))
        expect(err.message).toBe(`line 1, column 1: the input is UTF-32 (${sign} says so); einvoice reads UTF-8, UTF-16 and declared single-byte encodings`)
        expect(err.details).toMatchObject({ encoding: 'UTF-32' })
      }
    })
  }
})
