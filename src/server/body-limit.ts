/**
 * 413 PAYLOAD_TOO_LARGE for request bodies over the limit, checked on Content-Length before a
 * byte is read and counted while streaming for chunked bodies (hono's bodyLimit does both;
 * RFC 9112 §6.3: Transfer-Encoding wins over Content-Length).
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'
import type { ServerEnv } from './context.js'
import { apiErrorResponse } from './errors.js'

/** 20 MB: a PDF/A-3 with attachments fits; a runaway upload does not. */
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024

export function bodyLimit(maxBytes: number): MiddlewareHandler<ServerEnv> {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      apiErrorResponse(
        {
          requestUrl: c.req.url,
          httpCode: 413,
          errorCode: 'PAYLOAD_TOO_LARGE',
          message: `the request body is larger than the limit of ${maxBytes} bytes`,
          details: { limit: String(maxBytes) },
        },
        'application/json',
        // The rest of the body is not read: close the connection rather than drain it.
        { connection: 'close' },
      ),
  })
}
