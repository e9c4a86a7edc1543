/**
 * The key check in front of every route: finds the key (`Authorization: Bearer` or `apikey`,
 * spec "Authentication" rule 1), reads its environment, looks its hash up and refuses with the
 * GatewayError code that says why.
 * @module
 */
import { timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import type { ServerEnv } from '../context.js'
import { GatewayRefusal } from '../errors.js'
import { responseHeaders } from '../response-headers.js'
import type { KeyStore } from '../stores/types.js'
import { type Environment, MAX_KEY_LENGTH, hashKey, parseKey } from './key-format.js'

export type ApiKeyOptions = {
  keys: KeyStore
  /** The `<PREFIX>` of keys. */
  prefix: string
  /** Environments this server serves; a key of another one is ENV_MISMATCH. */
  environments: readonly Environment[]
  /** @default () => new Date() */
  clock?: (() => Date) | undefined
}

const BEARER_RE = /^Bearer[ \t]+(\S+)[ \t]*$/i

const repeatedHeader = (name: string): GatewayRefusal =>
  new GatewayRefusal('INVALID_KEY', `the ${name} header was sent more than once (or holds a comma); send one key`)

const EMPTY_BEARER_RE = /^Bearer[ \t]*$/i

/** The key text of a request, or the refusal when it has none or an unusable one. */
export function keyFromHeaders(headers: Headers): string | GatewayRefusal {
  const authorization = headers.get('authorization')
  const apikey = headers.get('apikey')?.trim()
  // Headers joins repeated fields with ", "; no key has a comma. (Two tests, not a loop over a new
  // array: this runs on every request.)
  if (authorization?.includes(',') === true) return repeatedHeader('Authorization')
  if (apikey?.includes(',') === true) return repeatedHeader('apikey')
  let bearer: string | undefined
  // "Bearer" with nothing after it is an empty key, as an empty apikey is.
  if (authorization !== null && authorization.trim() !== '' && !EMPTY_BEARER_RE.test(authorization.trim())) {
    if (authorization.length > MAX_KEY_LENGTH + 16) return new GatewayRefusal('INVALID_KEY', 'the Authorization header is too long for an API key')
    const match = BEARER_RE.exec(authorization)
    if (match === null) return new GatewayRefusal('INVALID_KEY', 'the Authorization header must be "Bearer <API key>"')
    bearer = match[1]
  }
  if (bearer !== undefined && apikey !== undefined && apikey !== '' && apikey !== bearer) {
    return new GatewayRefusal('INVALID_KEY', 'the Authorization and apikey headers carry different keys; send one')
  }
  const key = bearer ?? apikey
  if (key === undefined || key === '') {
    return new GatewayRefusal('MISSING_KEY', 'an API key is required: send "Authorization: Bearer <key>" or "apikey: <key>"')
  }
  return key
}

/** Checks a request's key; returns the refusal, or undefined with the key recorded on the context. */
export type KeyCheck = (c: Context<ServerEnv>) => GatewayRefusal | undefined

/**
 * Digests of recently presented keys. SHA-256 was the largest cost of the gateway itself (about
 * 2 µs a request); a client sends the same key again and again. The map only saves hashing: the
 * store is still asked by digest on every request, so revocation and expiry are unaffected. Keys
 * live in this process's memory anyway (every request carries one); none is written anywhere.
 */
const HASH_CACHE_MAX = 1024

export function keyCheck(options: ApiKeyOptions): KeyCheck {
  const { keys, prefix, environments } = options
  const clock = options.clock ?? (() => new Date())
  const served = new Set(environments)
  const servedText = environments.join(' and ')
  const digests = new Map<string, Buffer>()
  const digestOf = (key: string): Buffer => {
    let hash = digests.get(key)
    if (hash === undefined) {
      // Bounded: many different keys (a scan) only cost a refill.
      if (digests.size >= HASH_CACHE_MAX) digests.clear()
      digests.set(key, (hash = hashKey(key)))
    }
    return hash
  }
  return function checkKey(c) {
    const key = keyFromHeaders(c.req.raw.headers)
    if (key instanceof GatewayRefusal) return key
    const parsed = parseKey(key, prefix)
    if (!parsed.ok) return new GatewayRefusal(parsed.reason, parsed.message)
    if (!served.has(parsed.environment)) {
      return new GatewayRefusal('ENV_MISMATCH', `this is a ${parsed.environment} key; this server serves ${servedText} only`)
    }
    const hash = digestOf(key)
    const record = keys.findByHash(hash)
    // The lookup is by a SHA-256 digest, so its timing tells nothing about the key; the final
    // comparison is constant-time all the same.
    if (record === undefined || record.hash.length !== hash.length || !timingSafeEqual(record.hash, hash)) {
      return new GatewayRefusal('UNKNOWN_KEY', 'the API key is not known to this server')
    }
    if (record.revokedAt !== undefined) return new GatewayRefusal('KEY_REVOKED', `the API key ${record.id} was revoked on ${record.revokedAt}`)
    if (record.expiresAt !== undefined && Date.parse(record.expiresAt) <= clock().getTime()) {
      return new GatewayRefusal('KEY_EXPIRED', `the API key ${record.id} expired on ${record.expiresAt}`)
    }
    c.set('apiKey', record)
    c.set('environment', record.environment)
    responseHeaders(c)['x-einvoice-environment'] = record.environment
    return undefined
  }
}
