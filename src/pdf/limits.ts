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

/**
 * Most bytes the streams of one document may decode to, summed over every decoding (a check that
 * reads a content stream again counts again: this bounds the work, not only the memory). A 6 MB
 * file of 100 pages whose content streams each inflate to 60 MiB passes the per-stream cap, yet
 * took half an hour of operator scanning; real invoices decode a few MiB.
 */
export const MAX_DECODED_DOCUMENT_BYTES = 256 * 1024 * 1024

/** Bytes decoded so far, per document (its PDFContext). */
const decoded = new WeakMap<object, number>()

/**
 * Counts `bytes` decoded from a stream of `document`.
 * @throws EInvoiceError INPUT_TOO_LARGE once the document's total passes MAX_DECODED_DOCUMENT_BYTES
 */
export function chargeDecoded(document: object, bytes: number): void {
  const total = (decoded.get(document) ?? 0) + bytes
  decoded.set(document, total)
  if (total > MAX_DECODED_DOCUMENT_BYTES) throw decodedLimitError()
}

/** Documents refused for good: one of their streams inflates past MAX_INFLATED_STREAM_BYTES. */
const refused = new WeakMap<object, EInvoiceError>()

/**
 * Refuses `document` for good because of `err` (a stream past the inflate cap): every later
 * stream of it is refused unread, and requireDecodeBudget throws `err`. A check that skips a
 * stream it cannot read (checks cannot tell a bomb from damage in every catch) thus never
 * passes a file whose stream it did not see.
 */
export function refuseDocument(document: object, err: EInvoiceError): void {
  if (!refused.has(document)) refused.set(document, err)
}

/**
 * Checks that run on after a failed stream (they skip what they cannot read) call this at their
 * end, so a document cut short by the budget or refused (a stream past the inflate cap) is never
 * reported as checked.
 * @throws EInvoiceError INPUT_TOO_LARGE when the document's budget was used up or it was refused
 */
export function requireDecodeBudget(document: object): void {
  const refusal = refused.get(document)
  if (refusal !== undefined) throw refusal
  if ((decoded.get(document) ?? 0) > MAX_DECODED_DOCUMENT_BYTES) throw decodedLimitError()
}

function decodedLimitError(): EInvoiceError {
  return new EInvoiceError(
    'INPUT_TOO_LARGE',
    `the PDF's streams decode to more than ${MAX_DECODED_DOCUMENT_BYTES / 1024 / 1024} MiB in total (decompression bomb?); refused`,
    { details: { limit: String(MAX_DECODED_DOCUMENT_BYTES) } },
  )
}

type GrowableStream = { ensureBuffer(requested: number): Uint8Array }

let installed = false

/**
 * The document being parsed, while loadPdf parses it: what its decoders have decoded, and the
 * guard's first stop (pdf-lib's parser catches errors inside object streams and carries on).
 */
type ParseCount = { decoded: number; stop?: EInvoiceError | undefined }
let parsing: ParseCount | undefined
/** The buffer size each of pdf-lib's decoders has been charged for so far (it only grows). */
const charged = new WeakMap<object, number>()

/** The end of the latest parse begun: the next one waits for it. */
let parseTurn: Promise<unknown> = Promise.resolve()

/**
 * Runs `parse` with pdf-lib's own decoding (object streams) counted against the document's budget,
 * which `document` then carries on, and refuses the document when the guard stopped one of its
 * decoders. pdf-lib's parser awaits between objects, so loads started together (Promise.all over
 * files, requests served in one thread) would interleave and share `parsing`: one document's
 * decompression bomb refused the others. They take turns instead; parsing is work for this one
 * thread either way.
 * @throws EInvoiceError INPUT_TOO_LARGE when a stream passed the inflate cap or the document its budget
 */
export function withParseBudget<T>(parse: () => Promise<T>, documentOf: (result: T) => object): Promise<T> {
  const run = parseTurn.then(() => parseCounted(parse, documentOf))
  parseTurn = run.catch(() => undefined)
  return run
}

async function parseCounted<T>(parse: () => Promise<T>, documentOf: (result: T) => object): Promise<T> {
  const count: ParseCount = { decoded: 0 }
  parsing = count
  try {
    const result = await parse()
    if (count.stop !== undefined) throw count.stop
    chargeDecoded(documentOf(result), count.decoded)
    return result
  } finally {
    parsing = undefined
  }
}

/**
 * Runs `decode` (synchronous) outside any parse in progress: a stream of a loaded document decoded
 * while another document's parse waits between objects is not that document's.
 */
export function outsideParse<T>(decode: () => T): T {
  const current = parsing
  parsing = undefined
  try {
    return decode()
  } finally {
    parsing = current
  }
}

function stop(err: EInvoiceError): never {
  if (parsing !== undefined) parsing.stop ??= err
  throw err
}

/**
 * pdf-lib decodes object streams while it parses, with its own pure-JS decoders whose buffer
 * doubles without limit. Its DecodeStream class is not exported, so the guard reaches its
 * prototype through a decoder instance and caps `ensureBuffer`, the one place every decoder
 * (Flate, LZW, ASCII85, ASCIIHex, RunLength, Decrypt) grows its output: one stream at
 * MAX_INFLATED_STREAM_BYTES and, while a document is parsed, all of them at its decoding budget.
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
    if (requested > MAX_INFLATED_STREAM_BYTES) stop(inflateLimitError())
    const buffer = original.call(this, requested)
    if (parsing !== undefined) {
      // The buffer doubles and is filled without asking again: its size is what is charged
      // (at most twice what the decoder writes into it).
      const before = charged.get(this) ?? 0
      if (buffer.length > before) {
        charged.set(this, buffer.length)
        parsing.decoded += buffer.length - before
        if (parsing.decoded > MAX_DECODED_DOCUMENT_BYTES) stop(decodedLimitError())
      }
    }
    return buffer
  }
}

export function inflateLimitError(): EInvoiceError {
  return new EInvoiceError(
    'INPUT_TOO_LARGE',
    `a PDF stream inflates to more than ${MAX_INFLATED_STREAM_BYTES / 1024 / 1024} MiB (decompression bomb?); refused`,
    { details: { limit: String(MAX_INFLATED_STREAM_BYTES) } },
  )
}
