import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { MAX_INPUT_BYTES, readInputFile, readInputStream } from '../../commands/read-input.js'
import { MAX_PDF_BYTES } from '../../src/pdf/limits.js'
import { DEFAULT_MAX_BYTES } from '../../src/xml/index.js'
import { cli, tempDir } from '../helpers/cli.js'

describe('bounded input reads', () => {
  it('take the largest input any operation reads', () => {
    expect(MAX_INPUT_BYTES).toBe(Math.max(MAX_PDF_BYTES, DEFAULT_MAX_BYTES))
  })

  it('read a file whole up to the limit and refuse a larger one by its size', () => {
    const file = join(tempDir(), 'f.bin')
    writeFileSync(file, Buffer.alloc(100, 7))
    expect(readInputFile(file, 100)).toEqual(Buffer.alloc(100, 7))
    expect(() => readInputFile(file, 99)).toThrow(expect.objectContaining({ errorCode: 'INPUT_TOO_LARGE', details: expect.objectContaining({ input: file }) }))
  })

  it.skipIf(!existsSync('/dev/zero'))('stop reading a device that never ends', () => {
    expect(() => readInputFile('/dev/zero', 1 << 20)).toThrow(expect.objectContaining({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringMatching(/^more than 1048576 bytes arrived/) }))
  })

  it('refuse a stream once more than the limit arrived', async () => {
    await expect(readInputStream(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), '<stdin>', 100)).rejects.toMatchObject({ errorCode: 'INPUT_TOO_LARGE' })
    expect(await readInputStream(Readable.from([Buffer.from('ab'), 'c']), '<stdin>', 100)).toEqual(Buffer.from('abc'))
  })

  it.skipIf(!existsSync('/dev/zero'))('end `einvoice validate /dev/zero` with exit 2 instead of running out of memory', async () => {
    const r = await cli(['validate', '/dev/zero'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^error \/dev\/zero: more than 104857600 bytes arrived, more than the 100 MiB any operation reads; refused\n$/)
  }, 30_000)
})
