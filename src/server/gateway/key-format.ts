/**
 * API key text: `<prefix>live_<random>` / `<prefix>test_<random>` (spec "Authentication" rule 2),
 * how keys are made, parsed and hashed. Only the SHA-256 of a key is ever stored.
 * @module
 */
import { hash, randomInt } from 'node:crypto'

/** The environments a key can reach; the key's marker selects one (spec rule 3). */
export type Environment = 'live' | 'sandbox'

/** Key marker → environment: `live_` reaches live, `test_` the sandbox. */
export const ENV_MARKERS: Readonly<Record<string, Environment>> = { live: 'live', test: 'sandbox' }
export const MARKER_OF: Readonly<Record<Environment, string>> = { live: 'live', sandbox: 'test' }

/** Default `<PREFIX>`: short and neutral, as the spec asks. */
export const DEFAULT_KEY_PREFIX = 'ei_'

const RANDOM_LENGTH = 32
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const RANDOM_RE = new RegExp(`^[A-Za-z0-9]{${RANDOM_LENGTH}}$`)
/** A prefix is a short word with an optional trailing separator (`ei_`, `acme-`). */
const PREFIX_RE = /^[a-z][a-z0-9]{0,11}[_-]?$/
/** Longest key text we look at; anything longer is malformed without further parsing. */
export const MAX_KEY_LENGTH = 128

export type ParsedKey =
  | { ok: true; environment: Environment; marker: string }
  | { ok: false; reason: 'INVALID_KEY' | 'ENV_MISSING'; message: string }

export function checkPrefix(prefix: string): string {
  if (!PREFIX_RE.test(prefix)) {
    throw new RangeError(`key prefix ${JSON.stringify(prefix)}: expected 1–12 lower-case letters/digits, optionally ending in _ or -`)
  }
  return prefix
}

/** A new key for `environment`: 32 characters of base62 (≈190 bits) from the CSPRNG. */
export function generateKey(prefix: string, environment: Environment): string {
  let random = ''
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(ALPHABET.length)]
  return `${prefix}${MARKER_OF[environment]}_${random}`
}

/**
 * Reads the environment from a key's text. INVALID_KEY: not a key of this server's shape at all
 * (wrong prefix, characters or length). ENV_MISSING: the prefix is right but no known
 * environment marker (`live_`/`test_`) follows it.
 */
export function parseKey(key: string, prefix: string): ParsedKey {
  if (key.length > MAX_KEY_LENGTH || !key.startsWith(prefix)) {
    return { ok: false, reason: 'INVALID_KEY', message: `the API key is malformed: expected ${prefix}live_… or ${prefix}test_…` }
  }
  const rest = key.slice(prefix.length)
  const sep = rest.indexOf('_')
  const marker = sep < 0 ? '' : rest.slice(0, sep)
  const environment = ENV_MARKERS[marker]
  if (environment === undefined) {
    return {
      ok: false,
      reason: 'ENV_MISSING',
      message: `the API key has no environment marker: it must start with ${prefix}live_ (live) or ${prefix}test_ (sandbox)`,
    }
  }
  if (!RANDOM_RE.test(rest.slice(sep + 1))) {
    return { ok: false, reason: 'INVALID_KEY', message: `the API key is malformed: ${RANDOM_LENGTH} letters or digits must follow ${prefix}${marker}_` }
  }
  return { ok: true, environment, marker }
}

/** SHA-256 of the key text: what the store keeps and looks keys up by. */
export function hashKey(key: string): Buffer {
  // The one-shot crypto.hash skips the Hash object: it is on every request's path.
  return hash('sha256', key, 'buffer')
}
