/**
 * 413 PAYLOAD_TOO_LARGE for request bodies over the limit, checked on Content-Length before a
 * byte is read and counted while streaming for chunked bodies (RFC 9112 §6.3: Transfer-Encoding
 * wins over Content-Length).
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'
import type { ServerEnv } from './context.js'
import { HttpProblem, toErrorResponse } from './errors.js'
import { nodeIncoming, payloadTooLarge, readIncoming } from './raw-body.js'

/** 20 MB: a PDF/A-3 with attachments fits; a runaway upload does not. */
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024

export type BodyLimitOptions = {
  /**
   * The route reads its body with `readRawBody`, which counts the bytes of a body straight from
   * Node's IncomingMessage: a chunked body is then not wrapped in a counting web stream here.
   */
  countedByReader?: boolean | undefined
}

export function bodyLimit(maxBytes: number, options: BodyLimitOptions = {}): MiddlewareHandler<ServerEnv> {
  // The rest of the body is not read: the 413 closes the connection rather than drain it.
  const tooLarge = (c: Context<ServerEnv>) => toErrorResponse(payloadTooLarge(maxBytes), c.req.url, 'application/json') as Response
  // Only a chunked body needs counting while it streams (hono's middleware does that); it reads
  // the body through a web stream, which costs far more than the header check below.
  const streamed = honoBodyLimit({ maxSize: maxBytes, onError: tooLarge })
  const countedByReader = options.countedByReader === true
  return async function bodyLimitCheck(c, next) {
    const headers = c.req.raw.headers
    const length = headers.get('content-length')
    if (length === null || headers.has('transfer-encoding')) {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
      const incoming = nodeIncoming(c)
      if (incoming === undefined) return streamed(c, next)
      if (countedByReader) return next()
      // Counted straight from Node's stream: hono's counter reads a web stream, and a client that
      // went away mid-body made its read throw a bare 'aborted', answered as a 500.
      let body: Uint8Array
      try {
        body = await readIncoming(incoming, maxBytes)
      } catch (err) {
        if (err instanceof HttpProblem) return toErrorResponse(err, c.req.url, 'application/json') as Response
        throw err
      }
      c.req.raw = new Request(c.req.raw, { body })
      return next()
    }
    if (Number.parseInt(length, 10) > maxBytes) return tooLarge(c)
    await next()
  }
}
