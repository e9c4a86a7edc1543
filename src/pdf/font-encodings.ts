/**
 * The glyph names a simple font's /Encoding gives its codes, as veraPDF's readers take them:
 * the predefined tables (unassigned codes named .notdef, WinAnsi's bullets), /BaseEncoding under
 * /Differences. Shared by the width, .notdef and glyph-presence rules (font-glyphs.ts).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef } from '@cantoo/pdf-lib'
import { macExpertEncoding } from './expert-tables.js'
import { type BaseEncodingName, baseEncoding } from './latin-encodings.js'

export const NOTDEF = '.notdef'

function deref(doc: PDFDocument, o: PDFObject | undefined): PDFObject | undefined {
  return o instanceof PDFRef ? doc.context.lookup(o) : o
}

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
