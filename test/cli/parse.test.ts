import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'

const fixture = fileURLToPath(new URL('../fixtures/xml/cii-odd-prefixes.xml', import.meta.url))

describe('einvoice parse', () => {
  it('prints the invoice JSON of a file', async () => {
    const r = await cli(['parse', fixture])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ number: 'INV-0012', duePayable: 300 })
  })

  it('writes indented JSON to -o', async () => {
    const out = join(tempDir(), 'out.json')
    const r = await cli(['parse', fixture, '-o', out, '--pretty'])
    expect(r.code).toBe(0)
    const text = await readFile(out, 'utf8')
    expect(text).toMatch(/^\{\n {2}"/)
    expect(JSON.parse(text).number).toBe('INV-0012')
  })

  it('reads standard input', async () => {
    const r = await cli(['parse'], { stdin: await readFile(fixture) })
    expect(JSON.parse(r.stdout).number).toBe('INV-0012')
  })

  it('exits 2 with file, line and column for broken XML, writing no output file', async () => {
    const dir = tempDir()
    const bad = await writeTemp(dir, 'bad.xml', '<rsm:CrossIndustryInvoice xmlns:rsm="urn:x">\n  <a>\n</rsm:CrossIndustryInvoice>')
    const out = join(dir, 'out.json')
    const r = await cli(['parse', bad, '-o', out])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/bad\.xml: line 3, column \d+: /)
    await expect(readFile(out)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('exits 2 for a missing file', async () => {
    const r = await cli(['parse', join(tempDir(), 'nope.xml')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('nope.xml: no such file')
  })
})
