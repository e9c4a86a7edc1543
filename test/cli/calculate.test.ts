import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli, tempDir, writeTemp } from '../helpers/cli.js'

const sample = 'samples/invoice.json'

describe('einvoice calculate', () => {
  it('prints the CalculatedInvoice of the bundled sample', async () => {
    const r = await cli(['calculate', sample])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const json = JSON.parse(r.stdout)
    expect(json).toMatchObject({ lineTotalAmount: 311.92, taxBasis: 317.82, grandTotal: 372.23, duePayable: 372.23 })
    expect(r.stdout.endsWith('}\n')).toBe(true)
  })

  it('indents with --pretty and keeps exact numbers', async () => {
    const r = await cli(['calculate', sample, '--pretty'])
    expect(r.stdout).toContain('\n  "grandTotal": 372.23,\n')
    expect(r.stdout).toContain('"chargeTotal": 5.90')
  })

  it('reads standard input for - or no file', async () => {
    const input = JSON.stringify({ zfitems: [{ price: 10, quantity: 2, product: { vatpercent: 19 } }] })
    for (const argv of [['calculate', '-'], ['calculate']]) {
      const r = await cli(argv, { stdin: input })
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout).grandTotal).toBe(23.8)
    }
  })

  it('writes one file with -o, many with --out-dir, JSON lines to stdout otherwise', async () => {
    const dir = tempDir()
    const a = await writeTemp(dir, 'a.json', { zfitems: [{ price: 1, quantity: 1, product: { vatpercent: 7 } }] })
    const b = await writeTemp(dir, 'b.json', { zfitems: [{ price: 2, quantity: 1, product: { vatpercent: 7 } }] })
    const single = join(dir, 'single.json')
    expect((await cli(['calculate', a, '-o', single])).code).toBe(0)
    expect(JSON.parse(readFileSync(single, 'utf8')).grandTotal).toBe(1.07)
    const outDir = join(dir, 'out')
    expect((await cli(['calculate', a, b, '--out-dir', outDir])).code).toBe(0)
    expect(readdirSync(outDir).sort()).toEqual(['a.json', 'b.json'])
    const lines = (await cli(['calculate', a, b])).stdout.trim().split('\n')
    expect(lines.map((l) => JSON.parse(l).grandTotal)).toEqual([1.07, 2.14])
  })

  it('mirrors the inputs\' folders in --out-dir, and never writes two results to one file nor over an input', async () => {
    const dir = tempDir()
    for (const sub of ['x', 'y']) mkdirSync(join(dir, sub))
    const a = await writeTemp(join(dir, 'x'), 'invoice.json', { zfitems: [{ price: 1, quantity: 1, product: { vatpercent: 7 } }] })
    const b = await writeTemp(join(dir, 'y'), 'invoice.json', { zfitems: [{ price: 2, quantity: 1, product: { vatpercent: 7 } }] })
    const outDir = join(dir, 'out')
    expect((await cli(['calculate', a, b, '--out-dir', outDir])).code).toBe(0)
    expect(JSON.parse(readFileSync(join(outDir, 'x', 'invoice.json'), 'utf8')).grandTotal).toBe(1.07)
    expect(JSON.parse(readFileSync(join(outDir, 'y', 'invoice.json'), 'utf8')).grandTotal).toBe(2.14)
    // Two inputs of one folder whose names differ only in the extension make one output name.
    const c = await writeTemp(join(dir, 'x'), 'invoice.txt', { zfitems: [{ price: 3, quantity: 1, product: { vatpercent: 7 } }] })
    const flat = join(dir, 'flat')
    const r = await cli(['calculate', a, c, '--out-dir', flat])
    expect(r.code).toBe(2)
    expect(JSON.parse(readFileSync(join(flat, 'invoice.json'), 'utf8')).grandTotal).toBe(1.07)
    expect(r.stderr).toBe(`error ${c}: its output ${join(flat, 'invoice.json')} would also be the output of ${a} in this run; give the inputs different names or run them separately\n`)
    const own = await cli(['calculate', a, '--out-dir', join(dir, 'x')])
    expect(own.code).toBe(2)
    expect(own.stderr).toBe(`error ${a}: its output would replace the input itself; choose another --out-dir\n`)
    expect(JSON.parse(readFileSync(a, 'utf8')).zfitems[0].price).toBe(1)
  })

  it('names an --out-dir it cannot make, with exit 2', async () => {
    const dir = tempDir()
    const file = await writeTemp(dir, 'plain.json', '{}')
    const r = await cli(['calculate', sample, '--out-dir', join(file, 'out')])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^error .*plain\.json.*: a part of the path is a file, not a folder\n$/)
  })

  it('names the -o file, not its temporary neighbour, when it cannot be written', async () => {
    const dir = tempDir()
    const target = join(dir, 'no-folder', 'out.json')
    const r = await cli(['calculate', sample, '-o', target])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(`error ${target}: no such file or folder\n`)
    expect((await cli(['calculate', sample, '-o', dir])).stderr).toBe(`error ${dir}: is a directory, not a file\n`)
  })

  it('refuses -o with several inputs', async () => {
    const r = await cli(['calculate', sample, sample, '-o', '/tmp/x.json'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('error -o takes one input, got 2; use --out-dir DIR for many\n')
  })

  it('exits 2 with one line naming the file and the JSON path', async () => {
    const dir = tempDir()
    const bad = await writeTemp(dir, 'invoice.json', { zfitems: [{ price: 1, quantity: 1 }, { price: 1, quantity: 1 }, { price: 1, quantity: 'abc' }] })
    const r = await cli(['calculate', bad])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(`error ${bad}: zfitems[2].quantity: expected a number, got "abc"\n`)
  })

  it('reports malformed JSON and missing files without a stack trace', async () => {
    const dir = tempDir()
    const broken = await writeTemp(dir, 'broken.json', '{"zfitems": [')
    const r = await cli(['calculate', broken, join(dir, 'missing.json')])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      `error ${broken}: invalid JSON at line 1, column 14 (offset 13): unexpected end of input, expected a value\n` +
        `error ${join(dir, 'missing.json')}: no such file or folder\n`,
    )
    expect(r.stderr).not.toMatch(/\n\s+at /)
  })

  it('says why a file whose name is not UTF-8 cannot be opened', async () => {
    const dir = tempDir()
    // café.json in Latin-1: Node.js hands the name over as caf\uFFFD.json, which names no file.
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('.json')]), readFileSync(sample))
    const r = await cli(['calculate', join(dir, 'caf\uFFFD.json')])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(`error ${join(dir, 'caf\uFFFD.json')}: no such file or folder (its name is not valid UTF-8, which Node.js cannot open: rename the file)\n`)
  })

  it('writes no partial output file when the input is bad', async () => {
    const dir = tempDir()
    const bad = await writeTemp(dir, 'bad.json', '{}')
    const target = join(dir, 'out.json')
    expect((await cli(['calculate', bad, '-o', target])).code).toBe(2)
    expect(existsSync(target)).toBe(false)
    expect(readdirSync(dir)).toEqual(['bad.json'])
  })

  it('colours only on a TTY and never with NO_COLOR', async () => {
    const tty = await cli(['calculate', '-'], { stdin: '{}', tty: true })
    expect(tty.stderr).toContain('\u001b[31merror\u001b[39m')
    const noColor = await cli(['calculate', '-'], { stdin: '{}', tty: true, env: { NO_COLOR: '1' } })
    expect(noColor.stderr).toBe('error <stdin>: zfitems: missing; an invoice needs its list of lines (an empty list for an invoice without lines)\n')
  })
})

describe('einvoice', () => {
  it('prints --version and --help and exits 0', async () => {
    const version = await cli(['--version'])
    expect(version.code).toBe(0)
    expect(version.stdout).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version + '\n')
    const help = await cli(['calculate', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: einvoice calculate [options] [files...]')
  })

  it('exits 2 on an unknown command or option', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2)
    expect((await cli(['calculate', '--frob'])).code).toBe(2)
  })

  it('names an unknown help topic instead of printing the whole help silently', async () => {
    const typo = await cli(['help', 'calclate'])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toContain("error: unknown command 'calclate'")
    expect(typo.stderr).toContain('(Did you mean calculate?)')
    const known = await cli(['help', 'calculate'])
    expect(known.code).toBe(0)
    expect(known.stdout).toContain('Usage: einvoice calculate [options] [files...]')
  })

  it('answers ping and notice', async () => {
    expect((await cli(['ping'])).stdout).toBe('pong\n')
    const notice = await cli(['notice'])
    expect(notice.stdout).toContain('Licence: MIT')
    expect(notice.stdout).toContain('| decimal.js | MIT |')
  })
})
