/**
 * The markup around elements: comments, CDATA sections, processing instructions, the XML
 * declaration, and the refusal of any DOCTYPE (so no DTD is read and no entity is declared).
 * @module
 */
import { checkDeclaredEncoding } from './decode.js'
import { lineColumnAt, xmlError } from './position.js'
import { appendText, checkChars, endOfInput, fail, failAt, failChar, normaliseLineEnds, noteSplit, skipSpaces } from './scan-state.js'
import type { ScanState } from './scan-state.js'
import { GT, QUESTION, codePointAt, isNameChar, isNameStartChar, isSpace, isXmlChar } from './xml-chars.js'
import { excerpt } from '../util/excerpt.js'

const COLON = 0x3a

/**
 * XML 1.0 §2.8 production [23] with [24]–[26], [32], [80]: version first, then optional encoding
 * and standalone, in that order, each after white space, with matching quotes.
 */
const XML_DECLARATION =
  /^xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][A-Za-z0-9._-]*)\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*$/

const OUTSIDE_ROOT = 'text outside the root element (is this XML at all?)'

/** `<!` at `lt`: a comment, a CDATA section or a DOCTYPE (refused); nothing else starts so. */
export function scanBang(s: ScanState, lt: number): void {
  const t = s.text
  if (t.startsWith('--', lt + 2)) return scanComment(s, lt + 4)
  if (t.startsWith('[CDATA[', lt + 2)) return scanCdata(s, lt)
  if (t.startsWith('DOCTYPE', lt + 2)) {
    // Refused where it starts, before anything in it is read: no DTD, no entity declarations,
    // so neither XXE nor entity expansion ("billion laughs") can happen.
    throw xmlError(
      lineColumnAt(t, lt),
      'DOCTYPE declarations are refused: einvoice never reads DTDs or expands entities (invoice XML has no DOCTYPE)',
    )
  }
  const end = Math.min(lt + 9, s.length)
  for (let k = lt + 2; k < end; ) {
    const c = codePointAt(t, k)
    if (!isXmlChar(c)) failChar(s, k)
    k += c > 0xffff ? 2 : 1
  }
  if (s.length - (lt + 2) < 7) endOfInput(s)
  fail(s, lt, '"<!" starts neither a comment "<!--" nor a CDATA section "<![CDATA[" (write &lt; for a literal <)')
}

/** Comment body from `from` (after `<!--`): §2.5, "--" may occur only in the closing "-->". */
function scanComment(s: ScanState, from: number): void {
  const t = s.text
  const dashes = t.indexOf('--', from)
  if (dashes < 0) {
    checkChars(s, from, s.length)
    endOfInput(s)
  }
  checkChars(s, from, dashes)
  if (dashes + 2 >= s.length) endOfInput(s)
  if (t.charCodeAt(dashes + 2) !== GT) failAt(s, dashes + 2, '"--" is not allowed inside a comment')
  noteSplit(s)
  s.i = dashes + 3
}

/** CDATA section at `lt`: its characters are text of the open element, verbatim (§2.7). */
function scanCdata(s: ScanState, lt: number): void {
  if (s.depth === 0) fail(s, lt, OUTSIDE_ROOT)
  const t = s.text
  const from = lt + 9
  const end = t.indexOf(']]>', from)
  if (end < 0) {
    checkChars(s, from, s.length)
    endOfInput(s)
  }
  const sawCr = checkChars(s, from, end)
  if (end > from) {
    const data = sawCr ? normaliseLineEnds(t.slice(from, end)) : t.slice(from, end)
    appendText(s, data)
  }
  s.i = end + 3
}

/** PI target (an NCName, Namespaces §7) from `from`; returns the offset after it. */
function scanTarget(s: ScanState, from: number): number {
  const t = s.text
  if (from >= s.length) endOfInput(s)
  const first = codePointAt(t, from)
  if (first === COLON || !isNameStartChar(first)) {
    const reason = first === QUESTION || isSpace(first) ? 'processing instruction without a target' : 'disallowed character in processing instruction name'
    failAt(s, from, reason)
  }
  let i = from + (first > 0xffff ? 2 : 1)
  for (; i < s.length; ) {
    const c = codePointAt(t, i)
    if (c === COLON || !isNameChar(c)) break
    i += c > 0xffff ? 2 : 1
  }
  if (i >= s.length) endOfInput(s)
  const c = t.charCodeAt(i)
  if (c !== QUESTION && !isSpace(c)) failAt(s, i, 'disallowed character in processing instruction name')
  return i
}

/**
 * Processing instruction at `lt`. `<?xml` is the XML declaration, allowed only as the very first
 * thing (`declarationPossible`); any other case of "xml" is a reserved target (§2.6).
 */
export function scanPi(s: ScanState, lt: number, declarationPossible: boolean): void {
  const t = s.text
  const afterTarget = scanTarget(s, lt + 2)
  const target = t.slice(lt + 2, afterTarget)
  if (target === 'xml') {
    if (!declarationPossible) fail(s, afterTarget, 'an XML declaration <?xml ...?> is allowed only at the very start of the document')
    return scanXmlDeclaration(s, lt)
  }
  const line = s.line
  const from = skipSpaces(s, afterTarget)
  const end = t.indexOf('?>', from)
  if (end < 0) {
    checkChars(s, from, s.length)
    endOfInput(s)
  }
  const sawCr = checkChars(s, from, end)
  if (target.toLowerCase() === 'xml') fail(s, end + 1, `the processing instruction target "${excerpt(target)}" is reserved (an XML declaration must be lower-case and first)`)
  const body = sawCr ? normaliseLineEnds(t.slice(from, end)) : t.slice(from, end)
  s.processingInstructions.push({ target, body, line })
  noteSplit(s)
  s.i = end + 2
}

/** `<?xml ...?>` at `lt` (the start of the document): checked whole; its encoding must fit the bytes'. */
function scanXmlDeclaration(s: ScanState, lt: number): void {
  const t = s.text
  const end = t.indexOf('?>', lt + 2)
  if (end < 0) {
    checkChars(s, lt + 2, s.length)
    endOfInput(s)
  }
  checkChars(s, lt + 2, end)
  const m = XML_DECLARATION.exec(t.slice(lt + 2, end))
  if (m === null) fail(s, lt, 'malformed XML declaration (expected <?xml version="1.0" encoding="UTF-8"?>)')
  checkDeclaredEncoding(m[3], s.encoding)
  s.i = end + 2
}
