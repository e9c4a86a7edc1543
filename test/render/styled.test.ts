import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserState, closeBrowser, findChromium, htmlToPdf, keepBrowserAlive } from '../../src/render/chromium.js'
import { parseStyledBody, renderTemplate, styledInvoiceToFacturX, templateView } from '../../src/render/styled.js'
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

  it('says what to install when Chromium is missing', async () => {
    await expect(htmlToPdf('<p>x</p>', { env: { PATH: '' } })).rejects.toMatchObject({ errorCode: 'DEPENDENCY_MISSING', message: expect.stringContaining('apt-get install -y chromium') })
    await expect(htmlToPdf('<p>x</p>', { env: { EINVOICE_CHROMIUM: '/nonexistent/chromium' } })).rejects.toMatchObject({
      errorCode: 'DEPENDENCY_MISSING',
      message: expect.stringContaining('EINVOICE_CHROMIUM names /nonexistent/chromium'),
    })
  })
})

describe.skipIf(chromium === undefined)('styledinvoicetofx with Chromium', () => {
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
