/**
 * Byte-level PDF/A file-structure checks (ISO 19005-3 6.1.2, 6.1.3): the header at byte 0 with a
 * PDF 1.x version, the binary comment after it, nothing after the last %%EOF, and the trailer /ID.
 * @module
 */
import { PDFArray, type PDFDocument, PDFHexString, PDFString } from '@cantoo/pdf-lib'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

const latin1 = new TextDecoder('latin1')

const show = (bytes: Uint8Array): string => JSON.stringify(latin1.decode(bytes).replace(/[^\x20-\x7e]/g, '.'))

/** Header (6.1.2) and end-of-file (6.1.3) checks on the raw bytes. */
export function checkFileBytes(bytes: Uint8Array): PdfFinding[] {
  const out: PdfFinding[] = []
  const head = latin1.decode(bytes.subarray(0, 16))
  const header = /^%PDF-(\d)\.(\d)(\r\n|\r|\n)/.exec(head)
  if (header === null || header[1] !== '1' || Number(header[2]) > 7) {
    out.push(pdfFinding('PDFA-FILE-HEADER', 'byte 0', { found: show(bytes.subarray(0, 10)) }))
  } else {
    const at = header[0].length
    const comment = bytes.subarray(at, at + 5)
    const binary = comment[0] === 0x25 && comment.length === 5 && [...comment.subarray(1)].every((b) => b > 127)
    if (!binary) out.push(pdfFinding('PDFA-FILE-BINARY', `byte ${at}`, { found: show(comment) }))
  }
  const tailStart = Math.max(0, bytes.length - 2048)
  const tail = latin1.decode(bytes.subarray(tailStart))
  const eof = tail.lastIndexOf('%%EOF')
  if (eof >= 0) {
    const rest = tail.slice(eof + 5)
    if (!['', '\n', '\r', '\r\n'].includes(rest)) out.push(pdfFinding('PDFA-FILE-EOF', `byte ${tailStart + eof + 5}`, { bytes: String(rest.length) }))
  }
  return out
}

/** 6.1.3: the trailer (or cross-reference stream) dictionary carries /ID [<…> <…>]. */
export function checkTrailerId(doc: PDFDocument): PdfFinding[] {
  const id = doc.context.trailerInfo.ID
  const resolved = id === undefined ? undefined : doc.context.lookup(id)
  if (resolved === undefined) return [pdfFinding('PDFA-TRAILER-ID', 'trailer', { found: 'it has none' })]
  const ok =
    resolved instanceof PDFArray &&
    resolved.size() === 2 &&
    resolved.asArray().every((v) => {
      const s = doc.context.lookup(v)
      return s instanceof PDFString || s instanceof PDFHexString
    })
  return ok ? [] : [pdfFinding('PDFA-TRAILER-ID', 'trailer', { found: `found ${resolved.toString().slice(0, 80)}` })]
}
