/**
 * What HTTP/1.1 asks of the server `einvoice serve` runs (startServer), over raw sockets: the
 * Host header (RFC 9112 §3.2), `Expect: 100-continue` (RFC 9110 §10.1.1), a 408 that closes
 * (RFC 9110 §15.5.9) and a file name outside ASCII in Content-Disposition (RFC 6266, RFC 8187).
 */
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { PDFDocument } from '@cantoo/pdf-lib'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/start.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import { tempDir } from '../helpers/cli.js'
import { mintKey } from '../helpers/server.js'
import { parse, rawExchange, waitFor } from './raw-socket.js'
import { CII_XML, INVOICE_JSON } from './sample-requests.js'

const MAX_BODY = 256 * 1024
// Long enough for a cold worker on a busy machine (500 ms gave 503 TIMEOUT under load); the 408 waits for it.
const TIMEOUT_MS = 3000
const P = '/api/v1.8.2/e-invoice'

const logLines: Record<string, unknown>[] = []
const logger = pino(new Writable({ write: (c: Buffer, _e, done) => (logLines.push(JSON.parse(c.toString()) as Record<string, unknown>), done()) }))
let server: RunningServer
let db = ''
let key = ''

beforeAll(async () => {
  db = join(tempDir(), 'keys.db')
  server = await startServer({ port: 0, db, logger, workers: 1, maxBodyBytes: MAX_BODY, timeoutMs: TIMEOUT_MS, notice: (text) => (key = /(ei_test_\S+)/.exec(text)?.[1] ?? '') })
})
afterAll(async () => {
  await server.close()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The access-log line of the answer with this X-Request-Id. */
const logLineOf = (requestId: string | undefined) => vi.waitFor(() => expect(logLines.find((l) => l['reqId'] === requestId)).toBeDefined()).then(() => logLines.find((l) => l['reqId'] === requestId))

describe('the Host header (RFC 9112 §3.2)', () => {
  const request = (version: string, hostLines: string, path = `${P}/ping`, method = 'GET') =>
    rawExchange(server.port, [`${method} ${path} HTTP/${version}\r\n${hostLines}Authorization: Bearer ${key}\r\nConnection: close\r\n\r\n`])

  it('missing from HTTP/1.1: a 400 INVALID_REQUEST naming the header, with X-Request-Id and a log line, not Node\'s empty 400', async () => {
    const res = parse((await request('1.1', '')).text)
    expect(res.status).toBe(400)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.headers['x-request-id']).toMatch(UUID)
    const body = JSON.parse(res.body) as Record<string, unknown>
    expect(body).toMatchObject({
      // The authority the request came in on stands in for the missing one.
      requestUrl: `http://127.0.0.1:${server.port}${P}/ping`,
      httpCode: 400,
      errorCode: 'INVALID_REQUEST',
      details: { host: 'missing' },
    })
    expect(body['message']).toMatch(/Host header is missing.*HTTP\/1\.1 requires it/)
    expect(await logLineOf(res.headers['x-request-id'])).toMatchObject({ msg: 'request', method: 'GET', path: `${P}/ping`, status: 400 })
  })

  it('missing from HTTP/1.0, where it is optional: served on the authority the request came in on', async () => {
    const res = parse((await request('1.0', '')).text)
    expect(res.status).toBe(200)
    expect(res.body).toBe('pong')
  })

  it('unusable: refused with what is wrong, in the endpoint\'s 400 media type', async () => {
    const cases: [string, RegExp, string][] = [
      ['Host: a b\r\n', /Host header "a b" is not a host name or IP address/, 'invalid'],
      ['Host: x:99999\r\n', /Host header "x:99999" has the port 99999, above 65535/, 'invalid port'],
      ['Host: x\r\nHost: y\r\n', /Host header is sent 2 times/, 'repeated'],
      ['Host: \r\n', /Host header is empty/, 'empty'],
      ['Host: user@x\r\n', /Host header "user@x" is not a host name/, 'invalid'],
    ]
    for (const [hostLines, message, detail] of cases) {
      // xmltohtml's 400 media type (interface: application/octet-stream); the body is the JSON.
      const res = parse((await request('1.1', hostLines, `${P}/xmltohtml?language=EN`, 'POST')).text)
      expect(res.status, hostLines).toBe(400)
      expect(res.headers['content-type']).toBe('application/octet-stream')
      expect(res.headers['x-request-id']).toMatch(UUID)
      const body = JSON.parse(res.body) as Record<string, unknown>
      expect(body).toMatchObject({ requestUrl: `http://127.0.0.1:${server.port}${P}/xmltohtml?language=EN`, errorCode: 'INVALID_REQUEST', details: { host: detail } })
      expect(body['message']).toMatch(message)
    }
  })

  it('usable in every form a URL keeps: names in any case, IPv6 literals, ports up to 65535', async () => {
    for (const host of ['LocalHost:80', '[::1]:8080', 'x:65535', 'x:1', 'einvoice.example']) {
      const res = parse((await request('1.1', `Host: ${host}\r\n`)).text)
      expect(res.status, host).toBe(200)
    }
  })
})

describe('Expect: 100-continue (RFC 9110 §10.1.1)', () => {
  const head = (headers: string, length: number | 'chunked', path = `${P}/calculate`) =>
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}Expect: 100-continue\r\n` +
    `${length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\nConnection: close\r\n\r\n`

  it('a request the gateway refuses gets its refusal instead of 100 Continue, and no upload', async () => {
    const store = new SqliteStore(db)
    const used = mintKey(store, 'sandbox', { quotaPerMonth: 1 }).key
    await store.close()
    expect((await fetch(`${server.url}/e-invoice/ping`, { headers: { apikey: used } })).status).toBe(200)
    const refusals: [string, number, string][] = [
      ['', 401, 'MISSING_KEY'],
      [`Authorization: Bearer ei_test_${'A'.repeat(32)}\r\n`, 401, 'UNKNOWN_KEY'],
      [`apikey: ${used}\r\n`, 429, 'QUOTA_EXHAUSTED'],
    ]
    for (const [headers, status, code] of refusals) {
      const raw = await rawExchange(server.port, [head(headers, 5_000_000)])
      expect(raw.text, code).not.toContain('100 Continue')
      const res = parse(raw.text)
      expect(res.status).toBe(status)
      expect(res.headers['x-error-code']).toBe(code)
      // The body may still come or not: the connection is not reused.
      expect(res.headers['connection']).toBe('close')
    }
  })

  it('a Content-Length over --max-body gets the 413 instead of 100 Continue', async () => {
    const raw = await rawExchange(server.port, [head(`Authorization: Bearer ${key}\r\n`, MAX_BODY + 1)])
    expect(raw.text).not.toContain('100 Continue')
    expect(parse(raw.text)).toMatchObject({ status: 413, headers: { connection: 'close' } })
  })

  it('an accepted request gets 100 Continue before its body, then the answer to the body', async () => {
    const body = INVOICE_JSON.toString('utf8')
    let beforeBody = ''
    const raw = await rawExchange(server.port, [
      head(`Authorization: Bearer ${key}\r\n`, Buffer.byteLength(body)),
      async (socket, received) => {
        await waitFor(received, '\r\n\r\n')
        beforeBody = received()
        socket.write(body)
      },
    ])
    expect(beforeBody).toBe('HTTP/1.1 100 Continue\r\n\r\n')
    const res = parse(raw.text.slice(beforeBody.length))
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toMatchObject({ documentCode: '380' })
  })

  it('a chunked body and a multipart body are read after the 100 as well', async () => {
    const json = INVOICE_JSON.toString('utf8')
    const chunked = await rawExchange(server.port, [
      head(`Authorization: Bearer ${key}\r\n`, 'chunked'),
      async (socket, received) => {
        await waitFor(received, '100 Continue\r\n\r\n')
        socket.write(`${Buffer.byteLength(json).toString(16)}\r\n${json}\r\n0\r\n\r\n`)
      },
    ])
    expect(chunked.text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')).toBe(true)
    expect(parse(chunked.text.slice(25)).status).toBe(200)

    const form = Buffer.concat([
      Buffer.from('--xx\r\nContent-Disposition: form-data; name="file"; filename="a.xml"\r\nContent-Type: application/xml\r\n\r\n'),
      CII_XML,
      Buffer.from('\r\n--xx--\r\n'),
    ])
    const multipart = await rawExchange(server.port, [
      head(`Authorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=xx\r\n`, form.length, `${P}/extract`),
      async (socket, received) => {
        await waitFor(received, '100 Continue\r\n\r\n')
        socket.write(form)
      },
    ])
    expect(multipart.text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')).toBe(true)
    const res = parse(multipart.text.slice(25))
    expect(res.status).toBe(200)
    expect(Buffer.from(res.body, 'latin1').equals(CII_XML)).toBe(true)
  })

  it('leaves requests without Expect as they were: no 100, kept alive', async () => {
    const body = INVOICE_JSON.toString('utf8')
    const raw = await rawExchange(
      server.port,
      [`POST ${P}/calculate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`],
      { cutAfterMs: 1000 },
    )
    expect(raw.text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true)
    expect(parse(raw.text).headers['connection']).toBe('keep-alive')
  })
})

describe('a request target the adapter cannot read', () => {
  it.each([
    ['OPTIONS', '*', 'is not a path starting with /'],
    ['GET', `${P}\\ping`, 'has a backslash in its path'],
  ])('%s %s: a 400 INVALID_REQUEST naming the target, not an empty 400', async (method, target, why) => {
    const res = parse((await rawExchange(server.port, [`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`])).text)
    expect(res.status).toBe(400)
    expect(res.headers['x-request-id']).toMatch(UUID)
    const body = JSON.parse(res.body) as Record<string, unknown>
    expect(body).toMatchObject({ errorCode: 'INVALID_REQUEST', details: { target: 'invalid' } })
    // The raw answer is read as Latin-1 here: compare up to the section sign.
    expect(body['message']).toContain(`the request target "${target}" ${why}; einvoice serves paths under /api (RFC 9112 `)
  })

  it('leaves a backslash in the query alone', async () => {
    const res = parse((await rawExchange(server.port, [`GET ${P}/ping?x=a\\b HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`])).text)
    expect(res.status).toBe(200)
  })
})

describe('a 408 (RFC 9110 §15.5.9)', () => {
  it('says Connection: close, as the server closes the connection after it', async () => {
    const started = Date.now()
    const raw = await rawExchange(server.port, [`POST ${P}/calculate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 100\r\n\r\n{"a":`])
    const res = parse(raw.text)
    expect(res.status).toBe(408)
    expect(JSON.parse(res.body)).toMatchObject({ errorCode: 'REQUEST_TIMEOUT' })
    expect(res.headers['connection']).toBe('close')
    expect(res.headers['keep-alive']).toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
  })
})

describe('Content-Disposition of a file name outside ASCII (RFC 6266, RFC 8187)', () => {
  it('carries an ASCII filename and the exact name as filename* (extract of an embedded XML)', async () => {
    const doc = await PDFDocument.create()
    doc.addPage()
    await doc.attach(CII_XML, 'Rechnung-ü€ "q".xml', { mimeType: 'text/xml' })
    const form = new FormData()
    form.set('file', new Blob([await doc.save()]), 'invoice.pdf')
    const res = await fetch(`${server.url}/e-invoice/extract`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form })
    expect(res.status).toBe(200)
    // `"` is one of the characters a file name must not hold (RFC 6266 §4.3, as detach --out-dir writes it).
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="Rechnung-__ _q_.xml"; filename*=UTF-8''Rechnung-%C3%BC%E2%82%AC%20_q_.xml`)
  })
})
