/**
 * The embedded store: one SQLite file (better-sqlite3) holds the keys and their usage. Every
 * counted request is a committed transaction before the response is sent; WAL mode keeps that
 * cheap, and a killed process loses nothing that was counted (the WAL is replayed on open).
 * @module
 */
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import type { Environment } from '../gateway/key-format.js'
import {
  type KeyRecord,
  type KeyStore,
  type Limits,
  type NewKey,
  type Usage,
  type UsageDecision,
  type UsageStore,
  minuteOf,
  monthOf,
} from './types.js'

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  hash BLOB NOT NULL UNIQUE,
  environment TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT,
  rate_per_minute INTEGER,
  quota_per_month INTEGER,
  endpoints TEXT
);
CREATE TABLE IF NOT EXISTS usage_minute (
  key_id TEXT PRIMARY KEY,
  minute INTEGER NOT NULL,
  count INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS usage_month (
  key_id TEXT NOT NULL,
  month TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key_id, month)
);
`

type KeyRow = {
  id: string
  hash: Buffer
  environment: string
  created_at: string
  expires_at: string | null
  revoked_at: string | null
  rate_per_minute: number | null
  quota_per_month: number | null
  endpoints: string | null
}

function toRecord(row: KeyRow): KeyRecord {
  return {
    id: row.id,
    hash: row.hash,
    environment: row.environment as Environment,
    createdAt: row.created_at,
    expiresAt: row.expires_at ?? undefined,
    revokedAt: row.revoked_at ?? undefined,
    ratePerMinute: row.rate_per_minute ?? undefined,
    quotaPerMonth: row.quota_per_month ?? undefined,
    endpoints: row.endpoints === null ? undefined : row.endpoints.split(','),
  }
}

/**
 * Key lookups are cached this long: a revocation or expiry made by another process (`einvoice keys
 * revoke`) takes effect within this time; one made through this store object at once.
 */
export const KEY_CACHE_MS = 1000
const KEY_CACHE_MAX = 10_000

export class SqliteStore implements KeyStore, UsageStore {
  private readonly db: Database.Database
  private readonly q
  private readonly keyCache = new Map<string, { record: KeyRecord | undefined; at: number }>()

  /** @param file path of the database file (created if absent); `:memory:` for tests. */
  constructor(readonly file: string) {
    this.db = new Database(file)
    this.db.pragma('journal_mode = WAL')
    // NORMAL: a commit survives a crash of this process (kill -9); only an OS crash or power loss
    // may drop the last commits. FULL would fsync every request.
    this.db.pragma('synchronous = NORMAL')
    // Several processes may share the file (keys CLI + server): wait for a lock instead of failing.
    this.db.pragma('busy_timeout = 5000')
    this.db.exec(SCHEMA)
    const db = this.db
    this.q = {
      byHash: db.prepare<[Buffer], KeyRow>('SELECT * FROM api_keys WHERE hash = ?'),
      byId: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?'),
      all: db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM api_keys'),
      insert: db.prepare(
        `INSERT INTO api_keys (id, hash, environment, created_at, expires_at, rate_per_minute, quota_per_month, endpoints)
         VALUES (@id, @hash, @environment, @createdAt, @expiresAt, @rate, @quota, @endpoints)`,
      ),
      revoke: db.prepare<[string, string]>('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?'),
      minute: db.prepare<[string], { minute: number; count: number }>('SELECT minute, count FROM usage_minute WHERE key_id = ?'),
      month: db.prepare<[string, string], { count: number }>('SELECT count FROM usage_month WHERE key_id = ? AND month = ?'),
      bumpMinute: db.prepare<[{ keyId: string; minute: number }]>(
        `INSERT INTO usage_minute (key_id, minute, count) VALUES (@keyId, @minute, 1)
         ON CONFLICT (key_id) DO UPDATE SET count = CASE WHEN minute = @minute THEN count + 1 ELSE 1 END, minute = @minute`,
      ),
      bumpMonth: db.prepare<[string, string]>(
        `INSERT INTO usage_month (key_id, month, count) VALUES (?, ?, 1)
         ON CONFLICT (key_id, month) DO UPDATE SET count = count + 1`,
      ),
    }
    // IMMEDIATE takes the write lock first, so two processes on one file cannot both pass a check.
    this.consumeTx = this.db.transaction((keyId: string, limits: Limits, now: Date) => this.consumeNow(keyId, limits, now)).immediate
  }

  private readonly consumeTx: (keyId: string, limits: Limits, now: Date) => UsageDecision

  findByHash(hash: Buffer): KeyRecord | undefined {
    const cacheKey = hash.toString('base64')
    const now = Date.now()
    const hit = this.keyCache.get(cacheKey)
    if (hit !== undefined && now - hit.at < KEY_CACHE_MS) return hit.record
    const row = this.q.byHash.get(hash)
    const record = row === undefined ? undefined : toRecord(row)
    if (this.keyCache.size >= KEY_CACHE_MAX) this.keyCache.clear()
    this.keyCache.set(cacheKey, { record, at: now })
    return record
  }

  get(id: string): KeyRecord | undefined {
    const row = this.q.byId.get(id)
    return row === undefined ? undefined : toRecord(row)
  }

  create(key: NewKey): KeyRecord {
    const id = `k_${randomBytes(5).toString('hex')}`
    const createdAt = key.createdAt ?? new Date().toISOString()
    this.q.insert.run({
      id,
      hash: key.hash,
      environment: key.environment,
      createdAt,
      expiresAt: key.expiresAt ?? null,
      rate: key.ratePerMinute ?? null,
      quota: key.quotaPerMonth ?? null,
      endpoints: key.endpoints === undefined ? null : key.endpoints.join(','),
    })
    this.keyCache.clear()
    return { ...key, id, createdAt }
  }

  list(): KeyRecord[] {
    return this.q.all.all().map(toRecord)
  }

  revoke(id: string, at: Date): boolean {
    this.keyCache.clear()
    return this.q.revoke.run(at.toISOString(), id).changes > 0
  }

  count(): number {
    return this.q.count.get()?.n ?? 0
  }

  private consumeNow(keyId: string, limits: Limits, now: Date): UsageDecision {
    const minute = minuteOf(now)
    const month = monthOf(now)
    const minuteRow = this.q.minute.get(keyId)
    const minuteCount = minuteRow !== undefined && minuteRow.minute === minute ? minuteRow.count : 0
    const monthCount = this.q.month.get(keyId, month)?.count ?? 0
    // Quota before rate: when the month is used up, that is the lasting reason to report.
    if (limits.quotaPerMonth !== undefined && monthCount >= limits.quotaPerMonth) {
      return { outcome: 'QUOTA_EXHAUSTED', minuteCount, monthCount }
    }
    if (limits.ratePerMinute !== undefined && minuteCount >= limits.ratePerMinute) {
      return { outcome: 'RATE_LIMITED', minuteCount, monthCount }
    }
    this.q.bumpMinute.run({ keyId, minute })
    this.q.bumpMonth.run(keyId, month)
    return { outcome: 'OK', minuteCount: minuteCount + 1, monthCount: monthCount + 1 }
  }

  consume(keyId: string, limits: Limits, now: Date): Promise<UsageDecision> {
    try {
      return Promise.resolve(this.consumeTx(keyId, limits, now))
    } catch (err) {
      return Promise.reject(err as Error)
    }
  }

  usage(keyId: string, now: Date): Promise<Usage> {
    const row = this.q.minute.get(keyId)
    const minute = row !== undefined && row.minute === minuteOf(now) ? row.count : 0
    return Promise.resolve({ minute, month: this.q.month.get(keyId, monthOf(now))?.count ?? 0 })
  }

  close(): Promise<void> {
    if (this.db.open) this.db.close()
    return Promise.resolve()
  }
}
