/**
 * Which characters of a printed HTML page no bundled font can show, and which control characters
 * it has. Chromium draws either with the .notdef glyph, which PDF/A forbids, so pdf2pdfa refuses
 * the print; this names the characters, so the user knows what to change in the invoice or the
 * template.
 * Only for that error path: it parses the bundled fonts.
 * @module
 */
import PDFDocument from 'pdfkit'
import { EInvoiceError, isEInvoiceError } from '../errors.js'
import { PdfFonts } from './pdf-font-set.js'
import { isControlCharacter, isHtmlSpace } from './pdf-text.js'

/**
 * What HTML reads &#x80; … &#x9F; as (windows-1252; the five it leaves unmapped stay controls).
 * Node's TextDecoder('windows-1252') decodes them as ISO-8859-1, controls.
 */
const WINDOWS_1252 = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'
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
        // HTML reads &#x80; … &#x9F; as windows-1252 (&#x80; is €) and &#0; as U+FFFD.
        if (cp >= 0x80 && cp <= 0x9f) return WINDOWS_1252[cp - 0x80] as string
        if (cp === 0) return '\ufffd'
        return cp <= 0x10ffff ? String.fromCodePoint(cp) : ref
      }
      return ENTITIES[name.toLowerCase()] ?? ref
    })
}

/** A control character Chromium draws as .notdef (it lays out tab, line feed and carriage return as white space; the parser drops NUL). */
const drawnAsNotdef = (cp: number): boolean => cp !== 0 && isControlCharacter(cp) && !isHtmlSpace(cp)

/** `U+1F9FE 🧾`; a control character by its code alone (it would act, not show, in a terminal or log). */
function describe(cp: number): string {
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
  return isControlCharacter(cp) ? code : `${code} ${String.fromCodePoint(cp)}`
}

/** Each distinct character of `text` no bundled font has, and each control character Chromium shows as .notdef, at most `limit`. */
function undrawable(text: string, limit: number): number[] {
  const doc = new PDFDocument({ autoFirstPage: false })
  const fonts = new PdfFonts(doc)
  const found = new Set<number>()
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (found.has(cp)) continue
    if (drawnAsNotdef(cp)) found.add(cp)
    // White space and the other controls are layout, never glyphs.
    else if (cp > 0x20 && !isControlCharacter(cp) && cp !== 0xa0 && !/\s/u.test(ch) && !fonts.has(cp)) found.add(cp)
    if (found.size >= limit) break
  }
  return [...found]
}

/** `U+1F9FE 🧾` for each distinct character of `text` no bundled font has (`U+0007` for a control character Chromium draws as .notdef), at most `limit`. */
export function undrawableCharacters(text: string, limit = 10): string[] {
  return undrawable(text, limit).map(describe)
}

/**
 * pdf2pdfa's refusal of a print with .notdef glyphs, told in the user's terms when the page has
 * characters no bundled font shows; any other error as it was.
 */
export function explainUndrawable(err: unknown, html: string): unknown {
  if (!isEInvoiceError(err) || err.errorCode !== 'NOT_PDFA' || !err.message.includes('PDFA-FONT-NOTDEF')) return err
  const found = undrawable(htmlText(html), 10)
  if (found.length === 0) return err
  const controls = found.filter(isControlCharacter).map(describe)
  const missing = found.filter((cp) => !isControlCharacter(cp)).map(describe)
  const why: string[] = []
  if (missing.length > 0) why.push(`the invoice or the template has characters that no available font can show (${missing.join(', ')})`)
  // The invoice's values reach the template without control characters (templateView).
  if (controls.length > 0) why.push(`the template has control characters (${controls.join(', ')})`)
  const fix = missing.length > 0 ? 'leave them out or give the template a font with them (@font-face with a data: URL)' : 'leave them out of the template'
  const details: Record<string, string> = { ...err.details, characters: found.map(describe).join(', ') }
  if (controls.length > 0) details['template'] = `control characters ${controls.join(', ')}`
  return new EInvoiceError('NOT_PDFA', `${why.join(' and ')}; Chromium draws them as .notdef glyphs, which PDF/A forbids: ${fix}. ${err.message}`, { details, cause: err })
}
