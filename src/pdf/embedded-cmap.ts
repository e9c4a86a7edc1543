/**
 * An embedded CMap (a Type0 font's /Encoding stream, ISO 32000-1 9.7.5) as veraPDF's CMap reader
 * applies it for the PDF/A glyph rules: how shown strings split into codes (codespace ranges, read
 * byte by byte) and which CID a code selects (cidrange/cidchar, then notdefrange/notdefchar, else
 * CID 0). `usecmap` and the stream's /UseCMap may name another embedded stream or Identity-H/V;
 * any other predefined CMap cannot be read without Adobe's CMap files, so such a CMap is not read.
 * @module
 */
import { type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { pushAll } from '../util/arrays.js'
import { TOKEN, isNumberToken, lexContent, stringBytes, tokenText } from './content-lexer.js'
import { streamBytes } from './streams.js'

type Range = { first: number; last: number; cid: number }

export type EmbeddedCMap = {
  /** The codes of a shown string, in order. */
  codes: (s: Uint8Array) => number[]
  /** The CID a code selects (0 when no mapping covers it). */
  cid: (code: number) => number
}

type CodeSpace = { begin: Uint8Array; end: Uint8Array }

type Parsed = { spaces: CodeSpace[]; shortest: number; cids: Range[]; notdefs: Range[] }

const numberOf = (bytes: Uint8Array): number => bytes.reduce((n, b) => n * 256 + b, 0)

/** veraPDF's test: ranges of the same bytes overlap unless a position separates them. */
function overlaps(a: CodeSpace, b: CodeSpace): boolean {
  for (let i = 0; i < Math.min(a.begin.length, b.begin.length); i++) {
    if ((b.begin[i]! > a.end[i]! && b.end[i]! > a.end[i]!) || (b.begin[i]! < a.begin[i]! && b.end[i]! < a.begin[i]!)) return false
  }
  return true
}

const contains = (space: CodeSpace, code: Uint8Array): boolean => space.begin.length === code.length && code.every((b, i) => b >= space.begin[i]! && b <= space.end[i]!)

/** The identity CMap veraPDF loads for `/Identity-H usecmap`: two-byte codes, CID = code. */
const identity = (): Parsed => ({ spaces: [{ begin: Uint8Array.of(0, 0), end: Uint8Array.of(0xff, 0xff) }], shortest: 2, cids: [{ first: 0, last: 0xffff, cid: 0 }], notdefs: [] })

const MAX_DEPTH = 4

/** One CMap with what it uses appended after its own mappings; undefined when it cannot be read as veraPDF would. */
function parse(doc: PDFDocument, object: PDFObject | undefined, depth: number): Parsed | undefined {
  const value = object instanceof PDFRef ? doc.context.lookup(object) : object
  if (value instanceof PDFName) return value.decodeText() === 'Identity-H' || value.decodeText() === 'Identity-V' ? identity() : undefined
  if (!(value instanceof PDFStream) || depth > MAX_DEPTH) return undefined
  let data: Uint8Array
  try {
    data = streamBytes(value, 'embedded CMap')
  } catch {
    return undefined
  }
  const own: Parsed = { spaces: [], shortest: Number.MAX_SAFE_INTEGER, cids: [], notdefs: [] }
  const used: Parsed[] = []
  type Item = { hex?: Uint8Array; int?: number; name?: string; op?: string }
  const items: Item[] = []
  lexContent(data, (kind, start, end, size) => {
    if (kind === TOKEN.string) items.push(data[start] === 0x3c ? { hex: stringBytes(data, start, size) } : {})
    else if (kind === TOKEN.number) items.push(isNumberToken(data, start, end) && !tokenText(data, start, end).includes('.') ? { int: Number(tokenText(data, start, end)) } : {})
    else if (kind === TOKEN.name) items.push({ name: tokenText(data, start, end) })
    else if (kind === TOKEN.operator) items.push({ op: tokenText(data, start, end) })
    else items.push({})
  })
  for (let i = 0; i < items.length; i++) {
    const op = items[i]!.op
    if (op === 'usecmap') {
      const name = items[i - 1]?.name
      const other = name === undefined ? undefined : parse(doc, PDFName.of(name), depth + 1)
      if (other === undefined) return undefined
      used.push(other)
      continue
    }
    const count = items[i - 1]?.int
    if (op === undefined || !op.startsWith('begin') || count === undefined) continue
    const section = op.slice(5)
    const width = section === 'codespacerange' ? 2 : section === 'cidrange' || section === 'notdefrange' ? 3 : section === 'cidchar' || section === 'notdefchar' ? 2 : 0
    if (width === 0) continue
    for (let k = 0; k < count; k++) {
      const entry = items.slice(i + 1 + k * width, i + 1 + (k + 1) * width)
      // veraPDF's reader stops on any entry of another shape: such a CMap is not read.
      if (entry.length < width || !entry.slice(0, width === 3 || section === 'codespacerange' ? 2 : 1).every((e) => e.hex !== undefined)) return undefined
      if (section !== 'codespacerange' && entry[width - 1]!.int === undefined) return undefined
      if (section === 'codespacerange') addCodeSpace(own, entry[0]!.hex!, entry[1]!.hex!)
      else if (width === 3) (section === 'cidrange' ? own.cids : own.notdefs).push({ first: numberOf(entry[0]!.hex!), last: numberOf(entry[1]!.hex!), cid: entry[2]!.int! })
      else {
        const code = numberOf(entry[0]!.hex!)
        ;(section === 'cidchar' ? own.cids : own.notdefs).push({ first: code, last: code, cid: entry[1]!.int! })
      }
    }
    i += count * width
  }
  const useCMap = value.dict.get(PDFName.of('UseCMap'))
  if (useCMap !== undefined) {
    const other = parse(doc, useCMap, depth + 1)
    if (other === undefined) return undefined
    used.push(other)
  }
  // Later cidrange/cidchar entries take precedence (veraPDF puts each in front); used CMaps come after.
  own.cids.reverse()
  for (const other of used) {
    pushAll(own.spaces, other.spaces)
    pushAll(own.cids, other.cids)
    pushAll(own.notdefs, other.notdefs)
  }
  return own
}

function addCodeSpace(cmap: Parsed, begin: Uint8Array, end: Uint8Array): void {
  const valid = begin.length === end.length && begin.every((b, i) => b <= end[i]!)
  const space = valid ? { begin, end } : { begin: new Uint8Array(0), end: new Uint8Array(0) }
  if (cmap.spaces.some((s) => overlaps(s, space))) return
  cmap.spaces.push(space)
  cmap.shortest = Math.min(cmap.shortest, space.begin.length)
}

const known = new WeakMap<PDFStream, EmbeddedCMap | null>()

/** The CMap a Type0 font's /Encoding stream describes (read once per stream), or undefined when it cannot be read. */
export function embeddedCMap(doc: PDFDocument, encoding: PDFStream): EmbeddedCMap | undefined {
  let cmap = known.get(encoding)
  if (cmap === undefined) known.set(encoding, (cmap = readCMap(doc, encoding) ?? null))
  return cmap ?? undefined
}

function readCMap(doc: PDFDocument, encoding: PDFStream): EmbeddedCMap | undefined {
  const cmap = parse(doc, encoding, 0)
  if (cmap === undefined) return undefined
  const { spaces, cids, notdefs } = cmap
  const lookup = (ranges: readonly Range[], code: number): number | undefined => {
    for (const r of ranges) if (code >= r.first && code <= r.last) return r.cid + code - r.first
    return undefined
  }
  return {
    cid: (code) => lookup(cids, code) ?? lookup(notdefs, code) ?? 0,
    codes: (s) => {
      const out: number[] = []
      // Past the end of the string veraPDF's stream reads -1, a 0xFF byte.
      const at = (i: number): number => (i < s.length ? s[i]! : 0xff)
      for (let pos = 0; pos < s.length; ) {
        let previous = cmap.shortest
        let code = 0
        let length = 5
        for (let i = 0; i <= 4; i++) {
          const current = Uint8Array.from({ length: i + 1 }, (_, k) => at(pos + k))
          if (spaces.some((space) => contains(space, current))) {
            code = numberOf(current)
            length = i + 1
            break
          }
          let shortest = Number.MAX_SAFE_INTEGER
          for (const space of spaces) {
            if (space.begin.length > i && current.every((b, j) => b >= space.begin[j]! && b <= space.end[j]!)) shortest = Math.min(shortest, space.begin.length)
          }
          if (shortest === Number.MAX_SAFE_INTEGER && spaces.length > 0) {
            // No codespace starts so: veraPDF skips to the shortest length it last matched and reads code 0.
            length = Math.max(i + 1, previous)
            break
          }
          previous = shortest
        }
        out.push(code)
        pos += length
      }
      return out
    },
  }
}
