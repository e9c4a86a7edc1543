/**
 * A targeted reader for the common case of `extract`: a PDF with classic cross-reference tables
 * (ISO 32000-1 7.5.4), unencrypted. It reads the xref sections and the trailer, then parses only
 * the objects on the path catalog → Names → EmbeddedFiles → file specification → embedded file
 * stream, on demand, instead of every object of the file. Anything unusual (an xref stream,
 * object streams, encryption, an offset that does not point at its object, a parse error) makes
 * it give up, and the caller uses the full parser, which also repairs damaged files.
 * @module
 */
import { PDFContext, PDFDict, PDFName, type PDFObject, PDFObjectParser, type PDFRef } from '@cantoo/pdf-lib'
import { type PdfAttachment, catalogAttachments } from './attachments.js'

/** Thrown when the targeted read cannot go on; the caller then uses the full parser. */
export class NeedsFullParser extends Error {}

const latin1 = new TextDecoder('latin1')
const XREF = [0x78, 0x72, 0x65, 0x66] // "xref"
const TRAILER = new TextEncoder().encode('trailer')
/** Incremental updates deeper than this are left to the full parser. */
const MAX_SECTIONS = 32

function startsWith(bytes: Uint8Array, at: number, word: readonly number[]): boolean {
  return word.every((b, i) => bytes[at + i] === b)
}

function indexOf(bytes: Uint8Array, word: Uint8Array, from: number): number {
  const first = word[0]!
  for (let i = bytes.indexOf(first, from); i >= 0 && i + word.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    if (word.every((b, k) => bytes[i + k] === b)) return i
  }
  return -1
}

function lastStartxref(bytes: Uint8Array): number | undefined {
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024)))
  const match = /startxref\s+(\d+)\s*%%EOF\s*$/.exec(tail)
  return match === null ? undefined : Number(match[1])
}

/**
 * Reads one xref section (keyword `xref`, subsections `first count`, 20-byte entries) into
 * `offsets` without overwriting entries of newer sections; returns the trailer dictionary.
 */
function readSection(bytes: Uint8Array, at: number, context: PDFContext, offsets: Map<number, number>): PDFDict {
  if (!startsWith(bytes, at, XREF)) throw new NeedsFullParser('no classic xref table')
  const trailerAt = indexOf(bytes, TRAILER, at)
  if (trailerAt < 0) throw new NeedsFullParser('no trailer')
  const tokens = latin1.decode(bytes.subarray(at + 4, trailerAt)).trim().split(/\s+/)
  let i = 0
  while (i + 1 < tokens.length) {
    const first = Number(tokens[i])
    const count = Number(tokens[i + 1])
    i += 2
    if (!Number.isInteger(first) || !Number.isInteger(count) || i + count * 3 > tokens.length) throw new NeedsFullParser('bad xref subsection')
    for (let n = 0; n < count; n++, i += 3) {
      // A free entry ('f') of a newer section hides the object of an older one: recorded as -1.
      if (!offsets.has(first + n)) offsets.set(first + n, tokens[i + 2] === 'n' ? Number(tokens[i]) : -1)
    }
  }
  const trailer = PDFObjectParser.forBytes(bytes.subarray(trailerAt + TRAILER.length), context).parseObject()
  if (!(trailer instanceof PDFDict)) throw new NeedsFullParser('trailer is not a dictionary')
  return trailer
}

/** pdf-lib's object table, filled on first lookup of each reference. */
class LazyObjects extends Map<PDFRef, PDFObject> {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly offsets: ReadonlyMap<number, number>,
    private readonly context: PDFContext,
  ) {
    super()
  }

  override get(ref: PDFRef): PDFObject | undefined {
    const known = super.get(ref)
    if (known !== undefined) return known
    const offset = this.offsets.get(ref.objectNumber)
    if (offset === undefined || offset < 0) return undefined
    const head = /^\s*(\d+)\s+(\d+)\s+obj\b/.exec(latin1.decode(this.bytes.subarray(offset, offset + 32)))
    if (head === null || Number(head[1]) !== ref.objectNumber) throw new NeedsFullParser(`xref offset of object ${ref.objectNumber} is wrong`)
    const object = PDFObjectParser.forBytes(this.bytes.subarray(offset + head[0].length), this.context).parseObject(ref)
    super.set(ref, object)
    return object
  }
}

/**
 * The catalog's attachments (EmbeddedFiles tree and /AF) read with as little parsing as possible,
 * or undefined when the file needs the full parser. Stream data is decoded on demand, with the
 * inflate cap, by the returned attachments.
 */
export function quickCatalogAttachments(bytes: Uint8Array): PdfAttachment[] | undefined {
  try {
    const context = PDFContext.create()
    const offsets = new Map<number, number>()
    let at = lastStartxref(bytes)
    const trailers: PDFDict[] = []
    const visited = new Set<number>()
    while (at !== undefined) {
      if (visited.has(at) || visited.size >= MAX_SECTIONS) throw new NeedsFullParser('xref /Prev loop')
      visited.add(at)
      const trailer = readSection(bytes, at, context, offsets)
      trailers.push(trailer)
      const prev = trailer.get(PDFName.of('Prev'))
      at = prev === undefined ? undefined : Number(prev.toString())
    }
    const newest = trailers[0]
    if (newest === undefined) return undefined
    // Hybrid files (XRefStm) and encrypted files need what only the full parser does.
    if (trailers.some((t) => t.has(PDFName.of('XRefStm')) || t.has(PDFName.of('Encrypt')))) return undefined
    // pdf-lib keeps its object table private; a lazy Map in its place is the whole trick here.
    Object.defineProperty(context, 'indirectObjects', { value: new LazyObjects(bytes, offsets, context) })
    const catalog = context.lookup(newest.get(PDFName.of('Root')))
    if (!(catalog instanceof PDFDict)) return undefined
    return catalogAttachments(catalog)
  } catch {
    // Whatever went wrong here, the full parser decides (and reports) properly.
    return undefined
  }
}
