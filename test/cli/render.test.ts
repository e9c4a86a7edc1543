import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readInvoice } from '../../src/read-invoice.js'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'
import { corpusPath, hasCorpus } from '../helpers/corpus.js'

const CII = 'cen-en16931/cii/examples/CII_business_example_01.xml'
const UBL = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_ubl.xml'

describe.skipIf(!hasCorpus)('einvoice xmltohtml / xmltopdf', () => {
  it('writes German HTML to -o', async () => {
    const dir = tempDir()
    const out = join(dir, 'out.html')
    const r = await cli(['xmltohtml', corpusPath(CII), '--language', 'DE', '-o', out])
    expect(r).toMatchObject({ code: 0, stderr: '' })
    const html = readFileSync(out, 'utf8')
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('Rechnungsnummer')
  })

  it('prints English HTML by default and refuses an unknown language', async () => {
    const r = await cli(['xmltohtml', corpusPath(CII)])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('<html lang="en">')
    const bad = await cli(['xmltohtml', corpusPath(CII), '--language', 'IT'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('language: expected one of EN, FR, DE, got "IT"')
  })

  it('writes a PDF, with the XML embedded on request', async () => {
    const dir = tempDir()
    const out = join(dir, 'out.pdf')
    const r = await cli(['xmltopdf', corpusPath(CII), '-o', out, '--embed-xml', '--language', 'FR'])
    expect(r).toMatchObject({ code: 0, stderr: '' })
    const pdf = readFileSync(out)
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7')
    expect(pdf.includes(Buffer.from('factur-x.xml'))).toBe(true)
    expect(readInvoice(readFileSync(corpusPath(CII))).invoiceNumber).toBe('TOSL108')
  })

  it('refuses --embed-xml for UBL and binary output to a terminal', async () => {
    const ubl = await cli(['xmltopdf', corpusPath(UBL), '-o', join(tempDir(), 'x.pdf'), '--embed-xml'])
    expect(ubl.code).toBe(2)
    expect(ubl.stderr).toContain('cannot be embedded as ZUGFeRD/Factur-X')
    const tty = await cli(['xmltopdf', corpusPath(CII)], { tty: true })
    expect(tty.code).toBe(2)
    expect(tty.stderr).toContain('give -o FILE')
  })

  it('names the file and position of broken XML', async () => {
    const dir = tempDir()
    const file = await writeTemp(dir, 'broken.xml', '<Invoice><a></Invoice>')
    const r = await cli(['xmltohtml', file])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`${file}: `)
    expect(r.stderr).toMatch(/line 1/)
  })
})

describe('einvoice styled', () => {
  it('needs --template and --invoice, and names a missing file', async () => {
    const r = await cli(['styled', '--invoice', 'x.json'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("required option '-t, --template <file>'")
    const missing = await cli(['styled', '--template', '/nonexistent/t.mustache', '--invoice', '/nonexistent/i.json', '-o', '/tmp/x.pdf'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('no such file')
  })
})

describe('einvoice styled input errors', () => {
  it('names the position of a JSON error in the invoice file', async () => {
    const dir = tempDir()
    const template = await writeTemp(dir, 't.mustache', '<p>{{number}}</p>')
    const invoice = await writeTemp(dir, 'inv.json', '{"number": "1",\n  "issueDate": }')
    const r = await cli(['styled', '--template', template, '--invoice', invoice, '-o', join(dir, 'x.pdf')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`${invoice}: `)
    expect(r.stderr).toMatch(/line 2/)
  })
})
