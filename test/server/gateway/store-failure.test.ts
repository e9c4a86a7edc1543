/**
 * When the key or usage store fails (Redis down or not answering, a locked or damaged SQLite
 * file), a keyed request gets 503 STORE_UNAVAILABLE within the store's time limits, and the log
 * says why. Before, it was the 500 of a bug after up to 15 s, or no answer at all.
 */
import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { RedisUsageStore } from '../../../src/server/stores/redis-store.js'
import type { UsageStore } from '../../../src/server/stores/types.js'
import { hasRedis, noteIfNoRedis, startRedis } from '../../helpers/redis.js'
import { bearer, startTestServer } from '../../helpers/server.js'

noteIfNoRedis('store failures (Redis part)')

function capturingLogger() {
  const lines: Record<string, unknown>[] = []
  const logger = pino(new Writable({ write: (c: Buffer, _e, done) => (lines.push(JSON.parse(c.toString()) as Record<string, unknown>), done()) }))
  return { logger, lines }
}

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('5')
  expect(await res.json()).toMatchObject({ httpCode: 503, errorCode: 'STORE_UNAVAILABLE', message: 'the API key store is not available at the moment; retry later' })
}

describe('a failing key or usage store', () => {
  it('answers 503 STORE_UNAVAILABLE and logs the store error', async () => {
    const { logger, lines } = capturingLogger()
    const failing: UsageStore = {
      consume: () => Promise.reject(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' })),
      usage: () => Promise.resolve({ minute: 0, month: 0 }),
      close: () => Promise.resolve(),
    }
    const srv = await startTestServer({ usage: failing, logger })
    try {
      const { key } = srv.key()
      await expectUnavailable(await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(key) }))
      expect(lines.find((l) => l['msg'] === 'key or usage store failed: answered 503')).toMatchObject({ err: { message: 'disk I/O error' } })
      // The key store failing (a damaged file) is the same answer.
      srv.store.findByHash = () => {
        throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' })
      }
      await expectUnavailable(await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(key) }))
      // Without a key the store is never asked: still the gateway's 401.
      expect((await fetch(`${srv.base}/e-invoice/ping`)).status).toBe(401)
    } finally {
      await srv.close()
    }
  })
})

describe.skipIf(!hasRedis)('a Redis usage store that stops answering (real redis-server)', () => {
  it('fails a request within its command time limit while Redis is paused or down, and closes without waiting for it', async () => {
    const redis = await startRedis()
    const usage = new RedisUsageStore(redis.url, { commandTimeoutMs: 300 })
    await usage.ready()
    const srv = await startTestServer({ usage })
    try {
      const { key } = srv.key()
      expect((await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(key) })).status).toBe(200)
      redis.pause()
      let started = performance.now()
      await expectUnavailable(await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(key) }))
      expect(performance.now() - started).toBeLessThan(3000)
      started = performance.now()
      await usage.close()
      expect(performance.now() - started).toBeLessThan(3000)
    } finally {
      await srv.close()
      await redis.stop()
    }
  })

  it('does not get ready on a database number Redis does not have (ioredis would count in database 0)', async () => {
    const redis = await startRedis()
    const store = new RedisUsageStore(`${redis.url}/99`)
    try {
      await expect(store.ready()).rejects.toThrow(/DB index is out of range/)
    } finally {
      await store.close()
      await redis.stop()
    }
  })
})
