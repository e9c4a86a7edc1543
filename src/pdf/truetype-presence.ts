/**
 * Whether a simple TrueType font's program has the glyph a shown code selects, as veraPDF's
 * `containsCode` decides it (ISO 19005-3 6.2.11.4.1, font-glyphs.ts `present`).
 * @module
 */
import { PDFDict, type PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { NOTDEF, differencesOf, macOsRomanCode, nameOf, predefined } from './font-encodings.js'
import type { ProgramMetrics } from './font-program-metrics.js'
import { GLYPH_UNICODE, baseEncoding } from './latin-encodings.js'

/** The 1-byte-code prefixes veraPDF accepts from a (3,0) subtable's first code. */
const SYMBOL_PREFIXES = new Set([0, 0xf000, 0xf100, 0xf200])

/**
 * The glyph names veraPDF's TrueType reader gives the codes of a non-symbolic font with an
 * /Encoding (its own table, not the dictionary's): WinAnsi or MacRoman by name (any other name
 * stops the reader: undefined); a dictionary's /BaseEncoding (WinAnsi, MacRoman, MacExpert, else
 * Standard) under its /Differences, and each `.notdef` left then replaced by Standard's name.
 */
function trueTypeProgramNames(doc: PDFDocument, font: PDFDict): readonly string[] | undefined {
  const encoding = font.lookup(PDFName.of('Encoding'))
  if (encoding instanceof PDFName) {
    const name = encoding.decodeText()
    return name === 'WinAnsiEncoding' || name === 'MacRomanEncoding' ? predefined(name) : undefined
  }
  if (!(encoding instanceof PDFDict)) return undefined
  const standard = baseEncoding('StandardEncoding').map((n) => n ?? NOTDEF)
  const names = [...(predefined(nameOf(encoding.lookup(PDFName.of('BaseEncoding')))) ?? standard)]
  for (const [code, name] of differencesOf(doc, encoding)) if (code >= 0 && code < 256) names[code] = name
  return names.map((n, code) => (n === NOTDEF ? standard[code]! : n))
}

/** Names the Adobe Glyph List veraPDF loads cannot hold (they are computed, not listed). */
const COMPUTED_NAME = /^(uni[0-9A-F]{4}|u[0-9A-F]{4,6})$/

/**
 * veraPDF's TrueType `containsCode`. Symbolic (or no /Encoding): the (3,0) subtable when the
 * program has one — the code under the high byte of its first code (0x00, 0xF0–0xF2, else no
 * glyph) —, else the (1,0) subtable; a mapping to glyph 0 is no glyph. Non-symbolic: the name
 * the reader's own table gives the code (`.notdef` is no glyph), then (3,1) by its Adobe Glyph
 * List value, (1,0) by its Mac OS Roman code, the `post` table; present when that finds a glyph
 * id between 1 and numGlyphs − 1. Undefined where veraPDF's reader stops (an /Encoding name other
 * than WinAnsi or MacRoman), and for a name outside einvoice's glyph list that only (3,1) could map.
 */
export function trueTypePresent(doc: PDFDocument, font: PDFDict, symbolic: boolean, m: ProgramMetrics): ((code: number) => boolean | undefined) | undefined {
  if (symbolic || font.get(PDFName.of('Encoding')) === undefined) {
    if (m.cmapFirstCodes.has('3,0')) {
      const first = m.cmapFirstCodes.get('3,0')
      const prefix = first === undefined ? -1 : first & 0xff00
      const cmap30 = m.cmaps.get('3,0')
      if (!SYMBOL_PREFIXES.has(prefix) || cmap30 === undefined) return () => false
      return (code) => cmap30(prefix + code) !== undefined
    }
    const cmap10 = m.cmaps.get('1,0')
    return (code) => cmap10 !== undefined && cmap10(code) !== undefined
  }
  const names = trueTypeProgramNames(doc, font)
  if (names === undefined) return undefined
  const cmap31 = m.cmaps.get('3,1')
  const cmap10 = m.cmaps.get('1,0')
  return (code) => {
    const name = names[code] ?? NOTDEF
    if (name === NOTDEF) return false
    let gid = 0
    let unsure = false
    if (cmap31 !== undefined) {
      const u = GLYPH_UNICODE[name]
      if (u !== undefined) gid = cmap31(u) ?? 0
      else unsure = !COMPUTED_NAME.test(name) // the full Adobe Glyph List may give it a value
    }
    if (gid === 0 && cmap10 !== undefined) {
      const mac = macOsRomanCode(name)
      if (mac !== undefined) gid = cmap10(mac) ?? 0
    }
    if (gid === 0) gid = m.postGid(name) ?? 0
    if (gid > 0 && gid < m.numGlyphs) return true
    return unsure ? undefined : false
  }
}
