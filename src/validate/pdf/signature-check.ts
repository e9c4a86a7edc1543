/**
 * ISO 19005-3 6.4.3: the /ByteRange of each signature dictionary covers the whole file but its
 * /Contents string, [0 b c d] with the string exactly from b to c and c + d the end of the
 * revision the signature belongs to (its %%EOF, the end of the file for the last revision); and
 * the PKCS#7 SignedData in a string /Contents holds a certificate and exactly one SignerInfo
 * (6.4.3 tests 2 and 3, as veraPDF counts them: any certificate will do, an unreadable object has
 * neither).
 * @module
 */
import { PDFArray, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib'
import { readSignedData } from '../../pdf/pkcs7.js'
import { signedFields } from '../../pdf/signatures.js'
import { deref } from '../../pdf/walk.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

const latin1 = new TextDecoder('latin1')

/** Where the string starting at `at` ends (one past its closing delimiter), or undefined. */
function stringEnd(bytes: Uint8Array, at: number): number | undefined {
  if (bytes[at] === 0x3c) {
    for (let i = at + 1; i < bytes.length; i++) if (bytes[i] === 0x3e) return i + 1
    return undefined
  }
  if (bytes[at] !== 0x28) return undefined
  let depth = 0
  for (let i = at; i < bytes.length; i++) {
    const b = bytes[i]
    if (b === 0x5c) i++
    else if (b === 0x28) depth++
    else if (b === 0x29 && --depth === 0) return i + 1
  }
  return undefined
}

/** What is wrong with one /ByteRange, or undefined. */
function rangeProblem(bytes: Uint8Array, range: readonly number[]): string | undefined {
  const [a, b, c, d] = range
  if (range.length !== 4 || a === undefined || b === undefined || c === undefined || d === undefined || range.some((n) => !Number.isInteger(n) || n < 0)) {
    return 'is not four non-negative integers'
  }
  if (a !== 0) return `starts at byte ${a}, not 0`
  const before = latin1.decode(bytes.subarray(Math.max(0, b - 40), b))
  if (!/\/Contents\s*$/.test(before)) return `leaves out bytes ${b}–${c}, which do not start right after a /Contents key`
  if (stringEnd(bytes, b) !== c) return `leaves out bytes ${b}–${c}, which are not exactly the /Contents string`
  const end = c + d
  if (end > bytes.length) return `ends at byte ${end}, past the end of the file (${bytes.length} bytes)`
  if (!/%%EOF(\r\n|\r|\n)?$/.test(latin1.decode(bytes.subarray(Math.max(0, end - 7), end)))) return `ends at byte ${end}, not at the %%EOF of a revision`
  const rest = latin1.decode(bytes.subarray(end))
  if (rest !== '' && /^\s*$/.test(rest)) return `ends at byte ${end}, leaving the end of the file (${rest.length} bytes) outside`
  return undefined
}

export function checkSignatures(bytes: Uint8Array, doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  for (const { field, signature } of signedFields(doc)) {
    const ref = doc.context.getObjectRef(signature) ?? doc.context.getObjectRef(field)
    const where = ref === undefined ? 'signature dictionary' : `signature dictionary in object ${ref.objectNumber} ${ref.generationNumber}`
    const array = deref(doc, signature.get(PDFName.of('ByteRange')))
    const range = array instanceof PDFArray ? array.asArray().map((n) => { const v = deref(doc, n); return v instanceof PDFNumber ? v.asNumber() : Number.NaN }) : undefined
    const problem = range === undefined ? 'is missing' : rangeProblem(bytes, range)
    if (problem !== undefined) out.push(pdfFinding('PDFA-SIGNATURE-BYTERANGE', where, { where, problem, range: range === undefined ? 'none' : `[${range.join(' ')}]` }))
    // veraPDF reads only a string /Contents (padding and all); without one there is nothing to judge.
    const contents = deref(doc, signature.get(PDFName.of('Contents')))
    if (!(contents instanceof PDFString || contents instanceof PDFHexString)) continue
    const summary = readSignedData(contents.asBytes())
    if (summary.certificates === 0) {
      out.push(pdfFinding('PDFA-SIGNATURE-CERTIFICATE', where, { where, problem: summary.problem ?? 'holds no certificate' }))
    }
    if (summary.signerInfos !== 1) {
      out.push(pdfFinding('PDFA-SIGNATURE-SIGNERS', where, { where, problem: summary.problem ?? `has ${summary.signerInfos} SignerInfos` }))
    }
  }
  return out
}
