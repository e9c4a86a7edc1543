/**
 * What scripts/server-fuzz.mjs found at the transport level, on the server `einvoice serve` runs
 * (startServer): requests Node cannot parse and a chunked multipart upload the client cut off (an
 * answer sent before the body was read: process.test.ts, it needs the server in another process).
 */
import { connect } from 'node:net'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/start.js'
import { tempDir } from '../helpers/cli.js'
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

type Raw = { text: string; error: string | undefined }

/** Sends `chunks` over one connection as fast as the socket takes them; collects the answer. */
function rawExchange(chunks: (string | Buffer)[], { cutAfterMs }: { cutAfterMs?: number } = {}): Promise<Raw> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1')
    let text = ''
    let error: string | undefined
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')))
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
    socket.on('close', () => resolve({ text, error }))
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c)
      if (cutAfterMs !== undefined) setTimeout(() => socket.destroy(), cutAfterMs)
    })
  })
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2)
  const lines = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const l of lines.slice(1)) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim()
  return { status: Number(lines[0]?.split(' ')[1]), headers, body }
}

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
    expect(body).toMatchObject({ requestUrl: '/api/v1.8.2/e-invoice/xmltohtml?language=EN', httpCode: 400, errorCode: 'INVALID_REQUEST' })
    expect(body['details']).toMatchObject({ code: 'HPE_INVALID_CONTENT_LENGTH', offset: expect.stringMatching(/^\d+$/) })
    expect(body['message']).toMatch(/at byte \d+/)
    expect((await ping()).status).toBe(200)
  })

  it('answer a broken chunk size and a control character in a header the same way, as JSON off the endpoints', async () => {
    const chunk = parse((await rawExchange([`POST /api/v1.8.2/e-invoice/calculate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}`])).text)
    expect(chunk.status).toBe(400)
    expect(chunk.headers['content-type']).toBe('application/json')
    expect(JSON.parse(chunk.body)).toMatchObject({ errorCode: 'INVALID_REQUEST', details: { code: 'HPE_INVALID_CHUNK_SIZE' } })
    const control = parse((await rawExchange([`GET /nowhere HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n`])).text)
    expect(control.status).toBe(400)
    expect(JSON.parse(control.body)).toMatchObject({ requestUrl: '/nowhere', errorCode: 'INVALID_REQUEST', details: { code: 'HPE_INVALID_HEADER_TOKEN' } })
  })

  it('leave oversized headers to Node (431, docs/server.md)', async () => {
    const res = parse((await rawExchange([`GET /api/v1.8.2/e-invoice/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'z'.repeat(20_000)}\r\n\r\n`])).text)
    expect(res.status).toBe(431)
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
