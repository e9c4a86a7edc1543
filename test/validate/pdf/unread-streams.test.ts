/**
 * validate never passes what it did not read: a page content stream or an invoice XML that
 * inflates past the per-stream cap made the checks skip it silently (the audit's
 * viol_after70.pdf, 70 MiB of spaces before an undefined operator, was "PDF/A-3b valid"), and the
 * invoice XML is found as extract finds it.
 */
import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { extractInvoiceXml } from '../../../src/pdf/extract.js'
import { MAX_INFLATED_STREAM_BYTES } from '../../../src/pdf/limits.js'
import { validateFile, writeTextReport } from '../../../src/validate/index.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { attachmentPdf } from '../../pdf/attachment-pdf.js'
import { stream } from '../../pdf/raw-pdf.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
const xmlFile = stream('/Type /EmbeddedFile /Subtype /text#2Fxml', XML)
const tooLarge = /inflates to more than 64 MiB/

/** Spaces past the per-stream cap, then an operator ISO 32000-1 does not define. */
function paddedContent(): Uint8Array {
  const deflate = deflateSync(Buffer.concat([Buffer.alloc(MAX_INFLATED_STREAM_BYTES + 6 * 1024 * 1024, 0x20), Buffer.from('q 1 0 0 1 0 0 cm bogusop Q\n')]), { level: 9 })
  return stream('/Filter /FlateDecode', deflate)
}

describe('a stream past the per-stream cap', () => {
  it('makes the file unreadable (INPUT_TOO_LARGE), not valid with the stream unchecked', async () => {
    const pdf = attachmentPdf('factur-x.xml', xmlFile, paddedContent())
    const result = await validatePdf(pdf)
    expect(result.readable).toBe(false)
    expect(result.valid).toBe(false)
    expect(result.loadError).toMatchObject({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringMatching(tooLarge) })
    // None of the findings of checks it cut short.
    expect(result.findings.map((f) => f.ruleId)).toEqual(['PDFA-UNREADABLE'])
    await expect(validateFile(pdf)).rejects.toMatchObject({ errorCode: 'INPUT_TOO_LARGE' })
  }, 60_000)

  it('in the invoice XML is INPUT_TOO_LARGE, as extract says (validate said the PDF had no XML attachment)', async () => {
    const bomb = stream('/Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode', deflateSync(Buffer.alloc(MAX_INFLATED_STREAM_BYTES + 1024 * 1024), { level: 9 }))
    const pdf = attachmentPdf('factur-x.xml', bomb)
    await expect(extractInvoiceXml(pdf)).rejects.toMatchObject({ errorCode: 'INPUT_TOO_LARGE' })
    await expect(validateFile(pdf)).rejects.toMatchObject({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringMatching(tooLarge) })
    expect(await validatePdf(pdf)).toMatchObject({ readable: false, loadError: { errorCode: 'INPUT_TOO_LARGE' } })
  }, 60_000)
})

describe('a page content stream that cannot be decoded', () => {
  it('is a notice that it was not checked (the comment said the file checks reported it; none did)', async () => {
    const garbage = stream('/Filter /FlateDecode', new TextEncoder().encode('this is no zlib data'))
    const result = await validatePdf(attachmentPdf('factur-x.xml', xmlFile, garbage))
    const notice = result.findings.find((f) => f.ruleId === 'PDFA-CONTENT-NOT-SCANNED')
    expect(notice?.severity).toBe('information')
    expect(notice?.message).toMatch(/^\[PDFA-CONTENT-NOT-SCANNED\] page 1 content \(object 6 0\) was not checked for operators and limits: its data cannot be decoded \(the Flate-compressed data is damaged \(incorrect header check\)\)/)
  })
})

describe('the invoice XML is found as extract finds it', () => {
  it.each([['..'], [''], ['sub/../']])('under the name %j', async (name) => {
    const pdf = attachmentPdf(name, xmlFile)
    expect((await extractInvoiceXml(pdf)).fileName).toBe(name)
    const result = await validateFile(pdf)
    expect(result.pdf?.attachmentName).toBe(name)
    expect(result.xml.syntax).toBe('CII')
    // The text report names it, or says it has no name (it printed "(invoice )").
    expect(writeTextReport(result)).toContain(name === '' ? '(invoice in an attachment without a name)' : `(invoice ${name})`)
  })

  it('and NO_INVOICE_XML names the attachments there are (it said "attachments": "0")', async () => {
    const pdf = attachmentPdf('notes.txt', stream('/Type /EmbeddedFile /Subtype /text#2Fplain', new TextEncoder().encode('hello')))
    const error = { errorCode: 'NO_INVOICE_XML', message: 'no invoice XML found in the PDF: its attachments are "notes.txt"', details: { attachments: '1' } }
    await expect(extractInvoiceXml(pdf)).rejects.toMatchObject(error)
    await expect(validateFile(pdf)).rejects.toMatchObject(error)
  })
})
