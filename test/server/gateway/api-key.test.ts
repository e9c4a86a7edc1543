import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerEnv } from '../../../src/server/context.js'
import { keyCheck } from '../../../src/server/gateway/api-key.js'
import { checkAsMiddleware } from '../../helpers/gateway.js'
import { SqliteStore } from '../../../src/server/stores/sqlite-store.js'
import { mintKey } from '../../helpers/server.js'

const store = new SqliteStore(':memory:')
afterAll(() => store.close())
const now = new Date('2026-05-10T12:00:00Z')

function appServing(environments: ('live' | 'sandbox')[]) {
  const app = new Hono<ServerEnv>()
  app.use('*', checkAsMiddleware(keyCheck({ keys: store, prefix: 'ei_', environments, clock: () => now })))
  app.get('/x', (c) => c.text(`ok ${c.get('apiKey')?.id} ${c.get('environment')}`))
  return app
}
const both = appServing(['live', 'sandbox'])

async function refusal(headers: Record<string, string>, app = both) {
  const res = await app.request('/x', { headers })
  return { status: res.status, code: res.headers.get('x-error-code'), body: (await res.json()) as Record<string, unknown> }
}

describe('key check', () => {
  const sandbox = mintKey(store, 'sandbox')
  const live = mintKey(store, 'live')

  it('accepts a key as Bearer and as apikey header alike', async () => {
    for (const headers of [{ authorization: `Bearer ${sandbox.key}` }, { apikey: sandbox.key }, { authorization: `bearer  ${sandbox.key}` }]) {
      const res = await both.request('/x', { headers })
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(`ok ${sandbox.record.id} sandbox`)
    }
    const res = await both.request('/x', { headers: { apikey: live.key } })
    expect(await res.text()).toBe(`ok ${live.record.id} live`)
  })

  it('answers MISSING_KEY 401 without a key', async () => {
    expect(await refusal({})).toEqual({
      status: 401,
      code: 'MISSING_KEY',
      body: { statusCode: 401, errorCode: 'MISSING_KEY', message: expect.stringContaining('API key is required') },
    })
    expect((await refusal({ apikey: '  ' })).code).toBe('MISSING_KEY')
    // "Bearer" without a key is an empty one too (docs/server.md), not a malformed header.
    expect((await refusal({ authorization: 'Bearer ' })).code).toBe('MISSING_KEY')
    expect((await refusal({ authorization: 'bearer\t' })).code).toBe('MISSING_KEY')
    expect((await both.request('/x', { headers: { authorization: 'Bearer ', apikey: sandbox.key } })).status).toBe(200)
  })

  it('names a key header sent twice', async () => {
    const twice = new Headers()
    twice.append('apikey', sandbox.key)
    twice.append('apikey', sandbox.key)
    expect(await refusal(Object.fromEntries([['apikey', twice.get('apikey') as string]]))).toMatchObject({
      code: 'INVALID_KEY',
      body: { message: 'the apikey header was sent more than once (or holds a comma); send one key' },
    })
    expect((await refusal({ authorization: `Bearer ${sandbox.key}, Bearer ${sandbox.key}` })).body['message']).toBe(
      'the Authorization header was sent more than once (or holds a comma); send one key',
    )
  })

  it('names the Bearer scheme in WWW-Authenticate on every 401 (RFC 9110 §11.6.1)', async () => {
    for (const headers of [{}, { apikey: 'hello' }, { apikey: 'ei_test_' + 'A'.repeat(32) }]) {
      expect((await both.request('/x', { headers })).headers.get('www-authenticate')).toBe('Bearer realm="einvoice"')
    }
  })

  it('answers INVALID_KEY 401 for malformed keys and headers', async () => {
    expect(await refusal({ apikey: 'hello' })).toMatchObject({ status: 401, code: 'INVALID_KEY' })
    expect(await refusal({ authorization: `Basic ${sandbox.key}` })).toMatchObject({ status: 401, code: 'INVALID_KEY' })
    expect(await refusal({ authorization: 'Bearer ' + 'x'.repeat(5000) })).toMatchObject({ status: 401, code: 'INVALID_KEY' })
    expect(await refusal({ authorization: `Bearer ${sandbox.key}`, apikey: live.key })).toMatchObject({ status: 401, code: 'INVALID_KEY' })
  })

  it('answers ENV_MISSING 401 for a key without environment marker', async () => {
    expect(await refusal({ apikey: 'ei_prod_' + 'A'.repeat(32) })).toMatchObject({ status: 401, code: 'ENV_MISSING' })
  })

  it('answers UNKNOWN_KEY 401 for a well-formed key it does not know', async () => {
    expect(await refusal({ apikey: 'ei_test_' + 'A'.repeat(32) })).toMatchObject({ status: 401, code: 'UNKNOWN_KEY' })
  })

  it('answers ENV_MISMATCH 401 for a key of an environment not served', async () => {
    expect(await refusal({ apikey: live.key }, appServing(['sandbox']))).toMatchObject({ status: 401, code: 'ENV_MISMATCH' })
    expect(await refusal({ apikey: sandbox.key }, appServing(['live']))).toMatchObject({ status: 401, code: 'ENV_MISMATCH' })
    expect((await appServing(['live']).request('/x', { headers: { apikey: live.key } })).status).toBe(200)
  })

  it('answers KEY_REVOKED and KEY_EXPIRED 401', async () => {
    const revoked = mintKey(store, 'sandbox')
    store.revoke(revoked.record.id, new Date('2026-05-01T00:00:00Z'))
    expect(await refusal({ apikey: revoked.key })).toMatchObject({ status: 401, code: 'KEY_REVOKED' })
    const expired = mintKey(store, 'sandbox', { expiresAt: '2026-05-10T12:00:00.000Z' })
    expect(await refusal({ apikey: expired.key })).toMatchObject({ status: 401, code: 'KEY_EXPIRED' })
    const valid = mintKey(store, 'sandbox', { expiresAt: '2026-05-10T12:00:01.000Z' })
    expect((await both.request('/x', { headers: { apikey: valid.key } })).status).toBe(200)
  })

  it('still asks the store on every request: a key used before is refused once revoked, and many keys stay correct', async () => {
    const app = appServing(['live', 'sandbox'])
    const used = mintKey(store, 'sandbox')
    expect((await app.request('/x', { headers: { apikey: used.key } })).status).toBe(200)
    store.revoke(used.record.id, new Date('2026-05-02T00:00:00Z'))
    expect(await refusal({ apikey: used.key }, app)).toMatchObject({ status: 401, code: 'KEY_REVOKED' })
    // More distinct keys than the digest map holds: each is still recognised (or not) by its own digest.
    for (let i = 0; i < 1100; i++) {
      const unknown = `ei_test_${String(i).padStart(32, 'Q')}`
      expect((await app.request('/x', { headers: { apikey: unknown } })).status).toBe(401)
    }
    const other = mintKey(store, 'live')
    expect(await (await app.request('/x', { headers: { authorization: `Bearer ${other.key}` } })).text()).toBe(`ok ${other.record.id} live`)
  })
})
