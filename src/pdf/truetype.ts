/**
 * Reading the parts of a TrueType font program that embedding it in a PDF needs (OpenType spec,
 * tables head, hhea, hmtx, maxp, loca, glyf, cmap, OS/2, post): metrics for /Widths and the font
 * descriptor, the Microsoft Unicode (3,1) cmap that maps characters to glyphs, and the glyph
 * outlines for subsetting. Only trusted fonts shipped in assets/ are read, but every offset is
 * still checked so a damaged file fails with a clear error instead of reading garbage.
 * @module
 */
export type TableRecord = { tag: string; offset: number; length: number }

export type TrueTypeFont = {
  /** The file name, for messages. */
  name: string
  bytes: Uint8Array
  tables: ReadonlyMap<string, TableRecord>
  unitsPerEm: number
  /** head xMin, yMin, xMax, yMax in font units. */
  bbox: readonly [number, number, number, number]
  numGlyphs: number
  ascender: number
  descender: number
  capHeight: number
  /** OS/2 usWeightClass (400 regular, 700 bold). */
  weightClass: number
  /** post italicAngle in degrees. */
  italicAngle: number
  /** The (3,1) cmap: Unicode BMP code point → glyph id. */
  cmap: ReadonlyMap<number, number>
  /** Advance width of each glyph in font units. */
  advances: Uint16Array
  /** Byte range of each glyph inside the glyf table (loca), numGlyphs + 1 entries. */
  loca: Uint32Array
}

/** A damaged bundled font is an installation fault, not bad input: a plain Error (HTTP 500). */
function damaged(name: string, what: string): Error {
  return new Error(`the font program ${name} is damaged: ${what}`)
}

export function tagOf(view: DataView, offset: number): string {
  return String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3))
}

function readTables(name: string, view: DataView): Map<string, TableRecord> {
  const count = view.getUint16(4)
  const tables = new Map<string, TableRecord>()
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    const record = { tag: tagOf(view, at), offset: view.getUint32(at + 8), length: view.getUint32(at + 12) }
    if (record.offset + record.length > view.byteLength) throw damaged(name, `table ${record.tag} runs past the end of the file`)
    tables.set(record.tag, record)
  }
  return tables
}

function table(name: string, tables: ReadonlyMap<string, TableRecord>, tag: string): TableRecord {
  const t = tables.get(tag)
  if (t === undefined) throw damaged(name, `no ${tag} table`)
  return t
}

/** The (3,1) format 4 subtable as a map (OpenType cmap, "Format 4: Segment mapping to delta values"). */
function readCmap(name: string, view: DataView, cmap: TableRecord): Map<number, number> {
  const count = view.getUint16(cmap.offset + 2)
  let sub = -1
  for (let i = 0; i < count; i++) {
    const at = cmap.offset + 4 + i * 8
    if (view.getUint16(at) === 3 && view.getUint16(at + 2) === 1) sub = cmap.offset + view.getUint32(at + 4)
  }
  if (sub < 0 || view.getUint16(sub) !== 4) throw damaged(name, 'no Microsoft Unicode (3,1) format 4 cmap')
  const segCount = view.getUint16(sub + 6) / 2
  const ends = sub + 14
  const starts = ends + segCount * 2 + 2
  const deltas = starts + segCount * 2
  const rangeOffsets = deltas + segCount * 2
  const map = new Map<number, number>()
  for (let s = 0; s < segCount; s++) {
    const end = view.getUint16(ends + s * 2)
    const start = view.getUint16(starts + s * 2)
    const delta = view.getInt16(deltas + s * 2)
    const rangeAt = rangeOffsets + s * 2
    const rangeOffset = view.getUint16(rangeAt)
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff
      else {
        const at = rangeAt + rangeOffset + (c - start) * 2
        const raw = view.getUint16(at)
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff
      }
      if (glyph !== 0) map.set(c, glyph)
    }
  }
  return map
}

/**
 * Parses a TrueType font program (glyf outlines, not CFF).
 * @throws Error when a required table is missing or out of bounds (a damaged installation).
 */
export function readTrueType(name: string, bytes: Uint8Array): TrueTypeFont {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 12 || view.getUint32(0) !== 0x00010000) throw damaged(name, 'not a TrueType (glyf) font program')
  const tables = readTables(name, view)
  const head = table(name, tables, 'head').offset
  const hhea = table(name, tables, 'hhea').offset
  const maxp = table(name, tables, 'maxp').offset
  const post = table(name, tables, 'post').offset
  const os2 = tables.get('OS/2')
  const numGlyphs = view.getUint16(maxp + 4)
  const numberOfHMetrics = view.getUint16(hhea + 34)
  const hmtx = table(name, tables, 'hmtx').offset
  const advances = new Uint16Array(numGlyphs)
  for (let g = 0; g < numGlyphs; g++) advances[g] = view.getUint16(hmtx + Math.min(g, numberOfHMetrics - 1) * 4)
  const longLoca = view.getInt16(head + 50) === 1
  const locaTable = table(name, tables, 'loca')
  const loca = new Uint32Array(numGlyphs + 1)
  for (let g = 0; g <= numGlyphs; g++) loca[g] = longLoca ? view.getUint32(locaTable.offset + g * 4) : view.getUint16(locaTable.offset + g * 2) * 2
  if (loca[numGlyphs]! > table(name, tables, 'glyf').length) throw damaged(name, 'loca points past the glyf table')
  return {
    name,
    bytes,
    tables,
    unitsPerEm: view.getUint16(head + 18),
    bbox: [view.getInt16(head + 36), view.getInt16(head + 38), view.getInt16(head + 40), view.getInt16(head + 42)],
    numGlyphs,
    ascender: view.getInt16(hhea + 4),
    descender: view.getInt16(hhea + 6),
    // sCapHeight exists from OS/2 version 2 on; 70 % of the em is the usual fallback.
    capHeight: os2 !== undefined && view.getUint16(os2.offset) >= 2 ? view.getInt16(os2.offset + 88) : Math.round(view.getUint16(head + 18) * 0.7),
    weightClass: os2 === undefined ? 400 : view.getUint16(os2.offset + 4),
    italicAngle: view.getInt32(post + 4) / 65536,
    cmap: readCmap(name, view, table(name, tables, 'cmap')),
    advances,
    loca,
  }
}
