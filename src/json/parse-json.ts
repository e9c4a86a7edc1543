/**
 * JSON text → value, keeping every number literal exact. JavaScript numbers are binary floats:
 * `123456789012345678.99` or `1e400` would be silently changed by `JSON.parse`. We quote number
 * tokens before parsing, so they arrive as their literal text and become `Decimal` later.
 * @module
 */
import { EInvoiceError } from '../errors.js'

const NUMBER_START = /[-0-9]/
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/** Wraps every number token outside strings in quotes, in one linear pass. */
function quoteNumbers(text: string): string {
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
    } else if (NUMBER_START.test(text[i] as string)) {
      const start = i
      i++
      while (i < n) {
        const d = text[i] as string
        if ((d >= '0' && d <= '9') || d === '.' || d === 'e' || d === 'E' || d === '+' || d === '-') i++
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
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (body.trim() === '') throw new EInvoiceError('INVALID_JSON', 'the JSON input is empty')
  try {
    return JSON.parse(quoteNumbers(body))
  } catch {
    // Re-parse the untouched text so the position in the message is the user's own.
    try {
      JSON.parse(body)
    } catch (err) {
      const msg = (err as Error).message
      const pos = /position (\d+)/.exec(msg)
      if (pos?.[1] !== undefined) {
        const offset = Number(pos[1])
        const { line, column } = lineColumn(body, offset)
        const reason = msg.replace(/ in JSON at position \d+.*$/s, '').replace(/^JSON\.parse: /, '')
        throw new EInvoiceError(
          'INVALID_JSON',
          `invalid JSON at line ${line}, column ${column} (offset ${offset}): ${reason}`,
          { details: { line: String(line), column: String(column), offset: String(offset) } },
        )
      }
      throw new EInvoiceError('INVALID_JSON', `invalid JSON: ${msg}`)
    }
    // The quoted text failed while the original parsed: a number token we cannot represent.
    throw new EInvoiceError('INVALID_JSON', 'invalid JSON: malformed number')
  }
}
