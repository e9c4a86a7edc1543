/**
 * The two error shapes of the interface (spec "Errors") and the one place that builds them:
 * ApiErrorResponse for the service (400 and our own 404/405/408/413/500/503), GatewayError for
 * the gateway (401/403/429, always with `X-Error-Code`).
 * @module
 */
import { type EInvoiceErrorCode, isEInvoiceError } from '../errors.js'

/** Body of a service error (spec: ApiErrorResponse). */
export type ApiErrorResponse = {
  requestUrl: string
  httpCode: number
  errorCode: string
  message?: string | undefined
  details?: Record<string, string> | undefined
}

/** The gateway's machine-readable reasons (spec: GatewayError.errorCode). */
export const GATEWAY_ERROR_CODES = [
  'FORBIDDEN',
  'MISSING_KEY',
  'INVALID_KEY',
  'UNKNOWN_KEY',
  'ENV_MISSING',
  'ENV_MISMATCH',
  'KEY_REVOKED',
  'KEY_EXPIRED',
  'RATE_LIMITED',
  'QUOTA_EXHAUSTED',
] as const

export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number]

/** Status per gateway code. The spec fixes 401 and 429; FORBIDDEN is ours (403, RFC 9110 §15.5.4). */
export const GATEWAY_STATUS: Readonly<Record<GatewayErrorCode, 401 | 403 | 429>> = {
  FORBIDDEN: 403,
  MISSING_KEY: 401,
  INVALID_KEY: 401,
  UNKNOWN_KEY: 401,
  ENV_MISSING: 401,
  ENV_MISMATCH: 401,
  KEY_REVOKED: 401,
  KEY_EXPIRED: 401,
  RATE_LIMITED: 429,
  QUOTA_EXHAUSTED: 429,
}

/** Body of a gateway error (spec: GatewayError). */
export type GatewayError = { statusCode: number; message: string; errorCode: GatewayErrorCode }

/**
 * Error codes of ApiErrorResponse that the server itself produces (besides the engine's
 * EInvoiceError codes, src/errors.ts). Documented in docs/server.md.
 */
export type ServerErrorCode =
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'INVALID_MULTIPART'
  | 'INVALID_REQUEST'
  | 'REQUEST_ABORTED'
  | 'REQUEST_TIMEOUT'
  | 'TIMEOUT'
  | 'STORE_UNAVAILABLE'
  | 'INTERNAL_ERROR'

/** A refusal decided by the server (not the engine): status, code and message travel together. */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem'
  constructor(
    readonly status: number,
    readonly errorCode: ServerErrorCode,
    message: string,
    readonly details: Record<string, string> = {},
    /** Of a 503: when a retry may succeed. */
    readonly retryAfterSeconds = 1,
  ) {
    super(message)
  }
}

/** Thrown by the gateway middlewares; `headers` carry Retry-After and RateLimit-* on 429. */
export class GatewayRefusal extends Error {
  override readonly name = 'GatewayRefusal'
  constructor(
    readonly errorCode: GatewayErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** `*\/*` is not a media type one can send; JSON is what the body is. */
export function concreteMediaType(mediaType: string): string {
  return mediaType.includes('*') ? 'application/json' : mediaType
}

const WWW_AUTHENTICATE = 'Bearer realm="einvoice"'

/** @param recorded headers decided before (request id, RateLimit-*); the refusal's own win. */
export function gatewayResponse(refusal: GatewayRefusal, recorded: Readonly<Record<string, string>> = {}): Response {
  const status = GATEWAY_STATUS[refusal.errorCode]
  const body: GatewayError = { statusCode: status, message: refusal.message, errorCode: refusal.errorCode }
  // RFC 9110 §11.6.1: a 401 names the scheme that can pass (the apikey header works as well).
  const challenge = status === 401 ? { 'www-authenticate': WWW_AUTHENTICATE } : undefined
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...recorded, 'content-type': 'application/json', 'x-error-code': refusal.errorCode, ...challenge, ...refusal.headers },
  })
}

/** @param recorded headers decided before (request id, RateLimit-*); `headers` win over them. */
export function apiErrorResponse(
  body: ApiErrorResponse,
  mediaType: string,
  headers: Readonly<Record<string, string>> = {},
  recorded: Readonly<Record<string, string>> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: body.httpCode,
    headers: { ...recorded, 'content-type': concreteMediaType(mediaType), ...headers },
  })
}

const ENGINE_STATUS: Partial<Record<EInvoiceErrorCode, number>> = { DEPENDENCY_MISSING: 501, INPUT_TOO_LARGE: 413 }

/**
 * Maps what a request handler threw to the response, or `undefined` for an unexpected error
 * (the caller logs it and answers an opaque 500).
 * @param mediaType the endpoint's `errorMediaType` (400 bodies differ per endpoint).
 * @param recorded headers decided before the error (request id, RateLimit-*), sent with it.
 */
export function toErrorResponse(
  err: unknown,
  requestUrl: string,
  mediaType: string,
  recorded: Readonly<Record<string, string>> = {},
): Response | undefined {
  if (err instanceof GatewayRefusal) return gatewayResponse(err, recorded)
  if (isEInvoiceError(err)) {
    // The engine's refusals are 400s, except what is not the client's input: a missing server-side
    // program (501) and an input over an engine limit (413).
    const status = ENGINE_STATUS[err.errorCode] ?? 400
    return apiErrorResponse(
      { requestUrl, httpCode: status, errorCode: err.errorCode, message: err.message, details: err.details },
      status === 400 ? mediaType : 'application/json',
      {},
      recorded,
    )
  }
  if (err instanceof HttpProblem) {
    // 400s keep the endpoint's media type; other statuses are ours and always JSON.
    const type = err.status === 400 ? mediaType : 'application/json'
    const headers: Record<string, string> = err.status === 503 ? { 'retry-after': String(err.retryAfterSeconds) } : {}
    // A 413 leaves the rest of the body unread: close the connection rather than drain it. A 408
    // says the server stopped waiting for the request (RFC 9110 §15.5.9): its connection closes
    // too, and the answer says so (Node had marked it keep-alive, then closed it 0.5 s later).
    if (err.status === 413 || err.status === 408) headers['connection'] = 'close'
    return apiErrorResponse(
      { requestUrl, httpCode: err.status, errorCode: err.errorCode, message: err.message, details: err.details },
      type,
      headers,
      recorded,
    )
  }
  return undefined
}

export function internalErrorResponse(requestUrl: string, requestId: string): Response {
  return apiErrorResponse(
    {
      requestUrl,
      httpCode: 500,
      errorCode: 'INTERNAL_ERROR',
      message: `internal error; the server log has the details under request id ${requestId}`,
      details: { requestId },
    },
    'application/json',
  )
}
