/**
 * Turns an HTTP request into an operation's input, by the operation's declaration: the raw body
 * bytes for a `body` input, the named parts of a multipart/form-data body, and the query and
 * header parameters parsed by `parseParams`.
 * @module
 */
import type { Context, HonoRequest } from 'hono'
import { EInvoiceError } from '../errors.js'
import { parseParams } from '../operations/params.js'
import type { Operation, OperationInput } from '../operations/types.js'
import type { ServerEnv } from './context.js'
import { announcesBody } from './body-framing.js'
import { HttpProblem } from './errors.js'
import { readRawBody } from './raw-body.js'

const MULTIPART_RE = /^multipart\/form-data\s*;.*boundary=/i
const encoder = new TextEncoder()

async function readMultipart(req: HonoRequest, op: Operation, out: Record<string, Uint8Array | undefined>, fileNames: Record<string, string>): Promise<void> {
  const parts = op.inputs.filter((i) => i.source === 'multipart')
  const names = parts.map((p) => p.name).join(', ')
  const type = req.header('content-type') ?? ''
  if (!MULTIPART_RE.test(type)) {
    throw new EInvoiceError(
      'MISSING_INPUT',
      `expected a multipart/form-data body with the field(s) ${names}; got ${type === '' ? 'no Content-Type' : type.slice(0, 100)}`,
      { details: { 'content-type': 'multipart/form-data required' } },
    )
  }
  // No body at all is a missing input, named as such, not a malformed multipart body.
  if (!announcesBody(req.header('content-length'), req.header('transfer-encoding'))) return
  let form: Record<string, string | File>
  try {
    form = await req.parseBody()
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    throw new HttpProblem(400, 'INVALID_MULTIPART', `the multipart/form-data body cannot be read: ${why}`, { body: 'malformed multipart' })
  }
  for (const spec of parts) {
    const value = form[spec.name]
    if (value === undefined) continue
    out[spec.name] = typeof value === 'string' ? encoder.encode(value) : new Uint8Array(await value.arrayBuffer())
    if (typeof value !== 'string' && value.name !== '') fileNames[spec.name] = value.name
  }
}

/** `name=value` lines of every header starting with `prefix` (case-insensitive), or undefined. */
function headerFamily(req: HonoRequest, prefix: string): string | undefined {
  const lower = prefix.toLowerCase()
  const lines = Object.entries(req.header())
    .filter(([name]) => name.toLowerCase().startsWith(lower))
    .map(([name, value]) => `${name}=${value}`)
  return lines.length === 0 ? undefined : lines.join('\n')
}

/**
 * @param maxBodyBytes the body limit, counted while a raw body is read (a chunked body has no
 *   Content-Length for the body-limit middleware to check).
 * @throws EInvoiceError MISSING_INPUT (a required input absent or empty), INVALID_PARAMETER;
 *   HttpProblem INVALID_MULTIPART for a body that is not well-formed multipart, PAYLOAD_TOO_LARGE.
 */
export async function readOperationInput(c: Context<ServerEnv>, op: Operation, maxBodyBytes: number): Promise<OperationInput> {
  const req = c.req
  // Parameters first: a wrong query is reported without waiting for a large upload.
  const raw: Record<string, string | undefined> = {}
  for (const spec of op.params) {
    if (spec.headerPrefix !== undefined) raw[spec.name] = headerFamily(req, spec.headerPrefix)
    else raw[spec.name] = spec.in === 'query' ? req.query(spec.name) : req.header(spec.name)
  }
  const params = parseParams(op, raw)
  const inputs: Record<string, Uint8Array | undefined> = {}
  const body = op.inputs.find((i) => i.source === 'body')
  if (body !== undefined) {
    // Any Content-Type is accepted for a raw body (curl -d sends form-urlencoded by default);
    // the operation judges the bytes.
    inputs[body.name] = await readRawBody(c, maxBodyBytes)
  }
  // Most operations take no multipart part: skip the call (and its promise) for them.
  const fileNames: Record<string, string> = {}
  if (op.inputs.some((i) => i.source === 'multipart')) await readMultipart(req, op, inputs, fileNames)
  for (const spec of op.inputs) {
    const bytes = inputs[spec.name]
    if (spec.required && (bytes === undefined || bytes.length === 0)) {
      const where = spec.source === 'body' ? `request body (${spec.mediaType ?? 'bytes'})` : `multipart field "${spec.name}"`
      throw new EInvoiceError('MISSING_INPUT', `${spec.name}: the ${where} is missing or empty`, { details: { [spec.name]: 'required' } })
    }
  }
  return Object.keys(fileNames).length === 0 ? { inputs, params } : { inputs, params, fileNames }
}
