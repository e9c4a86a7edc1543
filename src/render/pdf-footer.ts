/**
 * The page footers of the invoice view (xmltopdf) and of the validation report PDF: the document
 * title at the left, on one line, and "Page n of m" at the right of every buffered page. One
 * implementation for both: the invoice footer drew its title with plain pdfkit text cut after 89
 * UTF-16 units, so a Hebrew or Arabic invoice number came out in the wrong order, Chinese beside
 * Hebrew as U+FFFD and a cut emoji as a stray U+FFFD, while the report already laid such a title
 * out with pdf-rich-text.ts.
 * @module
 */
import type PDFDocument from 'pdfkit'
import type { FontName, PdfFonts } from './pdf-font-set.js'
import { FONT_REGULAR } from './pdf-fonts.js'
import { A4, MARGIN } from './pdf-layout.js'
import { type RichLine, RichText, needsRichLayout } from './pdf-rich-text.js'

type Doc = InstanceType<typeof PDFDocument>

const SIZE = 7.5
const COLOUR = '#555555'
/** Baseline area of the footer: 34 pt above the page's bottom edge. */
const Y = A4[1] - 34
const WIDTH = A4[0] - MARGIN.left - MARGIN.right
/** The title's share of the line; "Page n of m" has the rest. */
const TITLE_WIDTH = WIDTH * 0.75
const ELLIPSIS = '\u2026'
const FONT: FontName = FONT_REGULAR

export type PageFooter = {
  /** The document title (already printable, pdf-text.ts). */
  title: string
  /** The page label with `{page}` and `{pages}` placeholders. */
  pageOf: string
  /** Mark the footer as a pagination artifact (tagged PDFs). */
  tagged: boolean
}

/** A title as drawn on one line: laid out runs (right-to-left or several fonts) or plain text for pdfkit. */
type TitleLine = { readonly rich: readonly RichLine[] } | { readonly plain: string }

/** The user-perceived characters of `text`: a cut must not split a surrogate pair or an emoji sequence. */
function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment)
}

/** `text` laid out on one line of `width`, or undefined when it needs more. */
function oneLine(doc: Doc, fonts: PdfFonts, rich: () => RichText, text: string, width: number): TitleLine | undefined {
  if (needsRichLayout(fonts, text, FONT)) {
    const lines = rich().lines([{ text, font: FONT }], SIZE, width)
    return lines.length <= 1 ? { rich: lines } : undefined
  }
  doc.fontSize(SIZE)
  return doc.widthOfString(fonts.use(text, FONT)) <= width ? { plain: text } : undefined
}

/**
 * The title on one line of `width`: whole when it fits, else the longest start of it that fits
 * with an ellipsis after it (as pdfkit's own `ellipsis` option cuts, but between graphemes, where
 * pdfkit cuts UTF-16 units).
 */
export function footerTitle(doc: Doc, fonts: PdfFonts, rich: () => RichText, title: string, width: number): TitleLine {
  // One line: a line feed in an invoice number would otherwise start a second.
  const text = title.replace(/\n/g, ' ')
  const whole = oneLine(doc, fonts, rich, text, width)
  if (whole !== undefined) return whole
  const chars = graphemes(text)
  const cut = (n: number): string => `${chars.slice(0, n).join('').trimEnd()}${ELLIPSIS}`
  let fits = 0
  let tooLong = chars.length
  while (tooLong - fits > 1) {
    const mid = (fits + tooLong) >> 1
    if (oneLine(doc, fonts, rich, cut(mid), width) !== undefined) fits = mid
    else tooLong = mid
  }
  return oneLine(doc, fonts, rich, cut(fits), width) ?? { plain: ELLIPSIS }
}

/** Draws the footer on every buffered page (call once, after the last page). */
export function numberPages(doc: Doc, fonts: PdfFonts, footer: PageFooter): void {
  let richText: RichText | undefined
  const rich = (): RichText => (richText ??= new RichText(doc, fonts))
  const range = doc.bufferedPageRange()
  // Laid out once: the same on every page.
  const title = footerTitle(doc, fonts, rich, footer.title, TITLE_WIDTH)
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    // Writing below the bottom margin would make pdfkit start a new page.
    const saved = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const label = footer.pageOf.replace('{page}', String(i + 1)).replace('{pages}', String(range.count))
    if (footer.tagged) doc.markContent('Artifact', { type: 'Pagination' })
    if ('rich' in title) {
      rich().draw(title.rich, { x: MARGIN.left, y: Y, width: TITLE_WIDTH, font: FONT, size: SIZE, lineGap: 0, color: COLOUR, align: 'start', bottom: A4[1], top: 0 })
    } else {
      const shown = fonts.use(title.plain, FONT)
      doc.fontSize(SIZE).fillColor(COLOUR).text(shown, MARGIN.left, Y, { lineBreak: false })
    }
    doc.fontSize(SIZE).fillColor(COLOUR)
    doc.text(fonts.use(label, FONT), MARGIN.left, Y, { width: WIDTH, align: 'right', lineBreak: false })
    if (footer.tagged) doc.endMarkedContent()
    doc.page.margins.bottom = saved
  }
}
