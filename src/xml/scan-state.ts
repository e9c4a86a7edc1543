/**
 * The scanner's state (one object per parse, plain fields so V8 keeps one shape) and the helpers
 * every part of the scanner shares: line tracking, white space, character checks, refusals.
 * @module
 */
import { lineColumnAt, xmlError } from './position.js'
import { appendTextRun } from './text-runs.js'
import type { XmlElement, XmlProcessingInstruction } from './types.js'
import { CR, LF, SPACE, TAB, codePointAt, isXmlChar } from './xml-chars.js'
import { excerpt } from '../util/excerpt.js'

export class ScanState {
  readonly text: string
  readonly length: number
  /** Offset of the next character to read. */
  i = 0
  /** 1-based line of offset `i`, and the offset where that line starts (XML 1.0 §2.11 line ends). */
  line = 1
  lineStart = 0
  depth = 0
  count = 0
  current: XmlElement | undefined = undefined
  root: XmlElement | undefined = undefined
  /** The root's name has been read (what saxes calls sawRoot: decides "no root" at the end). */
  sawRoot = false
  /** The root has been closed: only white space, comments and PIs may follow. */
  closedRoot = false
  readonly processingInstructions: XmlProcessingInstruction[] = []
  /** In-scope namespace bindings, innermost last; `scopeMarks[depth]` is the count before that element's own. */
  readonly prefixes: string[] = []
  readonly uris: string[] = []
  bindings = 0
  /**
   * Once more than a few bindings are in scope (see scan-tags.ts): the index of each bound
   * prefix's innermost binding, and per binding the index of the binding of the same prefix it
   * hides (-1 for none), so that a prefix resolves in one lookup however many are declared (a scan
   * of all bindings made 50,000 declarations on one tag take 15 s).
   */
  innermost: Map<string, number> | undefined = undefined
  readonly hides: number[] = []
  /** Number of the namespace scope in force; a new number whenever bindings come or go (see newScope). */
  scope = newScope()
  readonly scopeMarks: number[] = [0]
  /** Attributes of the start tag being read (reused across tags). */
  readonly attrNames: string[] = []
  readonly attrValues: string[] = []
  readonly attrColons: number[] = []
  attrCount = 0
  /** Set by scanName: offset of the first ':' of the name just read (-1 if none) and how many it has. */
  nameColon = -1
  nameColons = 0
  /** Set by scanName: a hash of the name just read, to find its shared copy without slicing it. */
  nameHash = 0
  /** Set by scanName when a name (element, attribute, prefix) has a character above U+007F. */
  sawNonAsciiName = false
  readonly maxDepth: number
  readonly maxElements: number

  /** The element whose text a comment or PI has just split (its next text starts a new text node). */
  splitText: XmlElement | undefined = undefined
  /** Some element's text has more than one text node (see text-runs.ts). */
  sawSplit = false
  /** The encoding the bytes were read in, which the XML declaration must agree with; undefined for a string. */
  readonly encoding: string | undefined
  constructor(text: string, maxDepth: number, maxElements: number, encoding?: string) {
    this.encoding = encoding
    this.text = text
    this.length = text.length
    this.maxDepth = maxDepth
    this.maxElements = maxElements
  }
}

/**
 * Scope numbers are unique across documents, so a name's resolution remembered under one (see
 * name-cache.ts) is never taken for another document or another set of bindings.
 */
let lastScope = 0

export function newScope(): number {
  return ++lastScope
}

/** Refuses at a UTF-16 offset with a not-well-formed reason. */
export function fail(s: ScanState, offset: number, reason: string, extra?: Record<string, string>): never {
  throw xmlError(lineColumnAt(s.text, offset), `not well-formed XML: ${reason}`, extra)
}

/** Refusal for a character XML 1.0 does not allow at all (production [2]). */
export function failChar(s: ScanState, offset: number): never {
  const cp = s.text.codePointAt(offset) ?? 0
  fail(s, offset, `character U+${cp.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML 1.0`)
}

/**
 * Refusal for an unexpected character: a character that is not XML at all is named as such
 * first (it is what a reader would trip over), otherwise the syntax reason is given.
 */
export function failAt(s: ScanState, offset: number, reason: string): never {
  if (offset < s.length && !isXmlChar(codePointAt(s.text, offset))) failChar(s, offset)
  fail(s, offset, reason)
}

/**
 * The input ended where more was needed: after the last character, naming the innermost open
 * element (a truncated file) or the markup left open.
 */
export function endOfInput(s: ScanState): never {
  const at = s.length
  if (!s.sawRoot) fail(s, at, 'no root element')
  const el = s.current
  if (s.depth > 0 && el !== undefined) {
    fail(s, at, `the input ends inside <${excerpt(el.qname)}> opened at line ${el.line}, column ${el.column} (truncated, or an end tag is missing)`)
  }
  fail(s, at, 'the input ends in the middle of markup (truncated)')
}

/** Records the line end at `i` (an LF, a lone CR, or the LF of CR LF). */
export function newLine(s: ScanState, i: number): void {
  s.line++
  s.lineStart = i + 1
}

/**
 * Skips S from `i` (tracking line ends) and returns the offset of the first other character, or
 * the input length.
 */
export function skipSpaces(s: ScanState, i: number): number {
  const t = s.text
  const n = s.length
  for (; i < n; i++) {
    const c = t.charCodeAt(i)
    if (c === SPACE || c === TAB) continue
    if (c === LF) newLine(s, i)
    else if (c === CR) {
      if (t.charCodeAt(i + 1) === LF) i++
      newLine(s, i)
    } else break
  }
  return i
}

/** Anything but TAB and the BMP characters XML allows that are no line end or surrogate. */
const NOT_PLAIN = /[^\t\x20-\ud7ff\ue000-\ufffd]/
/** Below this length the loop is as quick as slicing for the RegExp. */
const PLAIN_TEST_MIN = 24

/**
 * Checks that [from, to) holds only XML characters, tracking line ends; returns whether it holds
 * a CR (so the caller knows it must normalise line ends in what it keeps).
 */
export function checkChars(s: ScanState, from: number, to: number): boolean {
  const t = s.text
  // Comments are long runs of ordinary characters: one native RegExp test clears them much faster
  // than the loop, which still places line ends and refusals whenever the test finds anything.
  if (to - from >= PLAIN_TEST_MIN && !NOT_PLAIN.test(t.slice(from, to))) return false
  let sawCr = false
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i)
    if (c >= SPACE) {
      if (c < 0xd800) continue
      if (c <= 0xdbff) {
        const d = t.charCodeAt(i + 1)
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++
          continue
        }
        failChar(s, i)
      }
      if (c < 0xe000 || c > 0xfffd) failChar(s, i)
    } else if (c === LF) newLine(s, i)
    else if (c === CR) {
      sawCr = true
      if (t.charCodeAt(i + 1) === LF) i++
      newLine(s, i)
    } else if (c !== TAB) failChar(s, i)
  }
  return sawCr
}

/** XML 1.0 §2.11: CR LF and a lone CR become LF in everything the application sees. */
export function normaliseLineEnds(value: string): string {
  return value.replace(/\r\n?/g, '\n')
}

/** A comment or PI at the current position: it splits the open element's text, if it has some. */
export function noteSplit(s: ScanState): void {
  const el = s.current
  if (el !== undefined && el.text !== '') s.splitText = el
}

/**
 * Appends character data (text, CDATA) to the open element's text; once a comment or PI has split
 * some text, through text-runs.ts, which keeps the text nodes.
 */
export function appendText(s: ScanState, piece: string): void {
  const el = s.current
  if (el === undefined) return
  if (!s.sawSplit && s.splitText === undefined) {
    el.text = el.text === '' ? piece : el.text + piece
    return
  }
  const split = s.splitText === el
  if (split) {
    s.splitText = undefined
    s.sawSplit = true
  }
  appendTextRun(el, piece, split)
}
