/** A few end-to-end runs of the built binary (npm test builds first). */
import { execFileSync, spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findChromium } from '../../src/render/chromium.js'

const chromium = findChromium()
if (chromium === undefined) process.stderr.write('[cli/bin] no chromium on PATH: the styled run of the binary is skipped\n')

describe('bin/einvoice.js', () => {
  it('runs the README command on the bundled sample', () => {
    const out = execFileSync(process.execPath, ['bin/einvoice.js', 'calculate', 'samples/invoice.json'], { encoding: 'utf8' })
    expect(JSON.parse(out).grandTotal).toBe(372.23)
  })

  it('answers --version and -V from the fast path, and --version with more arguments through the CLI', () => {
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version + '\n'
    expect(execFileSync(process.execPath, ['bin/einvoice.js', '--version'], { encoding: 'utf8' })).toBe(version)
    expect(execFileSync(process.execPath, ['bin/einvoice.js', '-V'], { encoding: 'utf8' })).toBe(version)
    expect(execFileSync(process.execPath, ['bin/einvoice.js', 'calculate', '--version'], { encoding: 'utf8' })).toBe(version)
    expect(execFileSync(process.execPath, ['bin/einvoice.js', 'keys', 'list', '--version'], { encoding: 'utf8' })).toBe(version)
    // invoice2xml's --version picks the format generation; -V still prints ours.
    expect(execFileSync(process.execPath, ['bin/einvoice.js', 'invoice2xml', '-V'], { encoding: 'utf8' })).toBe(version)
  })

  it('names a Node.js outside package.json engines instead of dying with a SyntaxError', () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-bin-'))
    try {
      // Node 22.1 lacks zlib.crc32: every command died with "does not provide an export named 'crc32'".
      const fake = join(dir, 'node-22.1.cjs')
      writeFileSync(fake, "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '22.1.0' } }); Object.defineProperty(process, 'version', { value: 'v22.1.0' })")
      const r = spawnSync(process.execPath, ['--require', fake, 'bin/einvoice.js', 'calculate', 'samples/invoice.json'], { encoding: 'utf8' })
      expect(r.stderr).toBe('error einvoice needs Node.js 20.19+ or 22.12+; this is v22.1.0\n')
      expect(r.status).toBe(2)
      expect(JSON.parse(readFileSync('package.json', 'utf8')).engines.node).toBe('^20.19.0 || >=22.12.0')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('stops quietly when the reader of its output has gone (EPIPE), instead of crashing', () => {
    // stdout is a pipe whose reader exits at once; the sleep makes sure it is gone before we write.
    const r = spawnSync('bash', ['-c', `exec 1> >(exit 0); sleep 0.3; exec "${process.execPath}" bin/einvoice.js --help`], { encoding: 'utf8' })
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
  })

  it('still answers with its own status when the reader has gone: 1 for invalid invoices, not 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-bin-'))
    try {
      const invalid = readFileSync('test/fixtures/validate/cii-en16931.xml', 'utf8').replace('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51')
      // Enough files that the pipe is found closed while the batch still runs.
      for (let i = 0; i < 400; i++) writeFileSync(join(dir, `bad${i}.xml`), invalid)
      const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" bin/einvoice.js validate "${dir}" | head -c 1 > /dev/null`], { encoding: 'utf8' })
      expect(r.stderr).toBe('')
      expect(r.status).toBe(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reports a full device on standard output with exit 2, one line, no stack trace', () => {
    const full = openSync('/dev/full', 'w')
    try {
      const r = spawnSync(process.execPath, ['bin/einvoice.js', 'calculate', 'samples/invoice.json'], { encoding: 'utf8', stdio: ['ignore', full, 'pipe'] })
      expect(r.stderr).toBe('error standard output: no space left on the device\n')
      expect(r.status).toBe(2)
    } finally {
      closeSync(full)
    }
  })

  // The bundle's loader cannot run a dynamic import of an external package; `styled` loads
  // playwright-core when it starts Chromium (it failed with "A dynamic import callback was not
  // specified" until session 24, while the in-process CLI tests passed).
  it.skipIf(chromium === undefined)('prints a styled invoice through Chromium', () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-bin-'))
    try {
      const calculated = join(dir, 'calculated.json')
      execFileSync(process.execPath, ['bin/einvoice.js', 'calculate', 'samples/invoice.json', '-o', calculated])
      const pdf = join(dir, 'styled.pdf')
      const r = spawnSync(process.execPath, ['bin/einvoice.js', 'styled', '-t', 'samples/invoice-template.mustache', '-i', calculated, '-o', pdf], { encoding: 'utf8' })
      expect(r.stderr).toBe('')
      expect(r.status).toBe(0)
      expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('exits 2 on bad input with one line on stderr', () => {
    const r = spawnSync(process.execPath, ['bin/einvoice.js', 'calculate', '-'], { input: '{"zfitems": 3}', encoding: 'utf8' })
    expect(r.status).toBe(2)
    expect(r.stderr).toBe('error <stdin>: zfitems: expected an array\n')
  })
})
