/**
 * The fonts of one PDF view or report: DejaVu Sans (regular and bold) for every text they can
 * show, and WenQuanYi Micro Hei for text they cannot (Chinese, Japanese, Korean), loaded and
 * registered only when a document needs it. Each text is drawn in one font, so pdfkit's measures
 * (widths, wrapped heights) stay those of what is drawn.
 * @module
 */
import type PDFDocument from 'pdfkit'
import { FONT_BOLD, FONT_FALLBACK, FONT_REGULAR, fontSource, rememberParsedFont } from './pdf-fonts.js'

type Doc = InstanceType<typeof PDFDocument>
type Glyphs = { hasGlyphForCodePoint: (codePoint: number) => boolean }
export type FontName = typeof FONT_REGULAR | typeof FONT_BOLD

const LINE_FEED = 0x0a
const REPLACEMENT = 0xfffd

/** The parsed fontkit font pdfkit made for `name` (`_fontFamilies` has no public accessor). */
function parsedFont(doc: Doc, name: string): Glyphs | undefined {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { font?: unknown } | undefined> })._fontFamilies ?? {}
  const font = families[name]?.font as Partial<Glyphs> | undefined
  return typeof font?.hasGlyphForCodePoint === 'function' ? (font as Glyphs) : undefined
}

/** Characters of `text` the font cannot draw (line feeds are layout, not glyphs). */
function missing(font: Glyphs, text: string): number {
  let n = 0
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp !== LINE_FEED && !font.hasGlyphForCodePoint(cp)) n++
  }
  return n
}

const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7e) return false
  return true
}

export class PdfFonts {
  private readonly regular: Glyphs
  private readonly bold: Glyphs
  /** undefined: not loaded yet (most documents never need it). */
  private fallback: Glyphs | undefined

  constructor(private readonly doc: Doc) {
    doc.registerFont(FONT_REGULAR, fontSource(FONT_REGULAR) as unknown as string)
    doc.registerFont(FONT_BOLD, fontSource(FONT_BOLD) as unknown as string)
    // Selecting a font parses it; a font is only embedded once text is drawn with it.
    doc.font(FONT_BOLD).font(FONT_REGULAR)
    const regular = parsedFont(doc, FONT_REGULAR)
    const bold = parsedFont(doc, FONT_BOLD)
    if (regular === undefined || bold === undefined) throw new Error('pdfkit did not parse the bundled fonts')
    this.regular = regular
    this.bold = bold
  }

  private loadFallback(): Glyphs {
    if (this.fallback !== undefined) return this.fallback
    const current = (this.doc as unknown as { _font?: { font?: unknown } })._font?.font
    this.doc.registerFont(FONT_FALLBACK, fontSource(FONT_FALLBACK) as unknown as string, FONT_FALLBACK)
    this.doc.font(FONT_FALLBACK)
    const font = parsedFont(this.doc, FONT_FALLBACK)
    if (font === undefined) throw new Error('pdfkit did not parse the bundled fallback font')
    this.fallback = font
    // Leave the font selection as it was.
    this.doc.font(current === this.regular ? FONT_REGULAR : FONT_BOLD)
    return font
  }

  /** Whether some font of the set can show the code point (DejaVu Sans in both weights, or the fallback). */
  readonly has = (codePoint: number): boolean =>
    (this.regular.hasGlyphForCodePoint(codePoint) && this.bold.hasGlyphForCodePoint(codePoint)) || this.loadFallback().hasGlyphForCodePoint(codePoint)

  /**
   * Selects the font to draw `text` with and returns the text to draw: `preferred` when it shows
   * every character, else the fallback when that does; a text that needs both (Arabic beside
   * Chinese) is drawn in the one that shows more of it, the rest as U+FFFD.
   */
  use(text: string, preferred: FontName): string {
    const font = preferred === FONT_BOLD ? this.bold : this.regular
    if (isAscii(text)) {
      this.doc.font(preferred)
      return text
    }
    const notInPreferred = missing(font, text)
    if (notInPreferred === 0) {
      this.doc.font(preferred)
      return text
    }
    const fallback = this.loadFallback()
    const notInFallback = missing(fallback, text)
    const [name, chosen] = notInFallback < notInPreferred ? [FONT_FALLBACK, fallback] : [preferred, font]
    this.doc.font(name)
    if (Math.min(notInFallback, notInPreferred) === 0) return text
    let out = ''
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0
      out += cp === LINE_FEED || chosen.hasGlyphForCodePoint(cp) ? ch : String.fromCodePoint(REPLACEMENT)
    }
    return out
  }

  /** Keeps the parsed fonts for the next documents (why: pdf-fonts.ts). */
  remember(): void {
    rememberParsedFont(FONT_REGULAR, this.regular)
    rememberParsedFont(FONT_BOLD, this.bold)
    if (this.fallback !== undefined) rememberParsedFont(FONT_FALLBACK, this.fallback)
  }
}
