import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerEnv } from '../../../src/server/context.js'
import { usageCheck } from '../../../src/server/gateway/usage-limits.js'
import { checkAsMiddleware } from '../../helpers/gateway.js'
import { leftoverHeaders } from '../../../src/server/response-headers.js'
import { SqliteStore } from '../../../src/server/stores/sqlite-store.js'
import type { KeyRecord } from '../../../src/server/stores/types.js'

const store = new SqliteStore(':memory:')
afterAll(() => store.close())
let clock = new Date('2026-05-31T23:59:30Z')

function appFor(key: Partial<KeyRecord> & { id: string }) {
  const app = new Hono<ServerEnv>()
  // In the server the access log puts the recorded headers on the response; here this does.
  app.use('*', leftoverHeaders())
  app.use('*', async (c, next) => {
    c.set('apiKey', { hash: Buffer.alloc(32), environment: 'sandbox', createdAt: '', ...key })
    await next()
  })
  app.use('*', checkAsMiddleware(usageCheck({ usage: store, clock: () => clock })))
  app.get('/x', (c) => c.text('ok'))
  return app
}

describe('usage check', () => {
  it('sends RateLimit headers and answers RATE_LIMITED 429 with Retry-After past the limit', async () => {
    clock = new Date('2026-05-31T23:59:30Z')
    const app = appFor({ id: 'k_rate', ratePerMinute: 2 })
    const first = await app.request('/x')
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-limit')).toBe('2')
    expect(first.headers.get('ratelimit-remaining')).toBe('1')
    expect(first.headers.get('ratelimit-reset')).toBe('30')
    expect((await app.request('/x')).headers.get('ratelimit-remaining')).toBe('0')
    const limited = await app.request('/x')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('x-error-code')).toBe('RATE_LIMITED')
    expect(limited.headers.get('retry-after')).toBe('30')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(await limited.json()).toMatchObject({ statusCode: 429, errorCode: 'RATE_LIMITED' })
    clock = new Date('2026-06-01T00:00:00Z')
    expect((await app.request('/x')).status).toBe(200)
  })

  it('answers QUOTA_EXHAUSTED 429 with Retry-After until the next month (UTC)', async () => {
    clock = new Date('2026-05-31T23:00:00Z')
    const app = appFor({ id: 'k_quota', quotaPerMonth: 1 })
    expect((await app.request('/x')).status).toBe(200)
    expect((await app.request('/x')).headers.get('ratelimit-limit')).toBeNull()
    const res = await app.request('/x')
    expect(res.status).toBe(429)
    expect(res.headers.get('x-error-code')).toBe('QUOTA_EXHAUSTED')
    expect(res.headers.get('retry-after')).toBe('3600')
    clock = new Date('2026-06-01T00:00:00Z')
    expect((await app.request('/x')).status).toBe(200)
  })

  it('shows the quota in the RateLimit headers when it runs out before the minute does', async () => {
    clock = new Date('2026-05-31T23:00:00Z')
    const app = appFor({ id: 'k_both', ratePerMinute: 5, quotaPerMonth: 3 })
    const first = await app.request('/x')
    // 2 more this month, fewer than the minute's 4: the month decides, and resets with it.
    expect([first.headers.get('ratelimit-remaining'), first.headers.get('ratelimit-reset')]).toEqual(['2', '3600'])
    await app.request('/x')
    await app.request('/x')
    const refused = await app.request('/x')
    expect(refused.headers.get('x-error-code')).toBe('QUOTA_EXHAUSTED')
    expect(refused.headers.get('retry-after')).toBe('3600')
    expect([refused.headers.get('ratelimit-limit'), refused.headers.get('ratelimit-remaining'), refused.headers.get('ratelimit-reset')]).toEqual(['5', '0', '3600'])
    // A quota far from used up leaves the headers to the minute.
    const roomy = await appFor({ id: 'k_roomy', ratePerMinute: 5, quotaPerMonth: 1000 }).request('/x')
    expect([roomy.headers.get('ratelimit-remaining'), roomy.headers.get('ratelimit-reset')]).toEqual(['4', '60'])
  })

  it('counts unlimited keys without refusing them', async () => {
    const app = appFor({ id: 'k_free' })
    for (let i = 0; i < 5; i++) expect((await app.request('/x')).status).toBe(200)
    expect((await store.usage('k_free', clock)).month).toBe(5)
  })
})
