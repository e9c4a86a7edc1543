/**
 * Draws the view model on A4 pages with pdfkit: headings kept with what follows, label/value
 * rows, and tables whose columns fit their content, that break between rows and repeat their
 * header row on every page. Each text cell is drawn in one text operation, so `pdftotext -raw`
 * reads it in one piece. The page is tagged (ISO 32000-1 14.8): H1/H2/H3 headings in Sect
 * elements, each label/value pair a P, data tables as Table/TR/TH/TD with header scopes, rules,
 * shading and repeated header rows as artifacts (the page footers too, drawn by pdf-footer.ts).
 * @module
 */
import type PDFDocument from 'pdfkit'
import { breakLongWords } from './long-words.js'
import type { FontName, PdfFonts } from './pdf-font-set.js'
import { FONT_BOLD, FONT_REGULAR } from './pdf-fonts.js'
import { type RichLine, RichText, needsRichLayout } from './pdf-rich-text.js'
import type { ViewField, ViewSection, ViewTable } from './view-types.js'

type Doc = InstanceType<typeof PDFDocument>
type Struct = PDFKit.PDFStructureElement

/** A4 in points (ISO 216: 210 × 297 mm). */
export const A4: readonly [number, number] = [595.28, 841.89]
export const MARGIN = { top: 48, bottom: 56, left: 42, right: 42 } as const

const INK = '#1a1a1a'
const MUTED = '#555555'
const ACCENT = '#1f4e79'
const RULE = '#c8c8c8'
const BAND = '#eef1f5'

const SIZE = { h1: 15, h2: 12, h3: 10, text: 8.5, table: 7.5 } as const
const CELL_PAD = 2.5
const LINE_GAP = 1

export class PdfLayout {
  private y: number
  private readonly left = MARGIN.left
  private readonly width = A4[0] - MARGIN.left - MARGIN.right
  private readonly bottom = A4[1] - MARGIN.bottom
  /** The fill colour last set: pdfkit writes an operator per call, even for the same colour. */
  private colour = ''

  private readonly root: Struct | undefined
  private readonly rich: RichText

  constructor(
    private readonly doc: Doc,
    private readonly fonts: PdfFonts,
    tagged: boolean,
  ) {
    this.y = MARGIN.top
    this.rich = new RichText(doc, fonts)
    if (tagged) {
      this.root = doc.struct('Document')
      doc.addStructure(this.root)
    }
    // Every page's content starts in the default graphics state (also pages pdfkit adds itself).
    doc.on('pageAdded', () => {
      this.colour = ''
    })
  }

  /** Draws inside a new structure element of `type` under `parent`. */
  private tag(parent: Struct | undefined, type: string, draw: () => void, scope?: 'Row' | 'Column'): void {
    if (parent === undefined) {
      draw()
      return
    }
    // `scope` (TH attribute /A << /O /Table /Scope … >>) is supported by pdfkit but not in its typings.
    const el = this.doc.struct(type, (scope === undefined ? {} : { scope }) as Parameters<Doc['struct']>[1])
    parent.add(el)
    el.add(draw)
    el.end()
  }

  /** Draws decoration (rules, shading, repeated headers, footers) as an artifact, outside the structure. */
  private artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    if (this.root === undefined) {
      draw()
      return
    }
    this.doc.markContent('Artifact', { type })
    draw()
    this.doc.endMarkedContent()
  }

  /** Ends the structure tree (call once, after the last section). */
  finish(): void {
    this.root?.end()
  }

  private newPage(): void {
    this.doc.addPage()
    this.y = MARGIN.top
  }

  /** Starts a new page unless `height` fits below the current position. */
  private ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false
    this.newPage()
    return true
  }

  /** True when the text fits on one line of `width` (then no line wrapping is needed at all). */
  private oneLine(text: string, width: number): boolean {
    return !text.includes('\n') && this.doc.widthOfString(text) <= width
  }

  /** The lines of a right-to-left or several-font text (undefined: pdfkit draws it as it is). */
  private richLines(text: string, width: number, font: FontName, size: number): RichLine[] | undefined {
    return needsRichLayout(this.fonts, text, font) ? this.rich.lines([{ text, font }], size, width) : undefined
  }

  /** The width of `text` on one line, and of its widest word. */
  private extent(text: string, font: FontName, size: number): [natural: number, word: number] {
    if (needsRichLayout(this.fonts, text, font)) {
      const words = text.split(/\s+/).map((w) => this.rich.naturalWidth([{ text: w, font }], size))
      return [this.rich.naturalWidth([{ text, font }], size), Math.max(0, ...words)]
    }
    const shown = this.fonts.use(text, font)
    this.doc.fontSize(size)
    return [this.doc.widthOfString(shown), Math.max(...shown.split(/\s+/).map((w) => this.doc.widthOfString(w)))]
  }

  private textHeight(text: string, width: number, font: FontName, size: number): number {
    const lines = this.richLines(text, width, font, size)
    if (lines !== undefined) return this.rich.height(lines, font, size, LINE_GAP)
    text = this.fonts.use(text, font)
    this.doc.fontSize(size)
    text = breakLongWords(this.doc, text, width)
    // Most cells are one line: measuring their width (cached per word) is far cheaper than wrapping.
    if (this.oneLine(text, width)) return this.doc.currentLineHeight(true) + LINE_GAP
    return this.doc.heightOfString(text, { width, lineGap: LINE_GAP })
  }

  private draw(text: string, x: number, y: number, width: number, font: FontName, size: number, color: string, align: 'left' | 'right' = 'left'): void {
    const lines = this.richLines(text, width, font, size)
    if (lines !== undefined) {
      this.rich.draw(lines, { x, y, width, font, size, lineGap: LINE_GAP, color, align, bottom: this.bottom, top: MARGIN.top })
      // Runs set their own colours.
      this.colour = ''
      return
    }
    text = this.fonts.use(text, font)
    this.doc.fontSize(size)
    text = breakLongWords(this.doc, text, width)
    if (color !== this.colour) {
      this.doc.fillColor(color)
      this.colour = color
    }
    if (this.oneLine(text, width)) {
      const left = align === 'right' ? x + width - this.doc.widthOfString(text) : x
      this.doc.text(text, left, y, { lineBreak: false, lineGap: LINE_GAP })
      return
    }
    this.doc.text(text, x, y, { width, lineGap: LINE_GAP, align })
  }

  title(text: string): void {
    const h = this.textHeight(text, this.width, FONT_BOLD, SIZE.h1)
    this.tag(this.root, 'H1', () => this.draw(text, this.left, this.y, this.width, FONT_BOLD, SIZE.h1, ACCENT))
    this.y += h + 8
  }

  private heading(s: ViewSection, sect: Struct | undefined): void {
    const size = s.level === 2 ? SIZE.h2 : SIZE.h3
    const h = this.textHeight(s.title, this.width, FONT_BOLD, size)
    // Keep a heading with at least a few rows of its content.
    this.ensure(h + 48)
    this.y += s.level === 2 ? 8 : 4
    this.tag(sect, s.level === 2 ? 'H2' : 'H3', () => this.draw(s.title, this.left, this.y, this.width, FONT_BOLD, size, s.level === 2 ? ACCENT : INK))
    this.y += h + 2
    if (s.level === 2) {
      this.artifact(() => this.doc.moveTo(this.left, this.y).lineTo(this.left + this.width, this.y).lineWidth(1).strokeColor(ACCENT).stroke())
      this.y += 4
    }
  }

  private fields(fields: readonly ViewField[], sect: Struct | undefined): void {
    const labelW = Math.round(this.width * 0.36)
    const valueX = this.left + labelW + 8
    const valueW = this.width - labelW - 8
    for (const f of fields) {
      const h = Math.max(this.textHeight(f.label, labelW, FONT_REGULAR, SIZE.text), this.textHeight(f.value, valueW, FONT_REGULAR, SIZE.text)) + 3
      this.ensure(Math.min(h, this.bottom - MARGIN.top))
      const page = this.doc.page
      // One P per label/value pair: a Table/TR/TH/TD per pair tripled the objects (and the time) of a PDF.
      this.tag(sect, 'P', () => {
        this.draw(f.label, this.left, this.y, labelW, FONT_REGULAR, SIZE.text, MUTED)
        this.draw(f.value, valueX, this.y, valueW, FONT_REGULAR, SIZE.text, INK)
      })
      // A value longer than a page has been continued by pdfkit on the following page(s).
      this.y = this.doc.page === page ? this.y + h : this.doc.y + 3
    }
  }

  /** Column widths: each column's natural width, shrunk towards its longest word when the page is too narrow. */
  private columnWidths(t: ViewTable): number[] {
    const pad = 2 * CELL_PAD
    const natural: number[] = []
    const minimum: number[] = []
    this.doc.fontSize(SIZE.table)
    t.columns.forEach((c, i) => {
      let [nat, min] = this.extent(c.label, FONT_BOLD, SIZE.table)
      for (const row of t.rows) {
        const [natural, word] = this.extent(row[i] ?? '', FONT_REGULAR, SIZE.table)
        nat = Math.max(nat, natural)
        min = Math.max(min, word)
      }
      natural.push(nat + pad)
      minimum.push(Math.min(min, 110) + pad)
    })
    const total = natural.reduce((a, b) => a + b, 0)
    if (total <= this.width) return natural.map((w) => (w * this.width) / total)
    const minTotal = minimum.reduce((a, b) => a + b, 0)
    if (minTotal >= this.width) return minimum.map((w) => (w * this.width) / minTotal)
    const spare = this.width - minTotal
    const wish = natural.map((n, i) => n - (minimum[i] ?? 0))
    const wishTotal = wish.reduce((a, b) => a + b, 0)
    return minimum.map((m, i) => m + (spare * (wish[i] ?? 0)) / wishTotal)
  }

  private rowHeight(cells: readonly string[], widths: readonly number[], font: FontName): number {
    let h = 0
    cells.forEach((cell, i) => {
      h = Math.max(h, this.textHeight(cell, (widths[i] ?? 0) - 2 * CELL_PAD, font, SIZE.table))
    })
    return h + 2 * CELL_PAD
  }

  /**
   * One table row. `tr` is its structure element; a header row repeated on a continuation page
   * has none and is drawn as an artifact (the structure has the header once).
   */
  private row(t: ViewTable, cells: readonly string[], widths: readonly number[], header: boolean, tr: Struct | undefined): void {
    const font = header ? FONT_BOLD : FONT_REGULAR
    const h = this.rowHeight(cells, widths, font)
    if (header) {
      this.artifact(() => this.doc.rect(this.left, this.y, this.width, h).fillColor(BAND).fill())
      this.colour = BAND
    }
    let x = this.left
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0
      const align = t.columns[i]?.numeric === true ? 'right' : 'left'
      const cx = x
      const draw = (): void => this.draw(cell, cx + CELL_PAD, this.y + CELL_PAD, w - 2 * CELL_PAD, font, SIZE.table, INK, align)
      if (tr === undefined && header) this.artifact(draw)
      else this.tag(tr, header ? 'TH' : 'TD', draw, header ? 'Column' : undefined)
      x += w
    })
    this.y += h
    this.artifact(() => this.doc.moveTo(this.left, this.y).lineTo(this.left + this.width, this.y).lineWidth(0.4).strokeColor(header ? MUTED : RULE).stroke())
  }

  private structRow(table: Struct | undefined, t: ViewTable, cells: readonly string[], widths: readonly number[], header: boolean): void {
    const tr = this.child(table, 'TR')
    this.row(t, cells, widths, header, tr)
    tr?.end()
  }

  /** A structure element under `parent` (none when the document is not tagged). */
  private child(parent: Struct | undefined, type: string): Struct | undefined {
    if (parent === undefined) return undefined
    const el = this.doc.struct(type)
    parent.add(el)
    return el
  }

  private table(t: ViewTable, sectionTitle: string, sect: Struct | undefined): void {
    const widths = this.columnWidths(t)
    const head = t.columns.map((c) => c.label)
    const headH = this.rowHeight(head, widths, FONT_BOLD)
    const caption = t.caption !== undefined && t.caption !== sectionTitle ? t.caption : undefined
    const captionH = caption === undefined ? 0 : this.textHeight(caption, this.width, FONT_BOLD, SIZE.text) + 3
    const firstH = t.rows[0] === undefined ? 0 : this.rowHeight(t.rows[0], widths, FONT_REGULAR)
    this.ensure(captionH + headH + firstH)
    const table = this.child(sect, 'Table')
    if (caption !== undefined) {
      this.tag(table, 'Caption', () => this.draw(caption, this.left, this.y, this.width, FONT_BOLD, SIZE.text, MUTED))
      this.y += captionH
    }
    this.structRow(table, t, head, widths, true)
    for (const cells of t.rows) {
      const h = this.rowHeight(cells, widths, FONT_REGULAR)
      if (this.ensure(Math.min(h, this.bottom - MARGIN.top - headH))) this.row(t, head, widths, true, undefined)
      this.structRow(table, t, cells, widths, false)
    }
    table?.end()
    this.y += 6
  }

  section(s: ViewSection): void {
    const sect = this.child(this.root, 'Sect')
    this.heading(s, sect)
    this.fields(s.fields, sect)
    if (s.fields.length > 0) this.y += 3
    for (const t of s.tables) this.table(t, s.title, sect)
    sect?.end()
  }

  /** The closing note below the last section. */
  note(text: string): void {
    const h = this.textHeight(text, this.width, FONT_REGULAR, SIZE.table)
    this.ensure(h + 12)
    this.y += 10
    this.tag(this.root, 'P', () => this.draw(text, this.left, this.y, this.width, FONT_REGULAR, SIZE.table, MUTED))
    this.y += h
  }
}
