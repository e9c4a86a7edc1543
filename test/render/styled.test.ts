import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserState, closeBrowser, findChromium, htmlToPdf, keepBrowserAlive } from '../../src/render/chromium.js'
import { parseStyledBody, renderTemplate, styledInvoiceToFacturX, templateView } from '../../src/render/styled.js'
import { htmlText, undrawableCharacters } from '../../src/render/undrawable.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { CORPUS_DIR } from '../helpers/corpus.js'
import { sampleInvoice } from './sample-invoice.js'

const TEMPLATE = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-template.mustache'), 'utf8')
const INVOICE = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'), 'utf8')) as object
const chromium = findChromium()
if (chromium === undefined) process.stderr.write('[render/styled] no chromium on PATH: the printing tests are skipped\n')

describe('styledinvoicetofx body', () => {
  it('accepts the object and a JSON string holding it', () => {
    const object = { template: '<p>{{number}}</p>', invoice: { number: '1' } }
    expect(parseStyledBody(JSON.stringify(object))).toEqual(object)
    expect(parseStyledBody(JSON.stringify(JSON.stringify(object)))).toEqual(object)
  })

  it('names the field that is wrong', () => {
    expect(() => parseStyledBody('{"invoice": {}}')).toThrow(/template: expected a non-empty mustache template/)
    // Numbers are read as their literal text (exact amounts): a number is still no template.
    expect(() => parseStyledBody('{"template": 12345, "invoice": {}}')).toThrow(/template: expected a non-empty mustache template string, got the number 12345/)
    expect(() => parseStyledBody(JSON.stringify('{"template": -1.5e3, "invoice": {}}'))).toThrow(/got the number -1.5e3/)
    expect(() => parseStyledBody('{"template": true, "invoice": {}}')).toThrow(/template: expected a non-empty mustache template string$/)
    expect(parseStyledBody('\ufeff{"template": "12345", "invoice": {}}')).toEqual({ template: '12345', invoice: {} })
    expect(() => parseStyledBody('{"template": "x", "invoice": []}')).toThrow(/invoice: expected a CalculatedInvoice object/)
    expect(() => parseStyledBody('"[1]"')).toThrow(/body: expected an object/)
    expect(() => parseStyledBody('{"template": ')).toThrow(expect.objectContaining({ errorCode: 'INVALID_JSON' }))
  })

  it('renders values escaped and reports a malformed template', () => {
    const inv = sampleInvoice()
    inv.seller.name = '<script>alert(1)</script>'
    const html = renderTemplate('<b>{{seller.name}}</b> {{totals.due}}', templateView(inv, {}, 'DE'))
    expect(html).toBe('<b>&lt;script&gt;alert(1)&lt;&#x2F;script&gt;</b> 1.469,06\u00a0€')
    expect(() => renderTemplate('{{#lines}}', templateView(inv, {}, 'EN'))).toThrow(expect.objectContaining({ errorCode: 'INVALID_PAYLOAD' }))
  })

  it('gives the template no control characters but tab, line feed and carriage return (Chromium draws them as .notdef)', () => {
    const inv = sampleInvoice()
    inv.invoiceNumber = 'RE\u0001-42\u007f'
    inv.seller.name = 'Lieferant\u001b[31m GmbH\u0085'
    const first = inv.lines[0]
    if (first === undefined) throw new Error('the sample invoice has no line')
    first.item.name = 'Trenn\u0007blatt\u000c\ta\r\nb'
    const view = templateView(inv, { number: 'RE\u0001-42', note: ['x\u0000y'] }, 'EN')
    expect(view).toMatchObject({ number: 'RE-42', invoice: { number: 'RE-42', note: ['xy'] }, seller: { name: 'Lieferant[31m GmbH' }, lines: [{ name: 'Trennblatt\ta\r\nb' }] })
    // Everywhere, the view of the PDF renderer included.
    expect(JSON.stringify(view)).not.toMatch(/\\u00[01][0-8bcef]|\\u001[0-9a-f]|\u007f|[\u0080-\u009f]/)
  })

  it('says what to install when Chromium is missing', async () => {
    await expect(htmlToPdf('<p>x</p>', { env: { PATH: '' } })).rejects.toMatchObject({ errorCode: 'DEPENDENCY_MISSING', message: expect.stringContaining('apt-get install -y chromium') })
    await expect(htmlToPdf('<p>x</p>', { env: { EINVOICE_CHROMIUM: '/nonexistent/chromium' } })).rejects.toMatchObject({
      errorCode: 'DEPENDENCY_MISSING',
      message: expect.stringContaining('EINVOICE_CHROMIUM names /nonexistent/chromium'),
    })
  })
})

/** The sample invoice with `name` as its first item's name. */
function invoiceNamed(name: string): object {
  const invoice = structuredClone(INVOICE) as { zfitems: { product: { name: string } }[] }
  const first = invoice.zfitems[0]
  if (first === undefined) throw new Error('the sample invoice has no items')
  first.product.name = name
  return invoice
}

describe('characters no bundled font has', () => {
  it('reads the text of a page: no tags, styles, scripts or comments; references decoded', () => {
    const html = '<html><head><style>p { content: "x" }</style><script>var a = 1</script></head><body><!-- c --><p title="t">a&amp;b &#x1F9FE;&#65;&lt;</p></body></html>'
    expect(htmlText(html).replace(/\s+/g, ' ').trim()).toBe('a&b \u{1F9FE}A<')
  })

  it('names each character once, skipping white space', () => {
    expect(undrawableCharacters('Rechnung 办公 ไทย \u{1F9FE}\u{1F9FE} \u0378\u00a0')).toEqual(['U+1F9FE \u{1F9FE}', 'U+0378 \u0378'])
  })

  it('names control characters Chromium draws as .notdef by their code alone, not tab, line feed or carriage return', () => {
    expect(undrawableCharacters('a\u0007b\tc\r\n\u001b[31m\u000c\u007f\u009f\u0007')).toEqual(['U+0007', 'U+001B', 'U+000C', 'U+007F', 'U+009F'])
    // HTML reads &#x80; … &#x9F; as windows-1252.
    expect(htmlText('<p>&#x80;&#150;&#7;</p>')).toBe(' \u20ac\u2013\u0007 ')
  })
})

describe.skipIf(chromium === undefined)('styledinvoicetofx with Chromium', () => {
  it('draws Korean, Devanagari and Thai text with the bundled fonts (Chromium finds them through fontconfig)', async () => {
    const body = JSON.stringify({ template: TEMPLATE, invoice: invoiceNamed('한국어 नमस्ते ไทย 办公用品 مرحبا') })
    const { pdf } = await styledInvoiceToFacturX(body, { language: 'EN' })
    expect((await validatePdf(pdf)).pdfaValid).toBe(true)
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-styled-'))
    try {
      const file = join(dir, 'styled.pdf')
      writeFileSync(file, pdf)
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      for (const name of ['WenQuanYiMicroHei', 'NotoSansDevanagari', 'NotoSansThai']) expect(fonts).toContain(name)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it("reads the caller's own fontconfig (FONTCONFIG_FILE) as well as the bundled fonts", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-fc-'))
    const saved = process.env['FONTCONFIG_FILE']
    try {
      // A company font name the caller's configuration maps to an installed font.
      const conf = join(dir, 'company.conf')
      writeFileSync(
        conf,
        '<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>' +
          '<alias binding="strong"><family>CompanySans</family><prefer><family>DejaVu Serif</family></prefer></alias></fontconfig>',
      )
      process.env['FONTCONFIG_FILE'] = conf
      await closeBrowser()
      const template = TEMPLATE.replace('font-family: "DejaVu Sans", sans-serif', 'font-family: CompanySans')
      expect(template).not.toBe(TEMPLATE)
      const { pdf } = await styledInvoiceToFacturX(JSON.stringify({ template, invoice: invoiceNamed('Bürostuhl 办公用品') }), { language: 'EN' })
      const file = join(dir, 'styled.pdf')
      writeFileSync(file, pdf)
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      expect(fonts).toContain('DejaVuSerif')
      // The Chinese name still finds a font (no .notdef): the PDF is PDF/A.
      expect((await validatePdf(pdf)).pdfaValid).toBe(true)
    } finally {
      if (saved === undefined) delete process.env['FONTCONFIG_FILE']
      else process.env['FONTCONFIG_FILE'] = saved
      await closeBrowser()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('names the characters no font can show instead of only the .notdef glyph', async () => {
    const body = JSON.stringify({ template: TEMPLATE, invoice: invoiceNamed('Beleg \u{1F9FE} \u0378') })
    await expect(styledInvoiceToFacturX(body, { language: 'EN' })).rejects.toMatchObject({
      errorCode: 'NOT_PDFA',
      message: expect.stringContaining('characters that no available font can show (U+1F9FE'),
      details: expect.objectContaining({ characters: 'U+1F9FE \u{1F9FE}, U+0378 \u0378' }),
    })
  }, 60_000)

  it('prints values with C1 controls and DEL (dropped from the view), refuses C0 controls the embedded XML cannot carry, and names those of the template', async () => {
    const { pdf } = await styledInvoiceToFacturX(JSON.stringify({ template: TEMPLATE, invoice: invoiceNamed('Tr\u0085ennblatt\u009f \u007f') }), { language: 'EN' })
    expect((await validatePdf(pdf)).pdfaValid).toBe(true)
    // XML 1.0 has no C0 controls but tab, LF and CR: refused naming the field, as invoice2xml does.
    await expect(styledInvoiceToFacturX(JSON.stringify({ template: TEMPLATE, invoice: invoiceNamed('Tr\u0007ennblatt') }), { language: 'EN' })).rejects.toMatchObject({
      errorCode: 'INVALID_PAYLOAD',
      message: expect.stringMatching(/^zfitems\[0\]\.product\.name: the character U\+0007 \(at position 3\) cannot be written in XML/),
    })
    const template = TEMPLATE.replace('<body>', '<body><p>x\u001b[31m&#7;y</p>')
    expect(template).not.toBe(TEMPLATE)
    await expect(styledInvoiceToFacturX(JSON.stringify({ template, invoice: INVOICE }), { language: 'EN' })).rejects.toMatchObject({
      errorCode: 'NOT_PDFA',
      message: expect.stringContaining('the template has control characters (U+001B, U+0007)'),
      details: expect.objectContaining({ characters: 'U+001B, U+0007', template: 'control characters U+001B, U+0007' }),
    })
  }, 60_000)

  it('prints the template into a Factur-X PDF/A-3 that passes pdfa-check --strict', async () => {
    const body = JSON.stringify(JSON.stringify({ template: TEMPLATE, invoice: INVOICE }))
    const { pdf } = await styledInvoiceToFacturX(body, { language: 'FR' })
    // Our own PDF/A-3 checks too: Chromium's subset fonts list widths for glyphs no text shows.
    const own = await validatePdf(pdf)
    expect(own.findings.filter((f) => f.severity === 'error' || f.severity === 'fatal')).toEqual([])
    expect(own.pdfaValid).toBe(true)
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-styled-'))
    try {
      const file = join(dir, 'styled.pdf')
      writeFileSync(file, pdf)
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
      expect(text).toContain('RE-2026-0142')
      expect(text).toContain('Facture commerciale')
      const check = join(CORPUS_DIR, '..', 'tools', 'pdfa-check')
      if (existsSync(check)) {
        let out: string
        try {
          out = execFileSync(check, ['--strict', '--profile', 'facturx', file], { encoding: 'utf8' })
        } catch (err) {
          out = String((err as { stdout?: string }).stdout)
        }
        const report = JSON.parse(out) as { result: string; failed: unknown[]; facturx: { level_from_xml?: string } }
        expect({ result: report.result, failed: report.failed }).toEqual({ result: 'pass', failed: [] })
        expect(report.facturx.level_from_xml).toBe('EN 16931')
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('closes the browser after a one-shot conversion, and shares one browser across conversions while kept alive', async () => {
    const before = browserState().launches
    const [a, b] = await Promise.all([htmlToPdf('<p>one</p>'), htmlToPdf('<p>two</p>')])
    expect(Buffer.from(a).subarray(0, 5).toString()).toBe('%PDF-')
    expect(Buffer.from(b).subarray(0, 5).toString()).toBe('%PDF-')
    // Concurrent conversions share one browser; with no keep-alive it is gone when they end.
    expect(browserState()).toEqual({ running: false, launches: before + 1 })
    keepBrowserAlive(60_000)
    try {
      await htmlToPdf('<p>three</p>')
      const third = await htmlToPdf('<p>four</p>')
      expect(Buffer.from(third).subarray(0, 5).toString()).toBe('%PDF-')
      expect(browserState()).toEqual({ running: true, launches: before + 2 })
    } finally {
      keepBrowserAlive(0)
      await closeBrowser()
    }
    expect(browserState().running).toBe(false)
  }, 60_000)

  it('starts a new browser when another Chromium is asked for, and keeps using that one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-chromium-'))
    const link = join(dir, 'chromium')
    symlinkSync(chromium as string, link)
    keepBrowserAlive(60_000)
    try {
      const before = browserState().launches
      await htmlToPdf('<p>a</p>')
      await htmlToPdf('<p>b</p>', { env: { ...process.env, EINVOICE_CHROMIUM: link } })
      await htmlToPdf('<p>c</p>', { env: { ...process.env, EINVOICE_CHROMIUM: link } })
      expect(browserState()).toEqual({ running: true, launches: before + 2 })
    } finally {
      keepBrowserAlive(0)
      await closeBrowser()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
