/** The PDF subcommands: combine, combine-xml, extract, detach, pdf2pdfa (in process). */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_ROOT } from '../../src/version.js'
import { cli, tempDir } from '../helpers/cli.js'
import { makePdf } from './fixtures.js'

const sample = join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json')
let dir: string
let pdfa: string
let plain: string

beforeAll(async () => {
  dir = tempDir()
  pdfa = join(dir, 'in.pdf')
  plain = join(dir, 'plain.pdf')
  writeFileSync(pdfa, await makePdf({ subset: 'PDF/A-3b' }))
  writeFileSync(plain, await makePdf({ standardFont: true }))
})

describe('einvoice combine / extract / detach', () => {
  it('combine writes invoice.pdf atomically; extract and detach read it back', async () => {
    const out = join(dir, 'invoice.pdf')
    const r = await cli(['combine', '--pdf', pdfa, '--json', sample, '--format', 'fx', '--profile', 'EN16931', '--version', '2', '-o', out])
    expect(r).toMatchObject({ code: 0, stderr: '' })
    const x = await cli(['extract', out])
    expect(x.code).toBe(0)
    expect(x.stdout).toMatch(/^<\?xml[\s\S]*CrossIndustryInvoice/)
    const attachments = join(dir, 'att')
    const d = await cli(['detach', out, '--out-dir', attachments])
    expect(d.code).toBe(0)
    expect(readdirSync(attachments)).toEqual(['factur-x.xml'])
    expect(readFileSync(join(attachments, 'factur-x.xml'), 'utf8')).toBe(x.stdout)
  })

  it('refuses to write a PDF to a terminal', async () => {
    const r = await cli(['pdf2pdfa', pdfa], { tty: true })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/writes binary output: give -o FILE/)
  })

  it('combine-xml on a non-PDF/A input exits 2 with the reasons and writes no file', async () => {
    const xml = join(dir, 'inv.xml')
    writeFileSync(xml, (await cli(['invoice2xml', sample, '--format', 'fx', '--profile', 'EN16931', '--version', '2'])).stdout)
    const out = join(dir, 'never.pdf')
    const r = await cli(['combine-xml', '--pdf', plain, '--xml', xml, '-o', out])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/not an acceptable PDF\/A-1 or PDF\/A-3 file: not PDF\/A: the document has no XMP metadata.*fonts not embedded/)
    expect(existsSync(out)).toBe(false)
    const forced = await cli(['combine-xml', '--pdf', plain, '--xml', xml, '--ignore-pdfa-errors', '-o', out])
    expect(forced.code).toBe(0)
    expect(forced.stderr).toMatch(/warning .*may not be PDF\/A/)
  })

  it('pdf2pdfa writes the PDF/A file', async () => {
    const out = join(dir, 'a.pdf')
    const r = await cli(['pdf2pdfa', pdfa, '-o', out])
    expect(r.code).toBe(0)
    expect(readFileSync(out).subarray(0, 8).toString('latin1')).toMatch(/^%PDF-1\.[4-7]/)
  })
})

describe('einvoice detach --out-dir', () => {
  it('writes attachments whose names make one file name under distinct names', async () => {
    const dir = tempDir()
    const xml = readFileSync(join(PACKAGE_ROOT, 'test', 'fixtures', 'xml', 'cii-odd-prefixes.xml'), 'utf8')
    const start = xml.indexOf('<a:AdditionalReferencedDocument><a:IssuerAssignedID>timesheet.pdf')
    const end = xml.indexOf('</a:AdditionalReferencedDocument>', start) + '</a:AdditionalReferencedDocument>'.length
    const doc = xml.slice(start, end)
    const twice = xml.slice(0, end) + doc.replace('filename="timesheet.pdf"', 'filename="sub/timesheet.pdf"').replace('JVBERi0x', 'JVBERi0y') + xml.slice(end)
    const input = join(dir, 'two.xml')
    writeFileSync(input, twice)
    const out = join(dir, 'attachments')
    const r = await cli(['detach', input, '--out-dir', out])
    expect(r.code).toBe(0)
    expect(readdirSync(out).sort()).toEqual(['timesheet (2).pdf', 'timesheet.pdf'])
    expect(readFileSync(join(out, 'timesheet.pdf'), 'latin1')).toMatch(/^%PDF-1/)
    expect(readFileSync(join(out, 'timesheet (2).pdf'), 'latin1')).toMatch(/^%PDF-2/)
  })
})
