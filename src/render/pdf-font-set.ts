/**
 * The fonts of one PDF view or report: DejaVu Sans (regular and bold) for every text they can
 * show; for text they cannot, WenQuanYi Micro Hei (Chinese, Japanese, Korean), Noto Sans for the
 * Indic and South-East Asian scripts and Symbola for emoji and symbols, each loaded and registered
 * only when a document needs it. A text in one font goes to pdfkit as it is; a text that needs
 * several (or runs right to left) is drawn a run per font by pdf-rich-text.ts.
 * @module
 */
import type PDFDocument from 'pdfkit'
import { FONT_BOLD, FONT_FALLBACK, FONT_REGULAR, FONT_SYMBOLS, fontSource, rememberParsedFont, scriptFontFor } from './pdf-fonts.js'

type Doc = InstanceType<typeof PDFDocument>
type Glyphs = { hasGlyphForCodePoint: (codePoint: number) => boolean }
export type FontName = typeof FONT_REGULAR | typeof FONT_BOLD
/** A font of the set as pdfkit knows it (its registered name). */
export type AnyFont = string

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
  /** The other fonts read so far (most documents need none of them). */
  private readonly extra = new Map<string, Glyphs>()

  constructor(private readonly doc: Doc) {
    // pdfkit starts each page it continues a flowing text on with the document's options, and
    // selects their `font` (the default DejaVu Sans, given so it never falls back to Helvetica)
    // again: a CJK message longer than a page went on in DejaVu Sans, as .notdef glyphs with wrong
    // widths (not PDF/A). The default has been applied by now.
    delete (doc as unknown as { options: { font?: unknown } }).options.font
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

  /** Registers and parses one of the other bundled fonts on first use. */
  private load(name: string): Glyphs {
    const known = this.extra.get(name)
    if (known !== undefined) return known
    const current = (this.doc as unknown as { _font?: { font?: unknown } })._font?.font
    // The WenQuanYi file is a collection: its PostScript name picks the face.
    this.doc.registerFont(name, fontSource(name) as unknown as string, name === FONT_FALLBACK ? FONT_FALLBACK : undefined)
    this.doc.font(name)
    const font = parsedFont(this.doc, name)
    if (font === undefined) throw new Error(`pdfkit did not parse the bundled font ${name}`)
    this.extra.set(name, font)
    // Leave the font selection as it was.
    const back = current === this.regular ? FONT_REGULAR : current === this.bold ? FONT_BOLD : [...this.extra].find(([, f]) => f === current)?.[0]
    this.doc.font(back ?? FONT_REGULAR)
    return font
  }

  private loadFallback(): Glyphs {
    return this.load(FONT_FALLBACK)
  }

  /**
   * Whether some font of the set can show the code point (DejaVu Sans in either weight, a script
   * font, WenQuanYi or Symbola): a text whose characters are not all in one font is drawn a run
   * per font (pdf-rich-text.ts).
   */
  readonly has = (codePoint: number): boolean => this.fontFor(codePoint, FONT_REGULAR) !== undefined

  /**
   * The font to draw `codePoint` with when the text asks for `preferred`: that weight, then the
   * other weight (a regular glyph in a bold text beats U+FFFD), the script font for it, WenQuanYi,
   * Symbola; undefined when none has it.
   */
  fontFor(codePoint: number, preferred: FontName): AnyFont | undefined {
    const other = preferred === FONT_BOLD ? FONT_REGULAR : FONT_BOLD
    if (this.glyphsOf(preferred).hasGlyphForCodePoint(codePoint)) return preferred
    if (this.glyphsOf(other).hasGlyphForCodePoint(codePoint)) return other
    const script = scriptFontFor(codePoint)
    if (script !== undefined && this.load(script).hasGlyphForCodePoint(codePoint)) return script
    if (this.loadFallback().hasGlyphForCodePoint(codePoint)) return FONT_FALLBACK
    // Controls and unassigned code points never reach Symbola (pdf-text.ts drops or replaces them).
    return this.load(FONT_SYMBOLS).hasGlyphForCodePoint(codePoint) ? FONT_SYMBOLS : undefined
  }

  /** Whether `font` has a glyph for `codePoint`. */
  covers(font: AnyFont, codePoint: number): boolean {
    return this.glyphsOf(font).hasGlyphForCodePoint(codePoint)
  }

  /**
   * Whether `use` draws `text` as it is: every character in `preferred` or every one in
   * WenQuanYi. Otherwise the text needs a run per font (pdf-rich-text.ts).
   */
  oneFont(text: string, preferred: FontName): boolean {
    if (isAscii(text)) return true
    if (missing(this.glyphsOf(preferred), text) === 0) return true
    return missing(this.loadFallback(), text) === 0
  }

  private glyphsOf(font: AnyFont): Glyphs {
    return font === FONT_REGULAR ? this.regular : font === FONT_BOLD ? this.bold : this.load(font)
  }

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
    for (const [name, font] of this.extra) rememberParsedFont(name, font)
  }
}
