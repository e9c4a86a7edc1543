import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'

const VALID = fileURLToPath(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url))

describe('einvoice validate', () => {
  it('exits 0 and prints a text report for a valid invoice', async () => {
    const r = await cli(['validate', VALID])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^cii-en16931\.xml: valid \(CII, urn:cen\.eu:en16931:2017\)/)
  })

  it('exits 1 for an invalid invoice and names the rule', async () => {
    const { readFile } = await import('node:fs/promises')
    const bad = (await readFile(VALID, 'utf8')).replace('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51')
    const file = await writeTemp(tempDir(), 'bad.xml', bad)
    const r = await cli(['validate', '--format', 'json', file])
    expect(r.code).toBe(1)
    const report = JSON.parse(r.stdout) as { valid: boolean; findings: { ruleId: string }[] }
    expect(report.valid).toBe(false)
    expect(report.findings.map((f) => f.ruleId)).toContain('BR-CO-10')
  })

  it('exits 2 for unreadable input and keeps going with the other files', async () => {
    const file = await writeTemp(tempDir(), 'broken.xml', '<a><b></a>')
    const r = await cli(['validate', file, VALID])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/broken\.xml: line 1/)
    expect(r.stdout).toMatch(/files\s+valid\s+invalid\s+unreadable\s+time\n\s+2\s+1\s+0\s+1\s/)
  })

  it('names an empty file once: the path, then the reason', async () => {
    const file = await writeTemp(tempDir(), 'empty.xml', '')
    const r = await cli(['validate', file])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^error .*empty\.xml: the file is empty \(0 bytes\)$/m)
  })

  it('writes the Mustang XML report with --format xml', async () => {
    const r = await cli(['validate', '-f', 'xml', VALID])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('<validation filename="cii-en16931.xml"')
  })
})
