/**
 * Streams whose /Length is an indirect reference, read back at their declared length.
 *
 * pdf-lib cannot resolve an indirect /Length while it parses (the number object may come later in
 * the file), so it looks for the `endstream` keyword instead and cuts the end-of-line before it.
 * When the stream's own last byte is a CR (or CR LF, LF), that byte is lost: cairo writes
 * `/Length 5 0 R`, and a Flate stream whose Adler-32 checksum ends in 0x0D came back one byte
 * short (qpdf: "input stream is complete but output may still be valid"); an uncompressed
 * stream ending in a line break (an embedded XML with CRLF lines) lost its last line break.
 * Once the document is parsed, each such stream is read again at the length its /Length object
 * gives, when that length ends right before `endstream` (the test pdf-lib applies to a direct
 * /Length); otherwise pdf-lib's reading stands.
 * @module
 */
import { type PDFContext, PDFName, PDFNumber, PDFObjectParser, PDFRawStream, PDFRef } from '@cantoo/pdf-lib'

/** What the parser saw of one stream whose end it had to search for. */
type FallbackStream = {
  stream: PDFRawStream
  ref: PDFRef
  length: PDFRef
  /** The parser's byte stream (the file's bytes) and where the stream data starts in it. */
  bytes: ByteSource
  start: number
  decrypt: ((bytes: Uint8Array) => Uint8Array) | undefined
}

type ByteSource = { slice(start: number, end: number): Uint8Array; offset(): number }
type CryptoFactory = {
  createCipherTransform(objectNumber: number, generation: number): { decryptBytes(bytes: Uint8Array): Uint8Array }
}
type ParserInternals = {
  bytes: ByteSource
  context: PDFContext
  cryptoFactory?: CryptoFactory
  /** Set by the patched findEndOfStreamFallback: where the stream data it searched from starts. */
  einvoiceFallbackStart?: number | undefined
}
type ParserPrototype = {
  parseDictOrStream(this: ParserInternals, ref?: PDFRef): unknown
  findEndOfStreamFallback(this: ParserInternals, startPos: unknown): number
}

const pending = new WeakMap<PDFContext, FallbackStream[]>()
let installed = false

const ENDSTREAM = new TextEncoder().encode('endstream')
/** Whitespace allowed between the data and `endstream` (ISO 32000-1 7.2.2 white-space characters). */
const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20])

/** Patches pdf-lib's object parser (once) to remember streams read up to `endstream`. */
export function installIndirectLengthReader(): void {
  if (installed) return
  installed = true
  const proto = PDFObjectParser.prototype as unknown as ParserPrototype
  const findEnd = proto.findEndOfStreamFallback
  const parseDictOrStream = proto.parseDictOrStream
  if (typeof findEnd !== 'function' || typeof parseDictOrStream !== 'function') return
  proto.findEndOfStreamFallback = function rememberStart(this: ParserInternals, startPos: unknown): number {
    this.einvoiceFallbackStart = this.bytes.offset()
    return findEnd.call(this, startPos)
  }
  proto.parseDictOrStream = function rememberIndirectLength(this: ParserInternals, ref?: PDFRef): unknown {
    this.einvoiceFallbackStart = undefined
    const result = parseDictOrStream.call(this, ref)
    const start = this.einvoiceFallbackStart
    this.einvoiceFallbackStart = undefined
    if (start === undefined || ref === undefined || !(result instanceof PDFRawStream)) return result
    const length = result.dict.get(PDFName.of('Length'))
    if (!(length instanceof PDFRef)) return result
    const factory = this.cryptoFactory
    const decrypt = factory === undefined
      ? undefined
      : (bytes: Uint8Array) => factory.createCipherTransform(ref.objectNumber, ref.generationNumber).decryptBytes(bytes)
    let list = pending.get(this.context)
    if (list === undefined) pending.set(this.context, (list = []))
    list.push({ stream: result, ref, length, bytes: this.bytes, start, decrypt })
    return result
  }
}

/**
 * Reads again, at their declared length, the streams of a freshly parsed document whose indirect
 * /Length pdf-lib could not use (see the module comment). Returns how many were changed.
 */
export function applyIndirectLengths(context: PDFContext): number {
  const list = pending.get(context)
  if (list === undefined) return 0
  pending.delete(context)
  let changed = 0
  for (const entry of list) {
    const declared = context.lookup(entry.length)
    if (!(declared instanceof PDFNumber)) continue
    const n = declared.asNumber()
    if (!Number.isSafeInteger(n) || n < 0) continue
    const raw = entry.bytes.slice(entry.start, entry.start + n)
    if (raw.length !== n || !endstreamFollows(entry.bytes, entry.start + n)) continue
    const contents = entry.decrypt === undefined ? raw : entry.decrypt(raw)
    if (context.lookup(entry.ref) !== entry.stream || sameBytes(contents, entry.stream.contents)) continue
    context.assign(entry.ref, PDFRawStream.of(entry.stream.dict, contents))
    changed++
  }
  return changed
}

function endstreamFollows(bytes: ByteSource, at: number): boolean {
  // At most a few end-of-line characters stand between the data and the keyword.
  const tail = bytes.slice(at, at + 16 + ENDSTREAM.length)
  let i = 0
  while (i < tail.length && i < 16 && WHITE.has(tail[i] as number)) i++
  if (tail.length - i < ENDSTREAM.length) return false
  return ENDSTREAM.every((b, k) => tail[i + k] === b)
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
