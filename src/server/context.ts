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
  /** Aborted when the request's time limit runs out. */
  signal: AbortSignal | undefined
}

export type ServerEnv = { Variables: ServerVariables }
