/**
 * `einvoice keys` refusing what it cannot use with exit 2 and one line naming the option: a bad
 * `--key-prefix`, a damaged `--db`, a `--redis` that does not answer, an `--expires` that does
 * not exist or has passed. Each of these was an "internal error (please report it)" with exit 1,
 * or (--expires) a key stored with another date than the one given.
 */
import { closeSync, copyFileSync, existsSync, openSync, statSync, writeSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { checkExpiry, parseExpiry } from '../../commands/keys.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import { cli, tempDir } from '../helpers/cli.js'
import { freePort, hasRedis, noteIfNoRedis, startRedis } from '../helpers/redis.js'

noteIfNoRedis('keys usage --redis against a running Redis')

const PREFIX_EXPECTED = 'expected 1–12 lower-case letters or digits, starting with a letter, optionally ending in _ or - (such as ei_ or acme-)'

/** A key store with one key made by `keys create`; its id. */
async function storeWithKey(db: string): Promise<string> {
  const made = await cli(['keys', 'create', '--env', 'test', '--db', db])
  expect(made.code).toBe(0)
  return /created sandbox key (k_[0-9a-f]+)/.exec(made.stderr)?.[1] as string
}

/** A copy of `db` with the bytes of page `page` (4 KiB pages, 1 = the header page) set to 0xFF. */
function damagedCopy(db: string, page: number): string {
  const copy = join(tempDir(), `damaged-page-${page}.db`)
  copyFileSync(db, copy)
  expect(statSync(copy).size).toBeGreaterThanOrEqual(page * 4096)
  const fd = openSync(copy, 'r+')
  writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, (page - 1) * 4096)
  closeSync(fd)
  return copy
}

describe('keys create --key-prefix', () => {
  it('refuses a prefix that keys cannot have, naming --key-prefix, before making a store', async () => {
    const db = join(tempDir(), 'keys.db')
    for (const [prefix, shown] of [['BAD PREFIX', '"BAD PREFIX"'], ['ABC', 'ABC'], ['1ei_', '1ei_'], ['waytoolongprefix_', 'waytoolongprefix_'], ['', '""']] as const) {
      const run = await cli(['keys', 'create', '--env', 'test', '--key-prefix', prefix, '--db', db])
      expect(run.code, prefix).toBe(2)
      expect(run.stderr).toBe(`error --key-prefix ${shown}: ${PREFIX_EXPECTED}\n`)
      expect(run.stdout).toBe('')
    }
    expect(existsSync(db)).toBe(false)
    const good = await cli(['keys', 'create', '--env', 'test', '--key-prefix', 'acme-', '--db', db])
    expect(good.code).toBe(0)
    expect(good.stdout).toMatch(/^acme-test_[A-Za-z0-9]{32}\n$/)
  })
})

describe('keys on a damaged --db', () => {
  it('says the file is damaged (exit 2) for list, revoke, usage and create', async () => {
    const db = join(tempDir(), 'keys.db')
    const id = await storeWithKey(db)
    const half = damagedCopy(db, 2)
    for (const argv of [['list'], ['list', '--json'], ['revoke', id], ['usage', id], ['create', '--env', 'test']]) {
      const run = await cli(['keys', ...argv, '--db', half])
      expect(run.code, argv.join(' ')).toBe(2)
      expect(run.stderr).toBe(`error --db ${half}: the database file is damaged (database disk image is malformed)\n`)
      expect(run.stdout).toBe('')
    }
  })

  it('finds damage that no query of the command would read (an index page, the usage tables)', async () => {
    const db = join(tempDir(), 'keys.db')
    const id = await storeWithKey(db)
    for (const page of [3, 4, 5, 6]) {
      const half = damagedCopy(db, page)
      for (const argv of [['list'], ['usage', id]]) {
        const run = await cli(['keys', ...argv, '--db', half])
        expect(run.code, `page ${page}: ${argv.join(' ')}`).toBe(2)
        expect(run.stderr).toMatch(new RegExp(`^error --db ${half.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the database file is damaged \\(.+\\)\\n$`))
      }
    }
  })

  it('names --db when a query fails after the store opened (a write lock held past the 5 s wait)', async () => {
    const db = join(tempDir(), 'keys.db')
    const id = await storeWithKey(db)
    const holder = new Database(db)
    holder.exec('BEGIN IMMEDIATE')
    try {
      const run = await cli(['keys', 'revoke', id, '--db', db])
      expect(run.code).toBe(2)
      expect(run.stderr).toBe(`error --db ${db}: the key store failed: database is locked\n`)
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
  }, 20_000)

  it('still says "file is not a database" for a file that is not SQLite at all', async () => {
    const db = join(tempDir(), 'keys.db')
    await storeWithKey(db)
    const header = damagedCopy(db, 1)
    const run = await cli(['keys', 'list', '--db', header])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`error --db ${header}: cannot open the key store: file is not a database\n`)
  })
})

describe('keys usage --redis', () => {
  const servers: { close(): void }[] = []
  afterEach(() => {
    for (const s of servers.splice(0)) s.close()
  })

  it('names --redis when nothing listens there, at once', async () => {
    const db = join(tempDir(), 'keys.db')
    const id = await storeWithKey(db)
    const port = await freePort()
    const started = Date.now()
    const run = await cli(['keys', 'usage', id, '--db', db, '--redis', `redis://127.0.0.1:${port}/0`])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`error --redis redis://127.0.0.1:${port}/0: cannot reach Redis: connect ECONNREFUSED 127.0.0.1:${port}\n`)
    expect(run.stdout).toBe('')
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('names --redis and says what is expected for a value that is not a Redis URL', async () => {
    const db = join(tempDir(), 'keys.db')
    const id = await storeWithKey(db)
    const run = await cli(['keys', 'usage', id, '--db', db, '--redis', 'notaurl'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^error --redis notaurl: cannot reach Redis: .+; expected a URL such as redis:\/\/127\.0\.0\.1:6379\/0\n$/)
  })

  it('gives up after 3 s on a server that accepts the connection but never answers', async () => {
    const db = join(tempDir(), 'keys.db')
    const id = await storeWithKey(db)
    const silent = createServer(() => undefined)
    servers.push(silent)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const url = `redis://127.0.0.1:${(silent.address() as { port: number }).port}`
    const started = Date.now()
    const run = await cli(['keys', 'usage', id, '--db', db, '--redis', url])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`error --redis ${url}: cannot reach Redis: no answer within 3 s\n`)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it.skipIf(!hasRedis)('reads the counters from a Redis that answers, and names a database it does not have', async () => {
    const redis = await startRedis()
    try {
      const db = join(tempDir(), 'keys.db')
      const id = await storeWithKey(db)
      const run = await cli(['keys', 'usage', id, '--db', db, '--redis', redis.url])
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({ id, thisMinute: 0, thisMonth: 0 })
      // ioredis would read database 0 for a database the server does not have.
      const missing = await cli(['keys', 'usage', id, '--db', db, '--redis', `${redis.url}/99`])
      expect(missing.code).toBe(2)
      expect(missing.stderr).toBe(`error --redis ${redis.url}/99: the server has no database 99 (ERR DB index is out of range)\n`)
    } finally {
      await redis.stop()
    }
  })
})

describe('keys create --expires', () => {
  it('refuses a date that does not exist instead of rolling it over, and creates nothing', async () => {
    const db = join(tempDir(), 'keys.db')
    const cases: [string, string][] = [
      ['2099-02-30', 'no such date (February 2099 has 28 days)'],
      ['2099-02-29', 'no such date (February 2099 has 28 days)'],
      ['2099-04-31', 'no such date (April 2099 has 30 days)'],
      ['2099-13-45', 'no such date (months are 01 to 12)'],
      ['2099-00-10', 'no such date (months are 01 to 12)'],
      ['2099-12-00', 'no such date (December 2099 has 31 days)'],
      ['2099-12-31T24:00:00', 'no such time of day (00:00:00 to 23:59:59)'],
      ['2099-12-31T18:60', 'no such time of day (00:00:00 to 23:59:59)'],
      ['2099-12-31T18:00:00+25:00', 'no such time zone offset (-23:59 to +23:59)'],
      ['tomorrow', 'expected a date such as 2026-12-31 or a date-time such as 2026-12-31T18:00:00Z'],
    ]
    for (const [value, why] of cases) {
      const run = await cli(['keys', 'create', '--env', 'test', '--expires', value, '--db', db])
      expect(run.code, value).toBe(2)
      expect(run.stderr).toBe(`error --expires ${value}: ${why}\n`)
      expect(run.stdout).toBe('')
    }
    expect(existsSync(db)).toBe(false)
    // 2096 is a leap year.
    expect(parseExpiry('2096-02-29')).toBe('2096-03-01T00:00:00.000Z')
  })

  it('refuses a date or a time that has passed', async () => {
    const db = join(tempDir(), 'keys.db')
    const day = await cli(['keys', 'create', '--env', 'test', '--expires', '2020-01-01', '--db', db])
    expect(day.code).toBe(2)
    expect(day.stderr).toBe('error --expires 2020-01-01: that date has passed\n')
    const time = await cli(['keys', 'create', '--env', 'test', '--expires', '2020-01-01T12:00:00Z', '--db', db])
    expect(time.code).toBe(2)
    expect(time.stderr).toBe('error --expires 2020-01-01T12:00:00Z: that time has passed\n')
    expect(existsSync(db)).toBe(false)
    // A day is valid through its end (UTC): today's date is still accepted.
    const now = new Date('2026-11-25T23:59:00Z')
    expect(checkExpiry('2026-11-25', now)).toEqual({ expiresAt: '2026-11-26T00:00:00.000Z' })
    expect(checkExpiry('2026-11-24', now)).toEqual({ problem: '--expires 2026-11-24: that date has passed' })
    expect(checkExpiry('2026-11-25T23:59:00Z', now)).toEqual({ problem: '--expires 2026-11-25T23:59:00Z: that time has passed' })
    expect(checkExpiry('2026-11-25T23:59:01Z', now)).toEqual({ expiresAt: '2026-11-25T23:59:01.000Z' })
  })

  it('reads a date-time without a zone as UTC, whatever the local time zone', async () => {
    const tz = process.env.TZ
    process.env.TZ = 'Europe/Berlin'
    try {
      expect(new Date(2099, 11, 31, 18).getTimezoneOffset()).toBe(-60)
      expect(parseExpiry('2099-12-31T18:00:00')).toBe('2099-12-31T18:00:00.000Z')
      expect(parseExpiry('2099-12-31T18:00')).toBe('2099-12-31T18:00:00.000Z')
      expect(parseExpiry('2099-12-31 18:00:00.25')).toBe('2099-12-31T18:00:00.250Z')
      // A zone given is kept.
      expect(parseExpiry('2099-12-31T18:00:00+01:00')).toBe('2099-12-31T17:00:00.000Z')
      expect(parseExpiry('2099-12-31T18:00:00-0230')).toBe('2099-12-31T20:30:00.000Z')
      expect(parseExpiry('2099-12-31T18:00:00Z')).toBe('2099-12-31T18:00:00.000Z')
      const db = join(tempDir(), 'keys.db')
      const made = await cli(['keys', 'create', '--env', 'test', '--expires', '2099-12-31T18:00:00', '--db', db])
      expect(made.code).toBe(0)
      const store = new SqliteStore(db)
      try {
        expect(store.list()[0]?.expiresAt).toBe('2099-12-31T18:00:00.000Z')
      } finally {
        await store.close()
      }
    } finally {
      if (tz === undefined) delete process.env.TZ
      else process.env.TZ = tz
    }
  })
})
