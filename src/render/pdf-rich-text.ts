/**
 * Text pdfkit alone draws wrong, laid out and drawn here: right-to-left scripts and texts that
 * need more than one font. pdfkit shapes each word on its own and places words left to right in
 * logical order, so a Hebrew or Arabic phrase came out with its words (and the spaces between
 * them) in reverse; and it draws a text in one font, so Chinese beside Arabic became U+FFFD.
 * Here a paragraph gets its Unicode bidirectional levels (UAX #9, bidi-js), is cut into runs of
 * one level, font and colour, broken into lines in logical order, and each line's runs are drawn
 * in visual order (rule L2). A right-to-left run goes to fontkit whole, in logical order with its
 * brackets mirrored (rule L4): fontkit shapes it (Arabic joining) and reverses it itself.
 * Everything else keeps pdfkit's own path (pdf-layout.ts, report-pdf.ts), which is much faster.
 * @module
 */
import type PDFDocument from 'pdfkit'
import bidiModule, { type Bidi } from 'bidi-js'
import { splitWord } from './long-words.js'
import type { AnyFont, FontName, PdfFonts } from './pdf-font-set.js'

type Doc = InstanceType<typeof PDFDocument>

/** A piece of a paragraph in one weight and colour (a label before its value, say). */
export type Segment = { readonly text: string; readonly font: FontName; readonly color?: string | undefined }

/** Text drawn in one font operation, left to right as given. */
type Run = { text: string; font: AnyFont; color: string | undefined; width: number }
/** `rtl`: the line's paragraph runs right to left (its first strong character is Hebrew, Arabic…). */
export type RichLine = { readonly runs: readonly Run[]; readonly width: number; readonly rtl: boolean }

/** Characters of right-to-left scripts and the bidi controls that start right-to-left text. */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u202b\u202e\u2067]|\ud802[\udc00-\udfff]|\ud803[\udc00-\udfff]|\ud83a[\udc00-\udfff]|\ud83b[\udc00-\udfff]/
/** Letters of the scripts fontkit lays out right to left (it reverses a run that contains one). */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u

/** One fontkit layout per run, not one per word (pdfkit's path without features). */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] }

// The package is CommonJS whose module.exports is the factory; its typings declare an ES default export.
const bidiFactory = bidiModule as unknown as () => Bidi
const MAX_CACHED_WIDTHS = 20_000
let bidi: Bidi | undefined
/** bidi-js builds its tables when asked for them: only a document with such text pays. */
const bidiOf = (): Bidi => (bidi ??= bidiFactory())

/** Whether `text` needs this module: right-to-left characters, or more than one font. */
export function needsRichLayout(fonts: PdfFonts, text: string, preferred: FontName): boolean {
  return RTL.test(text) || !fonts.oneFont(text, preferred)
}

/** Ideographs, kana and Hangul: a line may break between any two of them. */
const isIdeographic = (cp: number): boolean =>
  (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff00 && cp <= 0xffef) || (cp >= 0x20000 && cp <= 0x3134f)

const isSpace = (cp: number): boolean => cp === 0x20 || cp === 0x3000 || cp === 0xa0

/** A unit of line breaking: characters of one level, font and segment, between two break opportunities. */
type Piece = { start: number; end: number; level: number; font: AnyFont; segment: number; space: boolean }

export class RichText {
  constructor(
    private readonly doc: Doc,
    private readonly fonts: PdfFonts,
  ) {}

  /** The lines of the segments within `width` at `size` points (a line feed ends a paragraph). */
  lines(segments: readonly Segment[], size: number, width: number): RichLine[] {
    const text = segments.map((s) => s.text).join('')
    const segmentAt = new Int32Array(text.length)
    let at = 0
    segments.forEach((s, i) => {
      segmentAt.fill(i, at, at + s.text.length)
      at += s.text.length
    })
    const { levels, paragraphs } = bidiOf().getEmbeddingLevels(text, 'auto')
    const lines: RichLine[] = []
    let start = 0
    for (const paragraph of text.split('\n')) {
      const rtl = (paragraphs.find((p) => start >= p.start && start <= p.end)?.level ?? 0) % 2 === 1
      const pieces = this.pieces(text, start, start + paragraph.length, levels, segmentAt, segments)
      for (const line of this.breakLines(text, pieces, size, width)) lines.push({ ...this.visual(text, line, segments, size), rtl })
      start += paragraph.length + 1
    }
    return lines
  }

  /** Width of the widest line of the segments when nothing wraps. */
  naturalWidth(segments: readonly Segment[], size: number): number {
    return this.lines(segments, size, Number.POSITIVE_INFINITY).reduce((w, l) => Math.max(w, l.width), 0)
  }

  /** Height of `lines` drawn at `size` in `font` (the line height of the text's own weight). */
  height(lines: readonly RichLine[], font: FontName, size: number, lineGap: number): number {
    return lines.length * this.lineHeight(font, size, lineGap)
  }

  private lineHeight(font: FontName, size: number, lineGap: number): number {
    return this.doc.font(font).fontSize(size).currentLineHeight(true) + lineGap
  }

  /**
   * Draws `lines` from (`x`, `y`), each aligned in `width` (`start`: a right-to-left paragraph's
   * lines to the right, the others to the left, as a paragraph of its own direction); a line that
   * would cross `bottom`
   * starts a new page at `top`. Leaves `doc.y` below the last line and returns it.
   */
  draw(lines: readonly RichLine[], o: { x: number; y: number; width: number; font: FontName; size: number; lineGap: number; color: string; align: 'left' | 'right' | 'start'; bottom: number; top: number }): number {
    const step = this.lineHeight(o.font, o.size, o.lineGap)
    let y = o.y
    for (const line of lines) {
      if (y + step > o.bottom && y > o.top) {
        this.doc.addPage()
        y = o.top
      }
      let x = o.align === 'right' || (o.align === 'start' && line.rtl) ? o.x + o.width - line.width : o.x
      for (const run of line.runs) {
        this.doc.font(run.font).fontSize(o.size).fillColor(run.color ?? o.color)
        this.doc.text(run.text, x, y, { lineBreak: false, lineGap: o.lineGap, ...WHOLE_RUN })
        x += run.width
      }
      y += step
    }
    this.doc.x = o.x
    this.doc.y = y
    return y
  }

  /** Splits a paragraph into pieces: a new piece at every change of level, font or segment and at every break opportunity. */
  private pieces(text: string, from: number, to: number, levels: Uint8Array, segmentAt: Int32Array, segments: readonly Segment[]): Piece[] {
    const out: Piece[] = []
    let current: Piece | undefined
    for (let i = from; i < to; ) {
      const cp = text.codePointAt(i) as number
      const next = i + (cp > 0xffff ? 2 : 1)
      const level = levels[i] as number
      const segment = segmentAt[i] as number
      const preferred = (segments[segment] as Segment).font
      const space = isSpace(cp)
      // Spaces, punctuation and marks stay in the font of what they follow when it has them.
      const keep = current !== undefined && current.segment === segment && !isLetterLike(cp) && this.fonts.covers(current.font, cp)
      const font = keep ? (current as Piece).font : (this.fonts.fontFor(cp, preferred) ?? preferred)
      const breakBefore = current !== undefined && ((current.space && !space) || isIdeographic(cp) || isIdeographic(text.codePointAt(current.end - 1) as number))
      if (current === undefined || breakBefore || current.level !== level || current.font !== font || current.segment !== segment || (space && !current.space)) {
        current = { start: i, end: next, level, font, segment, space }
        out.push(current)
      } else {
        current.end = next
      }
      i = next
    }
    return out
  }

  /** Widths at 1 pt by font and text: shaping a run costs fontkit far more than a lookup, and words repeat. */
  private readonly widths = new Map<string, number>()

  private widthOf(text: string, font: AnyFont, size: number): number {
    const key = `${font}\u0000${text}`
    let w = this.widths.get(key)
    if (w === undefined) {
      // Bounded: one document's hostile text must not grow it without end.
      if (this.widths.size >= MAX_CACHED_WIDTHS) this.widths.clear()
      this.widths.set(key, (w = this.doc.font(font).fontSize(1).widthOfString(text, WHOLE_RUN)))
    }
    return w * size
  }

  /** Greedy line filling in logical order; a piece wider than a line is cut between characters. */
  private breakLines(text: string, pieces: readonly Piece[], size: number, width: number): Piece[][] {
    const lines: Piece[][] = [[]]
    let used = 0
    for (const piece of pieces) {
      let line = lines[lines.length - 1] as Piece[]
      const w = this.widthOf(text.slice(piece.start, piece.end), piece.font, size)
      if (piece.space) {
        // Spaces never start a line and may hang past its end.
        if (line.length > 0) {
          line.push(piece)
          used += w
        }
        continue
      }
      if (used + w > width && line.length > 0) {
        lines.push((line = []))
        used = 0
      }
      if (w <= width) {
        line.push(piece)
        used += w
        continue
      }
      // Too wide for any line (then it starts one): cut as long words are, letters that join kept as long as they fit.
      const parts = splitWord(text.slice(piece.start, piece.end), width, (ch) => this.widthOf(ch, piece.font, size), (part) => this.widthOf(part, piece.font, size), true)
      let start = piece.start
      parts.forEach((part, i) => {
        if (i > 0) lines.push((line = []))
        line.push({ ...piece, start, end: start + part.length })
        start += part.length
        used = this.widthOf(part, piece.font, size)
      })
    }
    return lines
  }

  /** One line in drawing order: trailing spaces dropped, pieces merged into runs, runs reordered (L2). */
  private visual(text: string, line: readonly Piece[], segments: readonly Segment[], size: number): Omit<RichLine, 'rtl'> {
    let last = line.length
    while (last > 0 && (line[last - 1] as Piece).space) last--
    const runs: Piece[] = []
    for (const p of line.slice(0, last)) {
      const prev = runs[runs.length - 1]
      if (prev !== undefined && prev.level === p.level && prev.font === p.font && prev.segment === p.segment && prev.end === p.start) prev.end = p.end
      else runs.push({ ...p })
    }
    // L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
    const maxLevel = runs.reduce((m, r) => Math.max(m, r.level), 0)
    const minOdd = runs.reduce((m, r) => (r.level % 2 === 1 ? Math.min(m, r.level) : m), Number.POSITIVE_INFINITY)
    for (let level = maxLevel; level >= minOdd; level--) {
      for (let i = 0; i < runs.length; ) {
        if ((runs[i] as Piece).level < level) {
          i++
          continue
        }
        let j = i
        while (j < runs.length && (runs[j] as Piece).level >= level) j++
        runs.splice(i, j - i, ...runs.slice(i, j).reverse())
        i = j
      }
    }
    const drawn: Run[] = runs.map((r) => {
      const logical = text.slice(r.start, r.end)
      const shown = r.level % 2 === 1 ? rightToLeft(logical) : logical
      return { text: shown, font: r.font, color: (segments[r.segment] as Segment).color, width: this.widthOf(shown, r.font, size) }
    })
    return { runs: drawn, width: drawn.reduce((w, r) => w + r.width, 0) }
  }
}

/**
 * A right-to-left run as fontkit must get it: brackets mirrored (L4); then left in logical order
 * when it has a right-to-left letter (fontkit reverses such a run), else reversed here.
 */
function rightToLeft(logical: string): string {
  const b = bidiOf()
  let mirrored = ''
  for (const ch of logical) mirrored += b.getMirroredCharacter(ch) ?? ch
  return RTL_LETTER.test(mirrored) ? mirrored : [...mirrored].reverse().join('')
}

/** Letters and digits pick their own font; other characters may stay in the font before them. */
const LETTER = /[\p{L}\p{N}\p{So}]/u
const isLetterLike = (cp: number): boolean => LETTER.test(String.fromCodePoint(cp))
