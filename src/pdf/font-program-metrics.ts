/**
 * What the PDF/A width check needs from an embedded TrueType program of unknown origin: advance
 * widths in 1/1000 em (head unitsPerEm, hhea numberOfHMetrics, hmtx) and the cmap subtables a PDF
 * reader consults for a simple TrueType font (ISO 32000-1 9.6.6.4: (3,1), (3,0), (1,0)), and the
 * glyph names of the `post` table, where veraPDF looks a name up that no cmap maps.
 * Every offset is checked; a damaged program yields undefined, never a wrong number.
 * @module
 */
import { macGlyphName } from './mac-glyph-names.js'

export type ProgramMetrics = {
  numGlyphs: number
  /** Advance width of a glyph in 1/1000 em. */
  advance: (gid: number) => number
  /** cmap subtables by `platform,encoding` ('3,1', '3,0', '1,0'): code → glyph id. */
  cmaps: ReadonlyMap<string, (code: number) => number | undefined>
  /**
   * Every (3,1), (3,0) and (1,0) subtable the cmap lists (the first of each), whatever its format,
   * with the first code it maps as veraPDF reads it (format 0: 0; 4: the first segment's start;
   * 6: its first code), undefined when it maps none (an empty table, another format). veraPDF
   * takes the high byte of a (3,0) subtable's first code as the prefix of every 1-byte code.
   */
  cmapFirstCodes: ReadonlyMap<string, number | undefined>
  /** How many encoding subtables the cmap table lists (0 without a cmap table). */
  cmapCount: number
  /** The glyph a `post` table (format 1.0 or 2.0) names so; undefined for other formats or unknown names. */
  postGid: (name: string) => number | undefined
}

type Table = { offset: number; length: number }

function tableDirectory(font: Uint8Array, view: DataView): Map<string, Table> | undefined {
  if (font.length < 12) return undefined
  const count = view.getUint16(4)
  const out = new Map<string, Table>()
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    if (at + 16 > font.length) return undefined
    const tag = String.fromCharCode(font[at]!, font[at + 1]!, font[at + 2]!, font[at + 3]!)
    const offset = view.getUint32(at + 8)
    const length = view.getUint32(at + 12)
    if (offset + length > font.length) return undefined
    out.set(tag, { offset, length })
  }
  return out
}

/** One cmap subtable of format 0, 4 or 6 as a lookup; undefined for other formats or bad bounds. */
function subtable(view: DataView, at: number, end: number): ((code: number) => number | undefined) | undefined {
  if (at + 6 > end) return undefined
  const format = view.getUint16(at)
  if (format === 0) {
    if (at + 6 + 256 > end) return undefined
    return (code) => (code < 256 ? view.getUint8(at + 6 + code) || undefined : undefined)
  }
  if (format === 6) {
    const first = view.getUint16(at + 6)
    const count = view.getUint16(at + 8)
    if (at + 10 + count * 2 > end) return undefined
    return (code) => (code >= first && code < first + count ? view.getUint16(at + 10 + (code - first) * 2) || undefined : undefined)
  }
  if (format !== 4) return undefined
  const segCount = view.getUint16(at + 6) / 2
  const ends = at + 14
  const starts = ends + segCount * 2 + 2
  const deltas = starts + segCount * 2
  const ranges = deltas + segCount * 2
  if (ranges + segCount * 2 > end) return undefined
  return (code) => {
    for (let s = 0; s < segCount; s++) {
      if (view.getUint16(ends + s * 2) < code) continue
      const start = view.getUint16(starts + s * 2)
      if (start > code) return undefined
      const delta = view.getInt16(deltas + s * 2)
      const rangeAt = ranges + s * 2
      const rangeOffset = view.getUint16(rangeAt)
      if (rangeOffset === 0) return (code + delta) & 0xffff || undefined
      const glyphAt = rangeAt + rangeOffset + (code - start) * 2
      if (glyphAt + 2 > end) return undefined
      const raw = view.getUint16(glyphAt)
      return raw === 0 ? undefined : (raw + delta) & 0xffff || undefined
    }
    return undefined
  }
}

function guardedLookup(lookup: (code: number) => number | undefined, code: number): number | undefined {
  try {
    return lookup(code)
  } catch {
    return undefined
  }
}

/** Metrics and cmaps of a TrueType program; undefined when head, hhea, hmtx or maxp are unusable. */
export function programMetrics(font: Uint8Array): ProgramMetrics | undefined {
  try {
    return readMetrics(font)
  } catch {
    return undefined // offsets that run past the program: a damaged font is not compared
  }
}

function readMetrics(font: Uint8Array): ProgramMetrics | undefined {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const t = tableDirectory(font, view)
  const head = t?.get('head')
  const hhea = t?.get('hhea')
  const hmtx = t?.get('hmtx')
  const maxp = t?.get('maxp')
  if (t === undefined || head === undefined || hhea === undefined || hmtx === undefined || maxp === undefined) return undefined
  if (head.length < 54 || hhea.length < 36 || maxp.length < 6) return undefined
  const unitsPerEm = view.getUint16(head.offset + 18)
  const metrics = view.getUint16(hhea.offset + 34)
  const numGlyphs = view.getUint16(maxp.offset + 4)
  if (unitsPerEm === 0 || metrics === 0 || metrics * 4 > hmtx.length) return undefined
  // Glyphs past numberOfHMetrics repeat the last advance (OpenType hmtx).
  const advance = (gid: number): number => (view.getUint16(hmtx.offset + Math.min(gid, metrics - 1) * 4) * 1000) / unitsPerEm
  const cmaps = new Map<string, (code: number) => number | undefined>()
  const cmapFirstCodes = new Map<string, number | undefined>()
  const cmap = t.get('cmap')
  let cmapCount = 0
  if (cmap !== undefined && cmap.length >= 4) {
    const end = cmap.offset + cmap.length
    const count = view.getUint16(cmap.offset + 2)
    cmapCount = count
    for (let i = 0; i < count && cmap.offset + 4 + i * 8 + 8 <= end; i++) {
      const at = cmap.offset + 4 + i * 8
      const key = `${view.getUint16(at)},${view.getUint16(at + 2)}`
      if (cmapFirstCodes.has(key) || (key !== '3,1' && key !== '3,0' && key !== '1,0')) continue
      cmapFirstCodes.set(key, firstCode(view, cmap.offset + view.getUint32(at + 4), end))
      const lookup = subtable(view, cmap.offset + view.getUint32(at + 4), end)
      // A damaged subtable may still point past the file: such a lookup finds no glyph.
      if (lookup !== undefined) cmaps.set(key, (code) => (code >= 0 ? guardedLookup(lookup, code) : undefined))
    }
  }
  const post = t.get('post')
  let postNames: Map<string, number> | undefined
  const postGid = (name: string): number | undefined => {
    if (post === undefined) return undefined
    postNames ??= guardedPostNames(view, post, numGlyphs)
    return postNames.get(name)
  }
  return { numGlyphs, advance, cmaps, cmapFirstCodes, cmapCount, postGid }
}

/** The first code a cmap subtable maps, in the order veraPDF's reader stores them; undefined for none. */
function firstCode(view: DataView, at: number, end: number): number | undefined {
  if (at + 10 > end) return undefined
  const format = view.getUint16(at)
  if (format === 0) return 0
  if (format === 6) return view.getUint16(at + 8) > 0 ? view.getUint16(at + 6) : undefined
  if (format !== 4) return undefined
  const segCount = view.getUint16(at + 6) / 2
  const ends = at + 14
  const starts = ends + segCount * 2 + 2
  const ranges = starts + segCount * 4
  if (ranges + segCount * 2 > end) return undefined
  for (let s = 0; s < segCount; s++) {
    const first = view.getUint16(starts + s * 2)
    const last = view.getUint16(ends + s * 2)
    // Segments read through glyphIdArray that start or end at 0xFFFF are skipped; so are empty ones.
    if (first > last || (view.getUint16(ranges + s * 2) !== 0 && (first === 0xffff || last === 0xffff))) continue
    return first
  }
  return undefined
}

function guardedPostNames(view: DataView, post: Table, numGlyphs: number): Map<string, number> {
  try {
    return postNames(view, post, numGlyphs)
  } catch {
    return new Map() // a damaged table names nothing
  }
}

/** Name → first glyph of a `post` table: format 1.0 (the standard Macintosh order) or 2.0. */
function postNames(view: DataView, post: Table, numGlyphs: number): Map<string, number> {
  const out = new Map<string, number>()
  if (post.length < 32) return out
  const format = view.getUint32(post.offset)
  if (format === 0x10000) {
    for (let gid = Math.min(numGlyphs, 258) - 1; gid >= 0; gid--) out.set(macGlyphName(gid)!, gid)
    return out
  }
  if (format !== 0x20000 || post.length < 34) return out
  const end = post.offset + post.length
  const count = view.getUint16(post.offset + 32)
  const indexAt = post.offset + 34
  if (indexAt + count * 2 > end) return out
  // The font's own names follow the index as Pascal strings, in index order 258, 259, …
  const own: string[] = []
  for (let at = indexAt + count * 2; at < end && own.length < 65536; ) {
    const length = view.getUint8(at)
    if (at + 1 + length > end) break
    let name = ''
    for (let k = 0; k < length; k++) name += String.fromCharCode(view.getUint8(at + 1 + k))
    own.push(name)
    at += 1 + length
  }
  for (let gid = count - 1; gid >= 0; gid--) {
    const index = view.getUint16(indexAt + gid * 2)
    const name = index < 258 ? macGlyphName(index) : own[index - 258]
    if (name !== undefined) out.set(name, gid)
  }
  return out
}
