/**
 * What scripts/server-fuzz.mjs found at the transport level, on the server `einvoice serve` runs
 * (startServer): requests Node cannot parse and a chunked multipart upload the client cut off (an
 * answer sent before the body was read: process.test.ts, it needs the server in another process).
 */
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/start.js'
import { tempDir } from '../helpers/cli.js'
import { parse, rawExchange as exchange } from './raw-socket.js'
import { INVOICE_JSON } from './sample-requests.js'

const logLines: Record<string, unknown>[] = []
const logger = pino(new Writable({ write: (c: Buffer, _e, done) => (logLines.push(JSON.parse(c.toString()) as Record<string, unknown>), done()) }))
let server: RunningServer
let key = ''

beforeAll(async () => {
  server = await startServer({ port: 0, db: join(tempDir(), 'keys.db'), logger, workers: 1, notice: (text) => (key = /(ei_test_\S+)/.exec(text)?.[1] ?? '') })
})
afterAll(async () => {
  await server.close()
})

/** Sends `chunks` over one connection as fast as the socket takes them; collects the answer. */
const rawExchange = (chunks: (string | Buffer)[], options: { cutAfterMs?: number } = {}) => exchange(server.port, chunks, options)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const ping = () => fetch(`${server.url}/e-invoice/ping`, { headers: { authorization: `Bearer ${key}` } })

describe('requests Node cannot parse', () => {
  it('get the documented ApiErrorResponse naming the reason and the byte offset, not an empty 400', async () => {
    const res = parse(
      (await rawExchange([`POST /api/v1.8.2/e-invoice/xmltohtml?language=EN HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 1 2\r\n\r\n<a/>`])).text,
    )
    expect(res.status).toBe(400)
    // xmltohtml's 400 media type (interface: application/octet-stream); the body is the JSON.
    expect(res.headers['content-type']).toBe('application/octet-stream')
    const body = JSON.parse(res.body) as Record<string, unknown>
    // Absolute, on the Host the request named, like every other answer's requestUrl.
    expect(body).toMatchObject({ requestUrl: 'http://x/api/v1.8.2/e-invoice/xmltohtml?language=EN', httpCode: 400, errorCode: 'INVALID_REQUEST' })
    expect(body['details']).toMatchObject({ code: 'HPE_INVALID_CONTENT_LENGTH', offset: expect.stringMatching(/^\d+$/) })
    expect(body['message']).toMatch(/at byte \d+/)
    expect((await ping()).status).toBe(200)
  })

  it('carry an X-Request-Id (the id of their log line) and a Date, like every answer', async () => {
    const before = logLines.length
    const res = parse((await rawExchange([`POST /api/v1.8.2/e-invoice/calculate HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`])).text)
    expect(res.status).toBe(400)
    expect(res.headers['x-request-id']).toMatch(UUID)
    expect(Math.abs(Date.parse(res.headers['date'] ?? '') - Date.now())).toBeLessThan(5000)
    expect(JSON.parse(res.body)).toMatchObject({ requestUrl: 'http://x/api/v1.8.2/e-invoice/calculate', details: { code: 'HPE_INVALID_CONTENT_LENGTH' } })
    await vi.waitFor(() =>
      expect(logLines.slice(before).find((l) => l['msg'] === 'unreadable request')).toMatchObject({ reqId: res.headers['x-request-id'], method: 'POST', path: '/api/v1.8.2/e-invoice/calculate', status: 400 }),
    )
  })

  it('name the address the request came in on when its Host is missing or unusable', async () => {
    for (const hostLine of ['', 'Host: a b\r\n', `Host: ${'h'.repeat(300)}\r\n`]) {
      const res = parse((await rawExchange([`POST /api/v1.8.2/e-invoice/calculate HTTP/1.1\r\n${hostLine}Content-Length: abc\r\n\r\n`])).text)
      expect(JSON.parse(res.body)).toMatchObject({ requestUrl: `http://127.0.0.1:${server.port}/api/v1.8.2/e-invoice/calculate`, errorCode: 'INVALID_REQUEST' })
    }
  })

  it('answer a broken chunk size and a control character in a header the same way, as JSON off the endpoints', async () => {
    const chunk = parse((await rawExchange([`POST /api/v1.8.2/e-invoice/calculate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}`])).text)
    expect(chunk.status).toBe(400)
    expect(chunk.headers['content-type']).toBe('application/json')
    expect(JSON.parse(chunk.body)).toMatchObject({ errorCode: 'INVALID_REQUEST', details: { code: 'HPE_INVALID_CHUNK_SIZE' } })
    const control = parse((await rawExchange([`GET /nowhere HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n`])).text)
    expect(control.status).toBe(400)
    expect(JSON.parse(control.body)).toMatchObject({ requestUrl: 'http://x/nowhere', errorCode: 'INVALID_REQUEST', details: { code: 'HPE_INVALID_HEADER_TOKEN' } })
  })

  it('answer oversized headers with a bare 431 (docs/server.md)', async () => {
    const res = parse((await rawExchange([`GET /api/v1.8.2/e-invoice/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'z'.repeat(20_000)}\r\n\r\n`])).text)
    expect(res.status).toBe(431)
    expect(res.headers['x-request-id']).toMatch(UUID)
  })
})

describe('a body longer than its Content-Length', () => {
  // The bytes past Content-Length are the next request on the connection (RFC 9112 §6.3); here
  // they are no request. The request before them was complete and is answered first.
  it('answers the complete request first, then the unreadable rest with a 400, then closes', async () => {
    const body = INVOICE_JSON.toString('utf8')
    const raw = await rawExchange([
      `POST /api/v1.8.2/e-invoice/calculate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}\r\n\u0001 trailing bytes`,
    ])
    const first = parse(raw.text)
    expect(first.status).toBe(200)
    expect(first.headers['content-type']).toMatch(/^application\/json/)
    const firstLength = Number(first.headers['content-length'])
    const head = raw.text.indexOf('\r\n\r\n') + 4
    expect(JSON.parse(raw.text.slice(head, head + firstLength))).toMatchObject({ documentCode: '380' })
    const second = parse(raw.text.slice(head + firstLength))
    expect(second.status).toBe(400)
    expect(second.headers['connection']).toBe('close')
    expect(JSON.parse(second.body)).toMatchObject({ httpCode: 400, errorCode: 'INVALID_REQUEST', details: { code: expect.stringMatching(/^HPE_/) } })
    expect((await ping()).status).toBe(200)
  })

  it('answers a request marked Connection: close and then closes, however much follows it', async () => {
    const body = INVOICE_JSON.toString('utf8')
    const raw = await rawExchange([
      `POST /api/v1.8.2/e-invoice/calculate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      Buffer.alloc(300_000, '%PDF-1.7 '),
    ])
    expect(raw.error).toBeUndefined()
    const first = parse(raw.text)
    expect(first.status).toBe(200)
    expect(first.headers['connection']).toBe('close')
    // Nothing after the answer: the client said it would send no other request.
    expect(first.body.length).toBe(Number(first.headers['content-length']))
  })

  it('answers a quick request (ping) before the 400 as well', async () => {
    const raw = await rawExchange([`GET /api/v1.8.2/e-invoice/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n\u0001junk`])
    const first = parse(raw.text)
    expect(first.status).toBe(200)
    const head = raw.text.indexOf('\r\n\r\n') + 4
    expect(parse(raw.text.slice(head + Number(first.headers['content-length']))).status).toBe(400)
  })
})

describe('a chunked multipart upload cut off by the client', () => {
  it('is logged as the client\'s 400, not as an unexpected error answered 500', async () => {
    const before = logLines.length
    await rawExchange(
      [
        `POST /api/v1.8.2/e-invoice/parse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
          'Content-Type: multipart/form-data; boundary=xx\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n--xx\r\n\r\n',
      ],
      { cutAfterMs: 100 },
    )
    await vi.waitFor(() => expect(logLines.slice(before).find((l) => l['msg'] === 'request')).toMatchObject({ path: '/api/v1.8.2/e-invoice/parse', status: 400 }))
    expect(logLines.slice(before).some((l) => l['msg'] === 'unexpected error')).toBe(false)
    expect((await ping()).status).toBe(200)
  })
})
