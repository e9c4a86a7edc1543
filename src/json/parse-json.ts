/**
 * JSON text → value, keeping every number literal exact. JavaScript numbers are binary floats:
 * `123456789012345678.99` or `1e400` would be silently changed by `JSON.parse`. We quote number
 * tokens before parsing, so they arrive as their literal text and become `Decimal` later.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { findJsonSyntaxProblem } from './json-syntax-error.js'
import { textArgument } from '../util/byte-input.js'

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/** Wraps every number token outside strings in quotes, in one linear pass. */
export function quoteNumbers(text: string): string {
  let out = ''
  let last = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 0x22 /* " */) {
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d === 0x5c /* \ */) i += 2
        else if (d === 0x22) break
        else i++
      }
      i++
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        // digits . e E + -
        if ((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d) i++
        else break
      }
      const token = text.slice(start, i)
      // A token that is not a JSON number stays unquoted, so JSON.parse still rejects it.
      if (JSON_NUMBER.test(token)) {
        out += text.slice(last, start) + '"' + token + '"'
        last = i
      }
    } else {
      i++
    }
  }
  return last === 0 ? text : out + text.slice(last)
}

/** Line and column (1-based) of a character offset, for error messages. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

/**
 * Parses JSON text; numbers come back as their literal strings (e.g. `"9.90"`), which the payload
 * schemas accept wherever a number is expected.
 * @throws EInvoiceError INVALID_JSON naming line, column and byte offset.
 */
export function parseJsonText(text: string): unknown {
  textArgument(text, 'json')
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  // Named like a syntax error: where the value was expected (the end of the white space).
  if (body.trim() === '') throw new EInvoiceError('INVALID_JSON', 'the JSON input is empty', { details: { json: 'empty', offset: String(body.length) } })
  try {
    return JSON.parse(quoteNumbers(body))
  } catch {
    // Locate the problem in the untouched text, so the position is the user's own.
    const problem = findJsonSyntaxProblem(body) ?? { offset: 0, reason: 'malformed JSON' }
    const { line, column } = lineColumn(body, problem.offset)
    throw new EInvoiceError(
      'INVALID_JSON',
      `invalid JSON at line ${line}, column ${column} (offset ${problem.offset}): ${problem.reason}`,
      { details: { line: String(line), column: String(column), offset: String(problem.offset) } },
    )
  }
}
