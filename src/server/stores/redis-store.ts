/**
 * Usage counters in Redis, so several `einvoice serve` instances share one key's limits exactly.
 * The check-and-count runs as one Lua script (atomic on the Redis server); keys are
 * `<ns>:m:<keyId>:<minute>` and `<ns>:q:<keyId>:<YYYY-MM>` with an expiry past their window.
 * @module
 */
import { Redis } from 'ioredis'
import { argumentError } from '../../util/byte-input.js'
import { callable, checkOptions, nonEmptyText, type OptionSpec, positiveInteger } from '../../util/option-input.js'
import { type Limits, type Usage, type UsageDecision, type UsageOutcome, type UsageStore, minuteOf, monthOf } from './types.js'

// KEYS[1] minute counter, KEYS[2] month counter; ARGV: rate, quota (-1 = unlimited), their TTLs.
// Same order as the SQLite store: quota, then rate; count only an allowed request.
const CONSUME_LUA = `
local month = tonumber(redis.call('GET', KEYS[2]) or '0')
local minute = tonumber(redis.call('GET', KEYS[1]) or '0')
local rate = tonumber(ARGV[1])
local quota = tonumber(ARGV[2])
if quota >= 0 and month >= quota then return {2, minute, month} end
if rate >= 0 and minute >= rate then return {1, minute, month} end
minute = redis.call('INCR', KEYS[1])
if minute == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
month = redis.call('INCR', KEYS[2])
if month == 1 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
return {0, minute, month}
`

const OUTCOMES: readonly UsageOutcome[] = ['OK', 'RATE_LIMITED', 'QUOTA_EXHAUSTED']
/** A minute counter lives two windows (clock skew between instances); a month one 35 days. */
const MINUTE_TTL_S = 120
const MONTH_TTL_S = 35 * 24 * 3600

type RedisWithConsume = Redis & {
  einvoiceConsume(minuteKey: string, monthKey: string, rate: number, quota: number, ttlMinute: number, ttlMonth: number): Promise<[number, number, number]>
}

export type RedisStoreOptions = {
  /** Namespace of all keys this store writes. @default 'einvoice' */
  namespace?: string | undefined
  /** Connection errors (ioredis reconnects by itself). @default ignored */
  onError?: ((err: Error) => void) | undefined
  /**
   * How long one command may take, queued while Redis is away included, before it fails (the
   * server then answers 503 STORE_UNAVAILABLE). @default 2000
   */
  commandTimeoutMs?: number | undefined
}

const REDIS_STORE_OPTIONS: OptionSpec<RedisStoreOptions> = { namespace: nonEmptyText, onError: callable(), commandTimeoutMs: positiveInteger }

export class RedisUsageStore implements UsageStore {
  private readonly redis: RedisWithConsume
  private readonly ns: string

  /** @param url e.g. `redis://127.0.0.1:6379/0`. */
  constructor(url: string, options: RedisStoreOptions = {}) {
    // ioredis reads a number as a port and an object as its own options: only a URL is meant here.
    if (!nonEmptyText.test(url, 'url')) throw argumentError(url, 'url', 'a Redis URL such as redis://127.0.0.1:6379')
    options = checkOptions(options, 'options', REDIS_STORE_OPTIONS)
    this.ns = options.namespace ?? 'einvoice'
    // A command fails after commandTimeout however Redis is away: down (reconnecting, the command
    // queued), or up but not answering (a paused or overloaded server, where no retry limit helps).
    // Auto-pipelining sends the scripts of concurrent requests in one write (each stays atomic
    // on the Redis server), instead of one round trip per request.
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      commandTimeout: options.commandTimeoutMs ?? 2000,
      enableOfflineQueue: true,
      lazyConnect: false,
      enableAutoPipelining: true,
    }) as RedisWithConsume
    // Without a listener ioredis prints every reconnect failure to the console.
    this.redis.on('error', options.onError ?? (() => undefined))
    this.redis.defineCommand('einvoiceConsume', { numberOfKeys: 2, lua: CONSUME_LUA })
  }

  /**
   * Resolves once connected; rejects with the connection error (bad URL, server down), or when
   * the URL's database does not exist (ioredis only reports that as an event, then uses
   * database 0).
   */
  async ready(): Promise<void> {
    await this.redis.ping()
    const db = this.redis.options.db ?? 0
    if (db !== 0) await this.redis.select(db)
  }

  private keys(keyId: string, now: Date): [string, string] {
    return [`${this.ns}:m:${keyId}:${minuteOf(now)}`, `${this.ns}:q:${keyId}:${monthOf(now)}`]
  }

  async consume(keyId: string, limits: Limits, now: Date): Promise<UsageDecision> {
    const [minuteKey, monthKey] = this.keys(keyId, now)
    const [code, minuteCount, monthCount] = await this.redis.einvoiceConsume(
      minuteKey,
      monthKey,
      limits.ratePerMinute ?? -1,
      limits.quotaPerMonth ?? -1,
      MINUTE_TTL_S,
      MONTH_TTL_S,
    )
    return { outcome: OUTCOMES[code] ?? 'OK', minuteCount, monthCount }
  }

  async usage(keyId: string, now: Date): Promise<Usage> {
    const [minute, month] = await this.redis.mget(...this.keys(keyId, now))
    return { minute: Number(minute ?? 0), month: Number(month ?? 0) }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}
