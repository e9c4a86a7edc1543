/**
 * `createApp(options)`: the HTTP face of the interface (base path /api/v1.8.2) on hono, with
 * routes generated from the operation registry and the API-key gateway in front of each.
 * @module
 */
import { Hono } from 'hono'
import pino, { type Logger } from 'pino'
import { OPERATIONS } from '../operations/registry.js'
import type { Operation, OperationInput } from '../operations/types.js'
import { accessLog } from './access-log.js'
import { DEFAULT_MAX_BODY_BYTES } from './body-limit.js'
import type { ServerEnv } from './context.js'
import { DOCS_CSS, docsPage } from './docs-page.js'
import { apiErrorResponse, internalErrorResponse, toErrorResponse } from './errors.js'
import { keyCheck } from './gateway/api-key.js'
import { gateway } from './gateway/gateway.js'
import { DEFAULT_KEY_PREFIX, type Environment, checkPrefix } from './gateway/key-format.js'
import { usageCheck } from './gateway/usage-limits.js'
import { openApiDocument } from './openapi.js'
import { nodeIncoming } from './raw-body.js'
import { hostProblemOf } from './request-host.js'
import { type OperationRunner, mountOperations } from './routes.js'
import type { KeyStore, UsageStore } from './stores/types.js'
import { EInvoiceError } from '../errors.js'
import { type Check, callable, checkOptions, type OptionSpec, positiveInteger, text, wholeNumber, withMethods } from '../util/option-input.js'

export const BASE_PATH = '/api/v1.8.2'

/**
 * Light operations (calculate, parse, invoice2xml …) run on the main thread, cheaper than a trip
 * to a worker for the usual few-KB invoice; an input above this size goes to the pool like a heavy
 * operation. A 4.9 MB calculate body (40,000 lines) took 1.1 s there and held up every other
 * request, `ping` included; 64 KB of it is about 15 ms.
 */
export const INLINE_INPUT_BYTES = 64 * 1024

function inputBytes(input: OperationInput): number {
  let total = 0
  for (const name in input.inputs) total += input.inputs[name]?.byteLength ?? 0
  return total
}

/** Per-request time limit. @see AppOptions.timeoutMs */
export const DEFAULT_TIMEOUT_MS = 60_000

export type AppOptions = {
  keys: KeyStore
  /** Counters for rate limits and quotas (the SQLite store, or Redis for several instances). */
  usage: UsageStore
  /** `<PREFIX>` of API keys. @default 'ei_' */
  keyPrefix?: string | undefined
  /** Environments served; keys of others get ENV_MISMATCH. @default ['live', 'sandbox'] */
  environments?: readonly Environment[] | undefined
  /** @default 20 MB */
  maxBodyBytes?: number | undefined
  /** @default 60 000 ms */
  timeoutMs?: number | undefined
  /** Access and error log. @default silent */
  logger?: Logger | undefined
  /** Operations to serve. @default OPERATIONS (the registry) */
  operations?: readonly Operation[] | undefined
  /**
   * Runs `heavy` operations and inputs over INLINE_INPUT_BYTES (the worker pool); others, and all
   * when absent, run in-process.
   */
  runHeavy?: OperationRunner | undefined
  /** @default () => new Date() */
  clock?: (() => Date) | undefined
}

/** The largest delay a Node timer keeps; a longer one fires at once (TimeoutOverflowWarning). */
export const MAX_TIMER_MS = 2_147_483_647

export const LOGGER: Check<Logger> = withMethods('a pino logger', ['info', 'warn', 'error', 'child'])

const APP_OPTIONS: OptionSpec<AppOptions> = {
  keys: withMethods('a key store (such as SqliteStore)', ['findByHash', 'get', 'create', 'list', 'revoke', 'count']),
  usage: withMethods('a usage store (SqliteStore or RedisUsageStore)', ['consume', 'usage', 'close']),
  keyPrefix: text,
  environments: {
    expected: 'a list of "live" and "sandbox"',
    test: (v): v is readonly Environment[] => Array.isArray(v) && v.length > 0 && v.every((e) => e === 'live' || e === 'sandbox'),
  },
  maxBodyBytes: positiveInteger,
  timeoutMs: wholeNumber(1, MAX_TIMER_MS),
  logger: LOGGER,
  operations: { expected: 'a list of operations (from OPERATIONS)', test: (v): v is readonly Operation[] => Array.isArray(v) && v.every((op) => typeof op === 'object' && op !== null && typeof (op as Operation).run === 'function') },
  runHeavy: callable(),
  clock: callable(),
}

/**
 * @example
 * const store = new SqliteStore('einvoice-keys.db')
 * const app = createApp({ keys: store, usage: store })
 * serve({ fetch: app.fetch, port: 8080, hostname: '127.0.0.1' })
 */
export function createApp(options: AppOptions): Hono<ServerEnv> {
  options = checkOptions(options, 'options', APP_OPTIONS)
  for (const store of ['keys', 'usage'] as const) {
    if (options[store] === undefined) throw new EInvoiceError('MISSING_INPUT', `options.${store}: required (${APP_OPTIONS[store].expected})`, { details: { [`options.${store}`]: 'required' } })
  }
  const ops = options.operations ?? OPERATIONS
  const logger = options.logger ?? pino({ enabled: false })
  const runHeavy = options.runHeavy
  const run: OperationRunner = (op, input, deadline) =>
    runHeavy !== undefined && (op.heavy || inputBytes(input) > INLINE_INPUT_BYTES) ? runHeavy(op, input, deadline) : op.run(input)
  const app = new Hono<ServerEnv>()
  const logRequest = accessLog(logger)
  const errorMediaTypes = new Map(ops.map((op) => [BASE_PATH + op.path, op.errorMediaType]))
  // A request whose Host header cannot be used (request-host.ts) is refused before routing, inside
  // the access log, so it has its X-Request-Id and log line. Handed to the access log as its
  // `next`, the check costs the other requests no dispatch step of its own (docs/server.md, round 6).
  app.use('*', function loggedRequest(c, next) {
    const problem = hostProblemOf(nodeIncoming(c))
    if (problem === undefined) return logRequest(c, next)
    return logRequest(c, () => {
      c.res = apiErrorResponse(
        { requestUrl: c.req.url, httpCode: 400, errorCode: 'INVALID_REQUEST', message: problem.message, details: { [problem.field ?? 'host']: problem.detail } },
        errorMediaTypes.get(c.req.path) ?? 'application/json',
      )
      return Promise.resolve()
    })
  })
  const checkKey = keyCheck({
    keys: options.keys,
    prefix: checkPrefix(options.keyPrefix ?? DEFAULT_KEY_PREFIX),
    environments: options.environments ?? ['live', 'sandbox'],
    clock: options.clock,
  })
  mountOperations(app, ops, {
    basePath: BASE_PATH,
    gateway: gateway(checkKey, usageCheck({ usage: options.usage, clock: options.clock }), (err, c) =>
      logger.error({ reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err }, 'key or usage store failed: answered 503'),
    ),
    run,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  })

  // The description of the API is public: no key needed (docs/server.md).
  const doc = openApiDocument(ops, BASE_PATH)
  const docText = JSON.stringify(doc)
  const page = docsPage(doc, BASE_PATH)
  app.get(`${BASE_PATH}/openapi.json`, (c) => c.body(docText, 200, { 'content-type': 'application/json' }))
  app.get(`${BASE_PATH}/docs`, (c) => c.html(page))
  app.get(`${BASE_PATH}/docs/style.css`, (c) => c.body(DOCS_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }))

  const methodsByPath = new Map<string, string[]>()
  for (const op of ops) methodsByPath.set(BASE_PATH + op.path, [...(methodsByPath.get(BASE_PATH + op.path) ?? []), op.method])
  for (const path of ['openapi.json', 'docs', 'docs/style.css']) methodsByPath.set(`${BASE_PATH}/${path}`, ['GET'])

  app.notFound((c) => {
    const allowed = methodsByPath.get(c.req.path)
    if (allowed !== undefined) {
      const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed
      return apiErrorResponse(
        { requestUrl: c.req.url, httpCode: 405, errorCode: 'METHOD_NOT_ALLOWED', message: `${c.req.method} is not allowed on ${c.req.path}; use ${allow.join(' or ')}` },
        'application/json',
        { allow: allow.join(', ') },
      )
    }
    return apiErrorResponse(
      { requestUrl: c.req.url, httpCode: 404, errorCode: 'NOT_FOUND', message: `no endpoint ${c.req.path}; the API lives under ${BASE_PATH} (see ${BASE_PATH}/openapi.json)` },
      'application/json',
    )
  })

  app.onError((err, c) => {
    const mapped = toErrorResponse(err, c.req.url, 'application/json')
    if (mapped !== undefined) return mapped
    const requestId = c.get('requestId') ?? 'unknown'
    logger.error({ reqId: requestId, method: c.req.method, path: c.req.path, err }, 'unexpected error')
    return internalErrorResponse(c.req.url, requestId)
  })
  return app
}
