/**
 * Character classes of XML 1.0 (Fifth Edition) and Namespaces in XML 1.0 (Third Edition) for the
 * scanner: Char [2], S [3], NameStartChar [4], NameChar [4a], NCName (names without ':').
 * ASCII goes through lookup tables; the rest through the range lists the productions give.
 * @module
 */

export const TAB = 0x09
export const LF = 0x0a
export const CR = 0x0d
export const SPACE = 0x20
export const BANG = 0x21
export const DQUOTE = 0x22
export const AMP = 0x26
export const SQUOTE = 0x27
export const MINUS = 0x2d
export const SLASH = 0x2f
export const COLON = 0x3a
export const SEMICOLON = 0x3b
export const LT = 0x3c
export const EQUALS = 0x3d
export const GT = 0x3e
export const QUESTION = 0x3f
export const RBRACKET = 0x5d

/** Bit flags of ASCII_NAME: may start a Name, may continue a Name. */
const START = 1
export const NAME_PART = 2

/** NameStartChar / NameChar for U+0000..U+007F (production [4], [4a]), as START | NAME_PART bits. */
export const ASCII_NAME = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === COLON
  const part = letter || (c >= 0x30 && c <= 0x39) || c === MINUS || c === 0x2e
  ASCII_NAME[c] = (letter ? START : 0) | (part ? NAME_PART : 0)
}

/** NameStartChar above U+007F, as [from, to] pairs (production [4]). */
const NAME_START_RANGES = [
  0xc0, 0xd6, 0xd8, 0xf6, 0xf8, 0x2ff, 0x370, 0x37d, 0x37f, 0x1fff, 0x200c, 0x200d, 0x2070, 0x218f, 0x2c00, 0x2fef, 0x3001,
  0xd7ff, 0xf900, 0xfdcf, 0xfdf0, 0xfffd, 0x10000, 0xeffff,
]
/** Characters NameChar adds above U+007F (production [4a]). */
const NAME_PART_RANGES = [0xb7, 0xb7, 0x300, 0x36f, 0x203f, 0x2040]

/** Whether `c` lies in one of the sorted [from, to] pairs of `ranges`. */
export function inRanges(c: number, ranges: readonly number[]): boolean {
  for (let k = 0; k < ranges.length; k += 2) {
    if (c < (ranges[k] as number)) return false
    if (c <= (ranges[k + 1] as number)) return true
  }
  return false
}

/** NameStartChar (with ':'), for a code point. */
export function isNameStartChar(c: number): boolean {
  return c < 128 ? ((ASCII_NAME[c] as number) & START) !== 0 : inRanges(c, NAME_START_RANGES)
}

/** NameChar (with ':'), for a code point. */
export function isNameChar(c: number): boolean {
  return c < 128 ? ((ASCII_NAME[c] as number) & NAME_PART) !== 0 : inRanges(c, NAME_START_RANGES) || inRanges(c, NAME_PART_RANGES)
}

/** S: space, tab, line feed, carriage return (production [3]). */
export function isSpace(c: number): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB
}

/** Char (production [2]) for a code point, e.g. the value of a character reference. */
export function isXmlChar(c: number): boolean {
  return (
    (c >= SPACE && c <= 0xd7ff) || c === LF || c === CR || c === TAB || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff)
  )
}

/**
 * Code point at a UTF-16 offset: a surrogate pair gives its supplementary code point, a lone
 * surrogate gives itself (which is not a Char, so it is refused wherever it occurs).
 */
export function codePointAt(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(i + 1)
    if (d >= 0xdc00 && d <= 0xdfff) return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00)
  }
  return c
}

/**
 * Length in characters (code points), as XSD facets and XPath's `string-length()` count: a
 * surrogate pair (an emoji) is one character.
 */
export function codePointLength(text: string): number {
  let n = text.length
  for (let i = 0; i + 1 < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return n
}

/**
 * XPath's default (Unicode code point) collation: <0, 0 or >0 as `a` orders before, with or
 * after `b` code point by code point. JavaScript's `<` compares UTF-16 code units, which puts a
 * character outside the BMP (a surrogate pair) before U+E000…U+FFFF; Saxon puts it after.
 */
export function compareCodePoints(a: string, b: string): number {
  // Equality (most comparisons are `= 'S'`) needs no walk.
  if (a === b) return 0
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i)
    let y = b.charCodeAt(i)
    if (x === y) continue
    // Where both are at or above U+D800, move the surrogates above U+E000…U+FFFF (code point order).
    if (x >= 0xd800 && y >= 0xd800) {
      x += x >= 0xe000 ? -0x800 : 0x2000
      y += y >= 0xe000 ? -0x800 : 0x2000
    }
    return x - y
  }
  return a.length - b.length
}

/** Whether the character at a UTF-16 offset is a Char (a valid surrogate pair counts as one). */
export function isXmlCharAt(text: string, i: number): boolean {
  return isXmlChar(codePointAt(text, i))
}

/** NCName (Namespaces in XML §3 production [4]): a Name without ':'. */
export function isNcName(name: string): boolean {
  if (name === '') return false
  for (let i = 0; i < name.length; ) {
    const c = codePointAt(name, i)
    if (c === COLON || !(i === 0 ? isNameStartChar(c) : isNameChar(c))) return false
    i += c > 0xffff ? 2 : 1
  }
  return true
}

/** A prefix a writer may declare: an NCName that does not start with `xml` (reserved, Namespaces in XML §3). */
export function isDeclarablePrefix(prefix: string): boolean {
  return isNcName(prefix) && !/^xml/i.test(prefix)
}
