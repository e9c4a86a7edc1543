/**
 * ISO 19005-3 6.2.11.4.2: when an embedded subset CIDFontType2 font's descriptor has a /CIDSet,
 * the set must list every CID present in the font program. With CIDToGIDMap /Identity a CID is a
 * glyph index, and a TrueType glyph is present when its `loca` entry spans bytes of `glyf`.
 * The validator reports these sets; pdf2pdfa removes them (the entry is optional in PDF/A-2 and -3).
 * @module
 */
import { PDFDict, type PDFDocument, PDFName, type PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { streamBytes } from './streams.js'
import { presentGlyphs } from './truetype-glyphs.js'
import { forEachDict } from './walk.js'

const hasBit = (set: Uint8Array, cid: number): boolean => ((set[cid >> 3] ?? 0) & (0x80 >> (cid & 7))) !== 0

export type IncompleteCidSet = { owner: PDFRef; font: string; descriptor: PDFDict; missing: number[] }

/** Every CIDFontType2 with /CIDToGIDMap /Identity whose CIDSet misses glyphs of its program. */
export function incompleteCidSets(doc: PDFDocument): IncompleteCidSet[] {
  const out: IncompleteCidSet[] = []
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
    if (missing.length > 0) out.push({ owner, font: base.decodeText(), descriptor, missing })
  })
  return out
}

/** pdf2pdfa's repair: an incomplete /CIDSet is dropped. @returns the number of descriptors changed. */
export function removeIncompleteCidSets(doc: PDFDocument): number {
  const incomplete = incompleteCidSets(doc)
  for (const { descriptor } of incomplete) descriptor.delete(PDFName.of('CIDSet'))
  return incomplete.length
}
