import { describe, expect, it } from 'vitest'
import { RedisUsageStore } from '../../../src/server/stores/redis-store.js'
import { hasRedis, noteIfNoRedis, startRedis } from '../../helpers/redis.js'
import { runUsageStoreCases } from './usage-store.case.js'

noteIfNoRedis('Redis store')

describe.skipIf(!hasRedis)('Redis store (real redis-server)', () => {
  runUsageStoreCases('Redis store', async () => {
    const redis = await startRedis()
    const store = new RedisUsageStore(redis.url)
    await store.ready()
    return {
      store,
      cleanup: async () => {
        await store.close()
        await redis.stop()
      },
    }
  })

  it('shares counters between two clients exactly', async () => {
    const redis = await startRedis()
    const [a, b] = [new RedisUsageStore(redis.url), new RedisUsageStore(redis.url)]
    try {
      const t = new Date('2026-05-10T12:00:00Z')
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).consume('k_shared', { ratePerMinute: 9 }, t)))
      expect(results.filter((r) => r.outcome === 'OK')).toHaveLength(9)
    } finally {
      await a.close()
      await b.close()
      await redis.stop()
    }
  })

  it('fails to get ready when Redis is not there', async () => {
    const store = new RedisUsageStore('redis://127.0.0.1:1')
    await expect(store.ready()).rejects.toThrow()
    await store.close()
  })
})
