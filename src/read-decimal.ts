/**
 * xs:decimal text → Decimal, built straight from the characters. decimal.js parses a string with
 * a RegExp, a `replace`, a `search` and a slice per 7-digit word; an invoice reads dozens of
 * amounts, so the readers build the same value (sign, exponent, digit words) in one pass.
 * @module
 */
import { Decimal } from './model/decimal.js'

/** decimal.js keeps the digits in words of this many decimal digits (its LOG_BASE). */
const WORD_DIGITS = 7
const ZERO_CHAR = 0x30
const MINUS = 0x2d
const PLUS = 0x2b

/** The fields decimal.js keeps a value in (read-only in its typings, set here once at creation). */
type DecimalFields = { s: number; e: number; d: number[] }

/**
 * The Decimal `new Decimal(text)` gives, for text already known to be xs:decimal lexical form
 * (`[+-]?(\d+(\.\d*)?|\.\d+)`): the same sign (also of zero), exponent and digit words.
 */
export function decimalFromText(text: string): Decimal {
  const n = text.length
  const c0 = text.charCodeAt(0)
  const from = c0 === MINUS || c0 === PLUS ? 1 : 0
  const dot = text.indexOf('.', from)
  const point = dot < 0 ? n : dot
  // The significant digits run from `first` to `last` (leading and trailing zeros left out).
  let first = from
  while (first < n && (first === point || text.charCodeAt(first) === ZERO_CHAR)) first++
  let last = n - 1
  while (last >= first && (last === point || text.charCodeAt(last) === ZERO_CHAR)) last--
  // Built as a zero, then given its digits: one construction path, so one object shape.
  const x = new Decimal(0)
  const fields = x as unknown as DecimalFields
  fields.s = c0 === MINUS ? -1 : 1
  if (first > last) return x
  // Power of ten of the first significant digit.
  const exponent = first < point ? point - first - 1 : point - first
  // The first word holds the digits down to the units of a power of 10^7, the others 7 each; the
  // last is filled up with zeros.
  let size = (exponent + 1) % WORD_DIGITS
  if (size <= 0) size += WORD_DIGITS
  const words: number[] = []
  let word = 0
  let filled = 0
  for (let i = first; i <= last; i++) {
    if (i === point) continue
    word = word * 10 + (text.charCodeAt(i) - ZERO_CHAR)
    if (++filled === size) {
      words.push(word)
      word = 0
      filled = 0
      size = WORD_DIGITS
    }
  }
  if (filled > 0) {
    for (; filled < size; filled++) word *= 10
    words.push(word)
  }
  fields.e = exponent
  fields.d = words
  return x
}
