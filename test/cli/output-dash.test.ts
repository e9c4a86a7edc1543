/**
 * `-o -` is standard output, as `-` is standard input for the inputs (and as curl, tar and wget
 * read it). It had written a file named "-" in the current folder.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PACKAGE_ROOT } from '../../src/version.js'
import { cli } from '../helpers/cli.js'

const sample = join(PACKAGE_ROOT, 'samples', 'invoice.json')
const dash = join(process.cwd(), '-')

describe('-o -', () => {
  afterEach(() => expect(existsSync(dash), 'a file named "-" was written').toBe(false))

  it('writes calculate, parse-style batch and invoice2xml results to standard output', async () => {
    const calculated = await cli(['calculate', sample, '-o', '-'])
    expect(calculated.code).toBe(0)
    expect(JSON.parse(calculated.stdout)).toMatchObject({ number: 'RE-2026-0142' })
    const xml = await cli(['invoice2xml', sample, '-o', '-'])
    expect(xml.code).toBe(0)
    expect(xml.stdout).toMatch(/^<\?xml/)
  })

  it('writes a rendered PDF to standard output, and refuses it to a terminal as without -o', async () => {
    const pdf = await cli(['xmltopdf', '-', '-o', '-'], { stdin: (await cli(['invoice2xml', sample])).stdout })
    expect(pdf.code).toBe(0)
    expect(pdf.stdoutBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const terminal = await cli(['xmltopdf', '-', '-o', '-'], { stdin: (await cli(['invoice2xml', sample])).stdout, tty: true })
    expect(terminal.code).toBe(2)
    expect(terminal.stderr).toContain('writes binary output')
  })

  it('takes several inputs with -o -, as without -o (-o FILE takes one)', async () => {
    const both = await cli(['calculate', sample, sample, '-o', '-'])
    expect(both.code).toBe(0)
    expect(both.stdout.trim().split('\n')).toHaveLength(2)
    expect((await cli(['calculate', sample, sample, '-o', join(process.cwd(), 'never.json')])).stderr).toContain('-o takes one input, got 2')
  })
})
