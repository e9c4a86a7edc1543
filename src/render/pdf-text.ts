/**
 * Text for the PDF view drawn only with glyphs the bundled fonts have. pdfkit draws a character
 * the font lacks (a tab in a note, a control character, a script no bundled font covers) with
 * the .notdef glyph, which PDF/A forbids (ISO 19005-3 6.2.11.8) and which readers show as a box.
 * The data of a styled template loses its control characters too: Chromium draws them as .notdef.
 * @module
 */

const REPLACEMENT = '\ufffd'

/** A C0 or C1 control character (Unicode category Cc). */
export const isControlCharacter = (cp: number): boolean => cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)

/** C0 and C1 controls other than the line feed (which the layout breaks lines at). */
const isControl = (cp: number): boolean => cp !== 0x0a && isControlCharacter(cp)

/** Tab, line feed and carriage return: HTML lays them out as white space. */
export const isHtmlSpace = (cp: number): boolean => cp === 0x09 || cp === 0x0a || cp === 0x0d

/**
 * `text` for an HTML page printed to PDF/A: control characters other than tab, line feed and
 * carriage return dropped. A browser shows any other one as a visible glyph (CSS Text 3, "Control
 * characters"), Chromium as .notdef, which PDF/A forbids; they carry nothing to show, as in the PDF view.
 */
export function withoutControls(text: string): string {
  let out: string | undefined
  for (let i = 0; i < text.length; i++) {
    const cp = text.charCodeAt(i)
    const drop = isControlCharacter(cp) && !isHtmlSpace(cp)
    if (drop) out ??= text.slice(0, i)
    else if (out !== undefined) out += text[i]
  }
  return out ?? text
}

/**
 * `text` drawable with the fonts: a tab becomes a space, other control characters are dropped (they
 * carry nothing to show), and a character no font has becomes U+FFFD (else `?`).
 */
export function printable(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out: string | undefined
  let i = 0
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    const swap = cp === 0x09 ? ' ' : isControl(cp) ? '' : cp !== 0x0a && !hasGlyph(cp) ? (hasGlyph(0xfffd) ? REPLACEMENT : '?') : undefined
    if (swap !== undefined) out = (out ?? text.slice(0, i)) + swap
    else if (out !== undefined) out += ch
    i += ch.length
  }
  return out ?? text
}

/** `value` with `f` applied to every string inside it (objects and arrays, as the view model is built). */
export function mapStrings<T>(value: T, f: (text: string) => string): T {
  if (typeof value === 'string') return f(value) as T
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, f)) as T
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, f)
    return out as T
  }
  return value
}

/** Every string inside `value` made printable. */
export function printableStrings<T>(value: T, hasGlyph: (codePoint: number) => boolean): T {
  return mapStrings(value, (text) => printable(text, hasGlyph))
}
