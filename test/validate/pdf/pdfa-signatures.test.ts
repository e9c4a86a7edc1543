/**
 * ISO 19005-3 6.4.3 (found missing by the veraPDF PDF/A-3B audit's second pass): a signature's
 * /ByteRange covers the whole file but its /Contents string. The files carry a signature field
 * whose /V has a placeholder /Contents (no PKCS#7 is read) and a /ByteRange patched in place after
 * saving; set EINVOICE_PDFA_DUMP to a folder to keep them (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
const latin1 = new TextDecoder('latin1')
let facturx: Uint8Array

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

/** The Factur-X file with a signed signature field; `range` computes the /ByteRange from the /Contents string's bytes. */
async function signed(name: string, range: (b: number, c: number, length: number) => number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  const sig = doc.context.register(
    doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', SubFilter: 'adbe.pkcs7.detached', ByteRange: [0, 9999999999, 9999999999, 9999999999], Contents: PDFHexString.of('00'.repeat(64)) }),
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
