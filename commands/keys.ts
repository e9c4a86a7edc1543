/**
 * `einvoice keys create|list|revoke|usage`: API keys of `einvoice serve`. A key is printed once,
 * when it is created; the store keeps only its SHA-256.
 * @module
 */
import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { InvalidArgumentError } from 'commander'
import type { SqliteStore } from '../src/server/stores/sqlite-store.js'
import type { UsageStore } from '../src/server/stores/types.js'
import { intArg } from './serve.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, printError } from './output.js'

type StoreFlags = { db: string; redis?: string }
type CreateFlags = StoreFlags & { env: 'test' | 'live'; rate?: number; quota?: number; expires?: string; endpoints?: string[]; keyPrefix: string }

/** `2026-12-31` (the key works through that day, UTC) or a full ISO date-time. */
export function parseExpiry(text: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const ms = day === null ? Date.parse(text) : Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + 1)
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(ms)) throw new InvalidArgumentError('expected a date such as 2026-12-31 or 2026-12-31T18:00:00Z')
  return new Date(ms).toISOString()
}

function endpointList(text: string): string[] {
  const names = text.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '')
  if (names.length === 0) throw new InvalidArgumentError('expected operation names such as calculate,ping')
  return names
}

/**
 * The key store of `--db`, or undefined after saying why not. Only `keys create` (and `serve`)
 * make a new one: listing or revoking in a mistyped path must not answer from an empty store.
 */
async function openStore(flags: StoreFlags, io: CliIO, mayCreate: boolean): Promise<SqliteStore | undefined> {
  if (!mayCreate && !existsSync(flags.db)) {
    await printError(io, `--db ${flags.db}: no key store there (einvoice serve and einvoice keys create make one)`)
    return undefined
  }
  const { SqliteStore } = await import('../src/server/stores/sqlite-store.js')
  try {
    return new SqliteStore(flags.db)
  } catch (err) {
    await printError(io, `--db ${flags.db}: cannot open the key store: ${(err as Error).message}`)
    return undefined
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
  const { checkPrefix, generateKey, hashKey } = await import('../src/server/gateway/key-format.js')
  const environment = flags.env === 'live' ? 'live' : 'sandbox'
  const key = generateKey(checkPrefix(flags.keyPrefix), environment)
  const store = await openStore(flags, io, true)
  if (store === undefined) return EXIT_BAD_INPUT
  try {
    const record = store.create({
      hash: hashKey(key),
      environment,
      ratePerMinute: flags.rate,
      quotaPerMonth: flags.quota,
      expiresAt: flags.expires,
      endpoints: flags.endpoints,
    })
    io.stdout.write(`${key}\n`)
    io.stderr.write(`created ${environment} key ${record.id}; the key above is shown only this once\n`)
  } finally {
    await store.close()
  }
  return EXIT_OK
}

const limit = (n: number | undefined): string => (n === undefined ? 'unlimited' : String(n))

export async function runKeysList(flags: StoreFlags & { json?: boolean }, io: CliIO): Promise<number> {
  const store = await openStore(flags, io, false)
  if (store === undefined) return EXIT_BAD_INPUT
  try {
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
  } finally {
    await store.close()
  }
  return EXIT_OK
}

export async function runKeysRevoke(id: string, flags: StoreFlags, io: CliIO): Promise<number> {
  const store = await openStore(flags, io, false)
  if (store === undefined) return EXIT_BAD_INPUT
  try {
    if (!store.revoke(id, new Date())) {
      await printError(io, `no key with id ${id} (see einvoice keys list)`)
      return EXIT_BAD_INPUT
    }
    io.stderr.write(`revoked ${id}\n`)
  } finally {
    await store.close()
  }
  return EXIT_OK
}

export async function runKeysUsage(id: string, flags: StoreFlags, io: CliIO): Promise<number> {
  const store = await openStore(flags, io, false)
  if (store === undefined) return EXIT_BAD_INPUT
  try {
    const key = store.get(id)
    if (key === undefined) {
      await printError(io, `no key with id ${id} (see einvoice keys list)`)
      return EXIT_BAD_INPUT
    }
    let usageStore: UsageStore = store
    if (flags.redis !== undefined) {
      const { RedisUsageStore } = await import('../src/server/stores/redis-store.js')
      usageStore = new RedisUsageStore(flags.redis)
    }
    const now = new Date()
    try {
      const usage = await usageStore.usage(id, now)
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
    } finally {
      if (usageStore !== store) await usageStore.close()
    }
  } finally {
    await store.close()
  }
  return EXIT_OK
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
    .option('--expires <date>', 'last day of validity (UTC) or an ISO date-time', parseExpiry)
    .option('--endpoints <names>', 'comma-separated operations the key may call (default all)', endpointList)
    .option('--key-prefix <prefix>', 'the <PREFIX> of the key (must match serve --key-prefix)', 'ei_')
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
    .option('--redis <url>', 'read the counters from Redis (when serve runs with --redis)')
    .action(async (id: string, flags: StoreFlags) => setExit(await runKeysUsage(id, flags, io)))
}
