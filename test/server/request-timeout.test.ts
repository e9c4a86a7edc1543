import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { ServerEnv } from '../../src/server/context.js'
import { DeadlineQueue, requestTimeout } from '../../src/server/request-timeout.js'

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

describe('DeadlineQueue (one timer for all requests of a time limit)', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

  it('expires the unfinished requests only, each after its own full time', async () => {
    const queue = new DeadlineQueue(40)
    const expired: string[] = []
    const startedAt: Record<string, number> = {}
    const expiredAfter: Record<string, number> = {}
    const start = (name: string) => {
      startedAt[name] = performance.now()
      return queue.start(() => {
        expired.push(name)
        expiredAfter[name] = performance.now() - (startedAt[name] as number)
      })
    }
    start('a')
    const b = start('b')
    await sleep(20)
    start('c')
    queue.finish(b)
    await sleep(120)
    expect(expired).toEqual(['a', 'c'])
    // Never early: c started 20 ms after a and still gets its whole 40 ms.
    expect(expiredAfter['a']).toBeGreaterThanOrEqual(39)
    expect(expiredAfter['c']).toBeGreaterThanOrEqual(39)
    expect(queue.size).toBe(0)
  })

  it('drops finished requests, also those behind a slow one once it ends', () => {
    const queue = new DeadlineQueue(60_000)
    const never = () => {
      throw new Error('expired')
    }
    for (let i = 0; i < 3000; i++) queue.finish(queue.start(never))
    expect(queue.size).toBe(0)
    const slow = queue.start(never)
    for (let i = 0; i < 3000; i++) queue.finish(queue.start(never))
    expect(queue.size).toBe(3001)
    queue.finish(slow)
    expect(queue.size).toBe(0)
  })

  it('keeps timing requests after the queue was empty and after an expiry', async () => {
    const queue = new DeadlineQueue(30)
    let expired = 0
    queue.finish(queue.start(() => expired++))
    await sleep(50)
    queue.start(() => expired++)
    await sleep(60)
    expect(expired).toBe(1)
    queue.start(() => expired++)
    await sleep(60)
    expect(expired).toBe(2)
  })
})

describe('DeadlineQueue with a limit beyond what one Node timer can wait', () => {
  it('waits in steps instead of letting Node cut the timer to 1 ms', async () => {
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(w.name)
    process.on('warning', onWarning)
    const queue = new DeadlineQueue(3_000_000_000)
    let expired = false
    const waiting = queue.start(() => (expired = true))
    await new Promise((r) => setTimeout(r, 30))
    queue.finish(waiting)
    process.off('warning', onWarning)
    expect(expired).toBe(false)
    expect(warnings).not.toContain('TimeoutOverflowWarning')
  })
})

describe('requestTimeout with overlapping requests', () => {
  it('answers each slow request after its own time and lets a quick one between them finish', async () => {
    const app = new Hono<ServerEnv>()
    app.get('/x', requestTimeout(50), async (c) => {
      c.set('phase', 'running')
      await new Promise((r) => setTimeout(r, Number(c.req.query('ms'))))
      return c.text('done')
    })
    const timed = async (ms: number) => {
      const t0 = performance.now()
      const res = await app.request(`/x?ms=${ms}`)
      return { status: res.status, after: performance.now() - t0 }
    }
    const first = timed(300)
    await new Promise((r) => setTimeout(r, 25))
    const [quick, second] = await Promise.all([timed(1), timed(300)])
    expect((await first).status).toBe(503)
    expect(quick.status).toBe(200)
    expect(second.status).toBe(503)
    expect(second.after).toBeGreaterThanOrEqual(49)
  })
})
