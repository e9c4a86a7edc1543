import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { footerTitle } from '../../src/render/pdf-footer.js'
import { PdfFonts } from '../../src/render/pdf-font-set.js'
import { FONT_REGULAR, fontSource } from '../../src/render/pdf-fonts.js'
import { RichText } from '../../src/render/pdf-rich-text.js'
import { invoiceToPdf } from '../../src/render/xml-to-pdf.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { canPdfaCheck, hasCommand, pdfaCheck } from '../pdf/fixtures.js'
import { sampleInvoice } from './sample-invoice.js'

const canText = hasCommand('pdftotext')
if (!canText) process.stderr.write('[render/pdf-footer] pdftotext missing: footers not read back\n')

/** The first page's lines as `pdftotext -raw` reads them. */
function firstPage(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-footer-'))
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf)
    return execFileSync('pdftotext', ['-raw', '-l', '1', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim() !== '' && l !== '\f')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The invoice view of the sample invoice numbered `number`: its heading line and its footer title. */
async function headingAndFooter(number: string, tagged = false): Promise<{ pdf: Uint8Array; heading: string; footer: string }> {
  const inv = sampleInvoice(2)
  inv.invoiceNumber = number
  const pdf = await invoiceToPdf(inv, { language: 'EN', tagged })
  const lines = firstPage(pdf)
  const footer = (lines[lines.length - 1] ?? '').replace(/ ?Page 1 of \d+$/, '')
  return { pdf, heading: lines[0] ?? '', footer }
}

describe('invoice view page footer', () => {
  it.skipIf(!canText).each(['חשבון-42', 'RE-2026-0142-חשבון', 'فاتورة 2026/0142', 'חשבון-№42-中文-ü-…'])('shows the title %s as the heading does (bidi order, every script in its font)', async (number) => {
    const { heading, footer } = await headingAndFooter(number)
    expect(heading).toContain(number.includes('中文') ? '中文' : 'Commercial invoice')
    expect(footer).toBe(heading)
    expect(footer).not.toContain('\ufffd')
  })

  it.skipIf(!canText)('cuts a long title between characters, never inside an emoji, and ends it with an ellipsis', async () => {
    const { pdf, footer } = await headingAndFooter(`${'A'.repeat(69)}${'😀'.repeat(5)}`, true)
    expect(footer).toMatch(/^Commercial invoice A+…$/)
    expect(footer).not.toContain('\ufffd')
    const own = await validatePdf(pdf)
    expect(own.findings.map((f) => f.ruleId)).not.toContain('PDFA-FONT-NOTDEF')
    if (canPdfaCheck) expect(pdfaCheck(pdf, 'pdfa3').failed).toEqual([])
  })
})

describe('footerTitle', () => {
  const setup = () => {
    const doc = new PDFDocument({ font: fontSource(FONT_REGULAR) as unknown as string })
    const fonts = new PdfFonts(doc)
    const rich = new RichText(doc, fonts)
    return { doc, fonts, rich: () => rich }
  }
  const shown = (line: ReturnType<typeof footerTitle>): string => ('plain' in line ? line.plain : line.rich.flatMap((l) => l.runs.map((r) => r.text)).join(''))

  it('keeps a title that fits whole and cuts one that does not to the longest start that fits with an ellipsis', () => {
    const { doc, fonts, rich } = setup()
    expect(shown(footerTitle(doc, fonts, rich, 'Commercial invoice 42', 300))).toBe('Commercial invoice 42')
    const cut = shown(footerTitle(doc, fonts, rich, 'B'.repeat(150), 100))
    expect(cut).toMatch(/^B+…$/)
    doc.fontSize(7.5).font(FONT_REGULAR)
    expect(doc.widthOfString(cut)).toBeLessThanOrEqual(100)
    expect(doc.widthOfString(`B${cut}`)).toBeGreaterThan(100)
  })

  it('never splits a surrogate pair or an emoji sequence', () => {
    const { doc, fonts, rich } = setup()
    for (const title of ['😀'.repeat(60), '👨‍👩‍👧'.repeat(40), `${'A'.repeat(69)}${'😀'.repeat(5)}`]) {
      for (const width of [40, 60, 95, 130]) {
        const text = shown(footerTitle(doc, fonts, rich, title, width))
        expect(text.endsWith('…')).toBe(true)
        // No lone surrogate, and only whole family sequences.
        expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
        if (title.startsWith('👨')) expect(text.replace(/👨‍👩‍👧/gu, '')).toBe('…')
      }
    }
  })
})
