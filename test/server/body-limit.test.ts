import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { bodyLimit } from '../../src/server/body-limit.js'
import type { ServerEnv } from '../../src/server/context.js'

const app = new Hono<ServerEnv>()
app.post('/x', bodyLimit(10), async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)))

describe('bodyLimit middleware', () => {
  it('passes a body within the limit', async () => {
    const res = await app.request('/x', { method: 'POST', body: '0123456789' })
    expect(await res.text()).toBe('10')
  })

  it('answers 413 PAYLOAD_TOO_LARGE on Content-Length and on a streamed body', async () => {
    const big = await app.request('/x', { method: 'POST', body: '01234567890', headers: { 'content-length': '11' } })
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({ httpCode: 413, errorCode: 'PAYLOAD_TOO_LARGE', details: { limit: '10' } })
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(6))
        controller.enqueue(new Uint8Array(6))
        controller.close()
      },
    })
    const chunked = await app.request('/x', { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
    expect(chunked.status).toBe(413)
  })
})
