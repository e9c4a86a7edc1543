/** Engine refusals over HTTP: header families (write<Storage>) and the statuses that are not 400. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { OPERATIONS } from '../../src/operations/registry.js'
import type { Operation } from '../../src/operations/types.js'
import { type TestServer, bearer, startTestServer } from '../helpers/server.js'

const refusing = (name: string, err: EInvoiceError): Operation => ({
  name,
  cliName: name,
  summary: name,
  tag: 'Service',
  method: 'GET',
  path: `/test/${name}`,
  inputs: [],
  params: [],
  outputMediaType: 'text/plain',
  errorMediaType: 'application/octet-stream',
  heavy: false,
  run: () => Promise.reject(err),
})

let srv: TestServer
let key: string
beforeAll(async () => {
  srv = await startTestServer({
    operations: [
      ...OPERATIONS,
      refusing('noChromium', new EInvoiceError('DEPENDENCY_MISSING', 'Chromium is not installed')),
      refusing('tooBig', new EInvoiceError('INPUT_TOO_LARGE', 'over the limit')),
    ],
  })
  key = srv.key('sandbox').key
})
afterAll(() => srv.close())

describe('engine errors over HTTP', () => {
  it('refuses an unknown write<Storage> header with a 400 naming it', async () => {
    const res = await fetch(`${srv.base}/e-invoice/styledinvoicetofx?language=EN`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json', writeDropbox: 'true' },
      body: JSON.stringify({ template: '<p>{{number}}</p>', invoice: { number: '1' } }),
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errorCode: string; message: string }
    expect(body.errorCode).toBe('INVALID_PARAMETER')
    expect(body.message.toLowerCase()).toContain('writedropbox: unknown storage')
  })

  it('answers 501 for a missing server-side program and 413 for an engine size limit', async () => {
    const a = await fetch(`${srv.base}/test/noChromium`, { headers: bearer(key) })
    expect(a.status).toBe(501)
    expect(((await a.json()) as { errorCode: string }).errorCode).toBe('DEPENDENCY_MISSING')
    const b = await fetch(`${srv.base}/test/tooBig`, { headers: bearer(key) })
    expect(b.status).toBe(413)
  })
})

describe('a JSON body of white space only (scripts/server-fuzz.mjs)', () => {
  it('is refused with details naming the offset where a value was expected', async () => {
    for (const path of ['/e-invoice/calculate', '/e-invoice/invoice2XML?format=fx&profile=EN16931&version=2']) {
      const res = await fetch(`${srv.base}${path}`, { method: 'POST', headers: bearer(key), body: ' \n ' })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ errorCode: 'INVALID_JSON', details: { json: 'empty', offset: '3' } })
    }
  })
})
