/**
 * One route per registry operation: the gateway in front, then the time and size limits, then
 * the handler that reads the input, runs the operation (on the worker pool when `heavy`) and
 * answers in the operation's media types.
 * @module
 */
import type { Handler, Hono, MiddlewareHandler } from 'hono'
import type { Operation, OperationInput, OperationOutput } from '../operations/types.js'
import { bodyLimit } from './body-limit.js'
import type { ServerEnv } from './context.js'
import { toErrorResponse } from './errors.js'
import type { Gateway, GatewayCheck } from './gateway/gateway.js'
import { readOperationInput } from './read-request.js'
import { type TimeLimit, timeLimit } from './request-timeout.js'
import { respond } from './respond.js'
import { takeResponseHeaders } from './response-headers.js'

/** Runs an operation; the deadline's signal aborts when the request's time is up. */
export type OperationRunner = (
  op: Operation,
  input: OperationInput,
  deadline: { readonly signal: AbortSignal } | undefined,
) => Promise<OperationOutput>

export type RouteOptions = {
  basePath: string
  /** Makes each route's key, endpoint and usage check (gateway/gateway.ts). */
  gateway: Gateway
  run: OperationRunner
  maxBodyBytes: number
  timeoutMs: number
}

export function operationHandler(op: Operation, run: OperationRunner, maxBodyBytes: number): Handler<ServerEnv> {
  return async function handleOperation(c) {
    try {
      c.set('phase', 'reading')
      const input = await readOperationInput(c, op, maxBodyBytes)
      c.set('phase', 'running')
      const out = await run(op, input, c.get('deadline'))
      return respond(c, op, out, input.params)
    } catch (err) {
      // The headers recorded so far (RateLimit-*) go with the error too.
      const mapped = toErrorResponse(err, c.req.url, op.errorMediaType, c.get('responseHeaders'))
      // Unexpected errors go to the app's onError: logged, answered with an opaque 500 (which
      // gets the recorded headers from the access log's leftovers).
      if (mapped === undefined) throw err
      takeResponseHeaders(c)
      return mapped
    }
  }
}

/**
 * The gateway, the time limit and the body limit of a route as one middleware. As three
 * middlewares each was a step of hono's dispatch (an async function, its promise and a closure
 * per request; docs/server.md, round 6). The order and answers are those of the three steps: a
 * refusal before the time limit starts, the 413 and the 408/503 as the route's response.
 */
function operationGate(check: GatewayCheck, withinTime: TimeLimit, limit: MiddlewareHandler<ServerEnv>): MiddlewareHandler<ServerEnv> {
  return async function gate(c, next) {
    const refused = await check(c)
    if (refused !== undefined) return refused
    return withinTime(c, () => limit(c, next))
  }
}

export function mountOperations(app: Hono<ServerEnv>, ops: readonly Operation[], options: RouteOptions): void {
  const withinTime = timeLimit(options.timeoutMs)
  // A raw body is counted by its reader (read-request.ts); a multipart body by the middleware.
  const rawBodyLimit = bodyLimit(options.maxBodyBytes, { countedByReader: true })
  const streamedBodyLimit = bodyLimit(options.maxBodyBytes)
  for (const op of ops) {
    const limit = op.inputs.some((i) => i.source === 'multipart') ? streamedBodyLimit : rawBodyLimit
    const gate = operationGate(options.gateway(op.name), withinTime, limit)
    app.on(op.method, [options.basePath + op.path], gate, operationHandler(op, options.run, options.maxBodyBytes))
  }
}
