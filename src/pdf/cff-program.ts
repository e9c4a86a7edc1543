/**
 * What the PDF/A width check needs from an embedded CFF program (FontFile3 /Type1C or
 * /CIDFontType0C, or the CFF table of /OpenType; Adobe TN #5176 and #5177): the glyph count, each
 * glyph's advance width in 1/1000 em, the glyph of a name (charset), the glyph of a CID
 * (CID-keyed fonts) and the built-in encoding. A Type 2 charstring's width is its first operand
 * plus nominalWidthX when the first stack-clearing operator has one operand too many, else
 * defaultWidthX. Every offset is checked; a damaged program yields undefined, never an exception,
 * and widths are read lazily, at most 10 subroutine levels and 500 operations per glyph.
 * @module
 */
import { EXPERT_CHARSET, EXPERT_SUBSET_CHARSET } from './expert-tables.js'
import { cffStandardString } from './cff-standard-strings.js'

export type CffMetrics = {
  numGlyphs: number
  cidKeyed: boolean
  /** Advance width of a glyph in 1/1000 em; undefined for a glyph id out of range or unreadable. */
  width: (gid: number) => number | undefined
  /** The glyph of a name (charset); undefined for CID-keyed fonts or unknown names. */
  gidOfName: (name: string) => number | undefined
  /** The glyph of a CID (charset of a CID-keyed font; identity otherwise). */
  gidOfCid: (cid: number) => number | undefined
  /** Built-in encoding: code → glyph id (0 where none). */
  encodingGid: (code: number) => number
  /** Which built-in encoding the Top DICT names: StandardEncoding (0), ExpertEncoding (1) or its own. */
  builtinEncoding: 'standard' | 'expert' | 'custom'
  /** The names of all glyphs (charset; .notdef for glyph 0); undefined for CID-keyed fonts or an unreadable charset. */
  glyphNames: () => ReadonlySet<string> | undefined
}

type Index = { count: number; item: (i: number) => Uint8Array; end: number }

class Reader {
  constructor(readonly data: Uint8Array) {}
  u8(at: number): number {
    if (at < 0 || at >= this.data.length) throw new RangeError(`offset ${at} past the program`)
    return this.data[at]!
  }
  u16(at: number): number {
    return (this.u8(at) << 8) | this.u8(at + 1)
  }
  offset(at: number, size: number): number {
    let v = 0
    for (let i = 0; i < size; i++) v = v * 256 + this.u8(at + i)
    return v
  }
  index(at: number): Index {
    const count = this.u16(at)
    if (count === 0) return { count, item: () => new Uint8Array(0), end: at + 2 }
    const offSize = this.u8(at + 2)
    if (offSize < 1 || offSize > 4) throw new RangeError(`INDEX at ${at}: offSize ${offSize}`)
    const base = at + 3 + (count + 1) * offSize - 1
    const end = base + this.offset(at + 3 + count * offSize, offSize)
    if (end > this.data.length) throw new RangeError(`INDEX at ${at} runs past the program`)
    const item = (i: number): Uint8Array => {
      const from = base + this.offset(at + 3 + i * offSize, offSize)
      const to = base + this.offset(at + 3 + (i + 1) * offSize, offSize)
      if (from > to || to > end) throw new RangeError(`INDEX at ${at}: item ${i} out of bounds`)
      return this.data.subarray(from, to)
    }
    return { count, item, end }
  }
}

const REAL_NIBBLES = '0123456789.EE?-'

/** A DICT (TN #5176 section 4) as operator → operands; 12 x operators are keyed 1200 + x. */
function dict(data: Uint8Array): Map<number, number[]> {
  const out = new Map<number, number[]>()
  let operands: number[] = []
  for (let i = 0; i < data.length; ) {
    const b = data[i]!
    if (b <= 21) {
      const op = b === 12 ? 1200 + (data[i + 1] ?? 0) : b
      i += b === 12 ? 2 : 1
      out.set(op, operands)
      operands = []
    } else if (b === 28) {
      operands.push(((data[i + 1]! << 8) | data[i + 2]!) << 16 >> 16)
      i += 3
    } else if (b === 29) {
      operands.push((data[i + 1]! << 24) | (data[i + 2]! << 16) | (data[i + 3]! << 8) | data[i + 4]!)
      i += 5
    } else if (b === 30) {
      let s = ''
      i++
      for (let done = false; !done && i < data.length; i++) {
        for (const nibble of [data[i]! >> 4, data[i]! & 15]) {
          if (nibble === 15) {
            done = true
            break
          }
          s += nibble === 12 ? 'E-' : REAL_NIBBLES[nibble]
        }
      }
      operands.push(Number(s))
    } else if (b >= 32 && b <= 246) {
      operands.push(b - 139)
      i++
    } else if (b >= 247 && b <= 250) {
      operands.push((b - 247) * 256 + (data[i + 1] ?? 0) + 108)
      i += 2
    } else if (b >= 251 && b <= 254) {
      operands.push(-(b - 251) * 256 - (data[i + 1] ?? 0) - 108)
      i += 2
    } else i++ // reserved byte: skipped
  }
  return out
}

const subrBias = (count: number): number => (count < 1240 ? 107 : count < 33900 ? 1131 : 32768)

type PrivateWidths = { defaultWidthX: number; nominalWidthX: number; subrs: Index | undefined }

function privateWidths(r: Reader, top: Map<number, number[]>): PrivateWidths {
  const [size, offset] = top.get(18) ?? []
  if (size === undefined || offset === undefined || offset + size > r.data.length) return { defaultWidthX: 0, nominalWidthX: 0, subrs: undefined }
  const p = dict(r.data.subarray(offset, offset + size))
  const subrsAt = p.get(19)?.[0]
  return {
    defaultWidthX: p.get(20)?.[0] ?? 0,
    nominalWidthX: p.get(21)?.[0] ?? 0,
    subrs: subrsAt === undefined ? undefined : r.index(offset + subrsAt),
  }
}

/** The width a Type 2 charstring declares (section 3.1: the optional first operand). */
function charstringWidth(code: Uint8Array, pw: PrivateWidths, gsubrs: Index): number | undefined {
  const stack: number[] = []
  let steps = 0
  const decide = (expectedEven: boolean, fixed?: number): number => {
    const extra = fixed === undefined ? (expectedEven ? stack.length % 2 === 1 : false) : stack.length > fixed
    return extra ? pw.nominalWidthX + stack[0]! : pw.defaultWidthX
  }
  const run = (bytes: Uint8Array, depth: number): number | 'return' | undefined => {
    for (let i = 0; i < bytes.length; ) {
      if (++steps > 500) return undefined
      const v = bytes[i]!
      if (v === 28) {
        stack.push(((bytes[i + 1]! << 8) | bytes[i + 2]!) << 16 >> 16)
        i += 3
        continue
      }
      if (v >= 32) {
        if (v <= 246) stack.push(v - 139)
        else if (v <= 250) stack.push((v - 247) * 256 + (bytes[++i] ?? 0) + 108)
        else if (v <= 254) stack.push(-(v - 251) * 256 - (bytes[++i] ?? 0) - 108)
        else {
          stack.push(((bytes[i + 1]! << 24) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 8) | bytes[i + 4]!) / 65536)
          i += 4
        }
        i++
        continue
      }
      i++
      switch (v) {
        case 1: // hstem
        case 3: // vstem
        case 18: // hstemhm
        case 23: // vstemhm
          return decide(true)
        case 19: // hintmask
        case 20: // cntrmask
          return decide(true) // its operands are the implied vstem's
        case 21: // rmoveto
          return decide(false, 2)
        case 4: // vmoveto
        case 22: // hmoveto
          return decide(false, 1)
        case 14: // endchar (4 operands in its seac form)
          return stack.length === 1 || stack.length === 5 ? pw.nominalWidthX + stack[0]! : pw.defaultWidthX
        case 10:
        case 29: {
          const index = v === 10 ? pw.subrs : gsubrs
          const n = stack.pop()
          if (index === undefined || n === undefined || depth >= 10) return undefined
          const k = n + subrBias(index.count)
          if (k < 0 || k >= index.count) return undefined
          const r = run(index.item(k), depth + 1)
          if (r !== 'return') return r
          break
        }
        case 11:
          return 'return'
        default:
          return undefined // a drawing operator before the width: not a valid charstring
      }
    }
    return undefined
  }
  const r = run(code, 0)
  return typeof r === 'number' ? r : undefined
}

/** Charset (section 13): glyph id → SID (CID for CID-keyed fonts); glyph 0 is .notdef. */
function charset(r: Reader, at: number | undefined, numGlyphs: number): Uint32Array | undefined {
  const ids = new Uint32Array(numGlyphs)
  if (at === undefined || at === 0) {
    for (let g = 0; g < numGlyphs; g++) ids[g] = g // ISOAdobe: glyph g has SID g
    return ids
  }
  if (at <= 2) {
    // The predefined Expert charsets; glyphs past their end have no name (SID 0, .notdef).
    const sids = at === 1 ? EXPERT_CHARSET : EXPERT_SUBSET_CHARSET
    for (let g = 0; g < numGlyphs; g++) ids[g] = sids[g] ?? 0
    return ids
  }
  const format = r.u8(at)
  let p = at + 1
  let g = 1
  if (format === 0) {
    for (; g < numGlyphs; g++, p += 2) ids[g] = r.u16(p)
    return ids
  }
  if (format !== 1 && format !== 2) return undefined
  while (g < numGlyphs) {
    const first = r.u16(p)
    const left = format === 1 ? r.u8(p + 2) : r.u16(p + 2)
    p += format === 1 ? 3 : 4
    for (let k = 0; k <= left && g < numGlyphs; k++) ids[g++] = first + k
  }
  return ids
}

/** Built-in encoding (section 12): code → glyph id; 0 standard and 1 expert are resolved by name later. */
function customEncoding(r: Reader, at: number, numGlyphs: number): Uint16Array {
  const gids = new Uint16Array(256)
  const format = r.u8(at)
  let p = at + 1
  if ((format & 0x7f) === 0) {
    const n = r.u8(p++)
    for (let g = 1; g <= n && g < numGlyphs; g++) gids[r.u8(p + g - 1)] = g
    p += n
  } else if ((format & 0x7f) === 1) {
    const ranges = r.u8(p++)
    let g = 1
    for (let k = 0; k < ranges; k++, p += 2) {
      const first = r.u8(p)
      const left = r.u8(p + 1)
      for (let c = first; c <= first + left && c < 256 && g < numGlyphs; c++) gids[c] = g++
    }
  }
  return gids
}

function readCff(data: Uint8Array, standardName: (code: number) => string | undefined): CffMetrics | undefined {
  const r = new Reader(data)
  if (data.length < 4 || r.u8(0) !== 1) return undefined
  const names = r.index(r.u8(2))
  const tops = r.index(names.end)
  const strings = r.index(tops.end)
  const gsubrs = r.index(strings.end)
  if (tops.count < 1) return undefined
  const top = dict(tops.item(0))
  const charStringsAt = top.get(17)?.[0]
  if (charStringsAt === undefined) return undefined
  const glyphs = r.index(charStringsAt)
  const numGlyphs = glyphs.count
  const cidKeyed = top.has(1230)
  const scale = (top.get(1207)?.[0] ?? 0.001) * 1000
  // Per-glyph Private DICT: one for the font, or one per Font DICT of a CID-keyed font.
  let privateOf: (gid: number) => PrivateWidths | undefined
  if (cidKeyed) {
    const fdArrayAt = top.get(1236)?.[0]
    const fdSelectAt = top.get(1237)?.[0]
    if (fdArrayAt === undefined || fdSelectAt === undefined) return undefined
    const fdArray = r.index(fdArrayAt)
    const privates = Array.from({ length: fdArray.count }, (_, k) => privateWidths(r, dict(fdArray.item(k))))
    const format = r.u8(fdSelectAt)
    if (format === 0) privateOf = (gid) => privates[r.u8(fdSelectAt + 1 + gid)]
    else if (format === 3) {
      const ranges = r.u16(fdSelectAt + 1)
      privateOf = (gid) => {
        for (let k = 0; k < ranges; k++) {
          const at = fdSelectAt + 3 + k * 3
          if (gid >= r.u16(at) && gid < r.u16(at + 3)) return privates[r.u8(at + 2)]
        }
        return undefined
      }
    } else return undefined
  } else {
    const pw = privateWidths(r, top)
    privateOf = () => pw
  }
  const ids = charset(r, top.get(15)?.[0], numGlyphs)
  const stringOf = (sid: number): string | undefined => {
    if (sid < 391) return cffStandardString(sid)
    const k = sid - 391
    return k < strings.count ? String.fromCharCode(...strings.item(k)) : undefined
  }
  let byName: Map<string, number> | undefined
  let byCid: Map<number, number> | undefined
  const widths = new Map<number, number | undefined>()
  const width = (gid: number): number | undefined => {
    if (!Number.isInteger(gid) || gid < 0 || gid >= numGlyphs) return undefined
    if (widths.has(gid)) return widths.get(gid)
    let w: number | undefined
    try {
      const pw = privateOf(gid)
      const raw = pw === undefined ? undefined : charstringWidth(glyphs.item(gid), pw, gsubrs)
      w = raw === undefined || !Number.isFinite(raw) ? undefined : scale === 1 ? raw : raw * scale
    } catch {
      w = undefined
    }
    widths.set(gid, w)
    return w
  }
  const nameMap = (): Map<string, number> | undefined => {
    if (cidKeyed || ids === undefined) return undefined
    if (byName === undefined) {
      byName = new Map()
      for (let g = numGlyphs - 1; g >= 0; g--) {
        const n = stringOf(ids[g]!)
        if (n !== undefined) byName.set(n, g)
      }
    }
    return byName
  }
  const gidOfName = (name: string): number | undefined => nameMap()?.get(name)
  const glyphNames = (): ReadonlySet<string> | undefined => {
    const all = nameMap()
    return all === undefined ? undefined : new Set(all.keys())
  }
  const gidOfCid = (cid: number): number | undefined => {
    if (!cidKeyed) return cid >= 0 && cid < numGlyphs ? cid : undefined
    if (ids === undefined) return undefined
    if (byCid === undefined) {
      byCid = new Map()
      for (let g = numGlyphs - 1; g >= 0; g--) byCid.set(ids[g]!, g)
    }
    return byCid.get(cid)
  }
  const encodingAt = top.get(16)?.[0] ?? 0
  let encoding: Uint16Array | undefined
  const encodingGid = (code: number): number => {
    if (cidKeyed || code < 0 || code > 255) return 0
    if (encodingAt > 1) {
      encoding ??= customEncoding(r, encodingAt, numGlyphs)
      return encoding[code]!
    }
    // Expert encoding (1) names glyphs this reader maps no code to.
    const name = encodingAt === 0 ? standardName(code) : undefined
    return name === undefined ? 0 : (gidOfName(name) ?? 0)
  }
  const builtinEncoding = encodingAt === 0 ? 'standard' : encodingAt === 1 ? 'expert' : 'custom'
  return { numGlyphs, cidKeyed, width, gidOfName, gidOfCid, encodingGid, builtinEncoding, glyphNames }
}

/**
 * Metrics of a bare CFF program. `standardName` gives StandardEncoding's glyph name of a code,
 * for fonts whose built-in encoding is that one.
 */
export function cffMetrics(data: Uint8Array, standardName: (code: number) => string | undefined): CffMetrics | undefined {
  try {
    const m = readCff(data, standardName)
    if (m === undefined) return undefined
    // The lookups read lazily: an offset found bad only then means "not known", never a throw.
    const guard =
      <T, R>(f: (x: T) => R, fallback: R) =>
      (x: T): R => {
        try {
          return f(x)
        } catch {
          return fallback
        }
      }
    return {
      ...m,
      width: guard(m.width, undefined),
      gidOfName: guard(m.gidOfName, undefined),
      gidOfCid: guard(m.gidOfCid, undefined),
      encodingGid: guard(m.encodingGid, 0),
      glyphNames: () => guard(m.glyphNames, undefined)(undefined),
    }
  } catch {
    return undefined // offsets that run past the program: a damaged font is not compared
  }
}

/** The CFF table of an OpenType program (FontFile3 /OpenType), or undefined when it has none. */
export function openTypeCff(data: Uint8Array): Uint8Array | undefined {
  if (data.length < 12) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const count = view.getUint16(4)
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    if (at + 16 > data.length) return undefined
    if (String.fromCharCode(data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!) !== 'CFF ') continue
    const offset = view.getUint32(at + 8)
    const length = view.getUint32(at + 12)
    return offset + length <= data.length ? data.subarray(offset, offset + length) : undefined
  }
  return undefined
}
