import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { ServerEnv } from '../../../src/server/context.js'
import { endpointCheck } from '../../../src/server/gateway/endpoint-access.js'
import { checkAsMiddleware } from '../../helpers/gateway.js'
import type { KeyRecord } from '../../../src/server/stores/types.js'

function appFor(key: Partial<KeyRecord>) {
  const app = new Hono<ServerEnv>()
  app.use('*', async (c, next) => {
    c.set('apiKey', { id: 'k_1', hash: Buffer.alloc(32), environment: 'sandbox', createdAt: '', ...key })
    await next()
  })
  app.get('/calc', checkAsMiddleware(endpointCheck('calculate')), (c) => c.text('calc'))
  app.get('/ping', checkAsMiddleware(endpointCheck('ping')), (c) => c.text('pong'))
  return app
}

describe('endpoint check', () => {
  it('lets an unrestricted key through everywhere', async () => {
    const app = appFor({})
    expect((await app.request('/calc')).status).toBe(200)
    expect((await app.request('/ping')).status).toBe(200)
  })

  it('answers FORBIDDEN 403 outside the key’s endpoints', async () => {
    const app = appFor({ endpoints: ['ping'] })
    expect(await (await app.request('/ping')).text()).toBe('pong')
    const res = await app.request('/calc')
    expect(res.status).toBe(403)
    expect(res.headers.get('x-error-code')).toBe('FORBIDDEN')
    expect(await res.json()).toEqual({ statusCode: 403, errorCode: 'FORBIDDEN', message: 'this API key may call ping only, not calculate' })
  })
})
