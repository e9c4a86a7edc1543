import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatReport, toJsonReport, validateFile, writeMustangReport, writeTextReport } from '../../src/validate/index.js'
import { hasCorpus, readCorpusFile } from '../helpers/corpus.js'

const VALID = readFileSync(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url))
const INVALID = Buffer.from(VALID.toString('utf8').replace('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51'))

describe('validation reports', () => {
  it('writes the Mustang XML report with valid summaries', async () => {
    const xml = writeMustangReport(await validateFile(VALID, { fileName: 'ok.xml' }))
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    expect(xml).toContain('<validation filename="ok.xml" datetime="')
    expect(xml).toContain('<profile>urn:cen.eu:en16931:2017</profile>')
    expect(xml).not.toContain('<error')
    expect(xml.match(/<summary status="valid"\/>/g)).toHaveLength(2)
  })

  it('writes errors with type, location and criterion and an invalid summary', async () => {
    const xml = writeMustangReport(await validateFile(INVALID, { fileName: 'bad.xml' }))
    // A Factur-X CII runs the CEN rules inside the Factur-X schematron in Mustang: section 4.
    expect(xml).toMatch(/<error type="4" location="[^"]+" criterion="BR-CO-10">\[BR-CO-10\][^<]+<\/error>/)
    expect(xml).not.toContain('type="24"')
    expect(xml.match(/<summary status="invalid"\/>/g)).toHaveLength(2)
  })

  it('files findings in Mustang\'s sections by syntax: CEN 24 for XRechnung, XSD 18, Order-X XSD 99', async () => {
    const xrechnung = Buffer.from(
      INVALID.toString('utf8').replace('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>', '<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>'),
    )
    const xr = writeMustangReport(await validateFile(xrechnung, { fileName: 'xr.xml' }))
    expect(xr).toMatch(/<error type="24" location="[^"]+" criterion="BR-CO-10">/)
    expect(xr).toMatch(/<error type="27" location="[^"]+" criterion="BR-DE-/)
    const broken = Buffer.from(VALID.toString('utf8').replace('<ram:TypeCode>', '<ram:Bogus>1</ram:Bogus><ram:TypeCode>'))
    expect(writeMustangReport(await validateFile(broken, { fileName: 'x.xml' }))).toMatch(/<error type="18" location="[^"]+" criterion="xsd:/)
  })

  it('groups the text report by severity with line:column', async () => {
    const result = await validateFile(INVALID, { fileName: 'bad.xml' })
    const text = writeTextReport(result)
    expect(text.split('\n')[0]).toBe('bad.xml: INVALID (CII, urn:cen.eu:en16931:2017)')
    expect(text).toContain('Errors (fatal) (2):')
    expect(text).toMatch(/\[BR-CO-13\]/)
    expect(formatReport(result, 'text')).toBe(text)
  })

  it('writes every format for an input with 200,000 findings (each one an argument of a call overflowed the stack)', async () => {
    const result = await validateFile(INVALID, { fileName: 'bad.xml' })
    const finding = result.xml.findings[0]!
    result.xml.findings = Array.from({ length: 200_000 }, () => finding)
    expect(formatReport(result, 'text').split('\n').filter((line) => line.endsWith(finding.message))).toHaveLength(200_000)
    expect(formatReport(result, 'xml').split(`criterion="${finding.ruleId}"`)).toHaveLength(200_001)
    expect(toJsonReport(result).findings).toHaveLength(200_000)
  })

  it('gives the same findings as JSON', async () => {
    const json = toJsonReport(await validateFile(INVALID, { fileName: 'bad.xml', ignoreNotices: true }))
    expect(json.valid).toBe(false)
    // CEN flags BR-CO-10/13 fatal; the Factur-X EN 16931 layer repeats them as errors and warns
    // about the empty ApplicableHeaderTradeDelivery (PEPPOL-EN16931-R008).
    expect(json.counts).toEqual({ fatal: 2, error: 2, warning: 1, information: 0 })
    expect(json.findings.map((f) => f.ruleId).sort()).toEqual(['BR-CO-10', 'BR-CO-10', 'BR-CO-13', 'BR-CO-13', 'PEPPOL-EN16931-R008'])
  })

  it('quotes a huge value in a bounded excerpt in every message, keeping the value itself in the params', async () => {
    const code = '9'.repeat(300_000)
    const huge = Buffer.from(VALID.toString('utf8').replace('<ram:TypeCode>380</ram:TypeCode>', `<ram:TypeCode>${code}</ram:TypeCode>`))
    const result = await validateFile(huge, { fileName: 'huge.xml' })
    const quoting = result.xml.findings.filter((f) => Object.values(f.params).includes(code))
    expect(quoting.map((f) => f.ruleId)).toContain('BR-CL-01')
    for (const f of quoting) {
      expect(f.message.length, f.ruleId).toBeLessThan(500)
      expect(f.message).toContain(`${'9'.repeat(200)}… (300000 characters)`)
    }
    expect(writeTextReport(result).length).toBeLessThan(20_000)
  })

  it('refuses an empty file', async () => {
    await expect(validateFile(new Uint8Array(0), { fileName: 'empty.xml' })).rejects.toThrow(/empty/)
  })
})

describe.skipIf(!hasCorpus)('Order-X reports', () => {
  it('file XSD errors in section 99, as Mustang does for Order-X', async () => {
    const order = readCorpusFile('akretion-factur-x/tests/fixtures/xml/order-x-comfort.xml').toString('utf8').replace('<ram:ID>', '<ram:Bogus>x</ram:Bogus><ram:ID>')
    const xml = writeMustangReport(await validateFile(Buffer.from(order), { fileName: 'order.xml' }))
    expect(xml).toMatch(/<error type="99" location="[^"]+" criterion="xsd:orderx-COMFORT">/)
    expect(xml).not.toMatch(/type="18"/)
  })
})
