import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'

const fixture = fileURLToPath(new URL('../fixtures/xml/cii-odd-prefixes.xml', import.meta.url))

describe('einvoice ciitoubl / cii2ubl', () => {
  it('prints the UBL of a CII file', async () => {
    const r = await cli(['ciitoubl', fixture])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<(Invoice|CreditNote) xmlns="urn:oasis:names:specification:ubl:schema:xsd:/)
  })

  it('writes to -o with the customization and profile overrides; the alias does the same', async () => {
    const dir = tempDir()
    const a = join(dir, 'a.xml')
    const b = join(dir, 'b.xml')
    expect((await cli(['ciitoubl', fixture, '-o', a, '--customization-id', 'urn:x', '--profile-id', 'urn:p'])).code).toBe(0)
    expect((await cli(['cii2ubl', fixture, '-o', b, '--customization-id', 'urn:x', '--profile-id', 'urn:p'])).code).toBe(0)
    const text = await readFile(a, 'utf8')
    expect(text).toContain('<cbc:CustomizationID>urn:x</cbc:CustomizationID>')
    expect(text).toContain('<cbc:ProfileID>urn:p</cbc:ProfileID>')
    expect(await readFile(b, 'utf8')).toBe(text)
  })

  it('exits 2 for a ZUGFeRD 1 file, says why and writes no output file', async () => {
    const dir = tempDir()
    const input = await writeTemp(dir, 'zf1.xml', '<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>')
    const out = join(dir, 'out.xml')
    const r = await cli(['ciitoubl', input, '-o', out])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('zf1.xml: line 1, column 1: this is a ZUGFeRD 1.0 CrossIndustryDocument')
    expect(existsSync(out)).toBe(false)
  })
})
