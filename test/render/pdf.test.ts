import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { invoiceToPdf } from '../../src/render/xml-to-pdf.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { canPdfaCheck, pdfaCheck } from '../pdf/fixtures.js'
import { missingValues, termValues } from '../helpers/term-values.js'
import { sampleInvoice } from './sample-invoice.js'

const dir = mkdtempSync(join(tmpdir(), 'einvoice-pdf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function text(pdf: Uint8Array, name: string): string {
  const file = join(dir, name)
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
}

describe('xmltopdf layout', () => {
  it('breaks a long line table across pages, repeating its header, with page numbers', async () => {
    const inv = sampleInvoice(150)
    const out = text(await invoiceToPdf(inv, { language: 'EN' }), 'long.pdf')
    const pages = out.split('\f').filter((p) => p.trim() !== '')
    expect(pages.length).toBeGreaterThan(3)
    // The overview table's header row is on the page where the table starts and on each continuation page.
    const withHeader = pages.filter((p) => /Line Item name Quantity Unit Item net price VAT Line net amount/.test(p))
    expect(withHeader.length).toBeGreaterThanOrEqual(3)
    expect(out).toContain(`Page ${pages.length} of ${pages.length}`)
    expect(out).toContain('Item 150')
    expect(missingValues(termValues(inv, 'EN'), out)).toEqual([])
  })

  it('keeps a value longer than a page, and markup, as text', async () => {
    const inv = sampleInvoice()
    const long = Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ')
    inv.notes = [{ text: long }, { text: '<script>alert(1)</script> & Ümläut ñ €' }]
    inv.paymentTermsText = long
    const out = text(await invoiceToPdf(inv, { language: 'DE' }), 'note.pdf')
    expect(out).toContain('word0')
    expect(out.replace(/\s+/g, '')).toContain(long.replace(/\s+/g, ''))
    expect(out).toContain('<script>alert(1)</script> & Ümläut ñ €')
  })

  it('shows Chinese, Japanese and Korean text in the bundled CJK font, in cells and headings, and stays PDF/A-3b', async () => {
    const inv = sampleInvoice(2)
    inv.seller.name = '上海测试贸易有限公司'
    inv.buyer.name = '株式会社テスト 東京'
    inv.notes = [{ text: '한국어 메모: 감사합니다' }]
    const first = inv.lines[0]
    if (first !== undefined) first.item = { ...first.item, name: '办公椅 (黑色)' }
    const pdf = await invoiceToPdf(inv, { language: 'EN' })
    const out = text(pdf, 'cjk.pdf')
    for (const shown of ['上海测试贸易有限公司', '株式会社テスト 東京', '한국어 메모: 감사합니다', '办公椅 (黑色)']) expect(out).toContain(shown)
    expect(out).not.toContain('\ufffd')
    expect(missingValues(termValues(inv, 'EN'), out)).toEqual([])
    const own = await validatePdf(pdf)
    expect(own.pdfaValid).toBe(true)
    if (canPdfaCheck) expect(pdfaCheck(pdf, 'pdfa3').failed).toEqual([])
  })

  it('writes PDF/A-3b identification, the language and an A4 page box', async () => {
    const pdf = Buffer.from(await invoiceToPdf(sampleInvoice(), { language: 'FR', date: new Date('2024-03-15T10:00:00Z') }))
    const s = pdf.toString('latin1')
    expect(s.startsWith('%PDF-1.7')).toBe(true)
    expect(s).toContain('<pdfaid:part>3</pdfaid:part>')
    expect(s).toContain('<pdfaid:conformance>B</pdfaid:conformance>')
    expect(s).toContain('/Lang (fr)')
    expect(s).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/)
    expect(s).toContain('<xmp:CreateDate>2024-03-15T10:00:00Z</xmp:CreateDate>')
    expect(s).not.toMatch(/\/BaseFont \/Helvetica/)
    expect(s).not.toContain('/StructTreeRoot')
  })

  it('writes a structure tree on request, with the same text', async () => {
    const inv = sampleInvoice(3)
    const pdf = await invoiceToPdf(inv, { language: 'DE', tagged: true })
    const s = Buffer.from(pdf).toString('latin1')
    expect(s).toContain('/StructTreeRoot')
    expect(s).toMatch(/\/MarkInfo \d+ 0 R/)
    expect(s).toContain('/Marked true')
    for (const tag of ['/S /H1', '/S /H2', '/S /H3', '/S /Table', '/S /TH', '/S /TD', '/S /P']) expect(s).toContain(tag)
    expect(missingValues(termValues(inv, 'DE'), text(pdf, 'tagged.pdf'))).toEqual([])
  })
})
