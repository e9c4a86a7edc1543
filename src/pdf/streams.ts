/**
 * Reading stream data with the decompression cap: Flate through node's zlib (fast, with a hard
 * output limit), the rarer filters through pdf-lib's decoders (capped by the inflate guard).
 * @module
 */
import { deflateSync, inflateSync, constants as zlibConstants } from 'node:zlib'
import { PDFArray, type PDFContext, PDFDict, PDFName, PDFRawStream, type PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'
import { MAX_INFLATED_STREAM_BYTES, chargeDecoded, inflateLimitError, installInflateGuard, outsideParse, requireDecodeBudget } from './limits.js'

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

function inflate(data: Uint8Array, what: string): Uint8Array {
  try {
    // Z_SYNC_FLUSH tolerates a missing end-of-stream marker, as PDF readers do.
    return inflateSync(data, { maxOutputLength: MAX_INFLATED_STREAM_BYTES, finishFlush: zlibConstants.Z_SYNC_FLUSH })
  } catch (err) {
    if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw inflateLimitError()
    throw new EInvoiceError('INVALID_PDF', `${what}: the Flate-compressed data is damaged (${(err as Error).message})`, {
      details: { object: what },
    })
  }
}

/**
 * The decoded bytes of a stream.
 * @param what names the stream in error messages (e.g. `embedded file factur-x.xml`).
 * @throws EInvoiceError INPUT_TOO_LARGE above the inflate cap or the document's decoding budget
 *   (limits.ts), INVALID_PDF for damaged data.
 */
export function streamBytes(stream: PDFStream, what: string): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return stream.getContents()
  const filters = filtersOf(stream.dict)
  if (filters.length === 0 && stream.transform === undefined) return stream.contents
  const document = stream.dict.context
  // Once the budget is spent every later stream is refused before it is decoded.
  requireDecodeBudget(document)
  if (filters.length === 1 && filters[0] === PDFName.of('FlateDecode') && !hasPredictor(stream.dict) && stream.transform === undefined) {
    const bytes = inflate(stream.contents, what)
    chargeDecoded(document, bytes.length)
    return bytes
  }
  installInflateGuard()
  try {
    const bytes = outsideParse(() => decodePDFRawStream(stream).decode())
    chargeDecoded(document, bytes.length)
    return bytes
  } catch (err) {
    if (err instanceof EInvoiceError) throw err
    throw new EInvoiceError('INVALID_PDF', `${what}: the stream cannot be decoded (${(err as Error).message})`, {
      details: { object: what },
    })
  }
}

/**
 * A Flate-compressed stream made with node's zlib (several times faster than pdf-lib's JS deflate).
 * @param level zlib level; 1 is about twice as fast as the default 6 and, on invoice XML, only
 *   about a fifth larger (combine's hot path uses it).
 */
export function flateStream(context: PDFContext, data: Uint8Array, dict: Parameters<PDFContext['stream']>[1], level = 6): PDFRawStream {
  return context.stream(deflateSync(data, { level }), { ...dict, Filter: 'FlateDecode' })
}
