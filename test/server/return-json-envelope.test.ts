/**
 * The `returnJSON` envelope of the real operations that declare it (xmltopdf, combine,
 * combineXML): its `mediaType` names what the file is, not the raw answer's
 * `application/octet-stream` (docs/server.md).
 */
import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/operations/registry.js'
import type { ReturnJsonEnvelope } from '../../src/server/respond.js'
import { bearer, useTestServer } from '../helpers/server.js'
import { sampleRequest } from './sample-requests.js'

const srv = useTestServer()

const withEnvelope = OPERATIONS.filter((op) => op.params.some((p) => p.name === 'returnJSON'))

describe('the returnJSON envelope', () => {
  it('is declared by the PDF-writing operations', () => {
    expect(withEnvelope.map((op) => op.name).sort()).toEqual(['combine', 'combineXML', 'xmltopdf'])
  })

  for (const op of withEnvelope) {
    it(`${op.name}: mediaType is application/pdf for the PDF it carries`, async () => {
      const returnJson = op.params.find((p) => p.name === 'returnJSON')
      const req = await sampleRequest(op, srv.base, { ...bearer(srv.key), ...(returnJson?.in === 'header' ? { returnJSON: 'true' } : {}) })
      if (typeof req === 'string') throw new Error(req)
      const url = returnJson?.in === 'query' ? `${req.url}${req.url.includes('?') ? '&' : '?'}returnJSON=true` : req.url
      const res = await fetch(url, req.init)
      const text = await res.text()
      expect(res.status, text.slice(0, 300)).toBe(200)
      const envelope = JSON.parse(text) as ReturnJsonEnvelope
      expect(Buffer.from(envelope.content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(envelope).toMatchObject({ fileName: 'invoice.pdf', mediaType: 'application/pdf' })
    })
  }
})
