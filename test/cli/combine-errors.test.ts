/**
 * combine and combine-xml read two files: an error names the file that is wrong, not always the
 * PDF (scripts/server-fuzz.mjs --cli found "error in.pdf: invalid JSON …" for a broken JSON).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makePdf } from '../pdf/fixtures.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { cli, tempDir } from '../helpers/cli.js'

const FX = ['--format', 'fx', '--profile', 'EN16931', '--version', '2']

describe('combine errors name the file at fault', () => {
  it('names the JSON file for a broken or empty invoice, the PDF for a broken PDF', async () => {
    const dir = tempDir()
    const pdf = join(dir, 'in.pdf')
    writeFileSync(pdf, await makePdf({ subset: 'PDF/A-3b' }))
    const json = join(dir, 'invoice.json')
    writeFileSync(json, '{"a":')
    const out = join(dir, 'out.pdf')
    const broken = await cli(['combine', '--pdf', pdf, '--json', json, ...FX, '-o', out])
    expect(broken.code).toBe(2)
    expect(broken.stderr).toContain(`${json}: invalid JSON at line 1`)
    writeFileSync(json, '')
    expect((await cli(['combine', '--pdf', pdf, '--json', json, ...FX, '-o', out])).stderr).toContain(`${json}: json: the input is missing or empty`)
    const badPdf = join(dir, 'bad.pdf')
    writeFileSync(badPdf, 'not a pdf')
    writeFileSync(json, readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json')))
    const badPdfRun = await cli(['combine', '--pdf', badPdf, '--json', json, ...FX, '-o', out])
    expect(badPdfRun.stderr).toContain(`${badPdf}: `)
    const missing = join(dir, 'nowhere.json')
    const gone = await cli(['combine', '--pdf', pdf, '--json', missing, ...FX, '-o', out])
    expect(gone.code).toBe(2)
    expect(gone.stderr).toContain(`${missing}: no such file`)
  })

  it('reads one input from standard input for -, and names it so', async () => {
    const dir = tempDir()
    const pdf = join(dir, 'in.pdf')
    writeFileSync(pdf, await makePdf({ subset: 'PDF/A-3b' }))
    const out = join(dir, 'out.pdf')
    const fromStdin = await cli(['combine', '--pdf', pdf, '--json', '-', ...FX, '-o', out], { stdin: readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json')) })
    expect(fromStdin.code).toBe(0)
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-')
    const broken = await cli(['combine', '--pdf', pdf, '--json', '-', ...FX, '-o', join(dir, 'x.pdf')], { stdin: '{"a":' })
    expect(broken.stderr).toContain('<stdin>: invalid JSON at line 1')
    const both = await cli(['combine', '--pdf', '-', '--json', '-', ...FX])
    expect(both.code).toBe(2)
    expect(both.stderr).toBe('error --pdf and --json cannot both read standard input\n')
  })

  it('names the XML file of combine-xml for XML in UTF-16', async () => {
    const dir = tempDir()
    const pdf = join(dir, 'in.pdf')
    writeFileSync(pdf, await makePdf({ subset: 'PDF/A-3b' }))
    const xml = join(dir, 'invoice.xml')
    writeFileSync(xml, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a/>', 'utf16le')]))
    const r = await cli(['combine-xml', '--pdf', pdf, '--xml', xml, '-o', join(dir, 'out.pdf')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`${xml}: the XML is encoded in UTF-16LE`)
  })

  it('names the invoice file, not the PDF, for parameters that do not fit it', async () => {
    const dir = tempDir()
    const pdf = join(dir, 'in.pdf')
    writeFileSync(pdf, await makePdf({ subset: 'PDF/A-3b' }))
    const json = join(dir, 'invoice.json')
    writeFileSync(json, readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json')))
    const out = join(dir, 'out.pdf')
    const foo = await cli(['combine', '--pdf', pdf, '--json', json, '--format', 'fx', '--profile', 'FOO', '--version', '2', '-o', out])
    expect(foo.stderr).toMatch(new RegExp(`^error ${json}: format "fx", profile "FOO", version 2: no such combination`))
    const xml = join(dir, 'invoice.xml')
    writeFileSync(xml, readFileSync(join(PACKAGE_ROOT, 'test', 'snapshots', 'invoice2xml', 'multi-rate.EN16931.xml')))
    const basic = await cli(['combine-xml', '--pdf', pdf, '--xml', xml, '--profile', 'BASIC', '-o', out])
    expect(basic.stderr).toMatch(new RegExp(`^error ${xml}: profile BASIC does not match the XML`))
    const ox = await cli(['combine-xml', '--pdf', pdf, '--xml', xml, '--format', 'ox', '-o', out])
    expect(ox.stderr).toBe(`error ${xml}: the XML is a CII CrossIndustryInvoice, not what format ox embeds\n`)
    // Warnings are about the PDF, and name it.
    const plain = join(dir, 'plain.pdf')
    writeFileSync(plain, await makePdf())
    const warned = await cli(['combine', '--pdf', plain, '--json', json, ...FX, '--ignore-pdfa-errors', '-o', out])
    expect(warned.code).toBe(0)
    expect(warned.stderr).toMatch(new RegExp(`^warning ${plain}: ignorePDFAErrors`))
  })
})
