/**
 * What the gateway needs from its stores: keys (by hash) and usage counters. The SQLite store
 * implements both; the Redis store takes over the counters so several instances share them.
 * @module
 */
import type { Environment } from '../gateway/key-format.js'

export type KeyRecord = {
  /** Public id (`k_…`): what logs, `keys list` and `keys revoke` use. Never the key. */
  id: string
  /** SHA-256 of the key text. */
  hash: Buffer
  environment: Environment
  createdAt: string
  /** ISO date-time from which the key answers KEY_EXPIRED. */
  expiresAt?: string | undefined
  revokedAt?: string | undefined
  /** Requests per minute (fixed UTC minute window); undefined = unlimited. */
  ratePerMinute?: number | undefined
  /** Requests per calendar month (UTC); undefined = unlimited. */
  quotaPerMonth?: number | undefined
  /** Operation names (lower case) the key may call; undefined = all. */
  endpoints?: readonly string[] | undefined
}

export type NewKey = Omit<KeyRecord, 'id' | 'createdAt' | 'revokedAt'> & { createdAt?: string | undefined }

export interface KeyStore {
  findByHash(hash: Buffer): KeyRecord | undefined
  get(id: string): KeyRecord | undefined
  create(key: NewKey): KeyRecord
  list(): KeyRecord[]
  /** @returns false when no key has this id. */
  revoke(id: string, at: Date): boolean
  count(): number
}

export type Limits = { ratePerMinute?: number | undefined; quotaPerMonth?: number | undefined }

export type UsageOutcome = 'OK' | 'RATE_LIMITED' | 'QUOTA_EXHAUSTED'

export type UsageDecision = {
  outcome: UsageOutcome
  /** Requests counted in the current minute (after this one when OK). */
  minuteCount: number
  /** Requests counted in the current month (after this one when OK). */
  monthCount: number
}

export type Usage = { minute: number; month: number }

export interface UsageStore {
  /**
   * Checks the quota, then the rate, and counts the request only when both allow it; atomic,
   * and durable before it resolves (the request is answered only after it is counted).
   */
  consume(keyId: string, limits: Limits, now: Date): Promise<UsageDecision>
  usage(keyId: string, now: Date): Promise<Usage>
  close(): Promise<void>
}

/** Fixed windows in UTC: the minute number since the epoch and the calendar month `YYYY-MM`. */
export function minuteOf(now: Date): number {
  return Math.floor(now.getTime() / 60_000)
}

// A month starts on a whole UTC minute, so one minute has one month: toISOString once per minute,
// not on every counted request.
let memoMinute = Number.NaN
let memoMonth = ''

export function monthOf(now: Date): string {
  const minute = minuteOf(now)
  if (minute !== memoMinute) {
    memoMonth = now.toISOString().slice(0, 7)
    memoMinute = minute
  }
  return memoMonth
}

/** Seconds until the current minute window ends (≥ 1). */
export function secondsToNextMinute(now: Date): number {
  return Math.max(1, Math.ceil(((minuteOf(now) + 1) * 60_000 - now.getTime()) / 1000))
}

/** Seconds until the next calendar month starts in UTC (≥ 1). */
export function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000))
}
