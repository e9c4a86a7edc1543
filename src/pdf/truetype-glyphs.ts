/**
 * Reading a TrueType program just enough to know which glyphs it has: the table directory and the
 * glyphs whose `loca` entry spans bytes of `glyf`.
 * @module
 */

type Table = { offset: number; length: number }

/** The table directory of a TrueType program; undefined when it runs past the end. */
function tables(font: Uint8Array): Map<string, Table> | undefined {
  if (font.length < 12) return undefined
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const count = view.getUint16(4)
  const out = new Map<string, Table>()
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    if (at + 16 > font.length) return undefined
    const tag = String.fromCharCode(font[at] ?? 0, font[at + 1] ?? 0, font[at + 2] ?? 0, font[at + 3] ?? 0)
    out.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) })
  }
  return out
}

/** Glyph ids with an outline (non-empty `loca` span); undefined when the program is not TrueType. */
export function presentGlyphs(font: Uint8Array): number[] | undefined {
  const t = tables(font)
  const head = t?.get('head')
  const maxp = t?.get('maxp')
  const loca = t?.get('loca')
  if (head === undefined || maxp === undefined || loca === undefined) return undefined
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  if (head.offset + 54 > font.length || maxp.offset + 6 > font.length) return undefined
  const long = view.getInt16(head.offset + 50) === 1
  const glyphs = view.getUint16(maxp.offset + 4)
  const entry = (i: number): number => (long ? view.getUint32(loca.offset + 4 * i) : view.getUint16(loca.offset + 2 * i) * 2)
  if (loca.offset + (glyphs + 1) * (long ? 4 : 2) > font.length) return undefined
  const out: number[] = []
  for (let g = 0; g < glyphs; g++) if (entry(g + 1) > entry(g)) out.push(g)
  return out
}
