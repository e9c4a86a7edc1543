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
import { type UsageStore, secondsToNextMinute, secondsToNextMonth } from '../stores/types.js'

export type UsageLimitsOptions = {
  usage: UsageStore
  /** @default () => new Date() */
  clock?: (() => Date) | undefined
}

/** Decides and counts one request of the accepted key; resolves to the refusal or undefined. */
export type UsageCheck = (c: Context<ServerEnv>) => Promise<GatewayRefusal | undefined>

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
    const rateHeaders: Record<string, string> | undefined =
      key.ratePerMinute === undefined
        ? undefined
        : {
            'ratelimit-limit': String(key.ratePerMinute),
            'ratelimit-remaining': String(Math.max(0, key.ratePerMinute - decision.minuteCount)),
            'ratelimit-reset': String(secondsToNextMinute(now)),
          }
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
