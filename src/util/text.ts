/**
 * Strict UTF-8 decoding with the offset of the first bad byte in the error.
 * @module
 */
import { EInvoiceError } from '../errors.js'

const decoder = new TextDecoder('utf-8', { fatal: true })

/** Offset of the first byte that breaks UTF-8, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i] as number
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
    if (need < 0) return i
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]
      if (c === undefined || (c & 0xc0) !== 0x80) return i
    }
    i += need + 1
  }
  return -1
}

/** Decodes UTF-8 text; invalid bytes are an error naming the offset rather than U+FFFD noise. */
export function decodeText(bytes: Uint8Array, name: string): string {
  try {
    return decoder.decode(bytes)
  } catch {
    const offset = Math.max(0, firstInvalidUtf8(bytes))
    throw new EInvoiceError('INVALID_ENCODING', `${name}: not UTF-8 text (invalid byte at offset ${offset})`, {
      details: { [name]: `invalid UTF-8 at offset ${offset}` },
    })
  }
}
