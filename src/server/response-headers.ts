/**
 * Response headers decided before the response exists (request id, environment, rate limit):
 * kept as a plain record on the context and written into the response that is finally built.
 * A plain record lets the Node adapter write the headers straight out; going through hono's
 * `c.header()` builds a WHATWG Headers object on every request.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { ServerEnv } from './context.js'

/** The record to add headers to (created on first use). */
export function responseHeaders(c: Context<ServerEnv>): Record<string, string> {
  let headers = c.get('responseHeaders')
  if (headers === undefined) c.set('responseHeaders', (headers = {}))
  return headers
}

/** Hands the recorded headers to the code that builds the response; they are not applied twice. */
export function takeResponseHeaders(c: Context<ServerEnv>): Record<string, string> {
  const headers = c.get('responseHeaders') ?? {}
  c.set('responseHeaders', undefined)
  return headers
}

/** Puts headers nobody took (refusals, errors, 404) onto the final response. */
export function applyLeftoverHeaders(c: Context<ServerEnv>): void {
  const headers = c.get('responseHeaders')
  if (headers === undefined) return
  c.set('responseHeaders', undefined)
  for (const name in headers) if (!c.res.headers.has(name)) c.res.headers.set(name, headers[name] as string)
}

/** For an app without the access log (which does the same): applies the leftovers after the route. */
export function leftoverHeaders(): MiddlewareHandler<ServerEnv> {
  return async function applyLeftovers(c, next) {
    await next()
    applyLeftoverHeaders(c)
  }
}
