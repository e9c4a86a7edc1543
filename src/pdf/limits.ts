/**
 * Resource limits of the PDF layer and the guard that enforces the decompression cap inside
 * @cantoo/pdf-lib's own stream decoders.
 * @module
 */
import { deflateSync } from 'node:zlib'
import { PDFContext, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'

/** Largest PDF accepted, checked on the byte length before any parsing. */
export const MAX_PDF_BYTES = 100 * 1024 * 1024

/**
 * Largest size one stream may inflate to. A deflate bomb (a few KB that inflate to gigabytes)
 * must fail with a clear error instead of exhausting memory; 64 MiB is far above any invoice
 * page, XMP packet or XML attachment.
 */
export const MAX_INFLATED_STREAM_BYTES = 64 * 1024 * 1024

type GrowableStream = { ensureBuffer(requested: number): Uint8Array }

let installed = false
let limitHits = 0

/**
 * How often the cap has stopped a decoder so far. pdf-lib's parser catches errors inside object
 * streams and carries on, so loadPdf compares this count before and after parsing.
 */
export function inflateLimitHits(): number {
  return limitHits
}

/**
 * pdf-lib decodes object streams while it parses, with its own pure-JS decoders whose buffer
 * doubles without limit. Its DecodeStream class is not exported, so the guard reaches its
 * prototype through a decoder instance and caps `ensureBuffer`, the one place every decoder
 * (Flate, LZW, ASCII85, ASCIIHex, RunLength, Decrypt) grows its output.
 */
export function installInflateGuard(): void {
  if (installed) return
  installed = true
  const context = PDFContext.create()
  // The Flate decoder reads the zlib header in its constructor: give it a valid empty stream.
  const probe = PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), deflateSync(new Uint8Array(0)))
  const decoder = decodePDFRawStream(probe) as unknown as object
  const base = Object.getPrototypeOf(Object.getPrototypeOf(decoder)) as GrowableStream
  const original = base.ensureBuffer
  if (typeof original !== 'function') return
  base.ensureBuffer = function guardedEnsureBuffer(this: GrowableStream, requested: number) {
    if (requested > MAX_INFLATED_STREAM_BYTES) {
      limitHits++
      throw inflateLimitError()
    }
    return original.call(this, requested)
  }
}

export function inflateLimitError(): EInvoiceError {
  return new EInvoiceError(
    'INPUT_TOO_LARGE',
    `a PDF stream inflates to more than ${MAX_INFLATED_STREAM_BYTES / 1024 / 1024} MiB (decompression bomb?); refused`,
    { details: { limit: String(MAX_INFLATED_STREAM_BYTES) } },
  )
}
