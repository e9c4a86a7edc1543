/**
 * The embedded store: one SQLite file (better-sqlite3) holds the keys and their usage. Every
 * counted request is committed before the response is sent, and a killed process loses nothing
 * that was counted (the WAL is replayed on open). Concurrent requests share one commit (group
 * commit): each batch is one IMMEDIATE transaction that reads each key's counters once, decides
 * every request of the batch in arrival order, and writes the final counts.
 * @module
 */
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import type { Environment } from '../gateway/key-format.js'
import { GroupCommit } from './group-commit.js'
import { argumentError } from '../../util/byte-input.js'
import { nonEmptyText } from '../../util/option-input.js'
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
CREATE TABLE IF NOT EXISTS usage_per_minute (
  key_id TEXT NOT NULL,
  minute INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key_id, minute)
);
CREATE TABLE IF NOT EXISTS usage_month (
  key_id TEXT NOT NULL,
  month TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key_id, month)
);
`

/**
 * Until session 34 one row per key held the current minute's count (`usage_minute`). A request
 * stamped 10:00 and committed after one of 10:01 (two servers' clocks apart, or a wait for the
 * lock across the minute) then started 10:00 again from 0 and overwrote 10:01's count, so a
 * minute could pass more than its limit. Each minute now has its own row; an old file's rows are
 * moved over once.
 */
const MIGRATE_MINUTE_ROWS = `
INSERT OR IGNORE INTO usage_per_minute (key_id, minute, count) SELECT key_id, minute, count FROM usage_minute;
DROP TABLE usage_minute;
`

/** Minute rows older than this many minutes are deleted as their key is counted again. */
const MINUTE_ROWS_KEPT = 2

type UsageRequest = { keyId: string; limits: Limits; now: Date }

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

/** How long a batch of counted requests keeps retrying a locked database before it fails. */
export const USAGE_LOCK_WAIT_MS = 5000

/**
 * The first problem `PRAGMA quick_check` finds in an open database, or undefined when it finds
 * none. SQLite reads a page only when a query needs it: a file damaged past its first pages opens,
 * and a server on it failed request by request. The check reads every page (milliseconds for a
 * key store).
 */
export function quickCheckProblem(db: Database.Database): string | undefined {
  const found = db.pragma('quick_check', { simple: false }) as { quick_check: string }[]
  const first = found[0]?.quick_check ?? 'ok'
  // "*** in database main ***\nTree 3 page 3: btreeInitPage() returns error code 11"
  return first === 'ok' ? undefined : first.replace(/^\*\*\* in database \w+ \*\*\*\n/, '')
}

/** SQLITE_BUSY and SQLITE_LOCKED (and their extended codes): another connection holds the lock. */
function isLocked(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
}

export class SqliteStore implements KeyStore, UsageStore {
  private readonly db: Database.Database
  private readonly q
  private readonly keyCache = new Map<string, { record: KeyRecord | undefined; at: number }>()

  /** @param file path of the database file (created if absent); `:memory:` for tests. */
  constructor(readonly file: string) {
    // better-sqlite3 opens a temporary database for null: keys that vanish on close.
    if (!nonEmptyText.test(file, 'file')) throw argumentError(file, 'file', `${nonEmptyText.expected} (a file path, or ':memory:')`)
    this.db = new Database(file)
    this.db.pragma('journal_mode = WAL')
    // NORMAL: a commit survives a crash of this process (kill -9); only an OS crash or power loss
    // may drop the last commits. FULL would fsync every request.
    this.db.pragma('synchronous = NORMAL')
    // Several processes may share the file (keys CLI + server): wait for a lock instead of failing.
    this.setLockWait(5000)
    this.db.exec(SCHEMA)
    const oldMinuteTable = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'usage_minute'").get() !== undefined
    if (oldMinuteTable) this.db.transaction(() => this.db.exec(MIGRATE_MINUTE_ROWS)).immediate()
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
      minute: db.prepare<[string, number], { count: number }>('SELECT count FROM usage_per_minute WHERE key_id = ? AND minute = ?'),
      month: db.prepare<[string, string], { count: number }>('SELECT count FROM usage_month WHERE key_id = ? AND month = ?'),
      setMinute: db.prepare<[string, number, number]>(
        `INSERT INTO usage_per_minute (key_id, minute, count) VALUES (?, ?, ?)
         ON CONFLICT (key_id, minute) DO UPDATE SET count = excluded.count`,
      ),
      dropOldMinutes: db.prepare<[string, number]>('DELETE FROM usage_per_minute WHERE key_id = ? AND minute < ?'),
      setMonth: db.prepare<[string, string, number]>(
        `INSERT INTO usage_month (key_id, month, count) VALUES (?, ?, ?)
         ON CONFLICT (key_id, month) DO UPDATE SET count = excluded.count`,
      ),
    }
    // IMMEDIATE takes the write lock first, so two processes on one file cannot both pass a check.
    const consumeTx = this.db.transaction((requests: readonly UsageRequest[]) => this.consumeAll(requests)).immediate
    this.usageCommits = new GroupCommit(consumeTx, { retryable: isLocked, retryForMs: USAGE_LOCK_WAIT_MS })
  }

  private readonly usageCommits: GroupCommit<UsageRequest, UsageDecision>

  /** Throws a SQLITE_CORRUPT error when the file is damaged anywhere (see quickCheckProblem). */
  requireIntact(): void {
    const problem = quickCheckProblem(this.db)
    if (problem !== undefined) throw Object.assign(new Error(`database disk image is malformed (${problem})`), { code: 'SQLITE_CORRUPT' })
  }

  /**
   * How long one statement waits, blocking this thread, for a lock another process holds (5 s
   * from the start). A server sets it short once started: a counted request that meets a lock is
   * retried without blocking (for `USAGE_LOCK_WAIT_MS` in all), so one `einvoice keys` command
   * holding the file does not stall every request.
   */
  setLockWait(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0) throw argumentError(ms, 'ms', 'a whole number of milliseconds, 0 or more')
    this.db.pragma(`busy_timeout = ${ms}`)
  }

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

  /** Runs inside the transaction: the same decision, request by request, as one at a time. */
  private consumeAll(requests: readonly UsageRequest[]): UsageDecision[] {
    type Counter = { keyId: string; window: number | string; count: number; dirty: boolean }
    const minutes = new Map<string, Counter>()
    const months = new Map<string, Counter>()
    const counter = (map: Map<string, Counter>, keyId: string, window: number | string, read: () => number): Counter => {
      const mapKey = `${keyId}\n${window}`
      let found = map.get(mapKey)
      if (found === undefined) map.set(mapKey, (found = { keyId, window, count: read(), dirty: false }))
      return found
    }
    const decisions = requests.map(({ keyId, limits, now }) => {
      const minute = minuteOf(now)
      const month = monthOf(now)
      const minuteRow = counter(minutes, keyId, minute, () => this.q.minute.get(keyId, minute)?.count ?? 0)
      const monthRow = counter(months, keyId, month, () => this.q.month.get(keyId, month)?.count ?? 0)
      const minuteCount = minuteRow.count
      const monthCount = monthRow.count
      // Quota before rate: when the month is used up, that is the lasting reason to report.
      if (limits.quotaPerMonth !== undefined && monthCount >= limits.quotaPerMonth) {
        return { outcome: 'QUOTA_EXHAUSTED' as const, minuteCount, monthCount }
      }
      if (limits.ratePerMinute !== undefined && minuteCount >= limits.ratePerMinute) {
        return { outcome: 'RATE_LIMITED' as const, minuteCount, monthCount }
      }
      minuteRow.count++
      minuteRow.dirty = true
      monthRow.count++
      monthRow.dirty = true
      return { outcome: 'OK' as const, minuteCount: minuteRow.count, monthCount: monthRow.count }
    })
    const dropped = new Set<string>()
    for (const m of minutes.values()) {
      if (!m.dirty) continue
      this.q.setMinute.run(m.keyId, m.window as number, m.count)
      if (!dropped.has(m.keyId)) {
        dropped.add(m.keyId)
        this.q.dropOldMinutes.run(m.keyId, (m.window as number) - MINUTE_ROWS_KEPT)
      }
    }
    for (const m of months.values()) if (m.dirty) this.q.setMonth.run(m.keyId, m.window as string, m.count)
    return decisions
  }

  /** Resolves once the request is decided and, when counted, committed (with its batch). */
  consume(keyId: string, limits: Limits, now: Date): Promise<UsageDecision> {
    return this.usageCommits.submit({ keyId, limits, now })
  }

  usage(keyId: string, now: Date): Promise<Usage> {
    const minute = this.q.minute.get(keyId, minuteOf(now))?.count ?? 0
    return Promise.resolve({ minute, month: this.q.month.get(keyId, monthOf(now))?.count ?? 0 })
  }

  close(): Promise<void> {
    if (this.db.open) {
      this.usageCommits.flush({ final: true })
      this.db.close()
    }
    return Promise.resolve()
  }
}
