/**
 * `einvoice serve` refusing to start, in process: a bad `--key-prefix` and a damaged `--db` name
 * the option with exit 2 (they were an internal error with exit 1, and a damaged store started).
 */
import { closeSync, copyFileSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sqliteProblem, startProblem } from '../../commands/serve.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import { type CliRun, cli, tempDir } from '../helpers/cli.js'

/**
 * Runs `einvoice serve` in process. A server that starts after all is stopped through its own
 * SIGTERM handler (the test then fails on `started`, instead of waiting for ever).
 */
async function serve(args: string[]): Promise<CliRun & { started: boolean }> {
  const before = new Set(process.listeners('SIGTERM'))
  let started = false
  const poll = setInterval(() => {
    for (const listener of process.listeners('SIGTERM')) {
      if (before.has(listener)) continue
      started = true
      listener('SIGTERM')
    }
  }, 50)
  try {
    const run = await cli(['serve', '--port', '0', '--workers', '1', '--heap-growth', '0', ...args])
    return { ...run, started }
  } finally {
    clearInterval(poll)
  }
}

async function storeWithKey(db: string): Promise<void> {
  expect((await cli(['keys', 'create', '--env', 'test', '--db', db])).code).toBe(0)
}

describe('einvoice serve: refused before it starts', () => {
  it('names --key-prefix and what it expects', async () => {
    const db = join(tempDir(), 'keys.db')
    for (const [prefix, shown] of [['ABC', 'ABC'], ['BAD PREFIX', '"BAD PREFIX"']] as const) {
      const run = await serve(['--db', db, '--key-prefix', prefix])
      expect(run.started).toBe(false)
      expect(run.code).toBe(2)
      expect(run.stderr).toBe(`error --key-prefix ${shown}: expected 1–12 lower-case letters or digits, starting with a letter, optionally ending in _ or - (such as ei_ or acme-)\n`)
    }
  })

  it('refuses a key store whose pages are damaged, naming --db', async () => {
    const db = join(tempDir(), 'keys.db')
    await storeWithKey(db)
    for (const page of [2, 3, 5]) {
      const half = join(tempDir(), `half-${page}.db`)
      copyFileSync(db, half)
      const fd = openSync(half, 'r+')
      writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, (page - 1) * 4096)
      closeSync(fd)
      const run = await serve(['--db', half])
      expect(run.started, `page ${page}`).toBe(false)
      expect(run.code).toBe(2)
      expect(run.stderr.startsWith(`error --db ${half}: the database file is damaged (`)).toBe(true)
      if (page === 2) expect(run.stderr).toBe(`error --db ${half}: the database file is damaged (database disk image is malformed)\n`)
    }
  })

  it('still starts on a sound key store, also while another connection has it open', async () => {
    const db = join(tempDir(), 'keys.db')
    await storeWithKey(db)
    const other = new SqliteStore(db)
    try {
      const run = await serve(['--db', db])
      expect(run.stderr).toContain('einvoice serve: listening on http://127.0.0.1:')
      expect(run.started).toBe(true)
      expect(run.code).toBe(0)
    } finally {
      await other.close()
    }
  })

  it('words a SQLITE_CORRUPT at start as a damaged --db', () => {
    const flags = { host: '127.0.0.1', port: 8080, db: 'keys.db' }
    const corrupt = Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' })
    expect(startProblem(corrupt, flags)).toBe('--db keys.db: the database file is damaged (database disk image is malformed)')
    expect(sqliteProblem(Object.assign(new Error('x'), { code: 'SQLITE_CORRUPT_INDEX' }), 'k.db')).toBe('--db k.db: the database file is damaged (x)')
    expect(sqliteProblem(new Error('boom'), 'k.db')).toBeUndefined()
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
    expect(sqliteProblem(busy, 'k.db', 'the key store failed')).toBe('--db k.db: the key store failed: database is locked')
  })
})
