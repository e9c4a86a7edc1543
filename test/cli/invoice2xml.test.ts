import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'

describe('einvoice invoice2xml', () => {
  it('prints Factur-X EN 16931 CII by default', async () => {
    const r = await cli(['invoice2xml', 'samples/invoice.json'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>')
    expect(r.stdout).toContain('<ram:GrandTotalAmount>372.23</ram:GrandTotalAmount>')
  })

  it('writes the chosen format/profile/version to -o', async () => {
    const dir = tempDir()
    const out = join(dir, 'out.xml')
    const r = await cli(['invoice2xml', 'samples/xrechnung.json', '--format', 'xr', '--profile', 'xrechnung', '--version', '3', '-o', out])
    expect(r.code).toBe(0)
    expect(readFileSync(out, 'utf8')).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0')
  })

  it('exits 2 with one line naming the file and the JSON path', async () => {
    const dir = tempDir()
    const file = await writeTemp(dir, 'bad.json', { number: '1', issueDate: '2026-01-01', zfitems: [{ price: 'x' }] })
    const r = await cli(['invoice2xml', file])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toContain(`${file}: zfitems[0].price: expected a number`)
  })

  it('exits 2 for a combination that does not exist, listing the valid ones, and writes no file', async () => {
    const dir = tempDir()
    const out = join(dir, 'never.xml')
    const r = await cli(['invoice2xml', 'samples/invoice.json', '--profile', 'COMFORT', '-o', out])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('no such combination; valid are fx 1|2')
    expect(() => readFileSync(out)).toThrow()
    const v = await cli(['invoice2xml', 'samples/invoice.json', '--version', 'two'])
    expect(v.code).toBe(2)
    expect(v.stderr).toContain('version: expected a whole number')
  })
})

describe('einvoice invoice2xml default profiles', () => {
  it('picks BASIC for Order-X and COMFORT for ZUGFeRD 1 when no profile is named', async () => {
    const ox = await cli(['invoice2xml', 'samples/invoice.json', '--format', 'ox'])
    expect(ox.code).toBe(0)
    expect(ox.stdout).toContain('urn:order-x.eu:1p0:basic')
    const zf1 = await cli(['invoice2xml', 'samples/invoice.json', '--format', 'zf', '--version', '1'])
    expect(zf1.code).toBe(0)
    expect(zf1.stdout).toContain('urn:ferd:CrossIndustryDocument:invoice:1p0:comfort')
  })
})
