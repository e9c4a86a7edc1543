import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { ServerEnv } from '../../src/server/context.js'
import { requestTimeout } from '../../src/server/request-timeout.js'

function appWith(phase: 'reading' | 'running', workMs: number) {
  const app = new Hono<ServerEnv>()
  let aborted = false
  app.get('/x', requestTimeout(50), async (c) => {
    c.set('phase', phase)
    c.get('deadline')?.signal.addEventListener('abort', () => (aborted = true))
    await new Promise((r) => setTimeout(r, workMs))
    return c.text('done')
  })
  return { app, wasAborted: () => aborted }
}

describe('requestTimeout middleware', () => {
  it('lets a quick request finish', async () => {
    const { app, wasAborted } = appWith('running', 1)
    expect(await (await app.request('/x')).text()).toBe('done')
    expect(wasAborted()).toBe(false)
  })

  it('answers 503 TIMEOUT for a slow operation and aborts its signal', async () => {
    const { app, wasAborted } = appWith('running', 300)
    const res = await app.request('/x')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(await res.json()).toMatchObject({ httpCode: 503, errorCode: 'TIMEOUT' })
    expect(wasAborted()).toBe(true)
  })

  it('answers 408 REQUEST_TIMEOUT while the body is still being read', async () => {
    const { app } = appWith('reading', 300)
    const res = await app.request('/x')
    expect(res.status).toBe(408)
    expect(await res.json()).toMatchObject({ httpCode: 408, errorCode: 'REQUEST_TIMEOUT' })
  })
})
