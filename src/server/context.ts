/**
 * What the middlewares leave on the request context for those after them (and the access log).
 * @module
 */
import type { Environment } from './gateway/key-format.js'
import type { KeyRecord } from './stores/types.js'

export type ServerVariables = {
  requestId: string
  /** The `USERNAME` header (spec: accepted on every endpoint); logged, never interpreted. */
  username: string | undefined
  /** Set by the api-key middleware once the key is accepted. */
  apiKey: KeyRecord | undefined
  environment: Environment | undefined
  /** `reading` while the body is read, `running` while the operation runs (timeout: 408 vs 503). */
  phase: 'gateway' | 'reading' | 'running'
  /**
   * The request's time limit: its signal aborts when the time runs out. Made on first read
   * (an AbortController per request is measurable; only pooled operations listen to it).
   */
  deadline: { readonly signal: AbortSignal } | undefined
  /** Headers for the response, decided before it exists (see response-headers.ts). */
  responseHeaders: Record<string, string> | undefined
}

export type ServerEnv = { Variables: ServerVariables }
