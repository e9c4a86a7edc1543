/**
 * Byte-level checks that run before a PDF is parsed: size, header, end-of-file marker and the
 * cross-reference pointer. pdf-lib itself scans objects sequentially and silently accepts
 * truncated or xref-less files, so these are what turn such input into a precise INVALID_PDF.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { MAX_PDF_BYTES } from './limits.js'

export type PdfStructureOptions = {
  /** Largest accepted input in bytes. @default MAX_PDF_BYTES (100 MiB) */
  maxBytes?: number | undefined
}

export type PdfStructure = {
  /** The startxref offset was wrong; the objects were found by scanning (as PDFBox and qpdf do). */
  xrefRepaired: boolean
}

const latin1 = new TextDecoder('latin1')

/** ISO 32000-1 7.5.2: readers find the header within the first 1024 bytes. */
const HEADER_WINDOW = 1024
/** ISO 32000-1 7.5.5: `%%EOF` is the last line; some producers append a little padding. */
const EOF_WINDOW = 1024

function invalid(message: string, details: Record<string, string>): EInvoiceError {
  return new EInvoiceError('INVALID_PDF', message, { details })
}

/** True when the bytes start (after at most 1 KB of junk) with a `%PDF-` header. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return findHeader(bytes) >= 0
}

function findHeader(bytes: Uint8Array): number {
  return latin1.decode(bytes.subarray(0, HEADER_WINDOW)).indexOf('%PDF-')
}

function describeStart(bytes: Uint8Array): string {
  const head = latin1.decode(bytes.subarray(0, 16)).replace(/[^\x20-\x7e]/g, '.')
  return JSON.stringify(head)
}

/**
 * @throws EInvoiceError INPUT_TOO_LARGE above the size limit; INVALID_PDF for an empty input, a
 *   missing header, a missing `%%EOF` (truncated file), no `startxref`, or no cross-reference
 *   table or stream at all.
 */
export function checkPdfStructure(bytes: Uint8Array, options: PdfStructureOptions = {}): PdfStructure {
  const maxBytes = options.maxBytes ?? MAX_PDF_BYTES
  if (bytes.length > maxBytes) {
    throw new EInvoiceError('INPUT_TOO_LARGE', `the PDF has ${bytes.length} bytes; the limit is ${maxBytes} bytes`, {
      details: { size: String(bytes.length), limit: String(maxBytes) },
    })
  }
  if (bytes.length === 0) throw invalid('not a PDF: the input is empty', { offset: '0' })
  const header = findHeader(bytes)
  if (header < 0) {
    throw invalid(`not a PDF: no %PDF- header in the first ${HEADER_WINDOW} bytes (the input starts with ${describeStart(bytes)})`, {
      offset: '0',
    })
  }
  const tailStart = Math.max(0, bytes.length - EOF_WINDOW)
  const tail = latin1.decode(bytes.subarray(tailStart))
  const eof = tail.lastIndexOf('%%EOF')
  if (eof < 0) {
    throw invalid(`truncated PDF: no %%EOF marker in the last ${EOF_WINDOW} bytes (the file ends at byte ${bytes.length})`, {
      offset: String(bytes.length),
    })
  }
  const startxref = /startxref\s+(\d+)\s*$/.exec(tail.slice(0, eof))
  if (startxref === null) {
    throw invalid(`broken PDF: no startxref before the %%EOF at byte ${tailStart + eof}`, { offset: String(tailStart + eof) })
  }
  const offset = Number(startxref[1])
  // The offset counts from the header (ISO 32000-1 7.5.5); files with leading junk are common.
  if (xrefAt(bytes, offset) || xrefAt(bytes, offset + header)) return { xrefRepaired: false }
  // A slightly wrong offset (seen in real invoices) is repaired the way PDFBox and qpdf do: by
  // the objects themselves. Without any xref table or stream the file is beyond repair.
  if (!hasAnyXref(bytes)) {
    throw invalid(
      `broken cross-reference: startxref points to byte ${offset}, where there is no xref table or stream, and the file has none elsewhere`,
      { offset: String(offset) },
    )
  }
  return { xrefRepaired: true }
}

function hasAnyXref(bytes: Uint8Array): boolean {
  const text = latin1.decode(bytes)
  return /(^|[\r\n])xref[\r\n ]/.test(text) || /\/Type\s*\/XRef\b/.test(text)
}

function xrefAt(bytes: Uint8Array, offset: number): boolean {
  if (offset < 0 || offset >= bytes.length) return false
  const text = latin1.decode(bytes.subarray(offset, offset + 64))
  return /^\s*(xref\b|\d+\s+\d+\s+obj\b)/.test(text)
}
