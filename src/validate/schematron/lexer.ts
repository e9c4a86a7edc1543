/**
 * Tokeniser for the XPath 2.0 subset the schematron rule tables use (conditions of the Factur-X
 * and Order-X profile rules). Names keep their hyphens (`normalize-space`); whether a name is an
 * operator (`div`, `and`), a function or a name test is decided by the parser from its position.
 * @module
 */
export type TokenKind = 'name' | 'string' | 'number' | 'var' | 'op' | 'end'

export type Token = {
  kind: TokenKind
  /** Name text, string value, number text, variable name (without `$`) or the operator itself. */
  text: string
  /** Offset in the expression, for error messages. */
  at: number
}

const TWO_CHAR_OPS = new Set(['//', '..', '::', '!=', '<=', '>='])
const ONE_CHAR_OPS = '/()[]@,|=<>+-*.'
const NUMBER = /[0-9]*(\.[0-9]*)?([eE][+-]?[0-9]+)?/y

// Character classes by code (the tables are ASCII; a regex per character made loading slow).
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || (c > 127 && /\s/.test(String.fromCharCode(c)))

/** A malformed expression is a defect of a rule table (never of user input): fail loudly at load. */
function bad(expr: string, at: number, what: string): never {
  throw new Error(`rule expression: ${what} at offset ${at} in "${expr.slice(0, 80)}"`)
}

// Names and numbers are read by sticky regular expressions: a loop per character is slow while the
// tokeniser is still interpreted, and a cold validation tokenises some 25 KB of conditions.
/** `name`, `prefix:local` or `prefix:*` (not `name::`, an axis). */
const NAME = /[A-Za-z_][\w.-]*(?::(?!:)(?:\*|[\w.-]*))?/y
const NAME_CHARS = /[\w.-]*/y

function readName(expr: string, i: number): number {
  NAME_CHARS.lastIndex = i
  NAME_CHARS.test(expr)
  // A name ending in '-' or '.' before a non-name character is XPath's business; ours never do.
  return NAME_CHARS.lastIndex
}

/** Splits an expression into tokens; `prefix:local`, `prefix:*` and `*:local` stay one name token. */
export function tokenize(expr: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < expr.length) {
    const code = expr.charCodeAt(i)
    const c = expr[i] as string
    if (isSpace(code)) {
      i++
      continue
    }
    if (c === '"' || c === "'") {
      // A doubled quote inside the literal stands for one quote.
      let j = i + 1
      let s = ''
      for (;;) {
        const close = expr.indexOf(c, j)
        if (close < 0) bad(expr, i, 'unterminated string')
        s += expr.slice(j, close)
        if (expr[close + 1] !== c) {
          j = close
          break
        }
        s += c
        j = close + 2
      }
      out.push({ kind: 'string', text: s, at: i })
      i = j + 1
      continue
    }
    if (isDigit(code) || (c === '.' && isDigit(expr.charCodeAt(i + 1)))) {
      NUMBER.lastIndex = i
      const m = NUMBER.exec(expr) as RegExpExecArray
      out.push({ kind: 'number', text: m[0], at: i })
      i += m[0].length
      continue
    }
    if (c === '$') {
      const j = readName(expr, i + 1)
      out.push({ kind: 'var', text: expr.slice(i + 1, j), at: i })
      i = j
      continue
    }
    if (isLetter(code)) {
      NAME.lastIndex = i
      NAME.test(expr)
      const j = NAME.lastIndex
      out.push({ kind: 'name', text: expr.slice(i, j), at: i })
      i = j
      continue
    }
    if (c === '*' && expr[i + 1] === ':' && isLetter(expr.charCodeAt(i + 2))) {
      const j = readName(expr, i + 2)
      out.push({ kind: 'name', text: expr.slice(i, j), at: i })
      i = j
      continue
    }
    const two = expr.slice(i, i + 2)
    if (TWO_CHAR_OPS.has(two)) {
      out.push({ kind: 'op', text: two, at: i })
      i += 2
      continue
    }
    if (ONE_CHAR_OPS.includes(c)) {
      out.push({ kind: 'op', text: c, at: i })
      i++
      continue
    }
    bad(expr, i, `unexpected character '${c}'`)
  }
  out.push({ kind: 'end', text: '', at: expr.length })
  return out
}
