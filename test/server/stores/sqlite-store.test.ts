import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { hashKey } from '../../../src/server/gateway/key-format.js'
import { KEY_CACHE_MS, SqliteStore } from '../../../src/server/stores/sqlite-store.js'
import { runUsageStoreCases } from './usage-store.case.js'

runUsageStoreCases('SQLite store', async () => {
  const store = new SqliteStore(':memory:')
  return { store, cleanup: () => store.close() }
})

describe('SQLite store: keys', () => {
  it('stores keys by hash only, lists, revokes and keeps them across reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoice-keys-'))
    try {
      const file = join(dir, 'keys.db')
      const store = new SqliteStore(file)
      const made = store.create({ hash: hashKey('ei_test_secret'), environment: 'sandbox', ratePerMinute: 5, endpoints: ['ping', 'calculate'] })
      expect(made.id).toMatch(/^k_[0-9a-f]{10}$/)
      expect(store.findByHash(hashKey('ei_test_secret'))).toMatchObject({ id: made.id, ratePerMinute: 5, endpoints: ['ping', 'calculate'] })
      expect(store.findByHash(hashKey('ei_test_other'))).toBeUndefined()
      expect(store.revoke(made.id, new Date('2026-01-01T00:00:00Z'))).toBe(true)
      expect(store.revoke('k_nope', new Date())).toBe(false)
      await store.usage(made.id, new Date())
      await store.close()
      const reopened = new SqliteStore(file)
      expect(reopened.count()).toBe(1)
      expect(reopened.list()[0]).toMatchObject({ id: made.id, revokedAt: '2026-01-01T00:00:00.000Z', environment: 'sandbox' })
      await reopened.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('SQLite store: key cache', () => {
  it('sees a revocation made through itself at once, and one made by another process once its cache entry is old', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'einvoice-keys-')), 'keys.db')
    const server = new SqliteStore(file)
    const cli = new SqliteStore(file)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const a = server.create({ hash: hashKey('ei_test_a'), environment: 'sandbox' })
      const b = server.create({ hash: hashKey('ei_test_b'), environment: 'sandbox' })
      expect(server.findByHash(hashKey('ei_test_a'))?.revokedAt).toBeUndefined()
      server.revoke(a.id, new Date())
      expect(server.findByHash(hashKey('ei_test_a'))?.revokedAt).toBeDefined()

      expect(server.findByHash(hashKey('ei_test_b'))?.revokedAt).toBeUndefined()
      cli.revoke(b.id, new Date())
      expect(server.findByHash(hashKey('ei_test_b'))?.revokedAt).toBeUndefined()
      vi.setSystemTime(Date.now() + KEY_CACHE_MS)
      expect(server.findByHash(hashKey('ei_test_b'))?.revokedAt).toBeDefined()
    } finally {
      vi.useRealTimers()
      await cli.close()
      await server.close()
    }
  })
})
