/**
 * Every registry operation over real HTTP through the full gateway: its success path, its 400
 * with the endpoint's media type, and garbage that must never produce a 5xx.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/operations/registry.js'
import type { Operation } from '../../src/operations/types.js'
import { concreteMediaType } from '../../src/server/errors.js'
import { type TestServer, bearer, startTestServer } from '../helpers/server.js'
import { rawRequest } from '../helpers/http.js'
import { sampleRequest } from './sample-requests.js'

let srv: TestServer
let key: string
beforeAll(async () => {
  srv = await startTestServer()
  key = srv.key('sandbox').key
})
afterAll(() => srv.close())

const baseType = (t: string | null | undefined) => (t ?? '').split(';')[0]?.trim()

/** A request the operation must refuse with 400, or why none exists. */
function badRequest(op: Operation): { query?: string; headers?: Record<string, string>; body?: string } | string {
  if (op.inputs.some((i) => i.source === 'body')) return { body: '<<< neither JSON nor XML', headers: { 'content-type': 'application/json' } }
  if (op.inputs.some((i) => i.source === 'multipart')) return { body: 'not multipart', headers: { 'content-type': 'text/plain' } }
  const typed = op.params.find((p) => p.type !== 'string' || p.values !== undefined)
  if (typed !== undefined && typed.in === 'query') return { query: `${typed.name}=%E2%9C%97bad` }
  return 'takes no input and no typed parameter: nothing a client sends can be wrong'
}

describe('every registered endpoint', () => {
  for (const op of OPERATIONS) {
    it(`${op.method} ${op.path} (${op.name}) succeeds through the gateway`, async (ctx) => {
      const req = await sampleRequest(op, srv.base, { ...bearer(key), username: 'tester' })
      if (typeof req === 'string') return ctx.skip(`${op.name}: ${req}`)
      const res = await fetch(req.url, req.init)
      const body = Buffer.from(await res.arrayBuffer())
      expect(res.status, body.toString().slice(0, 500)).toBe(200)
      if (!op.outputMediaType.includes('*')) expect(baseType(res.headers.get('content-type'))).toBe(op.outputMediaType)
      expect(body.length).toBeGreaterThan(0)
      if (op.name === 'ping') expect(body.toString()).toBe('pong')
      if (op.name === 'notice') expect(body.toString()).toMatch(/einvoice .*Licence/s)
      if (op.name === 'calculate') expect(JSON.parse(body.toString())).toHaveProperty('grandTotal')
    })

    it(`${op.method} ${op.path} answers 400 ApiErrorResponse as ${op.errorMediaType}`, async (ctx) => {
      const bad = badRequest(op)
      if (typeof bad === 'string') return ctx.skip(`${op.name}: ${bad}`)
      const res = await rawRequest(`${srv.base}${op.path}${bad.query === undefined ? '' : `?${bad.query}`}`, {
        method: op.method,
        headers: { ...bearer(key), ...bad.headers },
        body: bad.body,
      })
      expect(res.status, res.body.toString()).toBe(400)
      expect(baseType(res.headers['content-type'] as string)).toBe(concreteMediaType(op.errorMediaType))
      const error = JSON.parse(res.body.toString()) as Record<string, unknown>
      expect(error).toMatchObject({ requestUrl: expect.stringContaining(op.path), httpCode: 400, errorCode: expect.stringMatching(/^[A-Z_]+$/) })
      expect(typeof error['message']).toBe('string')
    })

    it(`${op.method} ${op.path} never answers 5xx to garbage`, async () => {
      const url = srv.base + op.path
      const auth = bearer(key)
      const boundary = '----x' + randomBytes(4).toString('hex')
      const garbage: { method?: string; query?: string; headers?: Record<string, string>; body?: Uint8Array | string }[] = [
        { body: randomBytes(4096), headers: { 'content-type': 'application/octet-stream' } },
        { body: randomBytes(2048), headers: { 'content-type': 'application/json' } },
        { body: randomBytes(2048), headers: { 'content-type': 'application/xml' } },
        { body: '', headers: {} },
        { body: 'hello', headers: { 'content-type': 'text/plain' } },
        { body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { body: randomBytes(1024), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
        { body: `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
        { body: `--${boundary}\r\nContent-Disposition: form-data; name="wrong"\r\n\r\nx\r\n--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
        { body: 'x', headers: { 'content-type': 'multipart/form-data' } },
        { headers: { username: 'u'.repeat(20_000) } },
        { headers: { username: 'üé\u00ff' } },
        { query: op.params.map((p) => `${p.name}=%FF%FE%00`).join('&') || 'x=%FF' },
        { query: op.params.map((p) => `${p.name}=${'9'.repeat(40)}`).join('&') || 'x=1' },
        { method: op.method === 'GET' ? 'POST' : 'GET' },
        { method: 'DELETE' },
      ]
      for (const g of garbage) {
        const method = g.method ?? op.method
        const sendsBody = g.body !== undefined && method !== 'GET'
        const res = await rawRequest(url + (g.query === undefined ? '' : `?${g.query}`), {
          method,
          headers: { ...auth, ...g.headers },
          body: sendsBody ? g.body : undefined,
        })
        const what = `${method} ${JSON.stringify(g.headers ?? {}).slice(0, 80)} ${g.query ?? ''} → ${res.status} ${res.body.toString().slice(0, 200)}`
        if (op.method === 'GET' && method === 'GET') {
          // A GET operation without inputs may well succeed on odd headers or queries.
          expect(res.status < 300 || (res.status >= 400 && res.status < 500), what).toBe(true)
        } else {
          expect(res.status >= 400 && res.status < 500, what).toBe(true)
        }
      }
    })
  }
})

describe('routes', () => {
  it('serves exactly the registry operations', async () => {
    const doc = (await (await fetch(`${srv.base}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> }
    const served = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, o]) => `${m.toUpperCase()} ${path} ${o.operationId}`))
    expect(served.sort()).toEqual(OPERATIONS.map((op) => `${op.method} ${op.path} ${op.name}`).sort())
  })

  it('answers an unknown route 404 JSON and a wrong method 405 JSON with Allow', async () => {
    const notFound = await fetch(`${srv.base}/e-invoice/nothing`, { headers: bearer(key) })
    expect(notFound.status).toBe(404)
    expect(await notFound.json()).toMatchObject({ httpCode: 404, errorCode: 'NOT_FOUND' })
    const wrong = await fetch(`${srv.base}/e-invoice/calculate`, { headers: bearer(key) })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect(await wrong.json()).toMatchObject({ httpCode: 405, errorCode: 'METHOD_NOT_ALLOWED' })
  })

  it('accepts a curl-style form-urlencoded Content-Type on a JSON body', async () => {
    const { INVOICE_JSON } = await import('./sample-requests.js')
    const res = await fetch(`${srv.base}/e-invoice/calculate`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/x-www-form-urlencoded' },
      body: INVOICE_JSON,
    })
    expect(res.status).toBe(200)
  })
})
