/**
 * Strict UTF-8 decoding with the offset of the first bad byte in the error.
 * @module
 */
import { isAscii, isUtf8 } from 'node:buffer'
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

/**
 * `bytes` (valid UTF-8, checked) as text, as the fatal TextDecoder gives it (a leading BOM
 * dropped). V8's UTF-8 decoder goes byte by byte through a state machine from the first non-ASCII
 * byte on (about 21 instructions a byte, 88 k for the 4 KB 10-line sample with its four umlauts);
 * here the text is the bytes read as Latin-1 (a copy), with only its runs of non-ASCII bytes (in
 * valid UTF-8 always whole characters) decoded as UTF-8. After many runs the rest is left to V8's
 * decoder: each run costs a call into C++ and a string concatenation.
 */
function decodeValid(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  const end = bytes.length
  const latin1 = buffer.toString('latin1', start, end)
  if (isAscii(bytes)) return latin1
  // The bytes as 32-bit words from the first one aligned in memory (`head`): 4 tested at a time.
  const head = Math.min(end, (4 - (bytes.byteOffset & 3)) & 3)
  const words = new Int32Array(bytes.buffer, bytes.byteOffset + head, (end - head) >> 2)
  const maxRuns = 8 + (end >> 7)
  let text = ''
  let from = start
  for (let runs = 1; ; runs++) {
    const at = nonAsciiFrom(bytes, words, head, from, end)
    if (at === end) return text + latin1.slice(from - start)
    if (runs > maxRuns) return text + buffer.toString('utf8', from, end)
    let next = at + 1
    while (next < end && (bytes[next] as number) >= 0x80) next++
    text += latin1.slice(from - start, at - start) + buffer.toString('utf8', at, next)
    from = next
  }
}

/** The top bit of each byte of a 32-bit word, as an int32 (so the test stays in integers). */
const HIGH_BITS = 0x80808080 | 0

/** The index of the first byte of 0x80 or above from `from` on, else `end`; `words` as in decodeValid. */
function nonAsciiFrom(bytes: Uint8Array, words: Int32Array, head: number, from: number, end: number): number {
  let i = from
  while (i < end) {
    if (i >= head && ((i - head) & 3) === 0) {
      let w = (i - head) >> 2
      // Four words (16 bytes) a step while they are all ASCII, then one.
      const last4 = words.length - 4
      while (w <= last4 && (((words[w] as number) | (words[w + 1] as number) | (words[w + 2] as number) | (words[w + 3] as number)) & HIGH_BITS) === 0) w += 4
      while (w < words.length && ((words[w] as number) & HIGH_BITS) === 0) w++
      i = head + (w << 2)
      if (i >= end) return end
    }
    if ((bytes[i] as number) >= 0x80) return i
    i++
  }
  return end
}

/** Decodes UTF-8 text; invalid bytes are an error naming the offset rather than U+FFFD noise. */
export function decodeText(bytes: Uint8Array, name: string): string {
  try {
    // isUtf8 is the check the fatal TextDecoder makes (simdutf's UTF-8 validation).
    return isUtf8(bytes) ? decodeValid(bytes) : decoder.decode(bytes)
  } catch {
    const offset = Math.max(0, firstInvalidUtf8(bytes))
    throw new EInvoiceError('INVALID_ENCODING', `${name}: not UTF-8 text (invalid byte at offset ${offset})`, {
      details: { [name]: `invalid UTF-8 at offset ${offset}` },
    })
  }
}
