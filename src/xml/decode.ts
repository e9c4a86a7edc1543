/**
 * Input checks before any XML parsing: size limit, byte order marks, strict UTF-8, empty input.
 * einvoice reads UTF-8 XML only: XRechnung and Factur-X require it, and refusing other encodings
 * beats guessing at a wrong cent in a mis-decoded amount.
 * @module
 */
import { isAscii, isUtf8, transcode } from 'node:buffer'
import { lineColumnAt, xmlError } from './position.js'

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024

const START = { line: 1, column: 1 }
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
/**
 * Up to this size valid UTF-8 is converted by buffer.transcode (simdutf, several times faster than
 * the decoder for text with accents or a euro sign) at the cost of a transient UTF-16 copy; larger
 * input goes through the decoder, which builds the string directly. transcode needs ICU.
 */
const TRANSCODE_MAX_BYTES = 4 * 1024 * 1024
const canTranscode = process.versions.icu !== undefined
/** Only for the valid prefix before a bad byte, to place it by line and column. */
const utf8Lenient = new TextDecoder('utf-8', { ignoreBOM: true })
/** Any byte except the XML white space characters (XML 1.0 §2.3 production S). */
const NOT_XML_SPACE = /[^ \t\r\n]/
/** Encoding names whose bytes we decode correctly: UTF-8 and its subset US-ASCII. */
const ACCEPTED_ENCODING = /^(utf-?8|(us-)?ascii)$/i
const DECLARED_ENCODING = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/

/** Refuses a declaration naming an encoding other than UTF-8 / US-ASCII. */
export function checkDeclaredEncoding(encoding: string | undefined, position = START): void {
  if (encoding === undefined || ACCEPTED_ENCODING.test(encoding)) return
  throw xmlError(
    position,
    `the XML declares encoding "${encoding}"; only UTF-8 is supported (convert the file to UTF-8)`,
    { encoding },
  )
}

function checkSize(size: number, maxBytes: number): void {
  if (size <= maxBytes) return
  throw xmlError(
    START,
    `the input is ${size} bytes, more than the limit of ${maxBytes} bytes`,
    { size: String(size), limit: String(maxBytes) },
    'INPUT_TOO_LARGE',
  )
}

/** UTF-8 byte length of a string, computed only when the code-unit count cannot decide. */
function checkStringSize(text: string, maxBytes: number): void {
  if (text.length * 3 <= maxBytes) return
  checkSize(text.length > maxBytes ? text.length : Buffer.byteLength(text, 'utf8'), maxBytes)
}

/** Offset of the first byte that breaks UTF-8 (called only after the decoder refused). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i] as number
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
    if (need < 0) return i
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]
      if (c === undefined || (c & 0xc0) !== 0x80) return i
    }
    // Overlong and surrogate forms (E0 80..9F, ED A0..BF, F0 80..8F, F4 90..) are also refused.
    const b1 = bytes[i + 1] as number
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f) || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return i
    i += need + 1
  }
  return bytes.length
}

function refuseBytes(bytes: Uint8Array, start: number): never {
  const b0 = bytes[start]
  const b1 = bytes[start + 1]
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) throw utf16Error()
  const head = Buffer.from(bytes.subarray(start, start + 200)).toString('latin1')
  checkDeclaredEncoding(DECLARED_ENCODING.exec(head)?.[1])
  const offset = firstInvalidUtf8(bytes.subarray(start))
  const prefix = utf8Lenient.decode(bytes.subarray(start, start + offset))
  const badByte = (bytes[start + offset] ?? 0).toString(16).toUpperCase().padStart(2, '0')
  throw xmlError(
    lineColumnAt(prefix, prefix.length),
    `not UTF-8: invalid byte 0x${badByte} at byte offset ${start + offset}`,
    { offset: String(start + offset) },
  )
}

function utf16Error() {
  return xmlError(START, 'the input is UTF-16 (or another multi-byte encoding); only UTF-8 is supported')
}

function refuseNonXml(text: string): void {
  // '<' followed by NUL (or the reverse) is UTF-16 without a byte order mark, which is valid UTF-8.
  if (text.charCodeAt(0) === 0 || text.charCodeAt(1) === 0) throw utf16Error()
  if (!NOT_XML_SPACE.test(text)) throw xmlError(START, 'empty input: expected an XML document')
  if (text.startsWith('%PDF-')) throw xmlError(START, 'this is a PDF file, not XML')
}

/**
 * Turns the caller's input into the text to parse. A leading UTF-8 BOM (or U+FEFF in a string)
 * is dropped; everything else must be valid UTF-8 within `maxBytes`.
 */
export function decodeXmlInput(input: Uint8Array | string, maxBytes: number): string {
  let text: string
  if (typeof input === 'string') {
    checkStringSize(input, maxBytes)
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  } else {
    checkSize(input.length, maxBytes)
    if (input.length >= 4 && input[0] === 0x25 && input[1] === 0x50 && input[2] === 0x44 && input[3] === 0x46) {
      throw xmlError(START, 'this is a PDF file, not XML')
    }
    const start = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0
    const body = start === 0 ? input : input.subarray(start)
    if (isAscii(body)) {
      // ASCII is UTF-8 whose bytes are its characters: a one-byte string, several times faster
      // to build than running the UTF-8 decoder.
      text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1')
    } else if (canTranscode && body.length <= TRANSCODE_MAX_BYTES) {
      if (!isUtf8(body)) refuseBytes(input, start)
      text = transcode(body, 'utf8', 'utf16le').toString('utf16le')
    } else {
      try {
        text = utf8.decode(body)
      } catch {
        refuseBytes(input, start)
      }
    }
  }
  refuseNonXml(text)
  return text
}
