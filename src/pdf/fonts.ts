/**
 * Which fonts a PDF uses without embedding them (ISO 19005-3 6.2.11.4.1: every font used for
 * rendering must be embedded). Found by walking every font dictionary of the file, not only the
 * page resources, so fonts of annotations' appearance streams and forms count too.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef } from '@cantoo/pdf-lib'
import { forEachDict } from './walk.js'

export type UnembeddedFont = {
  /** /BaseFont without a subset tag, e.g. `Helvetica-Bold`. */
  baseFont: string
  subtype: string
  /** One of the 14 standard fonts (ISO 32000-1 9.6.2.2), which a metric-compatible font can replace. */
  standard14: boolean
  dict: PDFDict
}

export const STANDARD_14 = new Set([
  'Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic',
  'Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique',
  'Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique',
  'Symbol', 'ZapfDingbats',
])

const FONT_FILES = ['FontFile', 'FontFile2', 'FontFile3'].map((k) => PDFName.of(k))

function embedded(font: PDFDict): boolean {
  const descriptor = font.lookup(PDFName.of('FontDescriptor'))
  return descriptor instanceof PDFDict && FONT_FILES.some((k) => descriptor.get(k) !== undefined)
}

function nameOf(font: PDFDict): string {
  const base = font.lookup(PDFName.of('BaseFont'))
  return base instanceof PDFName ? base.decodeText().replace(/^[A-Z]{6}\+/, '') : '(unnamed)'
}

/** Every font dictionary whose glyphs are not embedded (Type 3 fonts carry their glyphs inline). */
export function unembeddedFonts(doc: PDFDocument): UnembeddedFont[] {
  const out: UnembeddedFont[] = []
  forEachDict(doc, (dict) => {
    if (dict.get(PDFName.of('Type')) !== PDFName.of('Font')) return
    const subtype = dict.lookup(PDFName.of('Subtype'))
    if (!(subtype instanceof PDFName)) return
    const kind = subtype.decodeText()
    if (kind === 'Type3') return
    if (kind === 'Type0') {
      // The glyphs live in the descendant CIDFont, which is visited on its own.
      const descendants = dict.lookup(PDFName.of('DescendantFonts'))
      if (descendants instanceof PDFArray) return
    }
    if (embedded(dict)) return
    const baseFont = nameOf(dict)
    out.push({ baseFont, subtype: kind, standard14: STANDARD_14.has(baseFont), dict })
  })
  return out
}

/**
 * Fonts named in resource dictionaries that content can use (pages, forms, patterns, annotation
 * appearances). The AcroForm's default resources (/DR) only serve future form filling: veraPDF
 * does not require their fonts to be embedded, and neither do we.
 */
export function fontsInResources(doc: PDFDocument): Set<PDFObject> {
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'))
  const dr = acroForm instanceof PDFDict ? acroForm.lookup(PDFName.of('DR')) : undefined
  const used = new Set<PDFObject>()
  forEachDict(doc, (dict) => {
    if (dict === dr) return
    const fonts = dict.lookup(PDFName.of('Font'))
    if (!(fonts instanceof PDFDict)) return
    for (const v of fonts.values()) {
      const font = v instanceof PDFRef ? doc.context.lookup(v) : v
      if (font === undefined) continue
      used.add(font)
      // A Type 0 font's glyphs are in its descendant CIDFont.
      const descendants = font instanceof PDFDict ? font.lookup(PDFName.of('DescendantFonts')) : undefined
      if (descendants instanceof PDFArray) for (let i = 0; i < descendants.size(); i++) used.add(descendants.lookup(i) as PDFObject)
    }
  })
  return used
}
