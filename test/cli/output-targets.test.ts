/**
 * What `-o` writes to: a regular file is replaced atomically, but a symbolic link is followed to
 * its target and a FIFO or device is written through (a rename had replaced them with a regular
 * file: `-o /dev/null` as root replaced /dev/null). An --out-dir reached through a link must not
 * replace its input either.
 */
import { execFileSync } from 'node:child_process'
import { createReadStream, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { realPathOf } from '../../commands/inputs.js'
import { writeFileAtomic } from '../../commands/io.js'
import { cli, tempDir } from '../helpers/cli.js'

describe('writeFileAtomic (-o)', () => {
  it('writes through a symbolic link to its target and keeps the link', async () => {
    const dir = tempDir()
    symlinkSync('target.json', join(dir, 'link.json'))
    await writeFileAtomic(join(dir, 'link.json'), 'one')
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true)
    expect(readlinkSync(join(dir, 'link.json'))).toBe('target.json')
    expect(readFileSync(join(dir, 'target.json'), 'utf8')).toBe('one')
    await writeFileAtomic(join(dir, 'link.json'), 'two')
    expect(readFileSync(join(dir, 'target.json'), 'utf8')).toBe('two')
  })

  it('writes into a FIFO instead of replacing it with a file', async () => {
    const fifo = join(tempDir(), 'pipe')
    execFileSync('mkfifo', [fifo])
    const received = new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      createReadStream(fifo)
        .on('data', (c) => chunks.push(c as Buffer))
        .on('end', () => resolve(Buffer.concat(chunks).toString()))
    })
    await writeFileAtomic(fifo, 'through the pipe')
    expect(await received).toBe('through the pipe')
    expect(lstatSync(fifo).isFIFO()).toBe(true)
  }, 10_000)
})

describe('--out-dir through a symbolic link', () => {
  it('is one file with its input: refused, the input kept', async () => {
    const dir = tempDir()
    const same = join(dir, 'same')
    mkdirSync(same)
    writeFileSync(join(same, 'a.json'), readFileSync('samples/invoice.json'))
    symlinkSync(same, join(dir, 'lnk'))
    expect(realPathOf(join(dir, 'lnk', 'a.json'))).toBe(realPathOf(join(same, 'a.json')))
    const before = readFileSync(join(same, 'a.json'), 'utf8')
    const viaLink = await cli(['calculate', join(dir, 'lnk', 'a.json'), '--out-dir', same])
    expect(viaLink.code).toBe(2)
    expect(viaLink.stderr).toContain('its output would replace the input itself')
    const intoLink = await cli(['calculate', join(same, 'a.json'), '--out-dir', join(dir, 'lnk')])
    expect(intoLink.code).toBe(2)
    expect(readFileSync(join(same, 'a.json'), 'utf8')).toBe(before)
  })
})

describe('an empty output path', () => {
  it.each([
    [['calculate', 'samples/invoice.json', '-o', ''], "error -o: expected a file name, got an empty one\n"],
    [['calculate', 'samples/invoice.json', '--output='], 'error --output: expected a file name, got an empty one\n'],
    [['calculate', 'samples/invoice.json', '--out-dir', ''], 'error --out-dir: expected a folder name, got an empty one\n'],
  ])('%j is refused naming the flag', async (args, message) => {
    const r = await cli(args)
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(message)
    expect(r.stdout).toBe('')
  })
})

describe('an error line', () => {
  it('stays one line when the file name has a line break in it', async () => {
    const dir = tempDir()
    const name = join(dir, 'bro\nken.json')
    writeFileSync(name, '{')
    const r = await cli(['calculate', name])
    expect(r.code).toBe(2)
    expect(r.stderr.split('\n')).toHaveLength(2)
    expect(r.stderr).toContain('bro\\nken.json: invalid JSON')
  })
})
