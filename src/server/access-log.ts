/**
 * The structured access log: one JSON line per request (pino) with request id, key id,
 * environment, USERNAME, method, path, status and duration. The key itself is never logged.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { ServerEnv } from './context.js'
import { applyLeftoverHeaders, responseHeaders } from './response-headers.js'

/** USERNAME is free text from the client: keep the log line bounded. */
const MAX_USERNAME = 128

export function accessLog(logger: Logger): MiddlewareHandler<ServerEnv> {
  return async function accessLogger(c, next) {
    const start = performance.now()
    const requestId = randomUUID()
    const username = c.req.header('username')
    c.set('requestId', requestId)
    c.set('username', username === undefined ? undefined : username.slice(0, MAX_USERNAME))
    c.set('phase', 'gateway')
    responseHeaders(c)['x-request-id'] = requestId
    await next()
    applyLeftoverHeaders(c)
    logger.info(
      {
        reqId: requestId,
        keyId: c.get('apiKey')?.id,
        env: c.get('environment'),
        username: c.get('username'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 100) / 100,
      },
      'request',
    )
  }
}
