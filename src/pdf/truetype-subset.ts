/**
 * A TrueType subset for embedding as a PDF simple font (/FontFile2): glyph ids stay as they are,
 * the outlines of glyphs not needed are left empty (loca entries of length 0), a small (3,1)
 * format 4 cmap maps exactly the characters kept, and the tables a PDF reader does not use
 * (layout, kerning, device metrics, signatures) are dropped. ISO 32000-1 9.9 lists the tables a
 * PDF TrueType program needs; 'cmap' stays because PDF/A-3 6.2.11.6 asks non-symbolic fonts for
 * a (3,1) cmap; 'name' stays because it carries the font's copyright and licence (OFL 1.1 §2).
 * @module
 */
import { type TrueTypeFont, tagOf } from './truetype.js'

/** Tables copied unchanged (besides those rebuilt below: head, loca, glyf, cmap, post). */
const COPIED = ['OS/2', 'cvt ', 'fpgm', 'hhea', 'hmtx', 'maxp', 'name', 'prep']

/** Composite glyph flags (OpenType glyf, "Composite Glyph Description"). */
const ARG_WORDS = 0x1
const HAS_SCALE = 0x8
const MORE_COMPONENTS = 0x20
const HAS_XY_SCALE = 0x40
const HAS_2X2 = 0x80

function glyphData(font: TrueTypeFont, glyph: number): Uint8Array {
  const glyf = font.tables.get('glyf')!
  return font.bytes.subarray(glyf.offset + font.loca[glyph]!, glyf.offset + font.loca[glyph + 1]!)
}

/** The glyphs plus every component their composite glyphs are built from. */
function withComponents(font: TrueTypeFont, glyphs: Iterable<number>): Set<number> {
  const out = new Set<number>()
  const queue = [...glyphs]
  while (queue.length > 0) {
    const glyph = queue.pop()!
    if (out.has(glyph) || glyph >= font.numGlyphs) continue
    out.add(glyph)
    const data = glyphData(font, glyph)
    if (data.length < 10) continue
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (view.getInt16(0) >= 0) continue
    let at = 10
    for (;;) {
      if (at + 4 > data.length) break
      const flags = view.getUint16(at)
      queue.push(view.getUint16(at + 2))
      at += 4 + (flags & ARG_WORDS ? 4 : 2)
      at += flags & HAS_SCALE ? 2 : flags & HAS_XY_SCALE ? 4 : flags & HAS_2X2 ? 8 : 0
      if ((flags & MORE_COMPONENTS) === 0) break
    }
  }
  return out
}

/** A (3,1) format 4 cmap with one segment per character (a few hundred at most). */
function buildCmap(chars: ReadonlyMap<number, number>): Uint8Array {
  const codes = [...chars.keys()].filter((c) => c < 0xffff).sort((a, b) => a - b)
  const segCount = codes.length + 1
  const subLength = 16 + segCount * 8
  const out = new DataView(new ArrayBuffer(12 + subLength))
  out.setUint16(2, 1) // one subtable
  out.setUint16(4, 3)
  out.setUint16(6, 1)
  out.setUint32(8, 12)
  const sub = 12
  out.setUint16(sub, 4)
  out.setUint16(sub + 2, subLength)
  out.setUint16(sub + 6, segCount * 2)
  const pow = 2 ** Math.floor(Math.log2(segCount))
  out.setUint16(sub + 8, pow * 2)
  out.setUint16(sub + 10, Math.log2(pow))
  out.setUint16(sub + 12, segCount * 2 - pow * 2)
  const ends = sub + 14
  const starts = ends + segCount * 2 + 2
  const deltas = starts + segCount * 2
  codes.forEach((code, i) => {
    out.setUint16(ends + i * 2, code)
    out.setUint16(starts + i * 2, code)
    out.setUint16(deltas + i * 2, (chars.get(code)! - code) & 0xffff)
  })
  // The closing segment 0xFFFF → glyph 0 that format 4 requires.
  const last = segCount - 1
  out.setUint16(ends + last * 2, 0xffff)
  out.setUint16(starts + last * 2, 0xffff)
  out.setUint16(deltas + last * 2, 1)
  return new Uint8Array(out.buffer)
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array((data.length + 3) & ~3)
  padded.set(data)
  const view = new DataView(padded.buffer)
  let sum = 0
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0
  return sum
}

function original(font: TrueTypeFont, tag: string): Uint8Array | undefined {
  const t = font.tables.get(tag)
  return t === undefined ? undefined : font.bytes.subarray(t.offset, t.offset + t.length)
}

/** Writes the table directory and tables (4-byte aligned, sorted by tag) with correct checksums. */
function assemble(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort()
  const headerLength = 12 + tags.length * 16
  let size = headerLength
  for (const tag of tags) size += (tables.get(tag)!.length + 3) & ~3
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  const pow = 2 ** Math.floor(Math.log2(tags.length))
  view.setUint32(0, 0x00010000)
  view.setUint16(4, tags.length)
  view.setUint16(6, pow * 16)
  view.setUint16(8, Math.log2(pow))
  view.setUint16(10, tags.length * 16 - pow * 16)
  let offset = headerLength
  let headOffset = -1
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!
    const at = 12 + i * 16
    for (let k = 0; k < 4; k++) view.setUint8(at + k, tag.charCodeAt(k))
    view.setUint32(at + 4, checksum(data))
    view.setUint32(at + 8, offset)
    view.setUint32(at + 12, data.length)
    out.set(data, offset)
    if (tag === 'head') headOffset = offset
    offset += (data.length + 3) & ~3
  })
  // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA (OpenType head table).
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0)
  return out
}

/**
 * The subset font program.
 * @param chars Unicode code point → glyph id, for every character the PDF font can address.
 */
export function subsetTrueType(font: TrueTypeFont, chars: ReadonlyMap<number, number>): Uint8Array {
  const keep = withComponents(font, [0, ...chars.values()])
  const parts: Uint8Array[] = []
  const loca = new DataView(new ArrayBuffer((font.numGlyphs + 1) * 4))
  let length = 0
  for (let g = 0; g < font.numGlyphs; g++) {
    loca.setUint32(g * 4, length)
    if (!keep.has(g)) continue
    const data = glyphData(font, g)
    // Long loca offsets need no alignment, but 4-byte glyph starts are what font tools expect.
    const padded = new Uint8Array((data.length + 3) & ~3)
    padded.set(data)
    parts.push(padded)
    length += padded.length
  }
  loca.setUint32(font.numGlyphs * 4, length)
  const glyf = new Uint8Array(length)
  let at = 0
  for (const p of parts) {
    glyf.set(p, at)
    at += p.length
  }
  const head = Uint8Array.from(original(font, 'head')!)
  const headView = new DataView(head.buffer)
  headView.setUint32(8, 0)
  headView.setInt16(50, 1) // indexToLocFormat: long offsets
  // post format 3: the header only, no glyph names (lookups go through the cmap).
  const post = Uint8Array.from(original(font, 'post')!.subarray(0, 32))
  new DataView(post.buffer).setUint32(0, 0x00030000)
  const tables = new Map<string, Uint8Array>([
    ['head', head],
    ['loca', new Uint8Array(loca.buffer)],
    ['glyf', glyf],
    ['cmap', buildCmap(chars)],
    ['post', post],
  ])
  for (const tag of COPIED) {
    const data = original(font, tag)
    if (data !== undefined) tables.set(tag, data)
  }
  return assemble(tables)
}

/** The tags of a font program's tables, for tests. */
export function tableTags(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return Array.from({ length: view.getUint16(4) }, (_, i) => tagOf(view, 12 + i * 16))
}
