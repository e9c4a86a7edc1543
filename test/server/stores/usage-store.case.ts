/**
 * The rate-limit and quota behaviour every UsageStore must show; run against SQLite and Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UsageStore } from '../../../src/server/stores/types.js'

export type StoreFactory = () => Promise<{ store: UsageStore; cleanup(): Promise<void> }>

let serial = 0
const freshKey = () => `k_case${process.pid}_${serial++}_${Date.now()}`
const at = (iso: string) => new Date(iso)

export function runUsageStoreCases(name: string, factory: StoreFactory): void {
  describe(`${name}: rate limits and quotas`, () => {
    let store: UsageStore
    let cleanup: () => Promise<void>
    beforeAll(async () => {
      ;({ store, cleanup } = await factory())
    })
    afterAll(async () => {
      await cleanup()
    })

    it('counts allowed requests per minute and per month', async () => {
      const key = freshKey()
      const t = at('2026-05-10T12:00:10Z')
      expect(await store.consume(key, {}, t)).toEqual({ outcome: 'OK', minuteCount: 1, monthCount: 1 })
      expect(await store.consume(key, {}, t)).toEqual({ outcome: 'OK', minuteCount: 2, monthCount: 2 })
      expect(await store.usage(key, t)).toEqual({ minute: 2, month: 2 })
      expect(await store.usage(key, at('2026-05-10T12:01:00Z'))).toEqual({ minute: 0, month: 2 })
    })

    it('lets N requests a minute through, refuses the rest without counting them, resets next minute', async () => {
      const key = freshKey()
      const t = at('2026-05-10T12:00:00Z')
      const outcomes = []
      for (let i = 0; i < 5; i++) outcomes.push((await store.consume(key, { ratePerMinute: 3 }, t)).outcome)
      expect(outcomes).toEqual(['OK', 'OK', 'OK', 'RATE_LIMITED', 'RATE_LIMITED'])
      expect(await store.usage(key, t)).toEqual({ minute: 3, month: 3 })
      expect(await store.consume(key, { ratePerMinute: 3 }, at('2026-05-10T12:01:00Z'))).toEqual({ outcome: 'OK', minuteCount: 1, monthCount: 4 })
    })

    it('refuses past the monthly quota in every minute, and resets with the calendar month (UTC)', async () => {
      const key = freshKey()
      for (let i = 0; i < 2; i++) expect((await store.consume(key, { quotaPerMonth: 2 }, at(`2026-05-31T23:5${i}:00Z`))).outcome).toBe('OK')
      expect(await store.consume(key, { quotaPerMonth: 2 }, at('2026-05-31T23:59:59Z'))).toEqual({ outcome: 'QUOTA_EXHAUSTED', minuteCount: 0, monthCount: 2 })
      expect((await store.consume(key, { quotaPerMonth: 2 }, at('2026-06-01T00:00:00Z'))).outcome).toBe('OK')
    })

    it('reports the quota before the rate when both are used up', async () => {
      const key = freshKey()
      const t = at('2026-05-10T12:00:00Z')
      expect((await store.consume(key, { ratePerMinute: 1, quotaPerMonth: 1 }, t)).outcome).toBe('OK')
      expect((await store.consume(key, { ratePerMinute: 1, quotaPerMonth: 1 }, t)).outcome).toBe('QUOTA_EXHAUSTED')
    })

    it('keeps keys apart', async () => {
      const [a, b] = [freshKey(), freshKey()]
      const t = at('2026-05-10T12:00:00Z')
      expect((await store.consume(a, { ratePerMinute: 1 }, t)).outcome).toBe('OK')
      expect((await store.consume(b, { ratePerMinute: 1 }, t)).outcome).toBe('OK')
      expect((await store.consume(a, { ratePerMinute: 1 }, t)).outcome).toBe('RATE_LIMITED')
    })

    it('lets exactly N of many concurrent requests through', async () => {
      const key = freshKey()
      const t = at('2026-05-10T12:00:00Z')
      const results = await Promise.all(Array.from({ length: 40 }, () => store.consume(key, { ratePerMinute: 7 }, t)))
      expect(results.filter((r) => r.outcome === 'OK')).toHaveLength(7)
      expect(await store.usage(key, t)).toEqual({ minute: 7, month: 7 })
    })
  })
}
