import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { ServerEnv } from '../../src/server/context.js'
import { HttpProblem } from '../../src/server/errors.js'
import { readIncoming, readRawBody } from '../../src/server/raw-body.js'

/** An IncomingMessage whose body chunks arrive on later turns, as from a socket. */
function incomingOf(chunks: string[], end = true): IncomingMessage {
  const msg = new IncomingMessage(new Socket())
  msg.method = 'POST'
  setImmediate(() => {
    for (const c of chunks) msg.push(Buffer.from(c))
    if (end) msg.push(null)
  })
  return msg
}

describe('readIncoming', () => {
  it('joins the chunks of a body within the limit', async () => {
    expect(Buffer.from(await readIncoming(incomingOf(['{"a":', '1}']), 7)).toString()).toBe('{"a":1}')
    expect(Buffer.from(await readIncoming(incomingOf(['one chunk']), 100)).toString()).toBe('one chunk')
    expect((await readIncoming(incomingOf([]), 100)).length).toBe(0)
  })

  it('stops at the limit with PAYLOAD_TOO_LARGE', async () => {
    const err = await readIncoming(incomingOf(['12345', '678']), 7).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(HttpProblem)
    expect(err).toMatchObject({ status: 413, errorCode: 'PAYLOAD_TOO_LARGE', details: { limit: '7' } })
  })

  it('rejects an upload the client aborted with REQUEST_ABORTED', async () => {
    const msg = incomingOf(['partial'], false)
    const reading = readIncoming(msg, 100)
    setTimeout(() => msg.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 5)
    const aborted = { status: 400, errorCode: 'REQUEST_ABORTED', message: expect.stringContaining('(aborted)') }
    await expect(reading).rejects.toMatchObject(aborted)
    // Gone before the reader came (it waited for the usage count): the same error, at once.
    const gone = new IncomingMessage(new Socket())
    gone.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
    await expect(readIncoming(gone, 100)).rejects.toMatchObject(aborted)
  })

  it('refuses a body that was read already', async () => {
    const msg = incomingOf(['x'])
    await readIncoming(msg, 100)
    await expect(readIncoming(msg, 100)).rejects.toThrow(/already been read/)
  })
})

/** An IncomingMessage whose whole body arrived before it is read (Node's parser set `complete`). */
function arrived(chunks: string[]): IncomingMessage {
  const msg = new IncomingMessage(new Socket())
  msg.method = 'POST'
  for (const c of chunks) msg.push(Buffer.from(c))
  msg.complete = true
  msg.push(null)
  return msg
}

describe('readIncoming of a body that has fully arrived', () => {
  it('takes the buffered chunks, joined, and the stream still ends', async () => {
    const msg = arrived(['{"a":', '1', '}'])
    expect(Buffer.from(await readIncoming(msg, 7)).toString()).toBe('{"a":1}')
    // Taken from the stream's buffer in one piece...
    expect(msg.readableLength).toBe(0)
    // ...without a 'data' listener, which would have switched the stream to flowing mode.
    expect(msg.readableFlowing).toBe(null)
    // The stream has ended by the time the body is handed over (the adapter relies on it).
    expect(msg.readableEnded).toBe(true)
    expect(Buffer.from(await readIncoming(arrived(['one chunk']), 100)).toString()).toBe('one chunk')
    const empty = await readIncoming(arrived([]), 100)
    expect(empty).toBeInstanceOf(Uint8Array)
    expect(empty.length).toBe(0)
  })

  it('refuses a body over the limit with PAYLOAD_TOO_LARGE', async () => {
    const err = await readIncoming(arrived(['12345', '678']), 7).catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 413, errorCode: 'PAYLOAD_TOO_LARGE', details: { limit: '7' } })
  })

  it('refuses it the second time', async () => {
    const msg = arrived(['x'])
    await readIncoming(msg, 100)
    await expect(readIncoming(msg, 100)).rejects.toThrow(/already been read/)
  })
})

describe('readRawBody', () => {
  const app = new Hono<ServerEnv>()
  app.post('/x', async (c) => c.text(Buffer.from(await readRawBody(c, 100)).toString()))

  it('reads the web Request body when there is no IncomingMessage (app.request)', async () => {
    const res = await app.request('/x', { method: 'POST', body: 'from a web Request' })
    expect(await res.text()).toBe('from a web Request')
  })

  it('reads the IncomingMessage the Node adapter passes', async () => {
    const res = await app.fetch(new Request('http://localhost/x', { method: 'POST', body: 'ignored' }), { incoming: incomingOf(['from ', 'the socket']) })
    expect(await res.text()).toBe('from the socket')
  })
})
