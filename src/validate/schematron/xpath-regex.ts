/**
 * XPath regular expressions (XSD regex syntax, F&O 5.6) as JavaScript RegExps. The syntaxes agree
 * except for the class escapes: XPath's `\s` is only the four XML white-space characters (an NBSP
 * is no space), its `\d` every decimal digit of Unicode 6.1 (SAXON_DIGITS) and its `\w` every
 * character but punctuation, separators and others. JavaScript's differ (`\s` takes NBSP, `\d` only 0-9), which
 * decided verdicts: CII-DT-097 took a date with a leading NBSP, the e-mail rule rejected one.
 * XPath's `.` (without the `s` flag) is every character but `\n` and `\r`; JavaScript's also stops
 * at the line and paragraph separators U+2028 and U+2029, which decided BR-DE-18 (a `#…#` block of
 * the payment terms with U+2028 inside).
 * @module
 */

/**
 * XPath's `\d` as the reference's Saxon (9.9) reads it: the decimal digits (category Nd) of
 * Unicode 6.1, from ASCII and Arabic-Indic to Takri and the mathematical digits, as the first and
 * last code point of each set. JavaScript's `\p{Nd}` follows the Unicode of the running engine,
 * which has added thirty sets since (Mro, Ahom, Adlam, Kawi …): a CII date whose year starts with
 * an Adlam digit passed CII-DT-097 in einvoice and fails it officially. Found with refcheck, one
 * probe per digit set Node knows.
 */
const SAXON_DIGITS: readonly (readonly [number, number])[] = [
  [0x30, 0x39], [0x660, 0x669], [0x6f0, 0x6f9], [0x7c0, 0x7c9], [0x966, 0x96f], [0x9e6, 0x9ef], [0xa66, 0xa6f], [0xae6, 0xaef],
  [0xb66, 0xb6f], [0xbe6, 0xbef], [0xc66, 0xc6f], [0xce6, 0xcef], [0xd66, 0xd6f], [0xe50, 0xe59], [0xed0, 0xed9], [0xf20, 0xf29],
  [0x1040, 0x1049], [0x1090, 0x1099], [0x17e0, 0x17e9], [0x1810, 0x1819], [0x1946, 0x194f], [0x19d0, 0x19d9], [0x1a80, 0x1a89],
  [0x1a90, 0x1a99], [0x1b50, 0x1b59], [0x1bb0, 0x1bb9], [0x1c40, 0x1c49], [0x1c50, 0x1c59], [0xa620, 0xa629], [0xa8d0, 0xa8d9],
  [0xa900, 0xa909], [0xa9d0, 0xa9d9], [0xaa50, 0xaa59], [0xabf0, 0xabf9], [0xff10, 0xff19], [0x104a0, 0x104a9], [0x11066, 0x1106f],
  [0x110f0, 0x110f9], [0x11136, 0x1113f], [0x111d0, 0x111d9], [0x116c0, 0x116c9], [0x1d7ce, 0x1d7ff],
]
const cp = (c: number): string => `\\u{${c.toString(16)}}`
const ranges = (list: readonly (readonly [number, number])[]): string => list.map(([a, b]) => `${cp(a)}-${cp(b)}`).join('')
/** The class members of `\d`, and of `\D` (every code point between and around the sets). */
const DIGITS = ranges(SAXON_DIGITS)
const NON_DIGITS = ranges(
  SAXON_DIGITS.map(([a], i): [number, number] => [i === 0 ? 0 : (SAXON_DIGITS[i - 1] as readonly [number, number])[1] + 1, a - 1]).concat([[0x1d800, 0x10ffff]]),
)

const OUTSIDE: Readonly<Record<string, string>> = {
  s: '[\\x20\\t\\n\\r]',
  S: '[^\\x20\\t\\n\\r]',
  d: `[${DIGITS}]`,
  D: `[${NON_DIGITS}]`,
  w: '[^\\p{P}\\p{Z}\\p{C}]',
  W: '[\\p{P}\\p{Z}\\p{C}]',
}
/** Inside a character class only escapes that are themselves class members can be spelled out. */
const INSIDE: Readonly<Record<string, string>> = {
  s: '\\x20\\t\\n\\r',
  d: DIGITS,
  D: NON_DIGITS,
  W: '\\p{P}\\p{Z}\\p{C}',
}

/** XPath's `.` without the `s` flag: anything but a line feed or carriage return. */
const ANY_BUT_LINE_END = '[^\\n\\r]'

/**
 * The JavaScript source of an XPath regex, for a RegExp with the `u` flag (`dotAll`: the XPath `s`
 * flag is set, so `.` stays JavaScript's `.` under its `s` flag). `\S` and `\w` inside a
 * character class have no JavaScript spelling and are kept (JavaScript's meaning).
 */
export function xpathRegexSource(pattern: string, dotAll = false): string {
  let out = ''
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string
    if (c === '\\' && i + 1 < pattern.length) {
      const e = pattern[i + 1] as string
      out += (inClass ? INSIDE[e] : OUTSIDE[e]) ?? `\\${e}`
      i++
      continue
    }
    if (c === '[') inClass = true
    else if (c === ']') inClass = false
    else if (c === '.' && !inClass && !dotAll) {
      out += ANY_BUT_LINE_END
      continue
    }
    out += c
  }
  return out
}

/** An XPath regex as a RegExp (`flags`: extra JavaScript flags besides `u`). */
export function xpathRegex(pattern: string, flags = ''): RegExp {
  return new RegExp(xpathRegexSource(pattern, flags.includes('s')), `${flags}u`)
}

/**
 * `matches(., '.*([0-9].*){3,}.*')` (BR-DE-27, `$XR-TELEPHONE-REGEX`): three ASCII digits within
 * one line, as XPath's `.` stops at LF and CR (the rule's normalize-space leaves none, so there it
 * is three digits anywhere). Counted in one pass: as a RegExp its nested `.*` backtracked
 * polynomially, 57 s for a number of 64,000 characters with two digits.
 */
export const THREE_DIGITS_IN_A_LINE = {
  test(value: string): boolean {
    let digits = 0
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i)
      if (c >= 0x30 && c <= 0x39) {
        if (++digits === 3) return true
      } else if (c === 0x0a || c === 0x0d) digits = 0
    }
    return false
  },
}

/**
 * Patterns of the official rules whose RegExp backtracks polynomially, with a linear test of the
 * same verdict, by pattern (used without flags): fn:matches uses them in the probe's XPath as the
 * native rules do (BR-DE-27 took 28 s in the probe for a 64,000-character number with two digits).
 */
export const LINEAR_MATCHES: ReadonlyMap<string, { test(value: string): boolean }> = new Map([['.*([0-9].*){3,}.*', THREE_DIGITS_IN_A_LINE]])
