/**
 * The library's byte arguments, checked where a caller hands them in. TypeScript callers pass
 * what the signatures say; a JavaScript caller (or `fetch(...).arrayBuffer()`) may pass anything,
 * and should hear which argument was wrong instead of meeting a TypeError from deep inside a reader.
 * @module
 */
import { EInvoiceError } from '../errors.js'

/**
 * What the entry points take as bytes: a Buffer or any Uint8Array, or an ArrayBuffer (as
 * `fetch(…).arrayBuffer()` gives). Another typed array or a DataView is read as its bytes too.
 */
export type BytesInput = Uint8Array | ArrayBuffer

/** What the XML and JSON entry points take: bytes, or the text itself. */
export type TextOrBytesInput = BytesInput | string

/** How a refusal names what it got: `a number`, `an object (Date)`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`
  return /^[aeiou]/.test(typeof value) ? `an ${typeof value}` : `a ${typeof value}`
}

/** The refusal of argument `name`: MISSING_INPUT for null and undefined, INVALID_PARAMETER for a value of another kind. */
export function argumentError(value: unknown, name: string, expected: string): EInvoiceError {
  const got = describeValue(value)
  return new EInvoiceError(value === undefined || value === null ? 'MISSING_INPUT' : 'INVALID_PARAMETER', `${name}: expected ${expected}, got ${got}`, {
    details: { [name]: `expected ${expected}, got ${got}` },
  })
}

/** Bytes as a Uint8Array: a Buffer or Uint8Array as it is, any other typed array, DataView or ArrayBuffer viewed as its bytes. */
function asBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
  // By tag, not instanceof: an ArrayBuffer from another realm (vm context, worker message) is one too.
  const tag = Object.prototype.toString.call(value)
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') return new Uint8Array(value as ArrayBuffer)
  return undefined
}

/** `value` as bytes, or an EInvoiceError naming the argument (MISSING_INPUT for null and undefined). */
export function bytesArgument(value: unknown, name: string): Uint8Array {
  const bytes = asBytes(value)
  if (bytes === undefined) throw argumentError(value, name, 'bytes (a Buffer, Uint8Array or ArrayBuffer)')
  return bytes
}

/** `value` as a string or bytes, or an EInvoiceError naming the argument. */
export function textOrBytesArgument(value: unknown, name: string): Uint8Array | string {
  if (typeof value === 'string') return value
  const bytes = asBytes(value)
  if (bytes === undefined) throw argumentError(value, name, 'a string or bytes (a Buffer, Uint8Array or ArrayBuffer)')
  return bytes
}

/** `value` as a string, or an EInvoiceError naming the argument. */
export function textArgument(value: unknown, name: string): string {
  if (typeof value === 'string') return value
  throw argumentError(value, name, 'a string')
}
