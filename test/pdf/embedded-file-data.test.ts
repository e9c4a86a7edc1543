/**
 * The data of an embedded file is whole or an error: a Flate stream cut before its end (the
 * audit's flate_damaged_size.pdf lacked its last 30 bytes) gave extract and detach a shorter
 * invoice XML, exit 0. A `/Params /Size` other than the decoded length is a warning.
 */
import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { detachAttachments } from '../../src/pdf/detach.js'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { validateFile } from '../../src/validate/index.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { attachmentPdf } from './attachment-pdf.js'
import { stream } from './raw-pdf.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
const deflated = deflateSync(XML)
/** The compressed XML without its last 30 bytes: the final block and the Adler-32 are gone. */
const cut = deflated.subarray(0, deflated.length - 30)

const flateFile = (data: Uint8Array, size: number): Uint8Array => stream(`/Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode /Params << /Size ${size} >>`, data)

const endsEarly = /^embedded file factur-x\.xml \(object 5 0\): its compressed data ends early \(the Flate stream stops after \d+ decoded bytes, without its end\)$/

describe('an embedded file whose Flate data is cut', () => {
  const pdf = attachmentPdf('factur-x.xml', flateFile(cut, XML.length))

  it('is an error of extract, naming the file and its object (it returned the shorter XML, exit 0)', async () => {
    await expect(extractInvoiceXml(pdf)).rejects.toMatchObject({ errorCode: 'INVALID_PDF', message: expect.stringMatching(endsEarly) })
  })

  it('is an error of detach (it reported the shorter size)', async () => {
    await expect(detachAttachments(pdf)).rejects.toMatchObject({ errorCode: 'INVALID_PDF', message: expect.stringMatching(endsEarly) })
  })

  it("is validate's error too, not the XML's (it blamed the XML for ending inside an element)", async () => {
    await expect(validateFile(pdf)).rejects.toMatchObject({ errorCode: 'INVALID_PDF', message: expect.stringMatching(endsEarly) })
    const pdfPart = await validatePdf(pdf)
    expect(pdfPart.noInvoice).toMatchObject({ errorCode: 'INVALID_PDF' })
    expect(pdfPart.findings.find((f) => f.ruleId === 'FX-ATTACHMENT-DATA')?.message).toMatch(/the invoice XML cannot be taken from the PDF: embedded file factur-x\.xml \(object 5 0\): its compressed data ends early/)
    // A cut page content stream is still read as far as it goes, as viewers draw it.
    const content = deflateSync(Buffer.from('q 1 0 0 1 0 0 cm bogusop Q\n'.repeat(200)))
    const cutContent = stream('/Filter /FlateDecode', content.subarray(0, content.length - 10))
    const withCutContent = await validatePdf(attachmentPdf('factur-x.xml', flateFile(cut, XML.length), cutContent))
    expect(withCutContent.readable).toBe(true)
    expect(withCutContent.findings.map((f) => f.ruleId)).toContain('PDFA-UNDEFINED-OPERATOR')
    expect(withCutContent.findings.map((f) => f.ruleId)).not.toContain('PDFA-CONTENT-NOT-SCANNED')
    expect(withCutContent.findings.map((f) => f.ruleId)).toContain('FX-ATTACHMENT-DATA')
  })

})

describe("an embedded file whose /Params /Size is not its length", () => {
  // Whole Flate data (end and checksum checked): the entry is what is wrong, so a warning.
  const pdf = attachmentPdf('factur-x.xml', flateFile(deflated, XML.length + 187))
  const warning = `the embedded file "factur-x.xml" decodes to ${XML.length} bytes, but its /Params /Size says ${XML.length + 187}`

  it('is returned by extract with a warning', async () => {
    const result = await extractInvoiceXml(pdf)
    expect(Buffer.from(result.xml).equals(Buffer.from(XML))).toBe(true)
    expect(result.warnings).toEqual([warning])
  })

  it('is a warning of validate, not an error', async () => {
    const result = await validatePdf(pdf)
    const finding = result.findings.find((f) => f.ruleId === 'FX-ATTACHMENT-SIZE')
    expect(finding).toMatchObject({ severity: 'warning', group: 'facturx' })
    expect(finding?.message).toBe(`[FX-ATTACHMENT-SIZE] the embedded invoice "factur-x.xml" decodes to ${XML.length} bytes, but its /Params /Size says ${XML.length + 187} (ISO 32000-1 7.11.4)`)
    // The right size gives none.
    const right = await validatePdf(attachmentPdf('factur-x.xml', flateFile(deflated, XML.length)))
    expect(right.findings.map((f) => f.ruleId)).not.toContain('FX-ATTACHMENT-SIZE')
    expect((await extractInvoiceXml(attachmentPdf('factur-x.xml', flateFile(deflated, XML.length)))).warnings).toEqual([])
  })
})
