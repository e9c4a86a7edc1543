/**
 * The written form of the file's uncompressed indirect objects, read from the bytes as they lie
 * in the file (pdf-lib keeps no offsets): ISO 19005-3 6.1.9 (`N G obj` with single white-space
 * separators, the object number at the start of a line, `obj` at the end of one), 6.1.7.1 (`stream` followed by CR LF or LF, `endstream` after a line end,
 * `/Length` equal to the bytes between them) and 6.1.6 (hexadecimal strings: hex digits and
 * white space only, an even number of digits), and 6.1.4 (`xref` followed by a single EOL marker).
 *
 * The scan walks the body as a PDF reader does without the cross-reference table: objects,
 * `xref` sections, `trailer`, `startxref`, in file order (so incremental updates are read too);
 * each stream's data is skipped by its `/Length`, or up to `endstream` when the length is wrong.
 * Where the body holds anything else the scan stops quietly: nothing after it is judged.
 * Objects inside object streams have no written form of their own and are not concerned.
 * @module
 */
import { type PDFDocument, PDFNumber, PDFRef } from '@cantoo/pdf-lib'
import { type PdfFinding, type PdfRuleId, pdfFinding } from './pdf-rules.js'

const latin1 = new TextDecoder('latin1')
const CR = 0x0d
const LF = 0x0a
const isWhite = (b: number | undefined): boolean => b === 0x20 || b === LF || b === CR || b === 0x09 || b === 0x0c || b === 0x00
const isEol = (b: number | undefined): boolean => b === LF || b === CR
const isDigit = (b: number | undefined): boolean => b !== undefined && b >= 0x30 && b <= 0x39
const isHexDigit = (b: number): boolean => isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
/** ISO 32000-1 7.2.2: delimiters end a regular-character run. */
const isDelimiter = (b: number | undefined): boolean => b !== undefined && '()<>[]{}/%'.includes(String.fromCharCode(b))

/** At most this many objects are named per rule; the count says how many there are. */
const EXAMPLES = 5

type Problem = { rule: PdfRuleId; object: string; detail: string }

/** A cursor over the file that skips PDF values without building them. */
class Scanner {
  p = 0
  constructor(readonly b: Uint8Array) {}

  done(): boolean {
    return this.p >= this.b.length
  }

  skipWhiteAndComments(): void {
    const b = this.b
    while (this.p < b.length) {
      if (isWhite(b[this.p])) this.p++
      else if (b[this.p] === 0x25) {
        while (this.p < b.length && !isEol(b[this.p])) this.p++
      } else return
    }
  }

  startsWith(word: string, at = this.p): boolean {
    if (at + word.length > this.b.length) return false
    for (let i = 0; i < word.length; i++) if (this.b[at + i] !== word.charCodeAt(i)) return false
    return true
  }

  /** A keyword at the cursor, not followed by a regular character. */
  keyword(word: string): boolean {
    const end = this.p + word.length
    return this.startsWith(word) && (end >= this.b.length || isWhite(this.b[end]) || isDelimiter(this.b[end]))
  }

  /** An unsigned integer at the cursor, or undefined (cursor unmoved). */
  integer(): number | undefined {
    const start = this.p
    while (isDigit(this.b[this.p])) this.p++
    if (this.p === start || this.p - start > 10) {
      this.p = start
      return undefined
    }
    return Number(latin1.decode(this.b.subarray(start, this.p)))
  }

  /** Runs of regular characters (numbers, keywords, names after the slash). */
  regular(): string {
    const start = this.p
    while (this.p < this.b.length && !isWhite(this.b[this.p]) && !isDelimiter(this.b[this.p])) this.p++
    return latin1.decode(this.b.subarray(start, this.p))
  }

  literalString(): boolean {
    const b = this.b
    let depth = 0
    while (this.p < b.length) {
      const c = b[this.p++]
      if (c === 0x5c) this.p++
      else if (c === 0x28) depth++
      else if (c === 0x29 && --depth === 0) return true
    }
    return false
  }

  /** A hexadecimal string; @returns what 6.1.6 finds wrong with it, '' when nothing. */
  hexString(): string | undefined {
    const b = this.b
    this.p++
    let digits = 0
    let other = false
    while (this.p < b.length && b[this.p] !== 0x3e) {
      const c = b[this.p]!
      if (isHexDigit(c)) digits++
      else if (!isWhite(c)) other = true
      this.p++
    }
    if (this.p >= b.length) return undefined
    this.p++
    if (other) return 'a hexadecimal string holds characters other than hex digits and white space'
    return digits % 2 === 1 ? `a hexadecimal string has an odd number of digits (${digits})` : ''
  }
}

type ValueInfo = {
  /** The top-level /Length of a dictionary: a number, or an indirect reference. */
  length?: number | { num: number; gen: number } | undefined
}

/**
 * The top-level /Length of a dictionary at the cursor (just after the key): a number or an
 * indirect reference, cursor after it; undefined (cursor unmoved) when it is anything else.
 */
function lengthValue(s: Scanner): ValueInfo['length'] {
  const b = s.b
  s.skipWhiteAndComments()
  const save = s.p
  const n = s.integer()
  if (n === undefined) return undefined
  const afterNumber = s.p
  s.skipWhiteAndComments()
  const g = s.integer()
  s.skipWhiteAndComments()
  if (g !== undefined && s.keyword('R')) {
    s.p++
    return { num: n, gen: g }
  }
  s.p = afterNumber
  if (s.done() || isDelimiter(b[s.p]) || isWhite(b[s.p])) return n
  s.p = save
  return undefined
}

/** A value that holds no other: string, name, number, boolean, null or reference. */
function skipScalar(s: Scanner, hex: (detail: string) => void): boolean {
  const b = s.b
  const c = b[s.p]
  if (c === 0x28) return s.literalString()
  if (c === 0x3c) {
    const problem = s.hexString()
    if (problem === undefined) return false
    if (problem !== '') hex(problem)
    return true
  }
  if (c === 0x2f) {
    s.p++
    s.regular()
    return true
  }
  // A number, true/false/null, or a reference `N G R`.
  const word = s.regular()
  if (/^\d+$/.test(word)) {
    const after = s.p
    s.skipWhiteAndComments()
    if (s.integer() !== undefined) {
      s.skipWhiteAndComments()
      if (s.keyword('R')) {
        s.p++
        return true
      }
    }
    s.p = after
    return true
  }
  return /^([+-]?(\d+\.?\d*|\.\d+)|true|false|null)$/.test(word)
}

/**
 * Skips one value; @returns false where the bytes are not a PDF value. Hex-string problems are
 * handed to `hex`; the top-level /Length of a dictionary lands in `info`. Nested arrays and
 * dictionaries are followed with a stack of their own, not by recursion: a file may nest them
 * deeper than the call stack goes.
 */
function skipValue(s: Scanner, hex: (detail: string) => void, info?: ValueInfo): boolean {
  const b = s.b
  // Open containers, innermost last: true for a dictionary, false for an array.
  const open: boolean[] = []
  for (;;) {
    s.skipWhiteAndComments()
    if (s.done()) return false
    const inDict = open.length > 0 && open[open.length - 1] === true
    if (inDict) {
      if (b[s.p] === 0x3e && b[s.p + 1] === 0x3e) {
        s.p += 2
        open.pop()
        if (open.length === 0) return true
        continue
      }
      if (b[s.p] !== 0x2f) return false
      s.p++
      const key = s.regular()
      if (info !== undefined && open.length === 1 && key === 'Length') {
        const length = lengthValue(s)
        if (length !== undefined) {
          info.length = length
          continue
        }
      }
      s.skipWhiteAndComments()
      if (s.done()) return false
    } else if (open.length > 0 && b[s.p] === 0x5d) {
      s.p++
      open.pop()
      if (open.length === 0) return true
      continue
    }
    // A value: a dictionary or array opens, anything else is read whole.
    if (b[s.p] === 0x3c && b[s.p + 1] === 0x3c) {
      s.p += 2
      open.push(true)
    } else if (b[s.p] === 0x5b) {
      s.p++
      open.push(false)
    } else {
      if (!skipScalar(s, hex)) return false
      if (open.length === 0) return true
    }
  }
}

/** `endstream` at or after `from`, or -1. */
function findEndstream(b: Uint8Array, from: number): number {
  const first = 0x65 // 'e'
  for (let i = b.indexOf(first, from); i >= 0; i = b.indexOf(first, i + 1)) {
    if (b[i + 1] === 0x6e && b[i + 2] === 0x64 && b[i + 3] === 0x73 && b[i + 4] === 0x74 && b[i + 5] === 0x72 && b[i + 6] === 0x65 && b[i + 7] === 0x61 && b[i + 8] === 0x6d) return i
  }
  return -1
}

function declaredLength(doc: PDFDocument, length: ValueInfo['length']): number | undefined {
  if (typeof length === 'number') return length
  if (length === undefined) return undefined
  const v = doc.context.lookup(PDFRef.of(length.num, length.gen))
  return v instanceof PDFNumber ? v.asNumber() : undefined
}

/**
 * The stream after its dictionary: the cursor is at `stream`. @returns false where the scan must
 * stop (no `endstream`).
 */
function scanStream(s: Scanner, doc: PDFDocument, info: ValueInfo, object: string, out: Problem[]): boolean {
  const b = s.b
  s.p += 6
  let dataStart = s.p
  if (b[s.p] === CR && b[s.p + 1] === LF) dataStart += 2
  else if (b[s.p] === LF) dataStart += 1
  else {
    const found = b[s.p] === CR ? 'a CR alone' : `${JSON.stringify(String.fromCharCode(b[s.p] ?? 0))}`
    out.push({ rule: 'PDFA-SYNTAX-STREAM', object, detail: `the stream keyword is followed by ${found}` })
    // Readers take the data to start after the next line feed, if it is close.
    let q = s.p
    while (q < b.length && q - s.p < 2 && b[q] !== LF) q++
    dataStart = b[q] === LF ? q + 1 : s.p
  }
  const declared = declaredLength(doc, info.length)
  let end: number | undefined
  if (declared !== undefined && declared >= 0 && dataStart + declared <= b.length) {
    let q = dataStart + declared
    while (isWhite(b[q])) q++
    if (s.startsWith('endstream', q)) end = q
  }
  end ??= findEndstream(b, dataStart)
  if (end < 0) return false
  // The data ends before the line end that precedes endstream; a CR LF there counts as one
  // line end unless the data would otherwise be longer than declared.
  const span = end - dataStart
  let eol = 0
  if (b[end - 1] === LF) eol = b[end - 2] === CR && span - (declared ?? 0) > 1 ? 2 : 1
  else if (b[end - 1] === CR) eol = 1
  else out.push({ rule: 'PDFA-SYNTAX-STREAM', object, detail: 'endstream does not follow a line end' })
  const actual = span - eol
  if (declared !== actual) {
    out.push({ rule: 'PDFA-SYNTAX-LENGTH', object, detail: `/Length ${declared === undefined ? 'is missing or not a number' : `is ${declared}`}, the data has ${actual} bytes` })
  }
  s.p = end + 9
  return true
}

/** One indirect object at the cursor (a digit); @returns false where the scan must stop. */
function scanObject(s: Scanner, doc: PDFDocument, out: Problem[], hexProblems: Problem[]): boolean {
  const b = s.b
  const start = s.p
  const num = s.integer()
  const sep1 = s.p
  while (isWhite(b[s.p])) s.p++
  const firstGap = s.p - sep1
  const gen = s.integer()
  const sep2 = s.p
  while (isWhite(b[s.p])) s.p++
  const secondGap = s.p - sep2
  if (num === undefined || gen === undefined || !s.keyword('obj')) return false
  const object = `${num} ${gen}`
  const header: string[] = []
  if (start > 0 && !isEol(b[start - 1])) header.push('the object number does not start a line')
  if (firstGap !== 1) header.push(`${firstGap} white-space characters separate the object and generation numbers`)
  if (secondGap !== 1) header.push(`${secondGap} white-space characters separate the generation number and obj`)
  s.p += 3
  if (!isEol(b[s.p])) header.push('obj is not followed by a line end')
  const info: ValueInfo = {}
  if (!skipValue(s, (detail) => hexProblems.push({ rule: 'PDFA-SYNTAX-HEX', object, detail }), info)) return false
  s.skipWhiteAndComments()
  if (s.keyword('stream') && !scanStream(s, doc, info, object, out)) return false
  s.skipWhiteAndComments()
  if (!s.keyword('endobj')) return false
  // The line ends around endobj are not judged: veraPDF passes files whose Length objects read `8746 endobj`.
  s.p += 6
  for (const detail of header) out.push({ rule: 'PDFA-SYNTAX-OBJECT', object, detail })
  return true
}

/**
 * 6.1.4: `xref` and the first subsection header are separated by exactly one EOL marker (CR LF,
 * LF or CR), nothing else. @returns what is there instead, or undefined when it conforms.
 */
function xrefEolProblem(b: Uint8Array, at: number): string | undefined {
  let p = at + 4
  if (b[p] === CR && b[p + 1] === LF) p += 2
  else if (isEol(b[p])) p++
  if (p > at + 4 && isDigit(b[p])) return undefined
  const seen = latin1.decode(b.subarray(at + 4, Math.min(b.length, at + 12))).replace(/[^\x21-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
  return `xref is followed by ${JSON.stringify(seen)}`
}

/** Skips an xref table up to `trailer`; @returns false when there is none. */
function skipXref(s: Scanner, problems: Problem[]): boolean {
  const eol = xrefEolProblem(s.b, s.p)
  if (eol !== undefined) problems.push({ rule: 'PDFA-SYNTAX-XREF', object: `byte ${s.p}`, detail: eol })
  s.p += 4
  for (;;) {
    s.skipWhiteAndComments()
    if (s.done()) return false
    if (s.keyword('trailer')) return true
    const word = s.regular()
    if (!/^\d+$|^[nf]$/.test(word)) return false
  }
}

/** Walks the file body; returns what 6.1.6, 6.1.7.1 and 6.1.9 find. */
function scan(bytes: Uint8Array, doc: PDFDocument): Problem[] {
  const s = new Scanner(bytes)
  const problems: Problem[] = []
  const hexProblems: Problem[] = []
  s.skipWhiteAndComments()
  while (!s.done()) {
    if (isDigit(bytes[s.p])) {
      if (!scanObject(s, doc, problems, hexProblems)) break
    } else if (s.keyword('xref')) {
      if (!skipXref(s, problems)) break
    } else if (s.keyword('trailer')) {
      s.p += 7
      if (!skipValue(s, (detail) => hexProblems.push({ rule: 'PDFA-SYNTAX-HEX', object: 'trailer', detail }))) break
    } else if (s.keyword('startxref')) {
      s.p += 9
      s.skipWhiteAndComments()
      if (s.integer() === undefined) break
    } else break
    s.skipWhiteAndComments()
  }
  return [...problems, ...hexProblems]
}

/** 6.1.4 (per xref section), 6.1.6, 6.1.7.1 and 6.1.9 on the bytes: one finding per rule, naming the first objects. */
export function checkObjectSyntax(bytes: Uint8Array, doc: PDFDocument): PdfFinding[] {
  const byRule = new Map<PdfRuleId, Problem[]>()
  for (const p of scan(bytes, doc)) {
    const list = byRule.get(p.rule) ?? []
    list.push(p)
    byRule.set(p.rule, list)
  }
  const xref = byRule.get('PDFA-SYNTAX-XREF') ?? []
  byRule.delete('PDFA-SYNTAX-XREF')
  // Not objects: one finding per cross-reference section, at its byte offset.
  const xrefFindings = xref.map((p) => pdfFinding('PDFA-SYNTAX-XREF', `xref at ${p.object}`, { where: p.object, detail: p.detail }))
  const objectFindings = [...byRule].map(([rule, list]) => {
    const objects = [...new Set(list.map((p) => p.object))]
    const examples = list.slice(0, EXAMPLES).map((p) => `object ${p.object}: ${p.detail}`)
    const more = list.length > EXAMPLES ? `; ${list.length - EXAMPLES} more` : ''
    return pdfFinding(rule, objects.length === 1 ? `object ${objects[0]}` : `${objects.length} objects`, { count: String(objects.length), problems: examples.join('; ') + more })
  })
  return [...xrefFindings, ...objectFindings]
}
