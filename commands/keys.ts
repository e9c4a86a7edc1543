/**
 * `einvoice keys create|list|revoke|usage`: API keys of `einvoice serve`. A key is printed once,
 * when it is created; the store keeps only its SHA-256.
 * @module
 */
import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { InvalidArgumentError } from 'commander'
import type { SqliteStore } from '../src/server/stores/sqlite-store.js'
import type { Usage, UsageStore } from '../src/server/stores/types.js'
import { intArg, keyPrefixProblem, nonEmptyArg, shownValue, sqliteProblem, storeFileProblem } from './serve.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, printError } from './output.js'

type StoreFlags = { db: string; redis?: string }
type CreateFlags = StoreFlags & { env: 'test' | 'live'; rate?: number; quota?: number; expires?: string; endpoints?: string[]; keyPrefix: string }

const EXPIRY_EXPECTED = 'expected a date such as 2026-12-31 or a date-time such as 2026-12-31T18:00:00Z'
const EXPIRY_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * `--expires`: `2026-12-31` (the key works through that day, UTC: it expires at the next midnight
 * UTC) or an ISO date-time, UTC unless it names a zone (`2026-12-31T18:00:00+01:00`). A date that
 * does not exist (`2026-02-30`) is refused, not rolled over into the next month.
 */
export function parseExpiry(text: string): string {
  const m = EXPIRY_RE.exec(text.trim())
  if (m === null) throw new InvalidArgumentError(EXPIRY_EXPECTED)
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12) throw new InvalidArgumentError('no such date (months are 01 to 12)')
  const days = daysInMonth(year, month)
  if (day < 1 || day > days) throw new InvalidArgumentError(`no such date (${MONTH_NAMES[month - 1]} ${year} has ${days} days)`)
  const at = new Date(0)
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  at.setUTCFullYear(year, month - 1, day)
  if (m[4] === undefined) {
    at.setUTCDate(day + 1)
    return at.toISOString()
  }
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)]
  if (hour > 23 || minute > 59 || second > 59) throw new InvalidArgumentError('no such time of day (00:00:00 to 23:59:59)')
  at.setUTCHours(hour, minute, second, Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3)))
  const zone = (m[8] ?? 'Z').toUpperCase()
  if (zone !== 'Z') {
    const digits = zone.replace(':', '')
    const [zoneHours, zoneMinutes] = [Number(digits.slice(1, 3)), Number(digits.slice(3, 5) || 0)]
    if (zoneHours > 23 || zoneMinutes > 59) throw new InvalidArgumentError('no such time zone offset (-23:59 to +23:59)')
    at.setTime(at.getTime() - (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes) * 60_000)
  }
  return at.toISOString()
}

/** `--expires <text>` as stored, or why it cannot be used at `now` (a date that does not exist, or has passed). */
export function checkExpiry(text: string, now: Date): { expiresAt: string } | { problem: string } {
  let expiresAt: string
  try {
    expiresAt = parseExpiry(text)
  } catch (err) {
    if (!(err instanceof InvalidArgumentError)) throw err
    return { problem: `--expires ${shownValue(text)}: ${err.message}` }
  }
  if (Date.parse(expiresAt) <= now.getTime()) return { problem: `--expires ${shownValue(text)}: that ${text.trim().length === 10 ? 'date' : 'time'} has passed` }
  return { expiresAt }
}

function endpointList(text: string): string[] {
  const names = text.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '')
  if (names.length === 0) throw new InvalidArgumentError('expected operation names such as calculate,ping')
  return names
}

/**
 * The key store of `--db`, or undefined after saying why not. Only `keys create` (and `serve`)
 * make a new one: listing or revoking in a mistyped path must not answer from an empty store. An
 * existing file is checked whole first (storeFileProblem): SQLite finds a damaged page only when
 * a query reads it.
 */
async function openStore(flags: StoreFlags, io: CliIO, mayCreate: boolean): Promise<SqliteStore | undefined> {
  if (!mayCreate && !existsSync(flags.db)) {
    await printError(io, `--db ${flags.db}: no key store there (einvoice serve and einvoice keys create make one)`)
    return undefined
  }
  const damaged = await storeFileProblem(flags.db)
  if (damaged !== undefined) {
    await printError(io, damaged)
    return undefined
  }
  const { SqliteStore } = await import('../src/server/stores/sqlite-store.js')
  try {
    return new SqliteStore(flags.db)
  } catch (err) {
    await printError(io, sqliteProblem(err, flags.db) ?? `--db ${flags.db}: cannot open the key store: ${(err as Error).message}`)
    return undefined
  }
}

/**
 * Runs `use` on the store of `--db` and closes it; a SQLite error on the way (a page damaged
 * after the check, a lock held too long, a file of another program) names `--db`, exit 2.
 */
async function withStore(flags: StoreFlags, io: CliIO, mayCreate: boolean, use: (store: SqliteStore) => Promise<number>): Promise<number> {
  const store = await openStore(flags, io, mayCreate)
  if (store === undefined) return EXIT_BAD_INPUT
  try {
    return await use(store)
  } catch (err) {
    const problem = sqliteProblem(err, flags.db, 'the key store failed')
    if (problem === undefined) throw err
    await printError(io, problem)
    return EXIT_BAD_INPUT
  } finally {
    await store.close()
  }
}

export async function runKeysCreate(flags: CreateFlags, io: CliIO): Promise<number> {
  const { OPERATIONS } = await import('../src/operations/registry.js')
  const known = new Set(OPERATIONS.map((op) => op.name.toLowerCase()))
  const unknown = (flags.endpoints ?? []).filter((name) => !known.has(name))
  if (unknown.length > 0) {
    await printError(io, `--endpoints: unknown operation(s) ${unknown.join(', ')}; known: ${[...known].join(', ')}`)
    return EXIT_BAD_INPUT
  }
  const prefixProblem = await keyPrefixProblem(flags.keyPrefix)
  if (prefixProblem !== undefined) {
    await printError(io, prefixProblem)
    return EXIT_BAD_INPUT
  }
  const expiry = flags.expires === undefined ? { expiresAt: undefined } : checkExpiry(flags.expires, new Date())
  if ('problem' in expiry) {
    await printError(io, expiry.problem)
    return EXIT_BAD_INPUT
  }
  const { generateKey, hashKey } = await import('../src/server/gateway/key-format.js')
  const environment = flags.env === 'live' ? 'live' : 'sandbox'
  const key = generateKey(flags.keyPrefix, environment)
  return withStore(flags, io, true, async (store) => {
    const record = store.create({
      hash: hashKey(key),
      environment,
      ratePerMinute: flags.rate,
      quotaPerMonth: flags.quota,
      expiresAt: expiry.expiresAt,
      endpoints: flags.endpoints,
    })
    io.stdout.write(`${key}\n`)
    io.stderr.write(`created ${environment} key ${record.id}; the key above is shown only this once\n`)
    return EXIT_OK
  })
}

const limit = (n: number | undefined): string => (n === undefined ? 'unlimited' : String(n))

export async function runKeysList(flags: StoreFlags & { json?: boolean }, io: CliIO): Promise<number> {
  return withStore(flags, io, false, async (store) => {
    const now = Date.now()
    const rows = store.list().map((k) => ({
      id: k.id,
      env: k.environment,
      created: k.createdAt,
      ratePerMinute: k.ratePerMinute ?? null,
      quotaPerMonth: k.quotaPerMonth ?? null,
      endpoints: k.endpoints ?? null,
      expires: k.expiresAt ?? null,
      status: k.revokedAt !== undefined ? 'revoked' : k.expiresAt !== undefined && Date.parse(k.expiresAt) <= now ? 'expired' : 'active',
    }))
    if (flags.json === true) {
      io.stdout.write(JSON.stringify(rows, null, 2) + '\n')
      return EXIT_OK
    }
    io.stdout.write('id            env      created                   rate/min   quota/month  status   expires                   endpoints\n')
    for (const r of rows) {
      io.stdout.write(
        `${r.id.padEnd(14)}${r.env.padEnd(9)}${r.created.padEnd(26)}${limit(r.ratePerMinute ?? undefined).padEnd(11)}` +
          `${limit(r.quotaPerMonth ?? undefined).padEnd(13)}${r.status.padEnd(9)}${(r.expires ?? '-').padEnd(26)}${r.endpoints?.join(',') ?? 'all'}\n`,
      )
    }
    return EXIT_OK
  })
}

export async function runKeysRevoke(id: string, flags: StoreFlags, io: CliIO): Promise<number> {
  return withStore(flags, io, false, async (store) => {
    if (!store.revoke(id, new Date())) {
      await printError(io, `no key with id ${id} (see einvoice keys list)`)
      return EXIT_BAD_INPUT
    }
    io.stderr.write(`revoked ${id}\n`)
    return EXIT_OK
  })
}

/** How long `keys usage --redis` waits for Redis to connect and answer. */
export const REDIS_WAIT_MS = 3000

/**
 * Why Redis at `url` cannot be read, or undefined once it answered a PING, within REDIS_WAIT_MS.
 * A client of its own that does not reconnect: the store's client (redis-store.ts) retries the
 * connection, and its errors would then say "max retries per request" instead of the socket's
 * own reason (ECONNREFUSED, ENOTFOUND) that this message names.
 */
async function redisProblem(url: string): Promise<string | undefined> {
  const { Redis } = await import('ioredis')
  let client: InstanceType<typeof Redis> | undefined
  let timer: NodeJS.Timeout | undefined
  // The socket's error (ECONNREFUSED, ENOTFOUND): connect() itself rejects with "Connection is closed."
  let socketError: Error | undefined
  try {
    client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: REDIS_WAIT_MS })
    client.on('error', (err: Error) => {
      socketError ??= err
    })
    const connected = client
    const ping = connected.connect().then(async () => {
      await connected.ping()
      // ioredis reports a database the server does not have only as an event, then uses 0.
      const db = connected.options.db ?? 0
      if (db !== 0) await connected.select(db)
    })
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_WAIT_MS / 1000} s`)), REDIS_WAIT_MS)
    })
    await Promise.race([ping, late])
    return undefined
  } catch (err) {
    // ioredis also takes host:port and a socket path; a failing one that is neither gets a hint.
    const hint = /^(rediss?:\/\/|\/)/i.test(url) ? '' : '; expected a URL such as redis://127.0.0.1:6379/0'
    const reason = (socketError ?? (err instanceof Error ? err : new Error(String(err)))).message.replace(/\.$/, '')
    if (/DB index/i.test(reason)) return `--redis ${shownValue(url)}: the server has no database ${client?.options.db ?? ''} (${reason})`
    return `--redis ${shownValue(url)}: cannot reach Redis: ${reason}${hint}`
  } finally {
    clearTimeout(timer)
    client?.disconnect()
  }
}

export async function runKeysUsage(id: string, flags: StoreFlags, io: CliIO): Promise<number> {
  return withStore(flags, io, false, async (store) => {
    const key = store.get(id)
    if (key === undefined) {
      await printError(io, `no key with id ${id} (see einvoice keys list)`)
      return EXIT_BAD_INPUT
    }
    let usageStore: UsageStore = store
    if (flags.redis !== undefined) {
      const unreachable = await redisProblem(flags.redis)
      if (unreachable !== undefined) {
        await printError(io, unreachable)
        return EXIT_BAD_INPUT
      }
      const { RedisUsageStore } = await import('../src/server/stores/redis-store.js')
      usageStore = new RedisUsageStore(flags.redis)
    }
    const now = new Date()
    let usage: Usage
    try {
      usage = await usageStore.usage(id, now)
    } catch (err) {
      // Redis went away after the PING (ioredis gives up after its retries).
      if (usageStore === store) throw err
      await printError(io, `--redis ${shownValue(flags.redis ?? '')}: cannot read the counters: ${err instanceof Error ? err.message : String(err)}`)
      return EXIT_BAD_INPUT
    } finally {
      if (usageStore !== store) await usageStore.close()
    }
    io.stdout.write(
      JSON.stringify({
        id,
        minute: now.toISOString().slice(0, 16) + 'Z',
        thisMinute: usage.minute,
        ratePerMinute: key.ratePerMinute ?? null,
        month: now.toISOString().slice(0, 7),
        thisMonth: usage.month,
        quotaPerMonth: key.quotaPerMonth ?? null,
      }) + '\n',
    )
    return EXIT_OK
  })
}

export function registerKeys(program: Command, io: CliIO, setExit: (code: number) => void): void {
  const keys = program.command('keys').description('Manage the API keys of einvoice serve')
  const dbOption = ['--db <file>', 'SQLite file of API keys and usage', 'einvoice-keys.db'] as const
  keys
    .command('create')
    .description('Create a key and print it once')
    .requiredOption('--env <env>', 'test (sandbox) or live', (v: string) => {
      if (v !== 'test' && v !== 'live') throw new InvalidArgumentError('expected test or live')
      return v
    })
    .option('--rate <n>', 'requests per minute (default unlimited)', intArg(1))
    .option('--quota <n>', 'requests per calendar month, UTC (default unlimited)', intArg(1))
    .option('--expires <date>', 'last day of validity (UTC), or an ISO date-time (UTC unless it names a zone)')
    .option('--endpoints <names>', 'comma-separated operations the key may call (default all)', endpointList)
    .option('--key-prefix <prefix>', 'the <PREFIX> of the key (must match serve --key-prefix): 1–12 lower-case letters/digits, optionally ending in _ or -', 'ei_')
    .option(...dbOption)
    .action(async (flags: CreateFlags) => setExit(await runKeysCreate(flags, io)))
  keys
    .command('list')
    .description('List keys (never the keys themselves)')
    .option('--json', 'print JSON')
    .option(...dbOption)
    .action(async (flags: StoreFlags & { json?: boolean }) => setExit(await runKeysList(flags, io)))
  keys
    .command('revoke')
    .description('Revoke a key by id')
    .argument('<id>', 'key id (k_…) from keys list')
    .option(...dbOption)
    .action(async (id: string, flags: StoreFlags) => setExit(await runKeysRevoke(id, flags, io)))
  keys
    .command('usage')
    .description('Requests counted for a key this minute and this month')
    .argument('<id>', 'key id (k_…) from keys list')
    .option(...dbOption)
    .option('--redis <url>', 'read the counters from Redis (when serve runs with --redis)', nonEmptyArg)
    .action(async (id: string, flags: StoreFlags) => setExit(await runKeysUsage(id, flags, io)))
}
