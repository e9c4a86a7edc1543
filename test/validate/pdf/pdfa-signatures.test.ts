/**
 * ISO 19005-3 6.4.3 (found missing by the veraPDF PDF/A-3B audit's second pass): a signature's
 * /ByteRange covers the whole file but its /Contents string, and (session 28) the PKCS#7 object in
 * /Contents holds a certificate and exactly one SignerInfo. The files carry a signature field whose
 * /V has a /Contents with a real OpenSSL signature (test/fixtures/signatures, zero-padded as signers
 * reserve room; its digest is not of this file, which 6.4.3 does not judge) and a /ByteRange
 * patched in place after saving; set EINVOICE_PDFA_DUMP to a folder to keep them (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { PDFDocument, PDFHexString, PDFName, type PDFObject, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { findGhostscript } from '../../../src/pdf/ghostscript.js'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage, keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
const p7s = (name: string): Uint8Array => new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/signatures/${name}.p7s`))
/** The room a signer reserves for /Contents, zero-filled after the signature. */
const RESERVED = 4096
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').padEnd(2 * RESERVED, '0')
const latin1 = new TextDecoder('latin1')
let facturx: Uint8Array

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

/** The Factur-X file with a signed signature field; `range` computes the /ByteRange from the /Contents string's bytes. */
async function signed(name: string, range: (b: number, c: number, length: number) => number[], contents: PDFObject = PDFHexString.of(hex(p7s('one')))): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  const sig = doc.context.register(
    doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', SubFilter: 'adbe.pkcs7.detached', ByteRange: [0, 9999999999, 9999999999, 9999999999], Contents: contents }),
  )
  const page = doc.getPages()[0]!
  const ap = doc.context.register(doc.context.stream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 0, 0] }))
  const widget = doc.context.register(
    doc.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', T: PDFString.of('Signature1'), V: sig, Rect: [0, 0, 0, 0], F: 132, P: page.ref, AP: { N: ap } }),
  )
  page.node.set(PDFName.of('Annots'), doc.context.obj([widget]))
  doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [widget], SigFlags: 3 }))
  const bytes = await doc.save({ useObjectStreams: false })
  const text = latin1.decode(bytes)
  const b = text.indexOf('<', text.indexOf('/Contents', text.indexOf('/ByteRange') - 400))
  const c = text.indexOf('>', b) + 1
  const open = text.indexOf('/ByteRange')
  const start = text.indexOf('[', open)
  const end = text.indexOf(']', start) + 1
  const patched = `[${range(b, c, bytes.length).join(' ')}]`.padEnd(end - start, ' ')
  if (patched.length !== end - start) throw new Error('test setup: the /ByteRange placeholder is too short')
  const out = bytes.slice()
  out.set(new TextEncoder().encode(patched), start)
  return keepForPdfaCheck(name, out)
}

const rangeFindings = async (pdf: Uint8Array): Promise<string[]> =>
  (await validatePdf(pdf)).findings.filter((f) => f.ruleId === 'PDFA-SIGNATURE-BYTERANGE').map((f) => f.message)

describe('signature /ByteRange (6.4.3)', () => {
  it('passes a range that covers the whole file but the /Contents string', async () => {
    const pdf = await signed('sig-byterange-ok', (b, c, length) => [0, b, c, length - c])
    expect(await rangeFindings(pdf)).toEqual([])
    expect((await validatePdf(pdf)).pdfaValid).toBe(true)
  })

  it('reports a range that leaves out the end of the file, one that leaves out more than the string, and one past the end', async () => {
    const short = await rangeFindings(await signed('sig-byterange-short', (b, c, length) => [0, b, c, length - c - 1]))
    expect(short.join('\n')).toMatch(/signature dictionary in object \d+ 0/)
    expect(short.join('\n')).toContain('not at the %%EOF')
    const gap = await rangeFindings(await signed('sig-byterange-gap', (b, c, length) => [0, b - 1, c, length - c]))
    expect(gap.join('\n')).toContain('not exactly the /Contents string')
    const past = await rangeFindings(await signed('sig-byterange-past', (b, c, length) => [0, b, c, length - c + 10]))
    expect(past.join('\n')).toContain('past the end of the file')
  })

  it('pdf2pdfa drops the value of a signature field its rewrite would break (the signature no longer matches the bytes)', async () => {
    const pdf = await signed('sig-byterange-pdf2pdfa', (b, c, length) => [0, b, c, length - c])
    const out = await pdfToPdfa(pdf, { ghostscript: false })
    expect(await rangeFindings(out.pdf)).toEqual([])
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
  })
})

const fullRange = (b: number, c: number, length: number): number[] => [0, b, c, length - c]
const pkcsFindings = async (pdf: Uint8Array): Promise<string[]> =>
  (await validatePdf(pdf)).findings.filter((f) => f.ruleId === 'PDFA-SIGNATURE-CERTIFICATE' || f.ruleId === 'PDFA-SIGNATURE-SIGNERS').map((f) => `${f.ruleId}: ${f.message}`)

describe('the PKCS#7 object in /Contents (6.4.3 tests 2 and 3)', () => {
  it('passes one signer with its certificate, zero-padded, in DER and in indefinite-length BER (as openssl cms -stream writes it)', async () => {
    expect(await pkcsFindings(await signed('sig-pkcs7-ok', fullRange))).toEqual([])
    const ber = await signed('sig-pkcs7-ber', fullRange, PDFHexString.of(hex(p7s('ber'))))
    expect(await pkcsFindings(ber)).toEqual([])
    expect((await validatePdf(ber)).pdfaValid).toBe(true)
  })

  it('reports a signature without certificates (openssl -nocerts) and one with two signers', async () => {
    const nocerts = await pkcsFindings(await signed('sig-pkcs7-nocerts', fullRange, PDFHexString.of(hex(p7s('nocerts')))))
    expect(nocerts).toHaveLength(1)
    expect(nocerts[0]).toMatch(/^PDFA-SIGNATURE-CERTIFICATE: .*signature dictionary in object \d+ 0 holds no certificate/)
    const two = await pkcsFindings(await signed('sig-pkcs7-two', fullRange, PDFHexString.of(hex(p7s('two')))))
    expect(two).toHaveLength(1)
    expect(two[0]).toMatch(/^PDFA-SIGNATURE-SIGNERS: .*has 2 SignerInfos/)
  })

  it('reads a literal-string /Contents alike, and fails both tests for contents that are no PKCS#7 SignedData, as veraPDF does', async () => {
    expect(await pkcsFindings(await signed('sig-pkcs7-literal', fullRange, PDFString.of(Array.from(p7s('one'), (b) => `\\${b.toString(8).padStart(3, '0')}`).join(''))))).toEqual([])
    const zeros = await pkcsFindings(await signed('sig-pkcs7-zeros', fullRange, PDFHexString.of('00'.repeat(64))))
    expect(zeros.map((f) => f.split(':')[0])).toEqual(['PDFA-SIGNATURE-CERTIFICATE', 'PDFA-SIGNATURE-SIGNERS'])
    expect(zeros[0]).toContain('is not a readable DER-encoded PKCS#7 SignedData')
  })

  it('pdf2pdfa drops the value of a signature field with two signers, so its output passes', async () => {
    const pdf = await signed('sig-pkcs7-two-pdf2pdfa', fullRange, PDFHexString.of(hex(p7s('two'))))
    const out = await pdfToPdfa(pdf, { ghostscript: false })
    expect(await pkcsFindings(out.pdf)).toEqual([])
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
  })

  it.skipIf(findGhostscript() === undefined)('through Ghostscript (DeviceCMYK content), the signature does not survive either', async () => {
    const two = await signed('sig-pkcs7-two-gs', fullRange, PDFHexString.of(hex(p7s('two'))))
    const doc = await PDFDocument.load(two, { updateMetadata: false })
    addToPage(doc, '0 0 0 1 k 10 10 50 50 re f')
    const input = keepForPdfaCheck('sig-pkcs7-two-cmyk', await doc.save({ useObjectStreams: false }))
    expect(await pkcsFindings(input)).toHaveLength(1)
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
  })
})
