import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readValidationReport } from '../../src/render/report-model.js'
import { renderReportPdf, validationReportToPdf } from '../../src/render/report-pdf.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { validateXml } from '../../src/validate/index.js'
import { writeMustangReport } from '../../src/validate/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { canPdfaCheck, pdfText, pdfaCheck } from '../pdf/fixtures.js'

if (!canPdfaCheck) process.stderr.write('[render/report-pdf] pdfa-check (python3, qpdf, poppler) missing: PDF/A checks skipped\n')

const FIXTURE = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`, 'utf8')
const DATE = new Date('2026-02-03T04:05:06Z')

/** The report of an invalid invoice (wrong totals), plus a message in umlauts, accents and Cyrillic. */
function invalidReport(): string {
  const xml = FIXTURE.replace('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>999.99')
  const result = validateXml(new TextEncoder().encode(xml))
  expect(result.valid).toBe(false)
  const report = writeMustangReport({ fileName: 'rechnung-ä.xml', datetime: '2026-02-03 05:06:07', container: 'xml', xml: result, valid: false })
  return report.replace('<messages>', '<messages><warning type="10" location="/BG-4/BT-27" criterion="X-1">Seller Müller &amp; Söhne – Élodie Ñandú Дмитрий</warning>')
}

/** A report with many messages (to force several pages), including a long unbroken location. */
function longReport(count: number): string {
  const messages = Array.from(
    { length: count },
    (_, i) => `<error type="24" location="/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[${i + 1}]/ram:SpecifiedLineTradeSettlement" criterion="BR-CO-${i}">[BR-CO-${i}] Message number ${i + 1}: Grüße aus Köln, ça va ?</error>`,
  ).join('')
  return `<?xml version="1.0" encoding="UTF-8"?><validation filename="big.xml" datetime="2026-01-01 00:00:00"><xml><info><profile>urn:cen.eu:en16931:2017</profile></info><messages>${messages}</messages><summary status="invalid"/></xml><messages/><summary status="invalid"/></validation>`
}

describe('readValidationReport', () => {
  it('reads status, parts and messages with rule ids', () => {
    const model = readValidationReport(invalidReport())
    expect(model.status).toBe('invalid')
    expect(model.fileName).toBe('rechnung-ä.xml')
    const xml = model.parts.find((p) => p.name === 'xml')
    expect(xml?.status).toBe('invalid')
    expect(xml?.messages.some((m) => m.rule === 'BR-CO-10' && m.severity === 'error')).toBe(true)
  })

  it("splits Mustang's `[ID …] from …)` text into rule and text", () => {
    const mustang =
      '<validation filename="a.xml" datetime="x"><xml><messages><error type="4" location="/*:X" criterion="exists(x)">[BR-01] An Invoice shall have a Specification identifier [ID BR-01] from /xslt/ZF_250/FACTUR-X_EN16931.xslt)</error></messages><summary status="invalid"/></xml><summary status="invalid"/></validation>'
    const m = readValidationReport(mustang).parts[0]?.messages[0]
    expect(m).toEqual({ severity: 'error', rule: 'BR-01', section: '4', location: '/*:X', text: '[BR-01] An Invoice shall have a Specification identifier' })
  })

  it('refuses XML that is not a validation report, naming what it found', () => {
    expect(() => readValidationReport(FIXTURE)).toThrow(/not a validation report.*rsm:CrossIndustryInvoice/)
    expect(() => readValidationReport('<validation/>')).toThrow(/without a summary status/)
  })

  it('refuses a summary status other than valid or invalid (a verdict the PDF could not show)', () => {
    expect(() => readValidationReport('<validation><summary status="maybe"/></validation>')).toThrow('XMLValidationResult: <summary status="maybe"> is neither valid nor invalid')
    expect(() => readValidationReport('<validation><xml><summary status="VALID"/></xml><summary status="valid"/></validation>')).toThrow('<xml/summary status="VALID"> is neither')
    expect(readValidationReport('<validation><xml><summary status="invalid"/></xml><summary status="invalid"/></validation>').status).toBe('invalid')
  })

  it('refuses text that is not XML', () => {
    expect(() => readValidationReport('this is not xml')).toThrowError(expect.objectContaining({ errorCode: 'INVALID_XML' }) as Error)
  })
})

describe('validationReportToPdf', () => {
  it('shows the overall status and every message with rule and location, UTF-8 text intact', async () => {
    const pdf = await validationReportToPdf(invalidReport(), { date: DATE })
    expect(new TextDecoder('latin1').decode(pdf.subarray(0, 8))).toBe('%PDF-1.7')
    const text = pdfText(pdf)
    if (text === undefined) return
    expect(text).toContain('Validation report')
    expect(text).toContain('Result: invalid')
    expect(text).toContain('It is recommended to reject the document.')
    expect(text).toContain('rechnung-ä.xml')
    expect(text).toContain('Rule BR-CO-10')
    expect(text).toContain('Müller')
    expect(text).toMatch(/Дмитрий|Dmitri/)
  })

  it('uses German and French labels', async () => {
    const de = pdfText(await validationReportToPdf(invalidReport(), { language: 'DE', date: DATE }))
    const fr = pdfText(await validationReportToPdf(invalidReport(), { language: 'FR', date: DATE }))
    if (de === undefined || fr === undefined) return
    expect(de).toContain('Prüfbericht')
    expect(de).toContain('Bewertung: ungültig')
    expect(de).toContain('zurückzuweisen')
    expect(fr).toContain('Rapport de validation')
    expect(fr).toContain('Résultat: non valide')
  })

  it('paginates long reports without losing a message', async () => {
    const pdf = await validationReportToPdf(longReport(150), { date: DATE })
    const text = pdfText(pdf)
    if (text === undefined) return
    expect(text).toMatch(/Page 1 of [3-9]/)
    for (const n of [1, 75, 150]) expect(text).toContain(`Message number ${n}:`)
  })

  it.skipIf(!canPdfaCheck)('passes pdfa-check --strict (PDF/A-3b)', async () => {
    const check = pdfaCheck(await validationReportToPdf(longReport(60), { language: 'DE', date: DATE }), 'pdfa3')
    expect(check.failed).toEqual([])
    expect(check.result).toBe('pass')
  })

  it('draws quoted text only with glyphs the fonts have: each script in its font, tabs and controls replaced, unassigned code points U+FFFD', async () => {
    const pdf = await renderReportPdf({
      fileName: 'in\tvoice-請求書.xml',
      datetime: undefined,
      status: 'invalid',
      parts: [
        {
          name: 'xml',
          status: 'invalid',
          messages: [
            { severity: 'error', rule: 'BR-01', section: undefined, location: '/a\u0001', text: 'found "x\ty" and 請求書' },
            { severity: 'warning', rule: 'BR-02', section: undefined, location: '/b', text: 'Seller 株式会社テスト, 한국 회사, Müller' },
            { severity: 'warning', rule: 'BR-03', section: undefined, location: '/c', text: `emoji 😀, Arabic beside Chinese: عربي 中文 ${'长'.repeat(200)}` },
            { severity: 'warning', rule: 'BR-04', section: undefined, location: '/d', text: 'unassigned \u{50000} here' },
          ],
        },
      ],
    })
    const own = await validatePdf(pdf)
    expect(own.findings.map((f) => f.ruleId)).not.toContain('PDFA-FONT-NOTDEF')
    expect(own.pdfaValid).toBe(true)
    const text = (await pdfText(pdf)) ?? ''
    expect(text).toContain('in voice-請求書.xml')
    expect(text).toContain('found "x y" and 請求書')
    expect(text).toContain('Seller 株式会社テスト, 한국 회사, Müller')
    // A run per font (pdf-rich-text.ts): the Arabic word in DejaVu Sans beside the Chinese in WenQuanYi.
    expect(text).toContain('emoji 😀, Arabic beside Chinese:')
    // pdftotext puts the right-to-left word back in reading order, between embedding marks.
    expect(text.replace(/[\u202a-\u202e]/g, '')).toMatch(/Arabic beside Chinese:\s*عربي\s*中文/)
    expect(text).toContain('unassigned \ufffd here')
    // The 200 ideographs fill whole lines: none left alone on a line by pdfkit's own break.
    expect(text.replace(/\s+/g, '')).toContain('长'.repeat(200))
    expect(text.split('\n').filter((l) => /^长{1,3}$/.test(l.trim()))).toEqual([])
    if (canPdfaCheck) {
      const check = pdfaCheck(pdf, 'pdfa3')
      expect(check.failed).toEqual([])
      expect(check.result).toBe('pass')
    }
  })

  it('keeps a CJK message longer than a page in its font on the next page (pdfkit selected the default font there)', async () => {
    const text = '请求书a'.repeat(4000)
    const pdf = await renderReportPdf({ fileName: 'x.xml', datetime: undefined, status: 'invalid', parts: [{ name: 'xml', status: 'invalid', messages: [{ severity: 'error', rule: 'BR-01', section: undefined, location: '/a', text }] }] })
    const own = await validatePdf(pdf)
    expect(own.findings.map((f) => f.ruleId).filter((id) => id.startsWith('PDFA-FONT'))).toEqual([])
    expect(own.pdfaValid).toBe(true)
    const shown = (await pdfText(pdf)) ?? text
    expect(shown).not.toContain('\ufffd')
    expect(shown.replace(/\s+/g, '')).toContain('请求书a'.repeat(20))
  })

  it('embeds the CJK font only in documents that draw CJK text', async () => {
    const latin = Buffer.from(await validationReportToPdf(longReport(2), { date: DATE })).toString('latin1')
    expect(latin).not.toContain('WenQuanYi')
    const cjk = Buffer.from(await validationReportToPdf(longReport(2).replace('Message number 1', '第一条消息'), { date: DATE })).toString('latin1')
    expect(cjk).toContain('+WenQuanYiMicroHei')
  })
})
