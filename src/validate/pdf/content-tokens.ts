/**
 * A minimal content-stream scanner (ISO 32000-1 7.8.2): yields names and operators, skipping
 * strings, hex strings, dictionaries' delimiters, comments and inline-image data, which is all the
 * device-colour check needs to see which colour operators a page uses.
 * @module
 */

export type ContentToken = { kind: 'op' | 'name'; value: string }

const latin1 = new TextDecoder('latin1')

/** Character classes by code (ISO 32000-1 7.2.2): 1 whitespace, 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256)
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[c] = 2

const isRegular = (c: number): boolean => c > 255 || CLASS[c] === 0
const isWhite = (c: number): boolean => c <= 255 && CLASS[c] === 1

function skipString(text: string, i: number): number {
  let depth = 1
  i++
  while (i < text.length && depth > 0) {
    const c = text.charCodeAt(i)
    if (c === 0x5c) i += 2
    else {
      if (c === 0x28) depth++
      else if (c === 0x29) depth--
      i++
    }
  }
  return i
}

/** After `ID`: inline image data ends at whitespace + `EI` + whitespace/end. */
function skipInlineImage(text: string, i: number): number {
  let j = text.indexOf('EI', i + 1)
  while (j >= 0) {
    if (isWhite(text.charCodeAt(j - 1)) && (j + 2 >= text.length || isWhite(text.charCodeAt(j + 2)))) return j + 2
    j = text.indexOf('EI', j + 1)
  }
  return text.length
}

/** Operands that are numbers (or true/false/null) start like this; anything else is an operator. */
const isOperandStart = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e

/** Calls `visit` for every name and operator of the stream, in order. */
export function scanContent(data: Uint8Array, visit: (t: ContentToken) => void): void {
  const text = latin1.decode(data)
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (isWhite(c)) i++
    else if (c === 0x25) {
      while (i < n && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++
    } else if (c === 0x28) i = skipString(text, i)
    else if (c === 0x3c && text.charCodeAt(i + 1) !== 0x3c) {
      const end = text.indexOf('>', i)
      i = end < 0 ? n : end + 1
    } else if (c === 0x2f) {
      const start = ++i
      while (i < n && isRegular(text.charCodeAt(i))) i++
      visit({ kind: 'name', value: text.slice(start, i) })
    } else if (!isRegular(c)) i++
    else {
      const start = i
      while (i < n && isRegular(text.charCodeAt(i))) i++
      if (isOperandStart(c)) continue
      const word = text.slice(start, i)
      if (word === 'true' || word === 'false' || word === 'null') continue
      visit({ kind: 'op', value: word })
      if (word === 'ID') i = skipInlineImage(text, i)
    }
  }
}
