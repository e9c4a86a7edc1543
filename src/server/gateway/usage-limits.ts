/**
 * The per-key rate limit (requests per UTC minute) and monthly quota (per calendar month UTC).
 * One check for both because one store call must decide both atomically: a request is
 * counted only when neither is exhausted, and two instances can never both let the N+1st through.
 * Headers follow draft-ietf-httpapi-ratelimit-headers (RateLimit-Limit/Remaining/Reset) and
 * RFC 9110 §10.2.3 (Retry-After, seconds).
 * @module
 */
import type { Context } from 'hono'
import type { ServerEnv } from '../context.js'
import { GatewayRefusal } from '../errors.js'
import { responseHeaders } from '../response-headers.js'
import { type UsageDecision, type UsageStore, secondsToNextMinute, secondsToNextMonth } from '../stores/types.js'

export type UsageLimitsOptions = {
  usage: UsageStore
  /** @default () => new Date() */
  clock?: (() => Date) | undefined
}

/** Decides and counts one request of the accepted key; resolves to the refusal or undefined. */
export type UsageCheck = (c: Context<ServerEnv>) => Promise<GatewayRefusal | undefined>

/**
 * Remaining is what can pass before a refusal, and Reset when that changes: the minute's count,
 * or the month's when the quota runs out first (then Reset = the 429's Retry-After). Before,
 * the minute alone was shown: a QUOTA_EXHAUSTED 429 said "2 remaining, reset in 56 s" beside
 * "Retry-After: 516896", and a client that trusted the headers was refused again.
 */
function rateLimitHeaders(rate: number, quota: number | undefined, decision: UsageDecision, now: Date): Record<string, string> {
  const minuteLeft = Math.max(0, rate - decision.minuteCount)
  const monthLeft = quota === undefined ? Number.POSITIVE_INFINITY : Math.max(0, quota - decision.monthCount)
  const monthBinds = decision.outcome === 'QUOTA_EXHAUSTED' || monthLeft <= minuteLeft
  return {
    'ratelimit-limit': String(rate),
    'ratelimit-remaining': String(monthBinds ? monthLeft : minuteLeft),
    'ratelimit-reset': String(monthBinds ? secondsToNextMonth(now) : secondsToNextMinute(now)),
  }
}

export function usageCheck(options: UsageLimitsOptions): UsageCheck {
  const { usage } = options
  const clock = options.clock ?? (() => new Date())
  return async function checkUsage(c) {
    const key = c.get('apiKey')
    if (key === undefined) throw new Error('the usage check runs after the key check')
    const now = clock()
    // The key record carries both limits: no Limits object per request.
    const decision = await usage.consume(key.id, key, now)
    // Keys without a rate limit (the common case) send no RateLimit-* headers.
    const rateHeaders = key.ratePerMinute === undefined ? undefined : rateLimitHeaders(key.ratePerMinute, key.quotaPerMonth, decision, now)
    if (decision.outcome === 'QUOTA_EXHAUSTED') {
      const message = `the monthly quota of ${key.quotaPerMonth} requests is used up until the end of the month (UTC)`
      return new GatewayRefusal('QUOTA_EXHAUSTED', message, { ...rateHeaders, 'retry-after': String(secondsToNextMonth(now)) })
    }
    if (decision.outcome === 'RATE_LIMITED') {
      const reset = String(secondsToNextMinute(now))
      const message = `the rate limit of ${key.ratePerMinute} requests per minute is reached; retry in ${reset} s`
      return new GatewayRefusal('RATE_LIMITED', message, { ...rateHeaders, 'retry-after': reset })
    }
    if (rateHeaders !== undefined) Object.assign(responseHeaders(c), rateHeaders)
    return undefined
  }
}
