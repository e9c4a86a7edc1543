import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'
import { GroupCommit } from '../../../src/server/stores/group-commit.js'
import { SqliteStore } from '../../../src/server/stores/sqlite-store.js'
import { tempDir } from '../../helpers/cli.js'

describe('GroupCommit', () => {
  it('commits the calls of one event-loop turn together, in order, and resolves each with its result', async () => {
    const commit = vi.fn((items: readonly number[]) => items.map((n) => n * 10))
    const group = new GroupCommit(commit)
    const results = await Promise.all([group.submit(1), group.submit(2), group.submit(3)])
    expect(results).toEqual([10, 20, 30])
    expect(commit).toHaveBeenCalledTimes(1)
    expect(commit).toHaveBeenCalledWith([1, 2, 3])
    expect(await group.submit(4)).toBe(40)
    expect(commit).toHaveBeenCalledTimes(2)
  })

  it('rejects every call of a batch whose commit failed, and carries on with the next batch', async () => {
    let fail = true
    const group = new GroupCommit((items: readonly string[]) => {
      if (fail) throw new Error('database is locked')
      return items
    })
    const batch = [group.submit('a'), group.submit('b')]
    await expect(Promise.all(batch.map((p) => p.catch((err: Error) => err.message)))).resolves.toEqual(['database is locked', 'database is locked'])
    fail = false
    expect(await group.submit('c')).toBe('c')
  })

  it('retries a batch after a retryable failure without blocking, and fails it once retryForMs has passed', async () => {
    let failures = 3
    const commit = vi.fn((items: readonly string[]) => {
      if (failures-- > 0) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
      return items
    })
    const retryable = (err: unknown) => (err as { code?: string }).code === 'SQLITE_BUSY'
    const group = new GroupCommit(commit, { retryable, retryForMs: 5000 })
    const first = group.submit('a')
    // A call made while the batch waits for its retry joins it.
    await new Promise((r) => setTimeout(r, 5))
    expect(await Promise.all([first, group.submit('b')])).toEqual(['a', 'b'])
    expect(commit).toHaveBeenCalledTimes(4)
    expect(commit).toHaveBeenLastCalledWith(['a', 'b'])
    const stubborn = new GroupCommit(
      () => {
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
      },
      { retryable, retryForMs: 60 },
    )
    const started = performance.now()
    await expect(stubborn.submit('c')).rejects.toThrow('database is locked')
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
    // Other errors fail at once.
    const broken = new GroupCommit(
      () => {
        throw new Error('disk I/O error')
      },
      { retryable, retryForMs: 5000 },
    )
    await expect(broken.submit('d')).rejects.toThrow('disk I/O error')
  })

  it('commits what is waiting when flushed by hand (closing), before the scheduled turn', () => {
    const commit = vi.fn((items: readonly number[]) => items)
    const group = new GroupCommit(commit)
    void group.submit(1)
    group.flush()
    expect(commit).toHaveBeenCalledWith([1])
  })
})

describe('SQLite store: group commit', () => {
  it('has the whole batch committed (visible to another connection) before any of its requests resolves', async () => {
    const file = join(tempDir(), 'keys.db')
    const store = new SqliteStore(file)
    const reader = new SqliteStore(file)
    const t = new Date('2026-05-10T12:00:00Z')
    try {
      const seenByFirst = store.consume('k_batch', { ratePerMinute: 7 }, t).then(() => reader.usage('k_batch', t))
      const rest = Array.from({ length: 11 }, () => store.consume('k_batch', { ratePerMinute: 7 }, t))
      expect(await seenByFirst).toEqual({ minute: 7, month: 7 })
      expect((await Promise.all(rest)).map((d) => d.outcome)).toEqual([...Array(6).fill('OK'), ...Array(5).fill('RATE_LIMITED')])
    } finally {
      await reader.close()
      await store.close()
    }
  })

  it('decides a batch spanning keys, minutes and months like one request after another', async () => {
    const store = new SqliteStore(':memory:')
    try {
      const limits = { ratePerMinute: 2, quotaPerMonth: 3 }
      const times = ['2026-05-31T23:58:10Z', '2026-05-31T23:58:20Z', '2026-05-31T23:58:30Z', '2026-05-31T23:59:00Z', '2026-05-31T23:59:10Z', '2026-06-01T00:00:00Z']
      const decisions = await Promise.all([
        ...times.map((iso) => store.consume('k_a', limits, new Date(iso))),
        store.consume('k_b', limits, new Date(times[0] as string)),
      ])
      expect(decisions.map((d) => [d.outcome, d.minuteCount, d.monthCount])).toEqual([
        ['OK', 1, 1],
        ['OK', 2, 2],
        ['RATE_LIMITED', 2, 2],
        ['OK', 1, 3],
        ['QUOTA_EXHAUSTED', 1, 3],
        ['OK', 1, 1],
        ['OK', 1, 1],
      ])
      expect(await store.usage('k_a', new Date('2026-06-01T00:00:30Z'))).toEqual({ minute: 1, month: 1 })
    } finally {
      await store.close()
    }
  })

  it('waits for another process\'s lock without blocking the event loop', async () => {
    const file = join(tempDir(), 'keys.db')
    const store = new SqliteStore(file)
    store.setLockWait(5)
    const other = new Database(file)
    const t = new Date('2026-05-10T12:00:00Z')
    try {
      other.exec('BEGIN IMMEDIATE')
      let ticks = 0
      const ticker = setInterval(() => ticks++, 10)
      const counted = store.consume('k_locked', {}, t)
      await new Promise((r) => setTimeout(r, 300))
      other.exec('COMMIT')
      expect((await counted).outcome).toBe('OK')
      clearInterval(ticker)
      // better-sqlite3's own wait (busy_timeout) would have blocked the thread for the 300 ms.
      expect(ticks).toBeGreaterThanOrEqual(10)
    } finally {
      other.close()
      await store.close()
    }
  })

  it('counts each minute in its own row: a request stamped a minute earlier, committed later, does not reset the newer minute', async () => {
    const store = new SqliteStore(':memory:')
    try {
      const limits = { ratePerMinute: 2 }
      const [late, early] = [new Date('2026-05-10T10:01:00.100Z'), new Date('2026-05-10T10:00:59.900Z')]
      expect((await store.consume('k_skew', limits, late)).outcome).toBe('OK')
      expect((await store.consume('k_skew', limits, late)).outcome).toBe('OK')
      // Another server's clock, 200 ms behind: its request belongs to 10:00, which had none.
      expect(await store.consume('k_skew', limits, early)).toMatchObject({ outcome: 'OK', minuteCount: 1 })
      // 10:01 is still used up (the single row per key had been set back to 10:00 and counted from 0).
      expect((await store.consume('k_skew', limits, late)).outcome).toBe('RATE_LIMITED')
    } finally {
      await store.close()
    }
  })

  it('moves the minute counts of a file written before per-minute rows', async () => {
    const file = join(tempDir(), 'old.db')
    const old = new Database(file)
    old.exec('CREATE TABLE usage_minute (key_id TEXT PRIMARY KEY, minute INTEGER NOT NULL, count INTEGER NOT NULL)')
    const t = new Date('2026-05-10T12:00:30Z')
    old.prepare('INSERT INTO usage_minute VALUES (?, ?, ?)').run('k_old', Math.floor(t.getTime() / 60_000), 4)
    old.close()
    const store = new SqliteStore(file)
    try {
      expect((await store.usage('k_old', t)).minute).toBe(4)
      expect(await store.consume('k_old', { ratePerMinute: 5 }, t)).toMatchObject({ outcome: 'OK', minuteCount: 5 })
    } finally {
      await store.close()
    }
  })

  it('commits requests still waiting when the store is closed', async () => {
    const file = join(tempDir(), 'keys.db')
    const store = new SqliteStore(file)
    const t = new Date('2026-05-10T12:00:00Z')
    const pending = store.consume('k_close', {}, t)
    await store.close()
    expect((await pending).outcome).toBe('OK')
    const reopened = new SqliteStore(file)
    expect(await reopened.usage('k_close', t)).toEqual({ minute: 1, month: 1 })
    await reopened.close()
  })
})
