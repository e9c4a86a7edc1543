/**
 * A content-stream lexer for the PDF/A limit and operator checks (ISO 32000-1 7.2, 7.8.2): every
 * token with its byte offset, numbers as raw text (an integer and a real differ in their limits),
 * strings and names with their decoded byte length. Inline-image data is skipped. Malformed input
 * never throws: an unterminated token ends at the end of the data.
 * Character classes and inline-image skipping are content-operations.ts's; strings are only
 * measured here, not decoded.
 * @module
 */
import { CLASS, skipInlineImage } from '../../pdf/content-operations.js'

export const TOKEN = { number: 0, string: 1, name: 2, operator: 3, open: 4, close: 5 } as const
export type TokenKind = (typeof TOKEN)[keyof typeof TOKEN]

/**
 * `start`/`end`: the token's bytes (for names without the slash); `size`: the decoded byte length
 * of a string or name, 0 otherwise.
 */
export type LexVisitor = (kind: TokenKind, start: number, end: number, size: number) => void

const isHexDigit = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
const isOctal = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x37

/** A literal string from `(` at `i`: [index after its `)`, decoded byte length]. */
function literal(data: Uint8Array, i: number): [number, number] {
  let depth = 1
  let size = 0
  i++
  while (i < data.length) {
    const c = data[i]!
    if (c === 0x5c) {
      const e = data[i + 1]
      if (isOctal(e)) {
        let k = 1
        while (k < 3 && isOctal(data[i + 1 + k])) k++
        i += 1 + k
        size++
      } else if (e === 0x0d || e === 0x0a) {
        i += e === 0x0d && data[i + 2] === 0x0a ? 3 : 2 // a line continuation adds no byte
      } else {
        i += 2
        size++
      }
      continue
    }
    if (c === 0x28) depth++
    else if (c === 0x29 && --depth === 0) return [i + 1, size]
    size++
    i++
  }
  return [i, size]
}

/** A hex string from `<` at `i`: [index after its `>`, decoded byte length]. */
function hex(data: Uint8Array, i: number): [number, number] {
  let digits = 0
  i++
  while (i < data.length && data[i] !== 0x3e) if (isHexDigit(data[i++]!)) digits++
  return [i + 1, Math.ceil(digits / 2)]
}

/** Operands that are numbers start like this; true, false and null are operands too. */
const isNumberStart = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e

function isKeywordOperand(data: Uint8Array, start: number, end: number): boolean {
  const len = end - start
  const c = data[start]
  if (len === 4) return (c === 0x74 && data[start + 1] === 0x72 && data[start + 2] === 0x75 && data[start + 3] === 0x65) || (c === 0x6e && data[start + 1] === 0x75 && data[start + 2] === 0x6c && data[start + 3] === 0x6c)
  return len === 5 && c === 0x66 && data[start + 1] === 0x61 && data[start + 2] === 0x6c && data[start + 3] === 0x73 && data[start + 4] === 0x65
}

/** Calls `visit` for every token of a content stream, in order. */
export function lexContent(data: Uint8Array, visit: LexVisitor): void {
  const n = data.length
  let i = 0
  while (i < n) {
    const c = data[i]!
    const cls = CLASS[c]
    if (cls === 1) i++
    else if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++
    } else if (c === 0x28) {
      const [next, size] = literal(data, i)
      visit(TOKEN.string, i, next, size)
      i = next
    } else if (c === 0x3c && data[i + 1] === 0x3c) {
      visit(TOKEN.open, i, i + 2, 0)
      i += 2
    } else if (c === 0x3e && data[i + 1] === 0x3e) {
      visit(TOKEN.close, i, i + 2, 0)
      i += 2
    } else if (c === 0x3c) {
      const [next, size] = hex(data, i)
      visit(TOKEN.string, i, next, size)
      i = next
    } else if (c === 0x5b || c === 0x5d) {
      visit(c === 0x5b ? TOKEN.open : TOKEN.close, i, i + 1, 0)
      i++
    } else if (c === 0x2f) {
      const start = ++i
      let escapes = 0
      while (i < n && CLASS[data[i]!] === 0) {
        if (data[i] === 0x23 && isHexDigit(data[i + 1] ?? 0) && isHexDigit(data[i + 2] ?? 0)) escapes++
        i++
      }
      visit(TOKEN.name, start, i, i - start - 2 * escapes)
    } else if (cls === 2) i++
    else {
      const start = i
      while (i < n && CLASS[data[i]!] === 0) i++
      if (isNumberStart(c)) visit(TOKEN.number, start, i, 0)
      else if (!isKeywordOperand(data, start, i)) {
        visit(TOKEN.operator, start, i, 0)
        if (i - start === 2 && c === 0x49 && data[start + 1] === 0x44) i = skipInlineImage(data, i)
      }
    }
  }
}
