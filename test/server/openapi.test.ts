import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/operations/registry.js'
import type { Operation } from '../../src/operations/types.js'
import { openApiDocument } from '../../src/server/openapi.js'

type Doc = {
  openapi: string
  paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }; responses: Record<string, { content?: Record<string, unknown> }> }>>
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> }
}

const combineLike: Operation = {
  name: 'combine',
  cliName: 'combine',
  summary: 'PDF/A plus invoice JSON',
  tag: 'Conversion',
  method: 'POST',
  path: '/e-invoice/combine',
  inputs: [
    { name: 'file', source: 'multipart', format: 'binary', required: true, description: 'PDF/A' },
    { name: 'json', source: 'multipart', format: 'string', required: true, description: 'invoice' },
  ],
  params: [
    { name: 'version', in: 'query', type: 'integer', required: true, description: 'version' },
    { name: 'returnJSON', in: 'header', type: 'boolean', required: false, description: 'envelope' },
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: true,
  run: () => Promise.reject(new Error('not run')),
}

describe('openApiDocument', () => {
  // The stand-in covers the combine shape until the real operation is registered, then yields to it.
  const ops = OPERATIONS.some((op) => op.path === combineLike.path) ? OPERATIONS : [...OPERATIONS, combineLike]
  const doc = openApiDocument(ops, '/api/v1.8.2') as unknown as Doc

  it('is OpenAPI 3.1 with both security schemes and both error shapes', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.components.securitySchemes).toEqual({
      bearerApiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'apikey' },
    })
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ApiErrorResponse', 'GatewayError', 'ReturnJsonEnvelope']))
  })

  it('names its licence (an OpenAPI linter, Redocly\'s recommended rules, asked for it)', () => {
    expect((doc as unknown as { info: { license: unknown } }).info.license).toEqual({ name: 'MIT', identifier: 'MIT' })
  })

  it('lists every operation with its parameters plus USERNAME and its 400 media type', () => {
    for (const op of OPERATIONS) {
      const o = doc.paths[op.path]?.[op.method.toLowerCase()]
      expect(o, op.name).toBeDefined()
      expect(o?.parameters.map((p) => p.name)).toEqual([...op.params.map((p) => p.name), 'USERNAME'])
      expect(Object.keys(o?.responses['400']?.content ?? {})).toEqual([op.errorMediaType])
      expect(Object.keys(o?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413', '429']))
    }
  })

  it('describes multipart fields, header parameters and the returnJSON alternative', () => {
    const o = doc.paths['/e-invoice/combine']?.['post']
    expect(o?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'version', in: 'query', required: true }), expect.objectContaining({ name: 'returnJSON', in: 'header' })]))
    const form = o?.requestBody?.content['multipart/form-data']?.schema
    expect(Object.keys(form?.properties ?? {})).toEqual(['file', 'json'])
    expect(form?.required).toEqual(['file', 'json'])
    expect(Object.keys(o?.responses['200']?.content ?? {})).toEqual(['application/octet-stream', 'application/json'])
  })
})
