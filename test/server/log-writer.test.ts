import { closeSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BufferedLogWriter } from '../../src/server/log-writer.js'
import { tempDir } from '../helpers/cli.js'

const opened: number[] = []
afterEach(() => {
  for (const fd of opened.splice(0)) closeSync(fd)
})

function target(): { fd: number; text(): string } {
  const file = join(tempDir(), 'access.log')
  const fd = openSync(file, 'w')
  opened.push(fd)
  return { fd, text: () => readFileSync(file, 'utf8') }
}

describe('BufferedLogWriter', () => {
  it('keeps lines in memory until the block is full, then writes them in order', async () => {
    const out = target()
    const writer = new BufferedLogWriter(out.fd, { maxBytes: 30, maxDelayMs: 60_000 })
    writer.write('one 123456\n')
    writer.write('two 123456\n')
    expect(out.text()).toBe('')
    writer.write('three 1234\n')
    await writer.flush()
    expect(out.text()).toBe('one 123456\ntwo 123456\nthree 1234\n')
  })

  it('writes a partial block after its delay', async () => {
    const out = target()
    const writer = new BufferedLogWriter(out.fd, { maxDelayMs: 20 })
    writer.write('alone\n')
    await vi.waitFor(() => expect(out.text()).toBe('alone\n'), { timeout: 5000 })
  })

  it('serves as pino destination; close() writes every line still buffered, in order', async () => {
    const out = target()
    const writer = new BufferedLogWriter(out.fd, { maxBytes: 200, maxDelayMs: 60_000 })
    const logger = pino({ base: null, timestamp: false }, writer)
    for (let i = 0; i < 50; i++) logger.info({ i }, 'request')
    await writer.close()
    const lines = out
      .text()
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { i: number }).i)
    expect(lines).toEqual(Array.from({ length: 50 }, (_, i) => i))
  })

  it('writes what is buffered synchronously on exit', () => {
    const out = target()
    const writer = new BufferedLogWriter(out.fd, { maxDelayMs: 60_000 })
    writer.write('last words\n')
    writer.flushSync()
    expect(out.text()).toBe('last words\n')
  })
})
