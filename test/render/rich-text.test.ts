import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { PdfFonts } from '../../src/render/pdf-font-set.js'
import { FONT_BOLD, FONT_REGULAR, fontSource } from '../../src/render/pdf-fonts.js'
import { RichText } from '../../src/render/pdf-rich-text.js'
import { renderReportPdf } from '../../src/render/report-pdf.js'
import { invoiceToPdf } from '../../src/render/xml-to-pdf.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { canPdfaCheck, hasCommand, pdfText, pdfaCheck } from '../pdf/fixtures.js'
import { sampleInvoice } from './sample-invoice.js'

const canBbox = hasCommand('pdftotext')
if (!canBbox) process.stderr.write('[render/rich-text] pdftotext missing: word positions not checked\n')

function richText(): RichText {
  const doc = new PDFDocument({ font: fontSource(FONT_REGULAR) as unknown as string })
  return new RichText(doc, new PdfFonts(doc))
}

/** Each line's runs as [text as handed to fontkit, font], in drawing order. */
function runs(text: string, width = 1000, font: typeof FONT_REGULAR | typeof FONT_BOLD = FONT_REGULAR): [string, string][][] {
  return richText()
    .lines([{ text, font }], 10, width)
    .map((line) => line.runs.map((r): [string, string] => [r.text, r.font]))
}

/** The words pdftotext finds on the first page, with their left and right edges and top, top to bottom, left to right. */
function words(pdf: Uint8Array): { x: number; right: number; y: number; text: string }[] {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-bbox-'))
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf)
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' })
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g)]
      .map((m) => ({ x: Number(m[1]), right: Number(m[3]), y: Math.round(Number(m[2])), text: m[4] ?? '' }))
      .sort((a, b) => a.y - b.y || a.x - b.x)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A word as pdftotext reports a right-to-left one: its glyphs in visual order. */
const visual = (word: string): string => [...word].reverse().join('')

describe('rich text layout (right-to-left and several fonts)', () => {
  it('orders the runs of a line visually: Hebrew right to left, the number inside it left to right (UAX #9 L2)', () => {
    expect(runs('Hebrew: חברת השלום בע"מ, 12 רחוב הרצל')).toEqual([
      [
        ['Hebrew: ', FONT_REGULAR],
        // fontkit reverses a right-to-left run itself, so it gets the run in logical order.
        [' רחוב הרצל', FONT_REGULAR],
        ['12', FONT_REGULAR],
        ['חברת השלום בע"מ, ', FONT_REGULAR],
      ],
    ])
  })

  it('mirrors brackets in right-to-left runs (L4) and breaks lines in logical order', () => {
    expect(runs('(שלום) עולם')).toEqual([[[')שלום( עולם', FONT_REGULAR]]])
    // The first words in reading order fill the first line.
    expect(runs('שלום עולם יפה מאוד', 60)).toEqual([[['שלום עולם', FONT_REGULAR]], [['יפה מאוד', FONT_REGULAR]]])
  })

  it('gives each script its font within one text: Arabic in DejaVu Sans, Chinese in WenQuanYi, Hindi in Noto, emoji in Symbola', () => {
    expect(runs('Seller اسم البائع and 株式会社')).toEqual([
      [
        ['Seller ', FONT_REGULAR],
        ['اسم البائع', FONT_REGULAR],
        [' and ', FONT_REGULAR],
        ['株式会社', 'WenQuanYiMicroHei'],
      ],
    ])
    expect(runs('नमस्ते ✅')).toEqual([[['नमस्ते ', 'NotoSansDevanagari'], ['✅', 'Symbola']]])
    // A bold text takes the regular weight's glyph before any other font.
    expect(runs('Σ ✅', 1000, FONT_BOLD).flat().map(([, f]) => f)).toEqual([FONT_BOLD, 'Symbola'])
  })

  it('cuts a right-to-left word longer than a line between characters, each piece within the width', () => {
    const rich = richText()
    const lines = rich.lines([{ text: 'א'.repeat(400), font: FONT_REGULAR }], 10, 100)
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(100)
    expect(lines.map((l) => l.runs.map((r) => r.text).join('')).join('')).toBe('א'.repeat(400))
  })

  it('fills the lines of a long Arabic word: joined letters are far narrower than the same letters alone', () => {
    const lines = richText().lines([{ text: 'ب'.repeat(2000), font: FONT_REGULAR }], 10, 100)
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(100)
    // Cut by the letters' isolated widths alone, each line held about a third of this.
    for (const line of lines.slice(0, -1)) expect(line.width).toBeGreaterThan(90)
    expect(lines.map((l) => l.runs.map((r) => r.text).join('')).join('')).toBe('ب'.repeat(2000))
  })
})

describe('PDFs with right-to-left and mixed-script text', () => {
  const report = (texts: string[]) =>
    renderReportPdf({
      fileName: 'חשבונית-7.xml',
      datetime: undefined,
      status: 'invalid',
      parts: [{ name: 'xml', status: 'invalid', messages: texts.map((text, i) => ({ severity: 'error' as const, rule: `T-${i}`, section: undefined, location: `/m${i}`, text })) }],
    })

  it.skipIf(!canBbox)('draws a Hebrew message right to left: the first word in reading order is the rightmost', async () => {
    const pdf = await report(['Hebrew: חברת השלום בע"מ, 12 רחוב הרצל'])
    const all = words(pdf)
    const line = all.filter((w) => w.y === all.find((x) => x.text === 'Hebrew:')?.y)
    expect(line.map((w) => w.text)).toEqual(['Hebrew:', visual('הרצל'), visual('רחוב'), '12', visual('בע"מ,').replace('"', '&quot;'), visual('השלום'), visual('חברת')])
  })

  it.skipIf(!canBbox)('starts a right-to-left paragraph at the right margin, a left-to-right one at the left', async () => {
    const pdf = await report(['שלום עולם', 'Hello שלום'])
    const all = words(pdf)
    const hebrew = all.filter((w) => w.text === visual('שלום') || w.text === visual('עולם'))
    // A4 width 595.28 minus the 42 pt margin.
    expect(Math.max(...hebrew.filter((w) => w.y === hebrew[0]?.y).map((w) => w.right))).toBeCloseTo(553.28, 0)
    expect(all.find((w) => w.text === 'Hello')?.x).toBeCloseTo(42, 0)
  })

  it.skipIf(!canBbox)('cuts a right-to-left footer title that would wrap to one line ending in an ellipsis', async () => {
    const pdf = await renderReportPdf({
      fileName: `${'חשבונית מספר שבע '.repeat(12)}.xml`,
      datetime: undefined,
      status: 'valid',
      parts: [{ name: 'xml', status: 'valid', messages: [] }],
    })
    // The footer sits 34 pt above the page's bottom edge (A4: 841.89 pt).
    const footer = words(pdf).filter((w) => w.y > 790)
    expect(new Set(footer.map((w) => w.y)).size).toBe(1)
    expect(footer.some((w) => w.text.includes('\u2026'))).toBe(true)
    expect(footer.map((w) => w.text)).toContain('Validation')
    expect(Math.max(...footer.filter((w) => w.text !== '1' && !/^(Page|of)$/.test(w.text)).map((w) => w.right))).toBeLessThan(42 + (595.28 - 84) * 0.75 + 1)
  })

  it('shows Arabic beside Chinese, Hindi, Thai and emoji without U+FFFD, embeds each font and stays PDF/A-3b', async () => {
    const pdf = await report(['Seller اسم البائع and 株式会社 東京', 'Hindi: नमस्ते दुनिया, Thai: สวัสดีครับ, check ✅'])
    const text = (await pdfText(pdf)) ?? ''
    if (canBbox) {
      expect(text).not.toContain('\ufffd')
      for (const shown of ['株式会社', '東京', 'Thai:', 'Hindi:']) expect(text).toContain(shown)
    }
    const fonts = Buffer.from(pdf).toString('latin1')
    for (const name of ['+DejaVuSans', '+WenQuanYiMicroHei', '+NotoSansDevanagari-Regular', '+NotoSansThai-Regular', '+Symbola']) expect(fonts).toContain(name)
    // Scripts the text does not use are not embedded.
    expect(fonts).not.toContain('NotoSansTamil')
    const own = await validatePdf(pdf)
    expect(own.findings.map((f) => f.ruleId)).not.toContain('PDFA-FONT-NOTDEF')
    expect(own.pdfaValid).toBe(true)
    if (canPdfaCheck) {
      const check = pdfaCheck(pdf, 'pdfa3')
      expect(check.failed).toEqual([])
      expect(check.result).toBe('pass')
    }
  })

  it.skipIf(!canBbox)('draws a Hebrew party name right to left in the invoice view, which stays PDF/A-3b', async () => {
    const inv = sampleInvoice(2)
    inv.seller.name = 'חברת השלום בע"מ'
    inv.notes = [{ text: 'टिप्पणी: धन्यवाद' }]
    const pdf = await invoiceToPdf(inv, { language: 'EN' })
    const all = words(pdf)
    const name = all.filter((w) => w.text === visual('השלום') || w.text === visual('חברת'))
    expect(name.map((w) => w.text)).toEqual([visual('השלום'), visual('חברת')])
    expect((await pdfText(pdf)) ?? '').not.toContain('\ufffd')
    expect(Buffer.from(pdf).toString('latin1')).toContain('+NotoSansDevanagari-Regular')
    const own = await validatePdf(pdf)
    expect(own.pdfaValid).toBe(true)
    if (canPdfaCheck) expect(pdfaCheck(pdf, 'pdfa3').failed).toEqual([])
  })
})
