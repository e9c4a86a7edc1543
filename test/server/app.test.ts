/**
 * The app's own behaviour over real HTTP: gateway codes end to end, limits, returnJSON,
 * warnings, the worker-pool hand-off, unexpected errors, the OpenAPI document and the docs page.
 */
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { INLINE_INPUT_BYTES } from '../../src/server/app.js'
import { OPERATIONS } from '../../src/operations/registry.js'
import type { Operation, OperationInput } from '../../src/operations/types.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { type TestServer, bearer, startTestServer } from '../helpers/server.js'
import { rawRequest } from '../helpers/http.js'

const fake = (o: Partial<Operation> & Pick<Operation, 'name' | 'run'>): Operation => ({
  cliName: o.name,
  summary: o.name,
  tag: 'Service',
  method: 'POST',
  path: `/test/${o.name}`,
  inputs: [{ name: 'file', source: 'multipart', format: 'binary', required: true, description: 'x' }],
  params: [],
  outputMediaType: 'application/pdf',
  errorMediaType: '*/*',
  heavy: false,
  ...o,
})

const TEXT_ANSWER = 'Größe 19 % — 12,50 € \u{1F9FE}\n'.repeat(3000)

const FAKES: Operation[] = [
  fake({
    name: 'echo',
    params: [{ name: 'returnJSON', in: 'query', type: 'boolean', required: false, default: false, description: 'envelope' }],
    run: (input: OperationInput) =>
      Promise.resolve({ body: input.inputs['file'] ?? new Uint8Array(), mediaType: 'application/pdf', fileName: 'invoice.pdf', warnings: ['first warning', 'zweite Warnung: Größe\nok'] }),
  }),
  fake({ name: 'noEnvelope', run: () => Promise.resolve({ body: 'x', mediaType: 'application/pdf', warnings: [] }) }),
  fake({ name: 'boom', run: () => Promise.reject(new TypeError('secret internal detail')) }),
  fake({ name: 'refuse', errorMediaType: 'application/octet-stream', run: () => Promise.reject(new EInvoiceError('INVALID_PDF', 'file: not a PDF', { details: { file: 'no %PDF header' } })) }),
  fake({ name: 'slow', run: () => new Promise((r) => setTimeout(() => r({ body: 'late', mediaType: 'text/plain', warnings: [] }), 2000)) }),
  fake({
    name: 'echoBody',
    inputs: [{ name: 'body', source: 'body', format: 'binary', required: true, description: 'x' }],
    run: (input: OperationInput) => Promise.resolve({ body: input.inputs['body'] ?? new Uint8Array(), mediaType: 'application/octet-stream', warnings: [] }),
  }),
  // Text answers go to the adapter as text (respond.ts): multi-byte characters, 1-4 bytes each.
  fake({ name: 'textAnswer', inputs: [], run: () => Promise.resolve({ body: TEXT_ANSWER, mediaType: 'text/plain', warnings: [] }) }),
  fake({ name: 'heavyOne', heavy: true, run: () => Promise.resolve({ body: 'main thread', mediaType: 'text/plain', warnings: [] }) }),
]

const logLines: Record<string, unknown>[] = []
const logger = pino(new Writable({ write: (c: Buffer, _e, done) => (logLines.push(JSON.parse(c.toString()) as Record<string, unknown>), done()) }))
let srv: TestServer
let key: string
const heavyCalls: string[] = []

beforeAll(async () => {
  srv = await startTestServer({
    operations: [...OPERATIONS, ...FAKES],
    logger,
    maxBodyBytes: 64 * 1024,
    timeoutMs: 300,
    runHeavy: (op) => {
      heavyCalls.push(op.name)
      return Promise.resolve({ body: 'pooled', mediaType: 'text/plain', warnings: [] })
    },
  })
  key = srv.key('sandbox').key
})
afterAll(() => srv.close())

const upload = (bytes: Uint8Array | string = 'PDF bytes') => {
  const form = new FormData()
  form.set('file', new Blob([bytes]), 'a.pdf')
  return form
}

describe('gateway over HTTP', () => {
  it('answers each 401 code with GatewayError and X-Error-Code', async () => {
    const revoked = srv.key('sandbox')
    srv.store.revoke(revoked.record.id, new Date())
    const expired = srv.key('sandbox', { expiresAt: '2020-01-01T00:00:00.000Z' })
    const cases: [Record<string, string>, string][] = [
      [{}, 'MISSING_KEY'],
      [{ apikey: 'not-a-key' }, 'INVALID_KEY'],
      [{ apikey: 'ei_test_' + 'Z'.repeat(32) }, 'UNKNOWN_KEY'],
      [{ apikey: 'ei_beta_' + 'Z'.repeat(32) }, 'ENV_MISSING'],
      [bearer(revoked.key), 'KEY_REVOKED'],
      [{ apikey: expired.key }, 'KEY_EXPIRED'],
    ]
    for (const [headers, code] of cases) {
      const res = await fetch(`${srv.base}/e-invoice/ping`, { headers })
      expect(res.status, code).toBe(401)
      expect(res.headers.get('x-error-code')).toBe(code)
      expect(await res.json()).toEqual({ statusCode: 401, errorCode: code, message: expect.any(String) })
    }
  })

  it('answers ENV_MISMATCH on a sandbox-only server for a live key, same URL', async () => {
    const sandboxOnly = await startTestServer({ environments: ['sandbox'] })
    try {
      const live = sandboxOnly.key('live').key
      const test = sandboxOnly.key('sandbox').key
      const res = await fetch(`${sandboxOnly.base}/e-invoice/ping`, { headers: bearer(live) })
      expect(res.status).toBe(401)
      expect(res.headers.get('x-error-code')).toBe('ENV_MISMATCH')
      const ok = await fetch(`${sandboxOnly.base}/e-invoice/ping`, { headers: bearer(test) })
      expect(ok.headers.get('x-einvoice-environment')).toBe('sandbox')
    } finally {
      await sandboxOnly.close()
    }
  })

  it('answers FORBIDDEN 403 outside a restricted key’s endpoints', async () => {
    const { key: pingOnly } = srv.key('live', { endpoints: ['ping'] })
    expect((await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(pingOnly) })).status).toBe(200)
    const res = await fetch(`${srv.base}/e-invoice/notice`, { headers: bearer(pingOnly) })
    expect(res.status).toBe(403)
    expect(res.headers.get('x-error-code')).toBe('FORBIDDEN')
  })

  it('checks the endpoint before the quota, and does not count a FORBIDDEN request', async () => {
    const { key, record } = srv.key('sandbox', { endpoints: ['ping'], quotaPerMonth: 1, ratePerMinute: 5 })
    const forbidden = await fetch(`${srv.base}/e-invoice/notice`, { headers: bearer(key) })
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('x-error-code')).toBe('FORBIDDEN')
    expect(forbidden.headers.get('ratelimit-limit')).toBeNull()
    expect(await srv.store.usage(record.id, new Date())).toEqual({ minute: 0, month: 0 })
    const ok = await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(key) })
    expect(ok.status).toBe(200)
    // The quota of 1 runs out before the minute's 5 do: nothing remains until next month.
    expect(ok.headers.get('ratelimit-remaining')).toBe('0')
    // The quota is used up now; a call outside the key's endpoints still says FORBIDDEN.
    expect((await fetch(`${srv.base}/e-invoice/notice`, { headers: bearer(key) })).headers.get('x-error-code')).toBe('FORBIDDEN')
    expect((await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(key) })).headers.get('x-error-code')).toBe('QUOTA_EXHAUSTED')
  })

  it('answers RATE_LIMITED and QUOTA_EXHAUSTED 429 with Retry-After', async () => {
    const { key: limited } = srv.key('sandbox', { ratePerMinute: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(limited) })).status)
    expect(statuses).toEqual([200, 200, 429])
    const { key: quota } = srv.key('sandbox', { quotaPerMonth: 1 })
    expect((await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(quota) })).status).toBe(200)
    const res = await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(quota) })
    expect(res.status).toBe(429)
    expect(res.headers.get('x-error-code')).toBe('QUOTA_EXHAUSTED')
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('serves openapi.json, the docs page and its stylesheet without a key', async () => {
    expect((await fetch(`${srv.base}/openapi.json`)).status).toBe(200)
    const page = await (await fetch(`${srv.base}/docs`)).text()
    expect(page).toContain('<link rel="stylesheet" href="/api/v1.8.2/docs/style.css">')
    expect(page).not.toMatch(/https?:\/\//)
    for (const op of OPERATIONS) expect(page).toContain(`/api/v1.8.2${op.path}`)
    const css = await fetch(`${srv.base}/docs/style.css`)
    expect(css.headers.get('content-type')).toContain('text/css')
  })
})

describe('responses', () => {
  it('wraps the file in the returnJSON envelope and sends warnings as headers', async () => {
    const plain = await fetch(`${srv.base}/test/echo`, { method: 'POST', headers: bearer(key), body: upload('%PDF-1.7') })
    expect(plain.headers.get('content-type')).toBe('application/pdf')
    expect(plain.headers.get('x-einvoice-warning')).toBe('first warning, zweite Warnung: Gr%C3%B6%C3%9Fe ok')
    expect(await plain.text()).toBe('%PDF-1.7')
    const json = await fetch(`${srv.base}/test/echo?returnJSON=true`, { method: 'POST', headers: bearer(key), body: upload('%PDF-1.7') })
    expect(json.headers.get('content-type')).toBe('application/json')
    expect(await json.json()).toEqual({
      fileName: 'invoice.pdf',
      mediaType: 'application/pdf',
      size: 8,
      content: Buffer.from('%PDF-1.7').toString('base64'),
      warnings: ['first warning', 'zweite Warnung: Größe\nok'],
    })
  })

  it('ignores returnJSON on operations that do not declare it', async () => {
    const res = await fetch(`${srv.base}/test/noEnvelope?returnJSON=true`, { method: 'POST', headers: bearer(key), body: upload() })
    expect(res.headers.get('content-type')).toBe('application/pdf')
  })

  it('answers 400 with the endpoint’s error media type and keeps RateLimit headers', async () => {
    const { key: limited } = srv.key('sandbox', { ratePerMinute: 100 })
    const res = await fetch(`${srv.base}/test/refuse`, { method: 'POST', headers: bearer(limited), body: upload() })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('ratelimit-remaining')).toBe('99')
    expect(JSON.parse(await res.text())).toEqual({
      requestUrl: `${srv.base}/test/refuse`,
      httpCode: 400,
      errorCode: 'INVALID_PDF',
      message: 'file: not a PDF',
      details: { file: 'no %PDF header' },
    })
  })

  it('answers MISSING_INPUT 400 when a required multipart field is absent', async () => {
    const form = new FormData()
    form.set('other', 'x')
    const res = await fetch(`${srv.base}/test/echo`, { method: 'POST', headers: bearer(key), body: form })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ errorCode: 'MISSING_INPUT', details: { file: 'required' } })
  })

  it('logs an unexpected error and answers an opaque 500', async () => {
    const res = await fetch(`${srv.base}/test/boom`, { method: 'POST', headers: { ...bearer(key), username: 'carol' }, body: upload() })
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain('secret internal detail')
    const id = res.headers.get('x-request-id')
    expect(JSON.parse(text)).toMatchObject({ httpCode: 500, errorCode: 'INTERNAL_ERROR', details: { requestId: id } })
    await new Promise((r) => setTimeout(r, 20))
    expect(logLines.find((l) => l['reqId'] === id && l['msg'] === 'unexpected error')).toBeDefined()
    expect(logLines.find((l) => l['reqId'] === id && l['msg'] === 'request')).toMatchObject({ username: 'carol', status: 500 })
  })

  it('answers 503 TIMEOUT past the time limit', async () => {
    const res = await fetch(`${srv.base}/test/slow`, { method: 'POST', headers: bearer(key), body: upload() })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ errorCode: 'TIMEOUT' })
  })

  it('answers 413 for a body over the limit, before reading it', async () => {
    const res = await rawRequest(`${srv.base}/e-invoice/calculate`, { method: 'POST', headers: bearer(key), body: Buffer.alloc(100 * 1024, 32) })
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body.toString())).toMatchObject({ httpCode: 413, errorCode: 'PAYLOAD_TOO_LARGE' })
  })

  it('counts a chunked raw body against the limit: 413 and Connection: close', async () => {
    const res = await rawRequest(`${srv.base}/e-invoice/calculate`, {
      method: 'POST',
      headers: { ...bearer(key), 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(100 * 1024, 32),
    })
    expect(res.status).toBe(413)
    expect(res.headers['connection']).toBe('close')
    expect(JSON.parse(res.body.toString())).toMatchObject({ httpCode: 413, errorCode: 'PAYLOAD_TOO_LARGE', details: { limit: String(64 * 1024) } })
  })

  it('reads a raw body, chunked or with Content-Length, up to the limit', async () => {
    const invoice = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`)
    const atLimit = Buffer.alloc(64 * 1024, 65)
    for (const body of [invoice, atLimit]) {
      const chunked = await rawRequest(`${srv.base}/test/echoBody`, { method: 'POST', headers: { ...bearer(key), 'transfer-encoding': 'chunked' }, body })
      const sized = await rawRequest(`${srv.base}/test/echoBody`, { method: 'POST', headers: bearer(key), body })
      expect([chunked.status, sized.status]).toEqual([200, 200])
      expect(chunked.body.equals(body) && sized.body.equals(body)).toBe(true)
    }
  })

  it('sends a text answer as UTF-8 with its length in bytes', async () => {
    const res = await rawRequest(`${srv.base}/test/textAnswer`, { method: 'POST', headers: bearer(key) })
    const bytes = Buffer.from(TEXT_ANSWER, 'utf8')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.headers['content-length']).toBe(String(bytes.length))
    expect(res.body.equals(bytes)).toBe(true)
  })

  it('logs an upload the client aborted and keeps serving', async () => {
    const before = logLines.length
    const socket = connect(Number(new URL(srv.base).port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(`POST ${new URL(srv.base).pathname}/e-invoice/calculate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 1000\r\n\r\n{"documentCode":`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.destroy()
    await vi.waitFor(() => expect(logLines.slice(before).find((l) => l['msg'] === 'request')).toMatchObject({ path: expect.stringContaining('/calculate'), status: 400 }))
    // A client's abort is no server error.
    expect(logLines.slice(before).some((l) => l['msg'] === 'unexpected error')).toBe(false)
    expect((await fetch(`${srv.base}/e-invoice/ping`, { headers: bearer(key) })).status).toBe(200)
  })

  it('hands heavy operations to the worker runner, others run in process', async () => {
    const res = await fetch(`${srv.base}/test/heavyOne`, { method: 'POST', headers: bearer(key), body: upload() })
    expect(await res.text()).toBe('pooled')
    expect(heavyCalls).toEqual(['heavyOne'])
  })
})

describe('light operations with a large input', () => {
  it('go to the worker runner (they would hold up every other request), small ones run in process', async () => {
    const pooled: number[] = []
    const big = await startTestServer({
      runHeavy: (op, input) => {
        pooled.push(input.inputs['invoice']?.byteLength ?? -1)
        return op.run(input)
      },
    })
    try {
      const k = big.key('sandbox').key
      const sample = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json'), 'utf8')) as { zfitems: unknown[] }
      const small = JSON.stringify(sample)
      const large = JSON.stringify({ ...sample, zfitems: Array.from({ length: 600 }, (_, i) => sample.zfitems[i % sample.zfitems.length]) })
      expect(Buffer.byteLength(small)).toBeLessThan(INLINE_INPUT_BYTES)
      expect(Buffer.byteLength(large)).toBeGreaterThan(INLINE_INPUT_BYTES)
      for (const body of [small, large]) {
        const res = await fetch(`${big.base}/e-invoice/calculate`, { method: 'POST', headers: { ...bearer(k), 'content-type': 'application/json' }, body })
        expect(res.status).toBe(200)
        expect(await res.json()).toMatchObject({ grandTotal: expect.any(Number) })
      }
      expect(pooled).toEqual([Buffer.byteLength(large)])
    } finally {
      await big.close()
    }
  })
})
