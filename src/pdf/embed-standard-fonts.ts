/**
 * pdf2pdfa's native answer to "fonts not embedded" (ISO 19005-3 6.2.11.4.1) for the standard 14
 * and their Windows aliases: each such font dictionary is rewritten in place as a TrueType simple
 * font whose program is a subset of the metric-compatible Liberation font. Page content is not
 * touched: the character codes keep their meaning because the new font's encoding (WinAnsi plus
 * /Differences with Adobe Glyph List names) maps every code to the same glyph name as before, and
 * those names reach the glyphs through the program's (3,1) cmap, as 6.2.11.6 asks of non-symbolic
 * TrueType fonts. /Widths are the program's advance widths (6.2.11.5).
 * @module
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, type PDFRef } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'
import { PACKAGE_ROOT } from '../version.js'
import type { UnembeddedFont } from './fonts.js'
import { type BaseEncodingName, baseEncoding, glyphNameToUnicode, isBaseEncodingName } from './latin-encodings.js'
import { type StandardFontFace, standardFontFace } from './standard-font-faces.js'
import { flateStream } from './streams.js'
import { toUnicodeCMap } from './to-unicode.js'
import { type TrueTypeFont, readTrueType } from './truetype.js'
import { subsetTrueType } from './truetype-subset.js'

export type FontEmbedding = {
  /** /BaseFont values now embedded, e.g. `Helvetica → LiberationSans`. */
  replaced: string[]
  /** Fonts left as they were, each with the reason. */
  refused: { baseFont: string; reason: string }[]
}

const FONT_DIR = join(PACKAGE_ROOT, 'assets', 'fonts', 'liberation')
const SYMBOLIC = 4
/** The base encoding of every font written here (6.2.11.6: WinAnsi or MacRoman for non-symbolic TrueType). */
const TARGET: BaseEncodingName = 'WinAnsiEncoding'

const programs = new Map<string, TrueTypeFont>()

function program(face: StandardFontFace): TrueTypeFont {
  let font = programs.get(face.file)
  if (font === undefined) {
    let bytes: Uint8Array
    try {
      bytes = new Uint8Array(readFileSync(join(FONT_DIR, face.file)))
    } catch (err) {
      throw new EInvoiceError('DEPENDENCY_MISSING', `the bundled font ${face.file} is missing from ${FONT_DIR} (incomplete installation)`, {
        cause: err,
        details: { font: face.file },
      })
    }
    font = readTrueType(face.file, bytes)
    programs.set(face.file, font)
  }
  return font
}

/** code → glyph name of the font dictionary as it is, or a reason it cannot be kept. */
function sourceEncoding(font: PDFDict, subtype: string): (string | undefined)[] | string {
  const encoding = font.lookup(PDFName.of('Encoding'))
  let base: BaseEncodingName = 'StandardEncoding'
  let differences: PDFArray | undefined
  const named = (value: PDFObject | undefined): string | undefined => (value instanceof PDFName ? value.decodeText() : undefined)
  if (encoding instanceof PDFName) {
    const name = encoding.decodeText()
    if (!isBaseEncodingName(name)) return `its encoding /${name} is not a Latin base encoding`
    base = name
  } else if (encoding instanceof PDFDict) {
    const name = named(encoding.lookup(PDFName.of('BaseEncoding')))
    if (name !== undefined && !isBaseEncodingName(name)) return `its base encoding /${name} is not a Latin base encoding`
    if (name !== undefined) base = name
    const diff = encoding.lookup(PDFName.of('Differences'))
    if (diff instanceof PDFArray) differences = diff
  } else if (encoding !== undefined) {
    return 'its /Encoding is neither a name nor a dictionary'
  } else if (subtype === 'TrueType') {
    // A symbolic TrueType font without /Encoding addresses glyphs by the program's own cmap.
    const descriptor = font.lookup(PDFName.of('FontDescriptor'))
    const flags = descriptor instanceof PDFDict ? descriptor.lookup(PDFName.of('Flags')) : undefined
    if (flags instanceof PDFNumber && (flags.asNumber() & SYMBOLIC) !== 0) return 'it is a symbolic TrueType font without an encoding'
  }
  // Without /Encoding a Latin standard font uses its built-in StandardEncoding (ISO 32000-1 9.6.6.2).
  const names = [...baseEncoding(base)]
  let code = 0
  for (const item of differences?.asArray() ?? []) {
    if (item instanceof PDFNumber) code = item.asNumber()
    else if (item instanceof PDFName && code >= 0 && code < 256) names[code++] = item.decodeText()
  }
  return names
}

type Mapped = { names: (string | undefined)[]; unicode: (number | undefined)[]; glyphs: (number | undefined)[] }

/** The final code → name → Unicode → glyph mapping, or a reason. */
function mapCodes(source: (string | undefined)[], font: TrueTypeFont, face: StandardFontFace): Mapped | string {
  const target = baseEncoding(TARGET)
  const mapped: Mapped = { names: [], unicode: [], glyphs: [] }
  for (let code = 0; code < 256; code++) {
    const fromSource = source[code] === '.notdef' ? undefined : source[code]
    // A code the source leaves undefined keeps WinAnsi's glyph: content never shows such a code.
    const name = fromSource ?? target[code]
    if (name === undefined) continue
    const unicode = glyphNameToUnicode(name)
    if (unicode === undefined) return `glyph name /${name} (code ${code}) is not in the Adobe Glyph List`
    const glyph = font.cmap.get(unicode)
    if (glyph === undefined) {
      // Only a code the source leaves undefined may stay without a glyph; any other would render differently.
      if (fromSource === undefined) continue
      return `${face.postScriptName} has no glyph for /${name} (code ${code})`
    }
    mapped.names[code] = name
    mapped.unicode[code] = unicode
    mapped.glyphs[code] = glyph
  }
  return mapped
}

/** /Differences against WinAnsi for the codes whose glyph name differs. */
function differences(doc: PDFDocument, names: (string | undefined)[]): PDFArray | undefined {
  const target = baseEncoding(TARGET)
  const items: PDFObject[] = []
  let next = -1
  for (let code = 0; code < 256; code++) {
    const name = names[code]
    if (name === undefined || name === target[code]) continue
    if (code !== next) items.push(PDFNumber.of(code))
    items.push(PDFName.of(name))
    next = code + 1
  }
  return items.length === 0 ? undefined : doc.context.obj(items)
}

type Program = { descriptor: PDFRef; fontName: string }

/** Subset programs by face and character set, deflated: the same encoding recurs in nearly every file. */
const subsets = new Map<string, { deflated: Uint8Array; length: number }>()
const MAX_CACHED_SUBSETS = 32

function subsetProgram(key: string, font: TrueTypeFont, chars: ReadonlyMap<number, number>): { deflated: Uint8Array; length: number } {
  let made = subsets.get(key)
  if (made === undefined) {
    const data = subsetTrueType(font, chars)
    made = { deflated: deflateSync(data), length: data.length }
    if (subsets.size >= MAX_CACHED_SUBSETS) subsets.delete(subsets.keys().next().value!)
    subsets.set(key, made)
  }
  return made
}

function subsetTag(key: string): string {
  const digest = createHash('md5').update(key).digest()
  return Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('')
}

function embedProgram(doc: PDFDocument, face: StandardFontFace, font: TrueTypeFont, mapped: Mapped, cache: Map<string, Program>): Program {
  const chars = new Map<number, number>()
  mapped.unicode.forEach((u, code) => {
    if (u !== undefined) chars.set(u, mapped.glyphs[code]!)
  })
  const key = `${face.file}|${[...chars].sort(([a], [b]) => a - b).join(';')}`
  const cached = cache.get(key)
  if (cached !== undefined) return cached
  const fontName = `${subsetTag(key)}+${face.postScriptName}`
  const { deflated, length } = subsetProgram(key, font, chars)
  const file = doc.context.register(doc.context.stream(deflated, { Filter: 'FlateDecode', Length1: length }))
  const scale = (v: number): number => Math.round((v * 1000) / font.unitsPerEm)
  const descriptor = doc.context.obj({
    Type: 'FontDescriptor',
    FontName: fontName,
    Flags: face.flags,
    FontBBox: font.bbox.map(scale),
    ItalicAngle: font.italicAngle,
    Ascent: scale(font.ascender),
    Descent: scale(font.descender),
    CapHeight: scale(font.capHeight),
    // The usual estimate from the weight class (no stem data in TrueType programs).
    StemV: Math.round(10 + (220 * (font.weightClass - 50)) / 900),
    FontFile2: file,
  })
  const made = { descriptor: doc.context.register(descriptor), fontName }
  cache.set(key, made)
  return made
}

/** Rewrites one font dictionary; returns a reason when it cannot. */
function replaceFont(doc: PDFDocument, target: UnembeddedFont, cache: Map<string, Program>): string | undefined {
  const face = standardFontFace(target.baseFont)
  if (face === undefined) return 'no metric-compatible free font (only the standard 14 Latin fonts and Arial/Times New Roman/Courier New have one)'
  if (target.subtype !== 'Type1' && target.subtype !== 'TrueType') return `a ${target.subtype} font cannot be replaced by a simple TrueType font`
  const source = sourceEncoding(target.dict, target.subtype)
  if (typeof source === 'string') return source
  const font = program(face)
  const mapped = mapCodes(source, font, face)
  if (typeof mapped === 'string') return mapped
  const codes = mapped.glyphs.flatMap((g, code) => (g === undefined ? [] : [code]))
  if (codes.length === 0) return 'its encoding addresses no glyph'
  const first = codes[0]!
  const last = codes[codes.length - 1]!
  const { descriptor, fontName } = embedProgram(doc, face, font, mapped, cache)
  const widths: number[] = []
  for (let code = first; code <= last; code++) widths.push(Math.round((font.advances[mapped.glyphs[code] ?? 0]! * 1000) / font.unitsPerEm))
  const dict = target.dict
  const toUnicode = dict.get(PDFName.of('ToUnicode'))
  for (const key of dict.keys()) if (key !== PDFName.of('Type')) dict.delete(key)
  dict.set(PDFName.of('Subtype'), PDFName.of('TrueType'))
  dict.set(PDFName.of('BaseFont'), PDFName.of(fontName))
  dict.set(PDFName.of('FirstChar'), PDFNumber.of(first))
  dict.set(PDFName.of('LastChar'), PDFNumber.of(last))
  dict.set(PDFName.of('Widths'), doc.context.obj(widths))
  const diff = differences(doc, mapped.names)
  dict.set(PDFName.of('Encoding'), diff === undefined ? PDFName.of(TARGET) : doc.context.obj({ Type: 'Encoding', BaseEncoding: TARGET, Differences: diff }))
  dict.set(PDFName.of('FontDescriptor'), descriptor)
  // The producer's own /ToUnicode stays; otherwise one from the glyph names helps text extraction.
  dict.set(PDFName.of('ToUnicode'), toUnicode ?? doc.context.register(flateStream(doc.context, toUnicodeCMap(mapped.unicode), {})))
  return undefined
}

/**
 * Embeds a Liberation subset for every standard-14 (or alias) font in `fonts`.
 * @throws EInvoiceError DEPENDENCY_MISSING when a bundled font file is missing.
 */
export function embedStandardFonts(doc: PDFDocument, fonts: readonly UnembeddedFont[]): FontEmbedding {
  const result: FontEmbedding = { replaced: [], refused: [] }
  const cache = new Map<string, Program>()
  for (const font of fonts) {
    const reason = replaceFont(doc, font, cache)
    if (reason === undefined) result.replaced.push(font.baseFont)
    else result.refused.push({ baseFont: font.baseFont, reason })
  }
  return result
}
