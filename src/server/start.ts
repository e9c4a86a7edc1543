/**
 * `startServer(options)`: opens the stores, the worker pool and the HTTP listener, creates the
 * first sandbox key of an empty store, and shuts down gracefully (in-flight requests finish).
 * @module
 */
import { availableParallelism } from 'node:os'
import { setFlagsFromString } from 'node:v8'
import type { AddressInfo } from 'node:net'
import pino, { type Logger } from 'pino'
import { BASE_PATH, LOGGER, MAX_TIMER_MS, createApp } from './app.js'
import { callable, checkOptions, nonEmptyText, oneOf, type OptionSpec, positiveInteger, text, wholeNumber } from '../util/option-input.js'
import { createHttpServer } from './http-server.js'
import { OPERATIONS } from '../operations/registry.js'
import { DEFAULT_KEY_PREFIX, type Environment, checkPrefix, generateKey, hashKey } from './gateway/key-format.js'
import { BufferedLogWriter } from './log-writer.js'
import { SqliteStore } from './stores/sqlite-store.js'
import type { UsageStore } from './stores/types.js'
import { WorkerPool, findWorkerFile } from './worker-pool.js'

export type ServeEnvironments = 'live' | 'sandbox' | 'both'

export const ENVIRONMENTS_OF: Readonly<Record<ServeEnvironments, readonly Environment[]>> = {
  live: ['live'],
  sandbox: ['sandbox'],
  both: ['live', 'sandbox'],
}

export const DEFAULT_DB_FILE = 'einvoice-keys.db'

export type StartOptions = {
  /** @default '127.0.0.1' (local only; say --host 0.0.0.0 to expose it) */
  host?: string | undefined
  /** 0 picks a free port. @default 8080 */
  port?: number | undefined
  /** SQLite file of keys and usage. @default ./einvoice-keys.db */
  db?: string | undefined
  /** Redis URL: rate limits and quotas are counted there, shared by all instances. */
  redis?: string | undefined
  /** @default 'both' */
  env?: ServeEnvironments | undefined
  keyPrefix?: string | undefined
  maxBodyBytes?: number | undefined
  timeoutMs?: number | undefined
  /** Worker threads for heavy operations. @default os.availableParallelism() */
  workers?: number | undefined
  /**
   * How far V8's old generation may grow between full collections, in % of the live data
   * (`--heap-growing-percent`, process-wide). By default V8 lets it reach several times the live
   * size; under sustained load that growth was most of the server's RSS (165–179 MB peak, against
   * 133–139 MB at 100 % and 123–128 MB at 50 %, each costing some CPU: docs/server.md). `0`
   * leaves V8's own heuristics, as `serve --heap-growth 0` does.
   * @default V8's own heuristics
   */
  heapGrowthPercent?: number | undefined
  /** @default pino JSON lines to stderr */
  logger?: Logger | undefined
  /** Where one-time notices go (the first key). @default stderr */
  notice?: ((text: string) => void) | undefined
}

const START_OPTIONS: OptionSpec<StartOptions> = {
  host: nonEmptyText,
  port: wholeNumber(0, 65535),
  db: nonEmptyText,
  redis: nonEmptyText,
  env: oneOf(['live', 'sandbox', 'both']),
  keyPrefix: text,
  maxBodyBytes: positiveInteger,
  timeoutMs: wholeNumber(1, MAX_TIMER_MS),
  workers: wholeNumber(1, 256),
  heapGrowthPercent: wholeNumber(0, 1000),
  logger: LOGGER,
  notice: callable(),
}

export type RunningServer = {
  url: string
  port: number
  /** Stops accepting, lets in-flight requests finish, then closes stores and workers. */
  close(): Promise<void>
}

/** A statement's blocking wait for another process's lock while serving (sqlite-store.ts setLockWait). */
const SERVING_LOCK_WAIT_MS = 5

async function openUsage(redisUrl: string | undefined, sqlite: SqliteStore, logger: Logger): Promise<UsageStore> {
  if (redisUrl === undefined) return sqlite
  const { RedisUsageStore } = await import('./stores/redis-store.js')
  const store = new RedisUsageStore(redisUrl, { onError: (err) => logger.warn({ err: err.message }, 'redis connection error') })
  try {
    await store.ready()
  } catch (err) {
    await store.close()
    throw Object.assign(new Error(`cannot reach Redis at ${redisUrl}: ${err instanceof Error ? err.message : String(err)}`, { cause: err }), { code: 'EINVOICE_REDIS' })
  }
  return store
}

function ensureFirstKey(store: SqliteStore, environments: readonly Environment[], prefix: string, notice: (text: string) => void): void {
  if (store.count() > 0) return
  // The sandbox is the safe place to start; a live-only server gets a live key instead.
  const environment: Environment = environments.includes('sandbox') ? 'sandbox' : 'live'
  const key = generateKey(prefix, environment)
  const record = store.create({ hash: hashKey(key), environment })
  notice(
    `einvoice serve: the key store ${store.file} was empty, so a ${environment} key (${record.id}) was created:\n\n` +
      `  ${key}\n\nIt is shown only this once. Use it as "Authorization: Bearer <key>" or "apikey: <key>".\n`,
  )
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  options = checkOptions(options, 'options', START_OPTIONS)
  const environments = ENVIRONMENTS_OF[options.env ?? 'both']
  const prefix = checkPrefix(options.keyPrefix ?? DEFAULT_KEY_PREFIX)
  // V8 reads this flag at every full collection, so it takes effect in a running process.
  if (options.heapGrowthPercent !== undefined && options.heapGrowthPercent !== 0) setFlagsFromString(`--heap-growing-percent=${options.heapGrowthPercent}`)
  // JSON lines to stderr, written in blocks (log-writer.ts); close() writes the last ones.
  const logWriter = options.logger === undefined ? new BufferedLogWriter(2) : undefined
  // A start that fails, or an exit without close(), still leaves its log lines behind.
  const flushAtExit = () => logWriter?.flushSync()
  if (logWriter !== undefined) process.once('exit', flushAtExit)
  const logger = options.logger ?? pino({ base: { service: 'einvoice' } }, logWriter)
  const notice = options.notice ?? ((text: string) => process.stderr.write(text))
  const sqlite = new SqliteStore(options.db ?? DEFAULT_DB_FILE)
  try {
    // A damaged file opens; refused here, it is not a 503 on every request.
    sqlite.requireIntact()
  } catch (err) {
    await sqlite.close()
    throw err
  }
  const usage = await openUsage(options.redis, sqlite, logger).catch(async (err: unknown) => {
    await sqlite.close()
    throw err
  })
  ensureFirstKey(sqlite, environments, prefix, notice)
  // From here on a lock held by another process is waited for without blocking the event loop.
  sqlite.setLockWait(SERVING_LOCK_WAIT_MS)
  const workerFile = findWorkerFile()
  const pool = workerFile === undefined ? undefined : new WorkerPool({ size: options.workers ?? availableParallelism(), workerFile })
  if (pool === undefined) logger.warn('no compiled worker script found (run npm run build): heavy operations run on the main thread')

  const app = createApp({
    keys: sqlite,
    usage,
    keyPrefix: prefix,
    environments,
    maxBodyBytes: options.maxBodyBytes,
    timeoutMs: options.timeoutMs,
    logger,
    runHeavy: pool === undefined ? undefined : (op, input, deadline) => pool.run(op.name, input, deadline?.signal),
  })
  const errorMediaTypes = new Map(OPERATIONS.map((op) => [BASE_PATH + op.path, op.errorMediaType]))
  const server = createHttpServer(app.fetch, logger, (path) => errorMediaTypes.get(path))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const shownHost = host.includes(':') ? `[${host}]` : host
  const url = `http://${shownHost}:${port}${BASE_PATH}`
  logger.info(
    { url, environments, store: sqlite.file, redis: options.redis !== undefined, workers: options.workers, heapGrowthPercent: options.heapGrowthPercent },
    'listening',
  )

  let closing: Promise<void> | undefined
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      logger.info('shutting down: finishing in-flight requests')
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // Keep-alive connections that fall idle after their last response are closed as they go.
      const idle = setInterval(() => server.closeIdleConnections(), 100)
      await closed
      clearInterval(idle)
      await pool?.close()
      if (usage !== sqlite) await usage.close()
      await sqlite.close()
      logger.info('stopped')
      if (logWriter !== undefined) {
        await logWriter.close()
        process.off('exit', flushAtExit)
      } else logger.flush()
    })())
  return { url, port, close }
}
