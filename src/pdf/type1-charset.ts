/**
 * ISO 19005-3 6.2.11.4.2 for simple Type 1 fonts: when the descriptor of an embedded subset font
 * (a /BaseFont with a six-letter tag, ISO 32000-1 9.6.4) carries a /CharSet string, it names every
 * glyph of the program, as veraPDF judges it for PDF/A-2 and -3: the names of the CharSet and of
 * the program are the same set, but for .notdef, which the CharSet may leave out (and may list only
 * when the program has it). The program's glyphs are the charstrings of a FontFile whose widths
 * can be read, or the charset of a FontFile3 /Type1C (or the CFF table of /OpenType). A program
 * that cannot be read is not judged (veraPDF then counts the font as not embedded). The validator
 * reports such sets; pdf2pdfa removes them (the entry is optional).
 * @module
 */
import { PDFDict, type PDFDocument, PDFHexString, PDFName, type PDFObject, PDFString } from '@cantoo/pdf-lib'
import { TOKEN, decodeName, lexContent, tokenText } from './content-lexer.js'
import { NOTDEF, nameOf } from './font-encodings.js'
import { embeddedProgram } from './font-programs.js'
import { fontsInResources } from './fonts.js'

export type WrongCharSet = { font: PDFDict; name: string; descriptor: PDFDict; missing: string[]; extra: string[] }

/** The glyph names a /CharSet string lists (`/a/b/c`); other tokens are ignored, as veraPDF's parser skips them. */
export function charSetNames(value: PDFString | PDFHexString): Set<string> {
  const bytes = value.asBytes()
  const names = new Set<string>()
  lexContent(bytes, (kind, start, end) => {
    if (kind === TOKEN.name) names.add(decodeName(tokenText(bytes, start, end)))
  })
  return names
}

function programGlyphs(descriptor: PDFDict): ReadonlySet<string> | undefined {
  const program = embeddedProgram(descriptor, false)
  if (program?.kind === 'type1') return new Set(program.metrics.widths.keys())
  if (program?.kind === 'cff') return program.metrics.glyphNames()
  return undefined
}

const isString = (o: PDFObject | undefined): o is PDFString | PDFHexString => o instanceof PDFString || o instanceof PDFHexString

/**
 * Every subset Type 1 font, used by content, whose /CharSet and program name different glyphs.
 * @param fonts the fonts content uses, when the caller has them already
 */
export function wrongCharSets(doc: PDFDocument, fonts: ReadonlySet<PDFObject> = fontsInResources(doc)): WrongCharSet[] {
  const out: WrongCharSet[] = []
  for (const font of fonts) {
    if (!(font instanceof PDFDict)) continue
    const subtype = nameOf(font.lookup(PDFName.of('Subtype')))
    if (subtype !== 'Type1' && subtype !== 'MMType1') continue
    const name = nameOf(font.lookup(PDFName.of('BaseFont')))
    if (name === undefined || !/^[A-Z]{6}\+/.test(name)) continue
    const descriptor = font.lookup(PDFName.of('FontDescriptor'))
    if (!(descriptor instanceof PDFDict)) continue
    const charSet = descriptor.lookup(PDFName.of('CharSet'))
    // A /CharSet that is not a string (e.g. a name) counts as absent, as veraPDF reads it.
    if (!isString(charSet)) continue
    const glyphs = programGlyphs(descriptor)
    if (glyphs === undefined) continue
    const listed = charSetNames(charSet)
    const missing = [...glyphs].filter((g) => g !== NOTDEF && !listed.has(g)).sort()
    const extra = [...listed].filter((g) => !glyphs.has(g)).sort()
    if (missing.length > 0 || extra.length > 0) out.push({ font, name, descriptor, missing, extra })
  }
  return out
}

/** pdf2pdfa's repair: a /CharSet that does not match its program is dropped. @returns the number of descriptors changed. */
export function removeWrongCharSets(doc: PDFDocument): number {
  const wrong = wrongCharSets(doc)
  for (const { descriptor } of wrong) descriptor.delete(PDFName.of('CharSet'))
  return new Set(wrong.map((w) => w.descriptor)).size
}
