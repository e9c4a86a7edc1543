import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'

const VALID = fileURLToPath(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url))
const INVALID_TEXT = readFileSync(VALID, 'utf8').replace('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51')

describe('einvoice phive', () => {
  it('prints the phive JSON and exits 0 for a valid invoice', async () => {
    const r = await cli(['phive', VALID])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ ves: { vesid: 'eu.cen.en16931:cii:1.3.16' }, success: true })
  })

  it('exits 1 when the VES finds errors', async () => {
    const file = await writeTemp(tempDir(), 'bad.xml', INVALID_TEXT)
    const r = await cli(['phive', file, '--vesid', 'de.xrechnung:cii:3.0.2'])
    expect(r.code).toBe(1)
    expect((JSON.parse(r.stdout) as { success: boolean }).success).toBe(false)
  })

  it('exits 2 for an unknown VESID and lists the known ones', async () => {
    const r = await cli(['phive', VALID, '--vesid', 'nope'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('eu.cen.en16931:ubl-creditnote:1.3.16')
  })
})

describe('einvoice report-pdf', () => {
  it('turns a validate --format xml report into a PDF file', async () => {
    const dir = tempDir()
    const report = await cli(['validate', '-f', 'xml', VALID])
    const input = await writeTemp(dir, 'report.xml', report.stdout)
    const out = join(dir, 'report.pdf')
    const r = await cli(['report-pdf', input, '-o', out, '--language', 'FR'])
    expect(r.code, r.stderr).toBe(0)
    expect(readFileSync(out).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('exits 2 for XML that is not a validation report, and for an unknown language', async () => {
    const dir = tempDir()
    const r = await cli(['report-pdf', VALID, '-o', join(dir, 'x.pdf')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('not a validation report')
    const lang = await cli(['report-pdf', VALID, '-o', join(dir, 'x.pdf'), '--language', 'IT'])
    expect(lang.code).toBe(2)
  })
})
