import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseExpiry } from '../../commands/keys.js'
import { nonEmptyArg, parseSize, startProblem } from '../../commands/serve.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import { hashKey } from '../../src/server/gateway/key-format.js'
import { cli, tempDir } from '../helpers/cli.js'

describe('einvoice keys', () => {
  it('creates a key, prints it once, stores only its hash; lists, shows usage and revokes', async () => {
    const db = join(tempDir(), 'keys.db')
    const made = await cli(['keys', 'create', '--env', 'live', '--rate', '10', '--quota', '1000', '--expires', '2030-12-31', '--endpoints', 'calculate,ping', '--db', db])
    expect(made.code).toBe(0)
    const key = made.stdout.trim()
    expect(key).toMatch(/^ei_live_[A-Za-z0-9]{32}$/)
    const id = /created live key (k_[0-9a-f]+)/.exec(made.stderr)?.[1] as string
    expect(id).toBeDefined()

    const store = new SqliteStore(db)
    expect(store.findByHash(hashKey(key))).toMatchObject({ id, ratePerMinute: 10, quotaPerMonth: 1000, expiresAt: '2031-01-01T00:00:00.000Z', endpoints: ['calculate', 'ping'] })
    await store.consume(id, {}, new Date())
    await store.close()

    const list = await cli(['keys', 'list', '--json', '--db', db])
    expect(list.stdout).not.toContain(key)
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id, env: 'live', ratePerMinute: 10, quotaPerMonth: 1000, status: 'active' })])
    const table = await cli(['keys', 'list', '--db', db])
    expect(table.stdout).toContain(id)
    expect(table.stdout).not.toContain(key)

    const usage = await cli(['keys', 'usage', id, '--db', db])
    expect(JSON.parse(usage.stdout)).toMatchObject({ id, thisMinute: 1, thisMonth: 1, ratePerMinute: 10, quotaPerMonth: 1000 })

    expect((await cli(['keys', 'revoke', id, '--db', db])).code).toBe(0)
    expect(JSON.parse((await cli(['keys', 'list', '--json', '--db', db])).stdout)[0].status).toBe('revoked')
  })

  it('does not make a key store to list, revoke or show usage, and names a --db it cannot open', async () => {
    const dir = tempDir()
    const missing = join(dir, 'typo.db')
    for (const argv of [['keys', 'list'], ['keys', 'revoke', 'k_1'], ['keys', 'usage', 'k_1']]) {
      const r = await cli([...argv, '--db', missing])
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(`error --db ${missing}: no key store there (einvoice serve and einvoice keys create make one)\n`)
    }
    expect(existsSync(missing)).toBe(false)
    const notDb = join(dir, 'not.db')
    writeFileSync(notDb, 'plain text, not SQLite')
    const r = await cli(['keys', 'list', '--db', notDb])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(`error --db ${notDb}: cannot open the key store: file is not a database\n`)
    expect((await cli(['keys', 'create', '--env', 'test', '--db', join(dir, 'no-folder', 'k.db')])).stderr).toMatch(/^error --db .*: cannot open the key store: /)
  })

  it('refuses bad arguments with exit code 2', async () => {
    const db = join(tempDir(), 'keys.db')
    expect((await cli(['keys', 'create', '--env', 'prod', '--db', db])).code).toBe(2)
    expect((await cli(['keys', 'create', '--db', db])).code).toBe(2)
    expect((await cli(['keys', 'create', '--env', 'test', '--rate', '-1', '--db', db])).code).toBe(2)
    expect((await cli(['keys', 'create', '--env', 'test', '--expires', 'tomorrow', '--db', db])).code).toBe(2)
    const unknownOp = await cli(['keys', 'create', '--env', 'test', '--endpoints', 'fly', '--db', db])
    expect(unknownOp.code).toBe(2)
    expect(unknownOp.stderr).toContain('unknown operation(s) fly')
    expect((await cli(['keys', 'create', '--env', 'test', '--db', db])).code).toBe(0)
    const revoke = await cli(['keys', 'revoke', 'k_nothing', '--db', db])
    expect(revoke.code).toBe(2)
    expect(revoke.stderr).toContain('no key with id k_nothing')
    expect((await cli(['keys', 'usage', 'k_nothing', '--db', db])).code).toBe(2)
  })

  it('parses sizes and expiry dates', () => {
    expect(parseSize('20MB')).toBe(20 * 1024 * 1024)
    expect(parseSize('512kb')).toBe(512 * 1024)
    expect(parseSize('1000')).toBe(1000)
    expect(() => parseSize('lots')).toThrow(/size/)
    // 0 and 0.1 bytes would reach startServer, which words its refusal as the library's option.
    expect(() => parseSize('0')).toThrow('expected a size of at least 1 byte')
    expect(() => parseSize('0.1')).toThrow('expected a size of at least 1 byte')
    expect(() => nonEmptyArg(' ')).toThrow('expected a value, got an empty one')
    expect(parseExpiry('2026-02-28')).toBe('2026-03-01T00:00:00.000Z')
    expect(parseExpiry('2026-02-28T10:00:00Z')).toBe('2026-02-28T10:00:00.000Z')
    expect(() => parseExpiry('soon')).toThrow(/date/)
  })
})

describe('einvoice serve: a start that fails on its options', () => {
  it('refuses an empty --host, --db or --redis and a --max-body of 0 as the flag (not as the library option startServer names)', async () => {
    for (const [flag, value] of [['--host', ''], ['--db', ''], ['--redis', ''], ['--max-body', '0']] as const) {
      const run = await cli(['serve', '--port', '0', flag, value])
      expect(run.code, `${flag} ${value}`).toBe(2)
      expect(run.stderr).toContain(`option '${flag} `)
      expect(run.stderr).not.toContain('options.')
    }
  })

  const flags = { host: '127.0.0.1', port: 8080, db: 'keys.db', redis: 'redis://127.0.0.1:1' }
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code })
  it('names the option instead of an internal error', () => {
    expect(startProblem(errno('EADDRINUSE', 'listen EADDRINUSE: address already in use 127.0.0.1:8080'), flags)).toBe('--port 8080: 127.0.0.1:8080 is already in use (another einvoice serve?)')
    expect(startProblem(errno('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL'), { ...flags, host: '10.9.9.9' })).toBe('--host 10.9.9.9: no such address on this machine')
    expect(startProblem(errno('EACCES', 'listen EACCES: permission denied 0.0.0.0:80'), { ...flags, port: 80 })).toMatch(/^--port 80: permission denied/)
    expect(startProblem(errno('SQLITE_NOTADB', 'file is not a database'), flags)).toBe('--db keys.db: cannot open the key store: file is not a database')
    expect(startProblem(new TypeError('Cannot open database because the directory does not exist'), flags)).toMatch(/^--db keys\.db: cannot open the key store/)
    expect(startProblem(errno('EINVOICE_REDIS', 'cannot reach Redis at redis://127.0.0.1:1: refused'), flags)).toBe('--redis redis://127.0.0.1:1: cannot reach Redis at redis://127.0.0.1:1: refused')
    // better-sqlite3's compiled part missing (never built) or built for another Node.js.
    const unbuilt = new Error('Could not locate the bindings file. Tried:\n → /p/node_modules/better-sqlite3/build/better_sqlite3.node\n → /p/node_modules/better-sqlite3/build/Debug/better_sqlite3.node')
    expect(startProblem(unbuilt, flags)).toBe(
      `the SQLite module (better-sqlite3) cannot be loaded: Could not locate the bindings file.; rebuild it for Node.js ${process.version} with: npm rebuild better-sqlite3`,
    )
    const otherAbi = errno('ERR_DLOPEN_FAILED', "The module '/p/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 108.")
    expect(startProblem(otherAbi, flags)).toMatch(/^the SQLite module \(better-sqlite3\) cannot be loaded: The module '\/p\/better_sqlite3\.node'; rebuild it/)
    // Anything else is a bug and stays an internal error.
    expect(startProblem(new Error('boom'), flags)).toBeUndefined()
  })
})
