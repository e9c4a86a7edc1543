/**
 * Input checks before any XML parsing: size limit, byte order marks, the document's encoding,
 * empty input. UTF-8 (and its subset US-ASCII) is read strictly. Other encodings are read only when
 * the document says which it is, as XML 1.0 §4.3.3 and Appendix F have it: a UTF-16 byte order mark
 * or `<?` in UTF-16, or an encoding declaration such as ISO-8859-1 or windows-1252 (what the
 * official validators read too). Nothing is guessed: bytes that break the named encoding, an
 * encoding no decoder here knows, or a declaration that contradicts the byte order mark are refused.
 * @module
 */
import { isAscii, isUtf8, transcode } from 'node:buffer'
import { lineColumnAt, xmlError } from './position.js'
import { textOrBytesArgument } from '../util/byte-input.js'

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
/** Encoding names read as UTF-8: UTF-8 and its subset US-ASCII. */
const UTF8_NAMES = /^(utf-?8|(us-)?ascii)$/i
const UTF16_NAMES = /^utf-?16(le|be)?$/i
/** ISO-8859-1 itself (the WHATWG decoders read these labels as windows-1252, which differs in 0x80–0x9F). */
const LATIN1_NAMES = /^(iso[-_]?8859-1|iso_8859-1:1987|latin-?1|l1|cp819|ibm819|iso-ir-100|csisolatin1)$/i
/** XML 1.0 §4.3.3 production EncName. */
const ENC_NAME = /^[A-Za-z][A-Za-z0-9._-]*$/
const DECLARED_ENCODING = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/

/** How bytes were decoded: `utf-8`, `utf-16le`, `utf-16be`, `iso-8859-1` or another WHATWG label. */
export type XmlEncoding = string

/**
 * Refuses a declaration that contradicts how the bytes were read (`used`; undefined for text given
 * as a string, whose declaration has nothing left to say).
 */
export function checkDeclaredEncoding(declared: string | undefined, used: XmlEncoding | undefined, position = START): void {
  if (declared === undefined || used === undefined) return
  const fits =
    used === 'utf-8' ? UTF8_NAMES.test(declared)
    : used === 'utf-16le' || used === 'utf-16be' ? UTF16_NAMES.test(declared) && !(/le$/i.test(declared) && used === 'utf-16be') && !(/be$/i.test(declared) && used === 'utf-16le')
    : true
  if (fits) return
  throw xmlError(position, `the XML declares encoding "${declared}", but its bytes are ${used.toUpperCase()} (a byte order mark or the first characters say so)`, { encoding: declared })
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
  const offset = firstInvalidUtf8(bytes.subarray(start))
  const prefix = utf8Lenient.decode(bytes.subarray(start, start + offset))
  const badByte = (bytes[start + offset] ?? 0).toString(16).toUpperCase().padStart(2, '0')
  throw xmlError(
    lineColumnAt(prefix, prefix.length),
    `not UTF-8: invalid byte 0x${badByte} at byte offset ${start + offset}`,
    { offset: String(start + offset) },
  )
}

function refuseNonXml(text: string): void {
  // NUL at the start: UTF-32 or UTF-16 that does not begin with `<`, neither of which is read here.
  if (text.charCodeAt(0) === 0 || text.charCodeAt(1) === 0) throw xmlError(START, 'the input starts with a NUL character: UTF-32, or UTF-16 that does not begin with "<" (einvoice reads UTF-8, UTF-16 and declared single-byte encodings)')
  if (!NOT_XML_SPACE.test(text)) throw xmlError(START, 'empty input: expected an XML document')
  if (text.startsWith('%PDF-')) throw xmlError(START, 'this is a PDF file, not XML')
}

/**
 * The first four bytes as UTF-32 (UCS-4) shows them, in every byte order of XML 1.0 Appendix F:
 * a byte order mark (U+FEFF) or `<`.
 */
const UTF32_STARTS: readonly (readonly [number, number, number, number, string])[] = [
  [0x00, 0x00, 0xfe, 0xff, 'its byte order mark'],
  [0xff, 0xfe, 0x00, 0x00, 'its byte order mark'],
  [0x00, 0x00, 0xff, 0xfe, 'its byte order mark'],
  [0xfe, 0xff, 0x00, 0x00, 'its byte order mark'],
  [0x00, 0x00, 0x00, 0x3c, 'its "<" in four bytes'],
  [0x3c, 0x00, 0x00, 0x00, 'its "<" in four bytes'],
  [0x00, 0x00, 0x3c, 0x00, 'its "<" in four bytes'],
  [0x00, 0x3c, 0x00, 0x00, 'its "<" in four bytes'],
]

/** Refuses UTF-32, named as such whatever its byte order (00 00 FE FF was refused as bad UTF-8). */
function refuseUtf32(bytes: Uint8Array): void {
  const [b0, b1, b2, b3] = bytes
  for (const [c0, c1, c2, c3, sign] of UTF32_STARTS) {
    if (b0 === c0 && b1 === c1 && b2 === c2 && b3 === c3) {
      throw xmlError(START, `the input is UTF-32 (${sign} says so); einvoice reads UTF-8, UTF-16 and declared single-byte encodings`, { encoding: 'UTF-32' })
    }
  }
}

/** UTF-16 by its byte order mark or, without one, by `<` (XML 1.0 Appendix F); undefined for ASCII-compatible bytes. */
function utf16Of(bytes: Uint8Array): { encoding: 'utf-16le' | 'utf-16be'; start: number } | undefined {
  refuseUtf32(bytes)
  const [b0, b1, b2] = bytes
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'utf-16le', start: 2 }
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'utf-16be', start: 2 }
  if (b0 === 0x3c && b1 === 0 && b2 !== 0) return { encoding: 'utf-16le', start: 0 }
  if (b0 === 0 && b1 === 0x3c) return { encoding: 'utf-16be', start: 0 }
  return undefined
}

/** windows-1252's 0x80–0x9F (the WHATWG index; the five unassigned bytes stay C1 controls). */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

/** windows-1252 by hand: Node 20's decoder reads it as ISO-8859-1 (0x80 is no euro sign there). */
function decodeCp1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] as string)
}

/** Decodes with a WHATWG decoder that refuses bad bytes; the error names the encoding. */
function decodeStrict(bytes: Uint8Array, encoding: string, label: string): string {
  let decoder: InstanceType<typeof TextDecoder>
  try {
    decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true })
  } catch {
    throw xmlError(START, `the XML declares encoding "${label}", which einvoice cannot decode (convert the file to UTF-8)`, { encoding: label })
  }
  if (decoder.encoding === 'windows-1252') return decodeCp1252(bytes)
  try {
    return decoder.decode(bytes)
  } catch {
    throw xmlError(START, `the bytes are not valid ${label} (the encoding the document names)`, { encoding: label })
  }
}

/** The text and the encoding it was read in (undefined for a string, which is text already). */
export type DecodedXml = { text: string; encoding: XmlEncoding | undefined }

/**
 * Turns the caller's input into the text to parse. A leading byte order mark (or U+FEFF in a
 * string) is dropped; a second one is refused. Bytes are UTF-8 unless a UTF-16 byte order mark,
 * `<` in UTF-16 or the encoding declaration names another encoding; within `maxBytes` either way.
 */
export function decodeXmlInput(input: Uint8Array | string, maxBytes: number): DecodedXml {
  input = textOrBytesArgument(input, 'xml')
  let text: string
  let encoding: XmlEncoding | undefined = 'utf-8'
  /** Where the text starts in the input: after its byte order mark, if any. */
  let bomEnd = 0
  if (typeof input === 'string') {
    checkStringSize(input, maxBytes)
    bomEnd = input.charCodeAt(0) === 0xfeff ? 1 : 0
    text = bomEnd === 0 ? input : input.slice(1)
    encoding = undefined
  } else {
    checkSize(input.length, maxBytes)
    if (input.length >= 4 && input[0] === 0x25 && input[1] === 0x50 && input[2] === 0x44 && input[3] === 0x46) {
      throw xmlError(START, 'this is a PDF file, not XML')
    }
    const utf16 = utf16Of(input)
    const start = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0
    const named = utf16 === undefined && start === 0 ? DECLARED_ENCODING.exec(Buffer.from(input.subarray(0, 256)).toString('latin1'))?.[1] : undefined
    // A name outside XML's EncName production is a malformed declaration, which the scanner reports.
    const declared = named !== undefined && ENC_NAME.test(named) ? named : undefined
    bomEnd = utf16?.start ?? start
    if (utf16 !== undefined) {
      encoding = utf16.encoding
      text = decodeStrict(input.subarray(utf16.start), utf16.encoding, utf16.encoding.toUpperCase())
    } else if (declared !== undefined && UTF16_NAMES.test(declared)) {
      throw xmlError(START, `the XML declares encoding "${declared}", but its bytes are not UTF-16 (no byte order mark, and "<" is a single byte)`, { encoding: declared })
    } else if (declared !== undefined && !UTF8_NAMES.test(declared)) {
      encoding = LATIN1_NAMES.test(declared) ? 'iso-8859-1' : declared.toLowerCase()
      // ISO-8859-1 maps every byte to the code point of its value; the WHATWG decoders would read windows-1252.
      text = encoding === 'iso-8859-1' ? Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1') : decodeStrict(input, encoding, declared)
    } else {
      text = decodeUtf8(input, start)
    }
  }
  if (text.charCodeAt(0) === 0xfeff) refuseSecondBom(bomEnd, typeof input === 'string')
  refuseNonXml(text)
  return { text, encoding }
}

/**
 * A U+FEFF where the text starts: after the byte order mark, a second one (or U+FEFF twice at the
 * start of a string). Only one byte order mark is dropped: a document's first character is `<` or
 * white space, so xmllint and the official validators refuse it too.
 */
function refuseSecondBom(offset: number, inString: boolean): never {
  const where = inString ? `offset ${offset} of the string` : `byte offset ${offset}`
  throw xmlError(START, `a second byte order mark (U+FEFF) at ${where}: a document starts with "<" or white space after its one byte order mark`, { offset: String(offset) })
}

function decodeUtf8(input: Uint8Array, start: number): string {
  const body = start === 0 ? input : input.subarray(start)
  // ASCII is UTF-8 whose bytes are its characters: a one-byte string, several times faster to
  // build than running the UTF-8 decoder.
  if (isAscii(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1')
  if (canTranscode && body.length <= TRANSCODE_MAX_BYTES) {
    if (!isUtf8(body)) refuseBytes(input, start)
    return transcode(body, 'utf8', 'utf16le').toString('utf16le')
  }
  try {
    return utf8.decode(body)
  } catch {
    return refuseBytes(input, start)
  }
}
