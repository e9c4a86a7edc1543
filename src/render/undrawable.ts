/**
 * Which characters of a printed HTML page no bundled font can show. Chromium draws such a
 * character with the .notdef glyph, which PDF/A forbids, so pdf2pdfa refuses the print; this
 * names the characters, so the user knows what to change in the invoice or the template.
 * Only for that error path: it parses the bundled fonts.
 * @module
 */
import PDFDocument from 'pdfkit'
import { EInvoiceError, isEInvoiceError } from '../errors.js'
import { PdfFonts } from './pdf-font-set.js'

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** The text nodes of an HTML page, roughly: tags, comments, styles and scripts removed, references decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(style|script)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (ref: string, name: string) => {
      if (name.startsWith('#')) {
        const cp = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
        return cp <= 0x10ffff ? String.fromCodePoint(cp) : ref
      }
      return ENTITIES[name.toLowerCase()] ?? ref
    })
}

/** `U+1F9FE 🧾` for each distinct character of `text` no bundled font has, at most `limit`. */
export function undrawableCharacters(text: string, limit = 10): string[] {
  const doc = new PDFDocument({ autoFirstPage: false })
  const fonts = new PdfFonts(doc)
  const found = new Set<number>()
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    // White space and controls are layout, never glyphs.
    if (cp <= 0x20 || (cp >= 0x7f && cp <= 0xa0) || /\s/u.test(ch) || found.has(cp)) continue
    if (!fonts.has(cp)) found.add(cp)
    if (found.size >= limit) break
  }
  return [...found].map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')} ${String.fromCodePoint(cp)}`)
}

/**
 * pdf2pdfa's refusal of a print with .notdef glyphs, told in the user's terms when the page has
 * characters no bundled font shows; any other error as it was.
 */
export function explainUndrawable(err: unknown, html: string): unknown {
  if (!isEInvoiceError(err) || err.errorCode !== 'NOT_PDFA' || !err.message.includes('PDFA-FONT-NOTDEF')) return err
  const characters = undrawableCharacters(htmlText(html))
  if (characters.length === 0) return err
  return new EInvoiceError(
    'NOT_PDFA',
    `the invoice or the template has characters that no available font can show (${characters.join(', ')}); Chromium draws them as .notdef glyphs, which PDF/A forbids: leave them out or give the template a font with them (@font-face with a data: URL). ${err.message}`,
    { details: { ...err.details, characters: characters.join(', ') }, cause: err },
  )
}
