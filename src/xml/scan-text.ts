/**
 * Character data for the scanner: text inside the root (line ends normalised, references
 * resolved, `]]>` refused), white space outside it, attribute values (normalised as XML 1.0
 * §3.3.3 requires) and the references themselves (§4.1, §4.6: the five predefined entities and
 * character references; anything else needs a DTD, which einvoice never reads).
 * @module
 */
import { appendText, checkChars, endOfInput, fail, failChar, newLine } from './scan-state.js'
import type { ScanState } from './scan-state.js'
import { AMP, CR, DQUOTE, GT, LF, LT, RBRACKET, SPACE, SQUOTE, TAB, isNcName, isXmlChar } from './xml-chars.js'
import { excerpt } from '../util/excerpt.js'

/** ASCII characters a text run cannot pass over without a look: controls, `<`, `&`, `>`. */
const TEXT_STOP = new Uint8Array(128)
/** ASCII characters an attribute value cannot pass over without a look: controls, quotes, `<`, `&`. */
const VALUE_STOP = new Uint8Array(128)
for (let c = 0; c < SPACE; c++) TEXT_STOP[c] = VALUE_STOP[c] = 1
TEXT_STOP[TAB] = 0
for (const c of [LT, AMP, GT]) TEXT_STOP[c] = 1
for (const c of [LT, AMP, DQUOTE, SQUOTE]) VALUE_STOP[c] = 1

const HEX_REFERENCE = /^#x[0-9a-f]+$/i
const DECIMAL_REFERENCE = /^#[0-9]+$/
const OUTSIDE_ROOT = 'text outside the root element (is this XML at all?)'

/** The five entities XML predefines (§4.6); no others exist without a DTD. */
function predefined(name: string): string | undefined {
  switch (name) {
    case 'amp':
      return '&'
    case 'lt':
      return '<'
    case 'gt':
      return '>'
    case 'quot':
      return '"'
    case 'apos':
      return "'"
    default:
      return undefined
  }
}

/**
 * Resolves the reference whose `&` is at `amp` and leaves `s.i` on its `;`. Like a character by
 * character reader, the name runs to the next `;` whatever comes between.
 */
export function scanReference(s: ScanState, amp: number): string {
  const t = s.text
  const semi = t.indexOf(';', amp + 1)
  if (semi < 0) {
    checkChars(s, amp + 1, s.length)
    endOfInput(s)
  }
  const name = t.slice(amp + 1, semi)
  s.i = semi
  const value = predefined(name)
  if (value !== undefined) return value
  if (name.charCodeAt(0) === 0x23) {
    // Only a lower-case x marks a hexadecimal reference (production [66]).
    let cp = NaN
    if (name.charCodeAt(1) === 0x78 && HEX_REFERENCE.test(name)) cp = parseInt(name.slice(2), 16)
    else if (DECIMAL_REFERENCE.test(name)) cp = parseInt(name.slice(1), 10)
    // Well-formedness constraint "Legal Character": the referenced character must match Char.
    if (isXmlChar(cp)) return String.fromCodePoint(cp)
  }
  checkChars(s, amp + 1, semi)
  if (name === '') fail(s, semi, 'empty reference &; (write &amp; for a literal ampersand)')
  if (name.charCodeAt(0) === 0x23) fail(s, semi, 'a character reference names a character not allowed in XML 1.0')
  if (!isNcName(name)) fail(s, amp, '"&" does not start a reference (write &amp; for a literal ampersand)')
  fail(s, semi, `undefined entity &${excerpt(name)}; (only &amp; &lt; &gt; &quot; &apos; and character references exist without a DTD)`)
}

/** Checks the surrogate or non-BMP-range character at `i`; returns the offset of its last code unit. */
function checkHigh(s: ScanState, i: number, c: number): number {
  if (c <= 0xdbff) {
    const d = s.text.charCodeAt(i + 1)
    if (d >= 0xdc00 && d <= 0xdfff) return i + 1
    failChar(s, i)
  }
  if (c < 0xe000 || c > 0xfffd) failChar(s, i)
  return i
}

/** Longest indentation the shared runs below cover. */
const MAX_INDENT = 64
/** `k` spaces, and a line end followed by `k` spaces, as the tree keeps them (line end normalised). */
const SPACES: string[] = []
const INDENTS: string[] = []
for (let k = 0; k <= MAX_INDENT; k++) {
  SPACES.push(' '.repeat(k))
  INDENTS.push('\n' + ' '.repeat(k))
}

/**
 * The usual run between tags, an optional line end (CR LF, LF or CR) and spaces up to the next
 * `<`, taken at once as a shared string instead of being sliced and normalised.
 * @returns whether the run at `s.i` was one (`s.i` is then on the `<`).
 */
function scanIndent(s: ScanState, i: number): boolean {
  const t = s.text
  let j = i
  let c = t.charCodeAt(j)
  if (c === CR) {
    if (t.charCodeAt(++j) === LF) j++
  } else if (c === LF) j++
  const spaces = j
  while ((c = t.charCodeAt(j)) === SPACE) j++
  const k = j - spaces
  if (c !== LT || k > MAX_INDENT) return false
  if (spaces > i) newLine(s, spaces - 1)
  appendText(s, spaces > i ? (INDENTS[k] as string) : (SPACES[k] as string))
  s.i = j
  return true
}

/**
 * Character data inside the root, from `s.i` to the next `<`, appended to the open element's
 * text. Runs without references or CR are one slice of the input.
 */
export function scanText(s: ScanState): void {
  const t = s.text
  const n = s.length
  let i = s.i
  const first = t.charCodeAt(i)
  if ((first === LF || first === CR || first === SPACE) && scanIndent(s, i)) return
  let start = i
  let out: string | undefined
  for (; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c > GT) {
      if (c >= 0xd800) i = checkHigh(s, i, c)
    } else if (TEXT_STOP[c] !== 0) {
      if (c === LT) break
      if (c === LF) newLine(s, i)
      else if (c === AMP) {
        const value = scanReference(s, i)
        out = (out ?? '') + t.slice(start, i) + value
        i = s.i
        start = i + 1
      } else if (c === GT) {
        // §2.4: "]]>" may not appear literally in content. The two brackets are in this run:
        // every markup before it ends in '>' and every reference in ';'.
        if (t.charCodeAt(i - 1) === RBRACKET && t.charCodeAt(i - 2) === RBRACKET) {
          fail(s, i, 'the string "]]>" is not allowed in character data (write ]]&gt;)')
        }
      } else if (c === CR) {
        out = (out ?? '') + t.slice(start, i) + '\n'
        if (t.charCodeAt(i + 1) === LF) i++
        newLine(s, i)
        start = i + 1
      } else failChar(s, i)
    }
  }
  if (i >= n) endOfInput(s)
  const piece = out === undefined ? t.slice(start, i) : out + t.slice(start, i)
  s.i = i
  if (piece.length > 0) appendText(s, piece)
}

/**
 * Between markup before and after the root only S may occur. The whole run is read first, so a
 * character XML forbids is named as such; then the first other character is refused.
 */
export function scanOutside(s: ScanState): void {
  const t = s.text
  const n = s.length
  let i = s.i
  let first = -1
  for (; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c === LT) break
    if (c === SPACE || c === TAB) continue
    if (c === LF) newLine(s, i)
    else if (c === CR) {
      if (t.charCodeAt(i + 1) === LF) i++
      newLine(s, i)
    } else {
      if (first < 0) first = i
      if (c === AMP) break
      if (c < SPACE) failChar(s, i)
      if (c >= 0xd800) i = checkHigh(s, i, c)
    }
  }
  if (first >= 0) fail(s, first, OUTSIDE_ROOT)
  s.i = i
}

/**
 * An attribute value from `s.i` (just after the opening quote `q`) to the closing quote, where
 * `s.i` is left. §3.3.3: each TAB, LF, CR LF and CR becomes one space; references are resolved
 * after that, so `&#10;` stays a line feed.
 */
export function scanAttributeValue(s: ScanState, q: number): string {
  const t = s.text
  const n = s.length
  let i = s.i
  let start = i
  let out: string | undefined
  for (; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c < 128) {
      if (VALUE_STOP[c] === 0) continue
      if (c === q) break
      if (c === DQUOTE || c === SQUOTE) continue
      if (c === AMP) {
        const value = scanReference(s, i)
        out = (out ?? '') + t.slice(start, i) + value
        i = s.i
        start = i + 1
      } else if (c === LT) fail(s, i, '"<" is not allowed in an attribute value (write &lt;)')
      else if (c === TAB || c === LF || c === CR) {
        out = (out ?? '') + t.slice(start, i) + ' '
        if (c === CR && t.charCodeAt(i + 1) === LF) i++
        if (c !== TAB) newLine(s, i)
        start = i + 1
      } else failChar(s, i)
    } else if (c >= 0xd800) i = checkHigh(s, i, c)
  }
  if (i >= n) endOfInput(s)
  s.i = i
  return out === undefined ? t.slice(start, i) : out + t.slice(start, i)
}
