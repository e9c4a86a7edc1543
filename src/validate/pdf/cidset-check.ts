/**
 * ISO 19005-3 6.2.11.4.2: when an embedded subset CIDFontType2 font's descriptor has a /CIDSet,
 * the set must list every CID present in the font program. With CIDToGIDMap /Identity a CID is a glyph
 * index, and a TrueType glyph is present when its `loca` entry spans bytes of `glyf`.
 * @module
 */
import { PDFDict, type PDFDocument, PDFName, PDFStream } from '@cantoo/pdf-lib'
import { streamBytes } from '../../pdf/streams.js'
import { forEachDict } from '../../pdf/walk.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

type Table = { offset: number; length: number }

/** The table directory of a TrueType program; undefined when it runs past the end. */
export function tables(font: Uint8Array): Map<string, Table> | undefined {
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

const hasBit = (set: Uint8Array, cid: number): boolean => ((set[cid >> 3] ?? 0) & (0x80 >> (cid & 7))) !== 0

/** Every CIDFontType2 with /CIDToGIDMap /Identity whose CIDSet misses glyphs of its program. */
export function checkCidSets(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  forEachDict(doc, (dict, owner) => {
    if (dict.lookup(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) return
    if (dict.lookup(PDFName.of('CIDToGIDMap')) !== PDFName.of('Identity')) return
    // The rule binds subset fonts (BaseFont with a six-letter tag, ISO 32000-1 9.6.4), as veraPDF applies it.
    const base = dict.lookup(PDFName.of('BaseFont'))
    if (!(base instanceof PDFName) || !/^[A-Z]{6}\+/.test(base.decodeText())) return
    const descriptor = dict.lookup(PDFName.of('FontDescriptor'))
    if (!(descriptor instanceof PDFDict)) return
    const cidSet = descriptor.lookup(PDFName.of('CIDSet'))
    const program = descriptor.lookup(PDFName.of('FontFile2'))
    if (!(cidSet instanceof PDFStream) || !(program instanceof PDFStream)) return
    const glyphs = presentGlyphs(streamBytes(program, 'font program'))
    if (glyphs === undefined) return
    const set = streamBytes(cidSet, 'CIDSet')
    // CID 0 (.notdef) is always present and not required in the set.
    const missing = glyphs.filter((g) => g !== 0 && !hasBit(set, g))
    if (missing.length === 0) return
    out.push(
      pdfFinding('PDFA-FONT-CIDSET', `object ${owner.objectNumber} ${owner.generationNumber}`, {
        font: base.decodeText(),
        count: String(missing.length),
        cids: missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : ''),
      }),
    )
  })
  return out
}
