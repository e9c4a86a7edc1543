/**
 * pdf2pdfa and fonts that are not embedded: standard-14 fonts get Liberation subsets in place
 * (no Ghostscript needed); Symbol/ZapfDingbats go through Ghostscript or are refused by name.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream, StandardFonts } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { findGhostscript } from '../../src/pdf/ghostscript.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { baseEncoding, glyphNameToUnicode } from '../../src/pdf/latin-encodings.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { streamBytes } from '../../src/pdf/streams.js'
import { readTrueType } from '../../src/pdf/truetype.js'
import { canPdfaCheck, pdfFonts, pdfText, pdfaCheck } from './fixtures.js'

const LINES = ['Invoice 2026-001 — Müller & Söhne GmbH', 'Total: 1.234,56 € (incl. 19 % VAT)', '“Quoted” ‰ • Œuvre Ÿ ß']

/** What Symbol and ZapfDingbats can show (they have their own encodings). */
const SYMBOLIC_TEXT: Partial<Record<StandardFonts, string>> = { [StandardFonts.Symbol]: 'αβγ∑', [StandardFonts.ZapfDingbats]: '✓✈' }

/** One page per font, drawn with pdf-lib's standard fonts (never embedded). */
async function standardFontsPdf(fonts: readonly StandardFonts[], lines: readonly string[] = LINES): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (const name of fonts) {
    const page = doc.addPage([595.28, 841.89])
    const font = await doc.embedFont(name)
    lines.forEach((line, i) => page.drawText(SYMBOLIC_TEXT[name] ?? line, { x: 50, y: 780 - i * 20, size: 12, font }))
  }
  return doc.save({ useObjectStreams: false })
}

async function pages(pdf: Uint8Array): Promise<string[]> {
  const { doc } = await loadPdf(pdf)
  return doc.getPages().map((p) => `${p.getWidth().toFixed(2)}x${p.getHeight().toFixed(2)}`)
}

/** Rewrites the first font dictionary named `baseFont` (to make Standard-encoded, TrueType or broken inputs). */
async function editFont(pdf: Uint8Array, baseFont: string, edit: (font: PDFDict, doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('BaseFont')) === PDFName.of(baseFont)) {
      edit(object, doc)
      break
    }
  }
  return doc.save({ useObjectStreams: false })
}

/**
 * ISO 19005-3 6.2.11.5 / 6.2.11.6 checked independently of the writer: every code's /Widths entry
 * equals the advance of the glyph its name reaches through the program's (3,1) cmap.
 */
async function widthMismatches(pdf: Uint8Array): Promise<string[]> {
  const { doc } = await loadPdf(pdf)
  const out: string[] = []
  let fonts = 0
  for (const [, font] of doc.context.enumerateIndirectObjects()) {
    if (!(font instanceof PDFDict) || font.get(PDFName.of('Subtype')) !== PDFName.of('TrueType')) continue
    fonts++
    const descriptor = font.lookup(PDFName.of('FontDescriptor'), PDFDict)
    const program = readTrueType('embedded', streamBytes(descriptor.lookup(PDFName.of('FontFile2'), PDFStream), 'font'))
    const encoding = font.lookup(PDFName.of('Encoding'))
    const names = [...baseEncoding('WinAnsiEncoding')]
    if (encoding instanceof PDFDict) {
      let code = 0
      for (const item of encoding.lookup(PDFName.of('Differences'), PDFArray).asArray()) {
        if (item instanceof PDFNumber) code = item.asNumber()
        else names[code++] = (item as PDFName).decodeText()
      }
    }
    const first = font.lookup(PDFName.of('FirstChar'), PDFNumber).asNumber()
    const widths = font.lookup(PDFName.of('Widths'), PDFArray)
    for (let i = 0; i < widths.size(); i++) {
      const name = names[first + i]
      if (name === undefined) continue
      const glyph = program.cmap.get(glyphNameToUnicode(name)!)
      const expected = glyph === undefined ? undefined : Math.round((program.advances[glyph]! * 1000) / program.unitsPerEm)
      const actual = (widths.lookup(i) as PDFNumber).asNumber()
      if (expected !== actual) out.push(`${font.get(PDFName.of('BaseFont'))?.toString()} code ${first + i} /${name}: ${actual} ≠ ${expected}`)
    }
  }
  return fonts === 0 ? ['no TrueType font found'] : out
}

const gs = findGhostscript()
let threeFonts: Uint8Array

beforeAll(async () => {
  threeFonts = await standardFontsPdf([StandardFonts.Helvetica, StandardFonts.TimesRomanBold, StandardFonts.Courier])
})

describe('pdf2pdfa: standard-14 fonts embedded natively', () => {
  it('embeds Helvetica, Times-Bold and Courier as Liberation subsets without Ghostscript; pages and text unchanged', async () => {
    const out = await pdfToPdfa(threeFonts, { ghostscript: false })
    expect(out.method).toBe('native')
    expect(out.embeddedFonts.sort()).toEqual(['Courier', 'Helvetica', 'Times-Bold'])
    expect(await pages(out.pdf)).toEqual(await pages(threeFonts))
    const fonts = pdfFonts(out.pdf)
    if (fonts !== undefined) {
      expect(fonts.map((f) => [f.name.replace(/^[A-Z]{6}\+/, ''), f.type, f.encoding, f.embedded, f.subset])).toEqual([
        ['LiberationSans', 'TrueType', 'WinAnsi', true, true],
        ['LiberationSerif-Bold', 'TrueType', 'WinAnsi', true, true],
        ['LiberationMono', 'TrueType', 'WinAnsi', true, true],
      ])
    }
    expect(await widthMismatches(out.pdf)).toEqual([])
    const before = pdfText(threeFonts)
    if (before !== undefined) {
      expect(before).toContain('Müller & Söhne')
      expect(pdfText(out.pdf)).toBe(before)
    }
  })

  it('is used with EINVOICE_GS pointing to a missing program (Ghostscript counts as absent)', async () => {
    expect(findGhostscript({ EINVOICE_GS: '/nonexistent/gs', PATH: '' })).toBeUndefined()
    expect(findGhostscript({ EINVOICE_GS: '', PATH: '/usr/bin' })).toBeUndefined()
    const out = await pdfToPdfa(threeFonts, { ghostscript: findGhostscript({ EINVOICE_GS: '/nonexistent/gs' }) ?? false })
    expect(out.method).toBe('native')
  })

  it('keeps the meaning of codes of a font without /Encoding (StandardEncoding: quoteright at 39)', async () => {
    const input = await editFont(await standardFontsPdf([StandardFonts.Helvetica], ["It's `fine`"]), 'Helvetica', (font) => font.delete(PDFName.of('Encoding')))
    const out = await pdfToPdfa(input, { ghostscript: false })
    const { doc } = await loadPdf(out.pdf)
    const text = Buffer.from(out.pdf).toString('latin1')
    expect(text).toMatch(/\/Differences \[ 39 \/quoteright [^\]]*96 \/quoteleft/)
    expect(await widthMismatches(out.pdf)).toEqual([])
    expect(doc.getPages()).toHaveLength(1)
    const before = pdfText(input)
    if (before !== undefined) {
      expect(before).toBe('It’s ‘fine‘')
      expect(pdfText(out.pdf)).toBe(before)
    }
  })

  it('replaces a non-embedded TrueType Arial,Bold (as Word writes it) by Liberation Sans Bold', async () => {
    const input = await editFont(await standardFontsPdf([StandardFonts.Helvetica]), 'Helvetica', (font, doc) => {
      font.set(PDFName.of('Subtype'), PDFName.of('TrueType'))
      font.set(PDFName.of('BaseFont'), PDFName.of('Arial,Bold'))
      font.set(PDFName.of('FontDescriptor'), doc.context.register(doc.context.obj({ Type: 'FontDescriptor', FontName: 'Arial,Bold', Flags: 32 })))
    })
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.embeddedFonts).toEqual(['Arial,Bold'])
    const fonts = pdfFonts(out.pdf)
    if (fonts !== undefined) expect(fonts.map((f) => [f.name.slice(7), f.embedded])).toEqual([['LiberationSans-Bold', true]])
  })

  it('refuses a /Differences glyph name outside the Adobe Glyph List, naming the font and the name', async () => {
    const input = await editFont(await standardFontsPdf([StandardFonts.Helvetica]), 'Helvetica', (font, doc) => {
      font.set(PDFName.of('Encoding'), doc.context.obj({ BaseEncoding: 'WinAnsiEncoding', Differences: [65, 'g123'] }))
    })
    await expect(pdfToPdfa(input, { ghostscript: false })).rejects.toThrow(
      /without Ghostscript .*fonts not embedded \(PDF\/A 6\.2\.11\.4\.1\): Helvetica \(glyph name \/g123 \(code 65\) is not in the Adobe Glyph List\)/,
    )
  })

  it('refuses Symbol and ZapfDingbats without Ghostscript, naming them', async () => {
    const input = await standardFontsPdf([StandardFonts.Helvetica, StandardFonts.Symbol, StandardFonts.ZapfDingbats])
    const err = await pdfToPdfa(input, { ghostscript: false }).catch((e: unknown) => e)
    expect(err).toMatchObject({ errorCode: 'NOT_PDFA' })
    expect(String((err as Error).message)).toMatch(/fonts not embedded \(PDF\/A 6\.2\.11\.4\.1\): Symbol \(no metric-compatible free font.*\), ZapfDingbats \(no metric-compatible/)
    expect(String((err as Error).message)).not.toMatch(/Helvetica/)
  })
})

describe.skipIf(gs === undefined)('pdf2pdfa: Ghostscript for fonts without a free replacement', () => {
  it('converts a PDF with Symbol through Ghostscript; pages unchanged', async () => {
    const input = await standardFontsPdf([StandardFonts.Helvetica, StandardFonts.Symbol])
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    expect(await pages(out.pdf)).toEqual(await pages(input))
    const fonts = pdfFonts(out.pdf)
    if (fonts !== undefined) expect(fonts.every((f) => f.embedded)).toBe(true)
    const before = pdfText(input)
    if (before !== undefined) expect(pdfText(out.pdf)).toBe(before)
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })
})

describe.skipIf(!canPdfaCheck)('pdf2pdfa with native font embedding passes pdfa-check --strict', () => {
  it('Helvetica, Times-Bold, Courier', async () => {
    expect(pdfaCheck((await pdfToPdfa(threeFonts, { ghostscript: false })).pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })
})
if (gs === undefined) process.stderr.write('note: Ghostscript (gs) not on PATH; the Ghostscript path of pdf2pdfa is not tested\n')
if (!canPdfaCheck) process.stderr.write('note: pdfa-check needs python3, qpdf and poppler; its checks are skipped\n')
