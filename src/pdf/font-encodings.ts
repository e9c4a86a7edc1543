/**
 * The glyph names a simple font's /Encoding gives its codes, as veraPDF's readers take them:
 * the predefined tables (unassigned codes named .notdef, WinAnsi's bullets), /BaseEncoding under
 * /Differences. Shared by the width, .notdef and glyph-presence rules (font-glyphs.ts).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject } from '@cantoo/pdf-lib'
import { macExpertEncoding } from './expert-tables.js'
import { type BaseEncodingName, baseEncoding } from './latin-encodings.js'
import { deref } from './walk.js'

export const NOTDEF = '.notdef'

export const nameOf = (o: PDFObject | undefined): string | undefined => (o instanceof PDFName ? o.decodeText() : undefined)

/** veraPDF's predefined tables: unassigned codes are named .notdef; WinAnsi's are bullet (Annex D note). */
export function predefined(name: string | undefined): readonly string[] | undefined {
  if (name === 'MacExpertEncoding') return macExpertEncoding().map((n) => n ?? NOTDEF)
  if (name !== 'WinAnsiEncoding' && name !== 'MacRomanEncoding') return undefined
  const bullet = name === 'WinAnsiEncoding' ? new Set([0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]) : new Set<number>()
  return baseEncoding(name as BaseEncodingName).map((n, code) => n ?? (bullet.has(code) ? 'bullet' : NOTDEF))
}

/**
 * The glyph name a simple font's /Encoding gives a code; undefined where the program's own
 * encoding decides (no /Encoding, a StandardEncoding or unknown name, a code no /Differences
 * entry names over no /BaseEncoding).
 */
export function encodingNames(doc: PDFDocument, font: PDFDict): (code: number) => string | undefined {
  const encoding = font.lookup(PDFName.of('Encoding'))
  if (encoding instanceof PDFName) {
    const table = predefined(encoding.decodeText())
    return (code) => table?.[code]
  }
  if (!(encoding instanceof PDFDict)) return () => undefined
  const baseName = nameOf(encoding.lookup(PDFName.of('BaseEncoding')))
  const table = predefined(baseName)
  const differences = differencesOf(doc, encoding)
  return (c) => differences.get(c) ?? table?.[c]
}

/** An encoding dictionary's /Differences as code → glyph name. */
export function differencesOf(doc: PDFDocument, encoding: PDFDict): Map<number, string> {
  const differences = new Map<number, string>()
  const diff = encoding.lookup(PDFName.of('Differences'))
  let code = 0
  for (const item of diff instanceof PDFArray ? diff.asArray() : []) {
    const v = deref(doc, item)
    if (v instanceof PDFNumber) code = v.asNumber()
    else if (v instanceof PDFName) differences.set(code++, v.decodeText())
  }
  return differences
}

let macOsRoman: Map<string, number> | undefined

/**
 * The Mac OS Roman code of a glyph name, as veraPDF's TrueType reader looks names up in a (1,0)
 * cmap: PDF's MacRomanEncoding where a name's first code wins (`space` is 32, not 202), plus the
 * Mac OS Roman characters that encoding leaves out. Shared by the width, .notdef and
 * glyph-presence rules (font-glyphs.ts, truetype-presence.ts).
 */
export function macOsRomanCode(name: string): number | undefined {
  if (macOsRoman === undefined) {
    macOsRoman = new Map()
    baseEncoding('MacRomanEncoding').forEach((n, code) => {
      if (n !== undefined && !macOsRoman!.has(n)) macOsRoman!.set(n, code)
    })
    // Mac OS Roman's characters that PDF's MacRomanEncoding leaves out.
    const extra: [string, number][] = [
      ['notequal', 0xad], ['infinity', 0xb0], ['lessequal', 0xb2], ['greaterequal', 0xb3], ['partialdiff', 0xb6],
      ['summation', 0xb7], ['product', 0xb8], ['pi', 0xb9], ['integral', 0xba], ['Omega', 0xbd], ['radical', 0xc3],
      ['approxequal', 0xc5], ['Delta', 0xc6], ['lozenge', 0xd7], ['apple', 0xf0],
    ]
    for (const [n, code] of extra) macOsRoman.set(n, code)
  }
  return macOsRoman.get(name)
}
