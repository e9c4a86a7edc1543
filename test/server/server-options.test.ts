/**
 * `einvoice/server` as a library: startServer and createApp check their options before anything
 * starts (no key store file, no listening socket), as the CLI checks its flags. port: 'abc' had
 * listened on a local pipe of that name (Node reads a port that is not a number as a path),
 * workers: 0 and timeoutMs beyond a timer's range were taken, env: 'prod' threw a TypeError.
 */
import { closeSync, existsSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app.js'
import { startServer } from '../../src/server/start.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import { RedisUsageStore } from '../../src/server/stores/redis-store.js'
import { openApiDocument } from '../../src/server/openapi.js'
import { tempDir } from '../helpers/cli.js'
import { einvoiceErrorOf } from '../helpers/einvoice-error.js'

describe('startServer options', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ port: '8080' }, 'options.port: expected a whole number from 0 to 65535, got "8080"'],
    [{ port: 70_000 }, 'options.port: expected a whole number from 0 to 65535, got 70000'],
    [{ workers: 0 }, 'options.workers: expected a whole number from 1 to 256, got 0'],
    [{ timeoutMs: 3_000_000_000 }, 'options.timeoutMs: expected a whole number from 1 to 2147483647, got 3000000000'],
    [{ maxBodyBytes: '20MB' }, 'options.maxBodyBytes: expected a whole number above 0, got "20MB"'],
    [{ env: 'prod' }, 'options.env: expected one of "live", "sandbox", "both", got "prod"'],
    [{ heapGrowthPercent: 'x' }, 'options.heapGrowthPercent: expected a whole number from 0 to 1000, got "x"'],
    [{ logger: console }, 'options.logger: expected a pino logger, got an object (console)'],
    [{ notice: 'stderr' }, 'options.notice: expected a function, got "stderr"'],
    [{ maxBodybytes: 1000 }, 'options.maxBodybytes: no such option; did you mean maxBodyBytes?'],
  ]
  for (const [options, message] of cases) {
    it(`${JSON.stringify(options)}: ${message}`, async () => {
      const db = join(tempDir(), 'keys.db')
      const err = await einvoiceErrorOf(() => startServer({ port: 0, db, ...options } as never))
      expect(err.message).toBe(message)
      expect(err.errorCode).toBe('INVALID_PARAMETER')
      // Refused before anything was opened.
      expect(existsSync(db)).toBe(false)
    })
  }
})

describe('startServer heapGrowthPercent 0', () => {
  it('starts with V8\'s own heuristics, as serve --heap-growth 0 does (it was refused)', async () => {
    const server = await startServer({ port: 0, db: join(tempDir(), 'keys.db'), heapGrowthPercent: 0, workers: 1, logger: pino({ enabled: false }), notice: () => {} })
    await server.close()
  })
})

describe('startServer on a damaged key store', () => {
  it('refuses to start (SQLITE_CORRUPT) instead of answering 503 on every request', async () => {
    const db = join(tempDir(), 'keys.db')
    const store = new SqliteStore(db)
    store.create({ hash: Buffer.alloc(32, 1), environment: 'sandbox' })
    await store.close()
    // Page 2 overwritten: SQLite opens the file and finds the damage only when a query reads it.
    const fd = openSync(db, 'r+')
    writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, 4096)
    closeSync(fd)
    await expect(startServer({ port: 0, db, workers: 1, logger: pino({ enabled: false }), notice: () => {} })).rejects.toMatchObject({ code: 'SQLITE_CORRUPT' })
  })
})

describe('createApp options', () => {
  it('needs both stores, and names a store of the wrong kind', async () => {
    const store = new SqliteStore(':memory:')
    try {
      expect((await einvoiceErrorOf(() => createApp(null as never))).message).toBe('options.keys: required (a key store (such as SqliteStore))')
      expect((await einvoiceErrorOf(() => createApp({ keys: store } as never))).message).toBe('options.usage: required (a usage store (SqliteStore or RedisUsageStore))')
      expect((await einvoiceErrorOf(() => createApp({ keys: store, usage: {} as never }))).message).toBe(
        'options.usage: expected a usage store (SqliteStore or RedisUsageStore), got an object (Object)',
      )
      expect((await einvoiceErrorOf(() => createApp({ keys: store, usage: store, environments: ['prod' as never] }))).message).toBe(
        'options.environments: expected a list of "live" and "sandbox", got an array',
      )
      expect((await einvoiceErrorOf(() => createApp({ keys: store, usage: store, clock: new Date() as never }))).message).toBe('options.clock: expected a function, got an object (Date)')
      // Right options still make an app that answers.
      const app = createApp({ keys: store, usage: store, logger: pino({ enabled: false }), timeoutMs: 5000 })
      const answer = await app.request('/api/v1.8.2/e-invoice/ping')
      // The gateway answers: no key was given.
      expect(answer.status).toBe(401)
      expect(((await answer.json()) as { errorCode: string }).errorCode).toBe('MISSING_KEY')
    } finally {
      await store.close()
    }
  })
})

describe('the stores and the OpenAPI document', () => {
  it('refuse an argument of another kind by name', async () => {
    // better-sqlite3 would open a temporary database for null, ioredis read 6379 as a port.
    expect((await einvoiceErrorOf(() => new SqliteStore(null as never))).message).toBe("file: expected a non-empty string (a file path, or ':memory:'), got null")
    expect((await einvoiceErrorOf(() => new RedisUsageStore(6379 as never))).message).toBe('url: expected a Redis URL such as redis://127.0.0.1:6379, got a number')
    expect((await einvoiceErrorOf(() => new RedisUsageStore('redis://127.0.0.1:1', { namespce: 'x' } as never))).message).toBe('options.namespce: no such option; did you mean namespace?')
    expect((await einvoiceErrorOf(() => openApiDocument(undefined as never, '/api'))).message).toBe('ops: expected a list of operations (OPERATIONS), got undefined')
  })
})
