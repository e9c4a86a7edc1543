/**
 * The one content-stream lexer (ISO 32000-1 7.2, 7.8.2). Every reader of content streams — the
 * operand reader (content-operations.ts), the text-show scan, the PDF/A limit, operator and colour
 * checks, the CMap range reader — is a visitor over these tokens, so they all agree on where a
 * token starts and ends. Tokens carry byte offsets, never copies: numbers stay text (an integer
 * and a real differ in their limits), strings and names come with their decoded byte length, and
 * `stringBytes` decodes a string when a reader needs its bytes. Inline-image data is skipped.
 * Malformed input never throws: an unterminated token ends at the end of the data.
 * @module
 */

/** Character classes by code (ISO 32000-1 7.2.2): 1 whitespace, 2 delimiter, 0 regular. */
export const CLASS = new Uint8Array(256)
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[c] = 2

/**
 * `number`: a regular word starting like one (digit, sign or point), well-formed or not — readers
 * that need the value check its shape with `isNumberToken`. `keyword`: true, false or null, which
 * are operands. Any other regular word is an `operator`.
 */
export const TOKEN = { number: 0, string: 1, name: 2, operator: 3, keyword: 4, arrayOpen: 5, arrayClose: 6, dictOpen: 7, dictClose: 8 } as const
export type TokenKind = (typeof TOKEN)[keyof typeof TOKEN]

/**
 * `start`/`end`: the token's bytes (for names without the slash; for strings with their
 * delimiters); `size`: the decoded byte length of a string or name, 0 otherwise; `inDictionary`:
 * the token is a dictionary's delimiter or inside one (marked-content properties), which readers
 * of operators and their operands skip.
 */
export type LexVisitor = (kind: TokenKind, start: number, end: number, size: number, inDictionary: boolean) => void

const isHexDigit = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
const isOctal = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x37

/** A literal string from `(` at `i`: [index after its `)`, decoded byte length]. */
function measureLiteral(data: Uint8Array, i: number): [number, number] {
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
function measureHex(data: Uint8Array, i: number): [number, number] {
  let digits = 0
  i++
  while (i < data.length && data[i] !== 0x3e) if (isHexDigit(data[i++]!)) digits++
  return [i + 1, Math.ceil(digits / 2)]
}

const ESCAPES: Readonly<Record<number, number>> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c }

function literalBytes(data: Uint8Array, i: number, size: number): Uint8Array {
  const out = new Uint8Array(size)
  let o = 0
  let depth = 1
  i++
  while (i < data.length && o < size) {
    const c = data[i]!
    if (c === 0x5c) {
      const e = data[i + 1] ?? 0
      if (isOctal(e)) {
        let v = 0
        let k = 0
        while (k < 3 && isOctal(data[i + 1 + k])) v = v * 8 + (data[i + 1 + k++]! - 0x30)
        out[o++] = v & 0xff
        i += 1 + k
      } else if (e === 0x0d || e === 0x0a) {
        i += e === 0x0d && data[i + 2] === 0x0a ? 3 : 2
      } else {
        out[o++] = ESCAPES[e] ?? e
        i += 2
      }
      continue
    }
    if (c === 0x28) depth++
    else if (c === 0x29 && --depth === 0) break
    out[o++] = c
    i++
  }
  return out
}

const hexValue = (c: number): number => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1)

/** An odd final digit counts as followed by 0. */
function hexBytes(data: Uint8Array, i: number, size: number): Uint8Array {
  const out = new Uint8Array(size)
  let o = 0
  let high = -1
  i++
  while (i < data.length && data[i] !== 0x3e) {
    const v = hexValue(data[i++]!)
    if (v < 0) continue
    if (high < 0) high = v
    else {
      out[o++] = high * 16 + v
      high = -1
    }
  }
  if (high >= 0) out[o] = high * 16
  return out
}

/** The decoded bytes of a string token (`start` and `size` as the lexer reported them). */
export function stringBytes(data: Uint8Array, start: number, size: number): Uint8Array {
  return data[start] === 0x28 ? literalBytes(data, start, size) : hexBytes(data, start, size)
}

/** Whether a number token has the shape ISO 32000-1 7.3.3 allows: `[+-]?(\d+\.?\d*|\.\d+)`. */
export function isNumberToken(data: Uint8Array, start: number, end: number): boolean {
  let i = start
  if (data[i] === 0x2d || data[i] === 0x2b) i++
  let digits = 0
  let dot = false
  for (; i < end; i++) {
    const c = data[i]!
    if (c === 0x2e && !dot) dot = true
    else if (c >= 0x30 && c <= 0x39) digits++
    else return false
  }
  return digits > 0
}

/** The one-character strings, so a one-byte token allocates nothing. */
const ONE_BYTE = Array.from({ length: 256 }, (_, c) => String.fromCharCode(c))

/** Bytes as latin1 text, at most `max` of them (names and operators are short; damaged ones need not be). */
export function tokenText(data: Uint8Array, start: number, end: number, max = 256): string {
  const stop = Math.min(end, start + max)
  // Most tokens are operators and names of 1–3 bytes: no view and no spread of one (a content
  // stream has millions of them).
  switch (stop - start) {
    case 1:
      return ONE_BYTE[data[start]!]!
    case 2:
      return String.fromCharCode(data[start]!, data[start + 1]!)
    case 3:
      return String.fromCharCode(data[start]!, data[start + 1]!, data[start + 2]!)
    default:
      return stop <= start ? '' : String.fromCharCode(...data.subarray(start, stop))
  }
}

/** A name token's text with its `#xx` escapes decoded (ISO 32000-1 7.3.5). */
export const decodeName = (raw: string): string => (raw.includes('#') ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : raw)

/** After `ID`: inline image data ends at whitespace + `EI` + whitespace or the end. */
function skipInlineImage(data: Uint8Array, i: number): number {
  for (let j = i + 1; j + 1 < data.length; j++) {
    if (data[j] === 0x45 && data[j + 1] === 0x49 && CLASS[data[j - 1]!] === 1 && (j + 2 >= data.length || CLASS[data[j + 2]!] === 1)) return j + 2
  }
  return data.length
}

/** Operands that are numbers start like this. */
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
  // `ID` starts inline-image data only outside dictionaries (inside one it is a damaged stream's word).
  let dictDepth = 0
  while (i < n) {
    const c = data[i]!
    const cls = CLASS[c]
    if (cls === 1) i++
    else if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++
    } else if (c === 0x28) {
      const [next, size] = measureLiteral(data, i)
      visit(TOKEN.string, i, next, size, dictDepth > 0)
      i = next
    } else if (c === 0x3c && data[i + 1] === 0x3c) {
      dictDepth++
      visit(TOKEN.dictOpen, i, i + 2, 0, true)
      i += 2
    } else if (c === 0x3e && data[i + 1] === 0x3e) {
      visit(TOKEN.dictClose, i, i + 2, 0, true)
      dictDepth = Math.max(0, dictDepth - 1)
      i += 2
    } else if (c === 0x3c) {
      const [next, size] = measureHex(data, i)
      visit(TOKEN.string, i, next, size, dictDepth > 0)
      i = next
    } else if (c === 0x5b || c === 0x5d) {
      visit(c === 0x5b ? TOKEN.arrayOpen : TOKEN.arrayClose, i, i + 1, 0, dictDepth > 0)
      i++
    } else if (c === 0x2f) {
      const start = ++i
      let escapes = 0
      while (i < n && CLASS[data[i]!] === 0) {
        if (data[i] === 0x23 && isHexDigit(data[i + 1] ?? 0) && isHexDigit(data[i + 2] ?? 0)) escapes++
        i++
      }
      visit(TOKEN.name, start, i, i - start - 2 * escapes, dictDepth > 0)
    } else if (cls === 2) i++
    else {
      const start = i
      while (i < n && CLASS[data[i]!] === 0) i++
      if (isNumberStart(c)) visit(TOKEN.number, start, i, 0, dictDepth > 0)
      else if (isKeywordOperand(data, start, i)) visit(TOKEN.keyword, start, i, 0, dictDepth > 0)
      else {
        visit(TOKEN.operator, start, i, 0, dictDepth > 0)
        if (dictDepth === 0 && i - start === 2 && c === 0x49 && data[start + 1] === 0x44) i = skipInlineImage(data, i)
      }
    }
  }
}
