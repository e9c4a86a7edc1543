import { Writable } from 'node:stream'
import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { accessLog } from '../../src/server/access-log.js'
import type { ServerEnv } from '../../src/server/context.js'

function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  return { logger: pino(stream), lines }
}

describe('accessLog middleware', () => {
  it('logs request id, key id, USERNAME, method, path, status and duration, never the key', async () => {
    const { logger, lines } = capture()
    const app = new Hono<ServerEnv>()
    app.use('*', accessLog(logger))
    app.get('/x', (c) => {
      c.set('apiKey', { id: 'k_abc', hash: Buffer.alloc(32), environment: 'live', createdAt: '' })
      c.set('environment', 'live')
      return c.text('ok', 201)
    })
    const secret = 'ei_live_' + 'S'.repeat(32)
    const res = await app.request('/x?q=1', { headers: { username: 'alice', authorization: `Bearer ${secret}` } })
    expect(res.status).toBe(201)
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    await new Promise((r) => setImmediate(r))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ reqId: id, keyId: 'k_abc', env: 'live', username: 'alice', method: 'GET', path: '/x', status: 201, msg: 'request' })
    expect(typeof lines[0]?.['ms']).toBe('number')
    expect(JSON.stringify(lines)).not.toContain(secret)
  })

  it('logs refused requests without a key id', async () => {
    const { logger, lines } = capture()
    const app = new Hono<ServerEnv>()
    app.use('*', accessLog(logger))
    await app.request('/missing')
    await new Promise((r) => setImmediate(r))
    expect(lines[0]).toMatchObject({ status: 404, path: '/missing' })
    expect(lines[0]?.['keyId']).toBeUndefined()
  })
})
