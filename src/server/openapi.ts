/**
 * The OpenAPI 3.1 document of the server, generated from the operation registry: every endpoint
 * with its parameters (plus USERNAME), request body or multipart fields, response media types,
 * the error shapes and both security schemes of the interface.
 * @module
 */
import type { InputSpec, Operation, ParamSpec } from '../operations/types.js'
import { PRODUCT_NAME, VERSION } from '../version.js'
import { GATEWAY_ERROR_CODES } from './errors.js'
import { argumentError } from '../util/byte-input.js'

type JsonObject = Record<string, unknown>

export const INTERFACE_VERSION = '1.8.2'

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` })
const errorHeader = { 'X-Error-Code': { description: 'The GatewayError errorCode.', schema: { type: 'string', enum: GATEWAY_ERROR_CODES } } }
const intHeader = (description: string): JsonObject => ({ description, schema: { type: 'integer' } })

const STATIC_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  ApiErrorResponse: {
    type: 'object',
    required: ['requestUrl', 'httpCode', 'errorCode'],
    properties: {
      requestUrl: { type: 'string' },
      httpCode: { type: 'integer', format: 'int32' },
      errorCode: { type: 'string', description: 'Stable code, see docs/server.md and docs/errors.md.' },
      message: { type: 'string' },
      details: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  GatewayError: {
    type: 'object',
    required: ['statusCode', 'message', 'errorCode'],
    properties: {
      statusCode: { type: 'integer' },
      message: { type: 'string' },
      errorCode: { type: 'string', enum: GATEWAY_ERROR_CODES },
    },
  },
  ReturnJsonEnvelope: {
    type: 'object',
    description: 'The answer of an operation called with returnJSON=true.',
    required: ['fileName', 'mediaType', 'size', 'content', 'warnings'],
    properties: {
      fileName: { type: 'string' },
      mediaType: { type: 'string' },
      size: { type: 'integer', description: 'bytes of the decoded content' },
      content: { type: 'string', contentEncoding: 'base64' },
      warnings: { type: 'array', items: { type: 'string' } },
    },
  },
}

function paramSchema(p: ParamSpec): JsonObject {
  const schema: JsonObject = { type: p.type }
  if (p.type === 'integer') schema['format'] = 'int32'
  if (p.values !== undefined) schema['enum'] = p.type === 'integer' ? p.values.map(Number) : p.values
  if (p.default !== undefined) schema['default'] = p.default
  return schema
}

function parameters(op: Operation): JsonObject[] {
  const list = op.params.map((p) => ({ name: p.name, in: p.in, required: p.required, description: p.description, schema: paramSchema(p) }))
  list.push({ name: 'USERNAME', in: 'header', required: false, description: 'Accepted on every endpoint; written to the access log.', schema: { type: 'string' } })
  return list
}

function fieldSchema(input: InputSpec): JsonObject {
  if (input.format === 'binary') return { type: 'string', format: 'binary', description: input.description }
  return { type: 'string', description: input.description }
}

function requestBody(op: Operation): JsonObject | undefined {
  const body = op.inputs.find((i) => i.source === 'body')
  if (body !== undefined) {
    const schema = body.schema !== undefined ? ref(body.schema) : fieldSchema(body)
    return { required: body.required, description: body.description, content: { [body.mediaType ?? 'application/octet-stream']: { schema } } }
  }
  const parts = op.inputs.filter((i) => i.source === 'multipart')
  if (parts.length === 0) return undefined
  return {
    required: parts.some((p) => p.required),
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: parts.filter((p) => p.required).map((p) => p.name),
          properties: Object.fromEntries(parts.map((p) => [p.name, fieldSchema(p)])),
        },
      },
    },
  }
}

function okContent(op: Operation): JsonObject {
  const schema = op.outputMediaType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' }
  const content: JsonObject = { [op.outputMediaType]: { schema } }
  if (op.params.some((p) => p.name === 'returnJSON')) content['application/json'] = { schema: ref('ReturnJsonEnvelope') }
  return content
}

function gatewayResponse(description: string, extraHeaders: JsonObject = {}): JsonObject {
  return { description, headers: { ...errorHeader, ...extraHeaders }, content: { 'application/json': { schema: ref('GatewayError') } } }
}

function operationObject(op: Operation): JsonObject {
  const body = requestBody(op)
  const apiError = (description: string, mediaType = 'application/json'): JsonObject => ({
    description,
    content: { [mediaType]: { schema: ref('ApiErrorResponse') } },
  })
  return {
    operationId: op.name,
    summary: op.summary,
    tags: [op.tag],
    ...(op.deprecated === true ? { deprecated: true } : {}),
    ...(op.heavy ? { 'x-einvoice-heavy': true } : {}),
    parameters: parameters(op),
    ...(body === undefined ? {} : { requestBody: body }),
    responses: {
      '200': {
        description: 'Success. Warnings of the operation come as X-EInvoice-Warning headers.',
        headers: { 'X-EInvoice-Warning': { description: 'One header per warning (percent-encoded outside ASCII).', schema: { type: 'string' } } },
        content: okContent(op),
      },
      '400': apiError('Bad input (the media type of this body differs per endpoint).', op.errorMediaType),
      '401': gatewayResponse('MISSING_KEY, INVALID_KEY, UNKNOWN_KEY, ENV_MISSING, ENV_MISMATCH, KEY_REVOKED or KEY_EXPIRED.', {
        'WWW-Authenticate': { description: 'Bearer realm="einvoice"', schema: { type: 'string' } },
      }),
      '403': gatewayResponse('FORBIDDEN: the key is restricted to other endpoints.'),
      '408': apiError('REQUEST_TIMEOUT: the body did not arrive in time.'),
      '413': apiError('PAYLOAD_TOO_LARGE: the body is over the limit.'),
      '429': gatewayResponse('RATE_LIMITED or QUOTA_EXHAUSTED.', {
        'Retry-After': intHeader('Seconds until a retry can succeed.'),
        'RateLimit-Limit': intHeader('Requests per minute of the key.'),
        'RateLimit-Remaining': intHeader('Requests that can pass before a refusal: left in this minute, or in this month when the quota runs out first.'),
        'RateLimit-Reset': intHeader('Seconds until Remaining changes: the end of the minute, or of the month when the quota decides.'),
      }),
      '503': apiError('TIMEOUT: the operation ran out of time; STORE_UNAVAILABLE: the key store did not answer. Retry-After says when to retry.'),
    },
  }
}

/** Payload schemas named by the registry's inputs; their fields are documented in the interface. */
function namedSchemas(ops: readonly Operation[]): Record<string, JsonObject> {
  const out: Record<string, JsonObject> = {}
  for (const op of ops) {
    for (const input of op.inputs) {
      if (input.schema !== undefined && !(input.schema in STATIC_SCHEMAS)) {
        out[input.schema] = { type: 'object', description: `${input.schema} (interface v${INTERFACE_VERSION}, "Resources and their fields").` }
      }
    }
  }
  return out
}

export function openApiDocument(ops: readonly Operation[], basePath: string): JsonObject {
  if (!Array.isArray(ops)) throw argumentError(ops, 'ops', 'a list of operations (OPERATIONS)')
  if (typeof basePath !== 'string') throw argumentError(basePath, 'basePath', 'a string such as /api/v1.8.2')
  const paths: Record<string, JsonObject> = {}
  for (const op of ops) {
    const item = (paths[op.path] ??= {})
    item[op.method.toLowerCase()] = operationObject(op)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'E-Invoice Conversion, Validation and Calculation Service',
      version: INTERFACE_VERSION,
      description: `Served by ${PRODUCT_NAME} ${VERSION}. openapi.json and docs need no API key.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: basePath }],
    tags: [
      { name: 'Conversion', description: 'Conversion, extraction and calculation over e-invoice documents' },
      { name: 'Validation', description: 'Syntactic and mathematical validation of invoices and their reports' },
      { name: 'Service', description: 'Health and version information' },
    ],
    security: [{ bearerApiKey: [] }, { apiKeyHeader: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerApiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <prefix>live_… or <prefix>test_…' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'apikey' },
      },
      schemas: { ...STATIC_SCHEMAS, ...namedSchemas(ops) },
    },
  }
}
