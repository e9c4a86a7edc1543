/**
 * Reading stream data with the decompression cap: Flate through node's zlib (fast, with a hard
 * output limit), the rarer filters through pdf-lib's decoders (capped by the inflate guard).
 * @module
 */
import { deflateSync, inflateSync, constants as zlibConstants } from 'node:zlib'
import { PDFArray, type PDFContext, PDFDict, PDFName, PDFRawStream, type PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'
import { MAX_INFLATED_STREAM_BYTES, chargeDecoded, inflateLimitError, installInflateGuard, outsideParse, refuseDocument, requireDecodeBudget } from './limits.js'

function filtersOf(dict: PDFDict): PDFName[] {
  const filter = dict.lookup(PDFName.of('Filter'))
  if (filter instanceof PDFName) return [filter]
  if (filter instanceof PDFArray) return filter.asArray().filter((f): f is PDFName => f instanceof PDFName)
  return []
}

function hasPredictor(dict: PDFDict): boolean {
  const parms = dict.lookup(PDFName.of('DecodeParms'))
  return parms instanceof PDFDict && parms.get(PDFName.of('Predictor')) !== undefined
}

/** What a stream's data must be for its reader. */
export type StreamReading = {
  /**
   * The data must be whole: a Flate stream cut before its end (no final block, no Adler-32) is
   * an error instead of what it decodes to so far. For data handed out as a file (an embedded
   * invoice XML), where a cut file would pass as the real one; drawing code keeps the tolerance
   * of PDF viewers (poppler, qpdf and pdf.js show what a cut content stream decodes to).
   * @default false
   */
  whole?: boolean | undefined
}

function isLimitError(err: unknown): boolean {
  return err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
}

function damaged(what: string, problem: string): EInvoiceError {
  return new EInvoiceError('INVALID_PDF', `${what}: ${problem}`, { details: { object: what } })
}

function inflate(data: Uint8Array, what: () => string, whole: boolean): Uint8Array {
  const options = { maxOutputLength: MAX_INFLATED_STREAM_BYTES }
  try {
    return inflateSync(data, options)
  } catch (err) {
    if (isLimitError(err)) throw inflateLimitError()
    // Anything but a missing end (a bad code, a wrong checksum) is damage Z_SYNC_FLUSH would not get past either.
    if ((err as NodeJS.ErrnoException).code !== 'Z_BUF_ERROR') throw damaged(what(), `the Flate-compressed data is damaged (${(err as Error).message})`)
  }
  let partial: Uint8Array
  try {
    // Z_SYNC_FLUSH returns what the data decodes to without the end-of-stream marker (and still
    // applies the cap, which a cut stream's first attempt may not have reached).
    partial = inflateSync(data, { ...options, finishFlush: zlibConstants.Z_SYNC_FLUSH })
  } catch (err) {
    if (isLimitError(err)) throw inflateLimitError()
    throw damaged(what(), `the Flate-compressed data is damaged (${(err as Error).message})`)
  }
  if (whole) throw damaged(what(), `its compressed data ends early (the Flate stream stops after ${partial.length} decoded bytes, without its end)`)
  return partial
}

/** `what`, with the stream's object number when `what` does not name one. */
function named(stream: PDFStream, what: string): string {
  if (/\bobject \d+ \d+\b/.test(what)) return what
  const ref = stream.dict.context.getObjectRef(stream)
  return ref === undefined ? what : `${what} (object ${ref.objectNumber} ${ref.generationNumber})`
}

/**
 * The decoded bytes of a stream.
 * @param what names the stream in error messages (e.g. `embedded file factur-x.xml`); the object
 *   number is added when it does not name one.
 * @throws EInvoiceError INPUT_TOO_LARGE above the inflate cap or the document's decoding budget
 *   (limits.ts; either refuses the document for good, so a check that skips the stream cannot
 *   pass it), INVALID_PDF for damaged data.
 */
export function streamBytes(stream: PDFStream, what: string, reading: StreamReading = {}): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return stream.getContents()
  const filters = filtersOf(stream.dict)
  if (filters.length === 0 && stream.transform === undefined) return stream.contents
  const document = stream.dict.context
  // Once the budget is spent every later stream is refused before it is decoded.
  requireDecodeBudget(document)
  try {
    const bytes =
      filters.length === 1 && filters[0] === PDFName.of('FlateDecode') && !hasPredictor(stream.dict) && stream.transform === undefined
        ? inflate(stream.contents, () => named(stream, what), reading.whole === true)
        : decodeWithPdfLib(stream)
    chargeDecoded(document, bytes.length)
    return bytes
  } catch (err) {
    if (!(err instanceof EInvoiceError)) throw damaged(named(stream, what), `the stream cannot be decoded (${(err as Error).message})`)
    if (err.errorCode === 'INPUT_TOO_LARGE') refuseDocument(document, err)
    throw err
  }
}

/** The rarer filters (and Flate with a predictor, or encrypted data): pdf-lib's decoders, capped by the guard. */
function decodeWithPdfLib(stream: PDFRawStream): Uint8Array {
  installInflateGuard()
  // pdf-lib's Flate decoder throws on deflate data that ends early, so `whole` holds here too (it
  // reads no Adler-32: a stream cut only there passes, its data whole).
  return outsideParse(() => decodePDFRawStream(stream).decode())
}

/**
 * Whether streamBytes failed on damaged data (INVALID_PDF), which a check may skip (or note), as
 * opposed to a refusal (INPUT_TOO_LARGE), which refuses the whole document and must propagate.
 */
export function isDamagedStream(err: unknown): boolean {
  return err instanceof EInvoiceError && err.errorCode === 'INVALID_PDF'
}

/**
 * A Flate-compressed stream made with node's zlib (several times faster than pdf-lib's JS deflate).
 * @param level zlib level; 1 is about twice as fast as the default 6 and, on invoice XML, only
 *   about a fifth larger (combine's hot path uses it).
 */
export function flateStream(context: PDFContext, data: Uint8Array, dict: Parameters<PDFContext['stream']>[1], level = 6): PDFRawStream {
  return context.stream(deflateSync(data, { level }), { ...dict, Filter: 'FlateDecode' })
}
