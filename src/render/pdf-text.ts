/**
 * Text for the PDF view drawn only with glyphs the bundled fonts have. pdfkit draws a character
 * the font lacks (a tab in a note, a control character, a script no bundled font covers) with
 * the .notdef glyph, which PDF/A forbids (ISO 19005-3 6.2.11.8) and which readers show as a box.
 * @module
 */

const REPLACEMENT = '\ufffd'

/** C0 and C1 controls other than the line feed (which the layout breaks lines at). */
const isControl = (cp: number): boolean => (cp < 0x20 && cp !== 0x0a) || (cp >= 0x7f && cp <= 0x9f)

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

/** Every string inside `value` (objects and arrays, as the view model is built) made printable. */
export function printableStrings<T>(value: T, hasGlyph: (codePoint: number) => boolean): T {
  if (typeof value === 'string') return printable(value, hasGlyph) as T
  if (Array.isArray(value)) return value.map((v: unknown) => printableStrings(v, hasGlyph)) as T
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = printableStrings(v, hasGlyph)
    return out as T
  }
  return value
}
