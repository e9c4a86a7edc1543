/**
 * A multipart endpoint called with a multipart Content-Type and no body at all: the field is
 * missing (MISSING_INPUT naming it, docs/server.md), not a malformed body (INVALID_MULTIPART).
 */
import { describe, expect, it } from 'vitest'
import { bearer, useTestServer } from '../helpers/server.js'
import { rawRequest } from '../helpers/http.js'

const srv = useTestServer()

const multipart = { 'content-type': 'multipart/form-data; boundary=XYZ' }

describe('a multipart endpoint without a body', () => {
  for (const [name, headers] of [
    ['Content-Length: 0', { 'content-length': '0' }],
    ['no Content-Length', {}],
  ] as const) {
    it(`answers MISSING_INPUT naming the field (${name})`, async () => {
      const res = await rawRequest(`${srv.base}/e-invoice/parse`, { method: 'POST', headers: { ...bearer(srv.key), ...multipart, ...headers } })
      expect(res.status).toBe(400)
      expect(JSON.parse(res.body.toString())).toMatchObject({
        errorCode: 'MISSING_INPUT',
        message: 'file: the multipart field "file" is missing or empty',
        details: { file: 'required' },
      })
    })
  }

  it('still answers INVALID_MULTIPART for a body that is no multipart', async () => {
    const res = await rawRequest(`${srv.base}/e-invoice/parse`, { method: 'POST', headers: { ...bearer(srv.key), ...multipart }, body: 'garbage' })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body.toString())).toMatchObject({ errorCode: 'INVALID_MULTIPART' })
  })
})
