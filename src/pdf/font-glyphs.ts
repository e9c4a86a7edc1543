/**
 * A font as the PDF/A glyph rules see each code a text-showing operator selects (ISO 19005-3
 * 6.2.11.5 and 6.2.11.8, decided as veraPDF decides them):
 * - the width the dictionary declares: /Widths inside /FirstChar–/LastChar, else the
 *   descriptor's /MissingWidth (0 when absent); for a CIDFont its /W entry, else /DW (1000);
 * - the width the embedded program gives the glyph the code selects; a glyph the program lacks
 *   counts with the default width (/MissingWidth, /DW) — except that TrueType and CFF programs
 *   answer with their .notdef glyph's width, as veraPDF's readers do;
 * - whether the code references .notdef: for a simple font, when its encoding names `.notdef`
 *   (a predefined encoding's unassigned code, or a /Differences entry), or code 0 of a TrueType
 *   font the encoding names nothing for; for a CIDFont, code 0 or a CID the program lacks;
 * - whether the program defines the glyph the code selects (6.2.11.4.1, veraPDF's
 *   Glyph.isGlyphPresent): present, absent, or unknown where veraPDF has no answer (no readable
 *   program) or einvoice cannot tell what veraPDF would answer. Code 0 always counts as present.
 * Simple fonts: Type1, MMType1, TrueType, Type3 (the program's width is the glyph procedure's
 * `d0`/`d1` wx). Composite fonts: Type0 under Identity-H/V or an embedded CMap (codes to CIDs by
 * src/pdf/embedded-cmap.ts) over CIDFontType0 or CIDFontType2.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNull, PDFNumber, type PDFObject, PDFStream } from '@cantoo/pdf-lib'
import { TOKEN, type TokenKind, isNumberToken, lexContent, tokenText } from './content-lexer.js'
import { embeddedCMap } from './embedded-cmap.js'
import { type FontProgram, embeddedProgram } from './font-programs.js'
import { NOTDEF, encodingNames, macOsRomanCode, nameOf } from './font-encodings.js'
import { trueTypePresent } from './truetype-presence.js'
import { baseEncoding, glyphNameToUnicode } from './latin-encodings.js'
import { streamBytes } from './streams.js'
import { deref } from './walk.js'

export type FontGlyphs = {
  /** The font dictionary content selects with Tf (for a CIDFont: its Type0 parent). */
  font: PDFDict
  /** Where the widths are declared: the simple font itself, or the CIDFont. */
  widthsOwner: PDFDict
  kind: 'simple' | 'cid'
  baseFont: string
  /** For a Type0 font under an embedded CMap: the CID a shown code selects (else code = CID). */
  cidOf?: (code: number) => number
  /** The dictionary's width of a code (simple) or CID. */
  declared: (code: number) => number
  /** The program's width of the glyph a code selects; undefined when not compared (no readable program). */
  program: (code: number) => number | undefined
  /** veraPDF's Glyph.name == ".notdef". */
  notdef: (code: number) => boolean
  /**
   * veraPDF's Glyph.isGlyphPresent for a shown code (the code itself, not its CID): false when
   * the program lacks the glyph, undefined when veraPDF leaves it null or einvoice cannot decide.
   */
  present: (code: number) => boolean | undefined
}

const SYMBOLIC = 4

function num(doc: PDFDocument, o: PDFObject | undefined): number | undefined {
  const v = deref(doc, o)
  return v instanceof PDFNumber ? v.asNumber() : undefined
}

/** The glyph a TrueType program draws for a code, as veraPDF's TrueType reader finds it. */
function trueTypeGid(doc: PDFDocument, font: PDFDict, symbolic: boolean, program: FontProgram & { kind: 'truetype' }): ((code: number) => number | undefined) | undefined {
  const m = program.metrics
  const cmap31 = m.cmaps.get('3,1')
  const cmap30 = m.cmaps.get('3,0')
  const cmap10 = m.cmaps.get('1,0')
  if (symbolic || font.get(PDFName.of('Encoding')) === undefined) {
    return (code) => {
      const gid = cmap30 === undefined ? undefined : (cmap30(code) ?? cmap30(0xf000 + code) ?? cmap30(0xf100 + code) ?? cmap30(0xf200 + code))
      if (gid !== undefined) return gid
      if (cmap10 !== undefined) return cmap10(code) ?? 0
      // veraPDF then asks whichever cmap its reader kept; only a (3,1)-only program is left here.
      return cmap31 === undefined ? 0 : undefined
    }
  }
  // Non-symbolic: the encoding's glyph name (StandardEncoding under /Differences without a base).
  const encoding = font.lookup(PDFName.of('Encoding'))
  let base: readonly (string | undefined)[] = baseEncoding('StandardEncoding')
  const baseName = encoding instanceof PDFName ? encoding.decodeText() : encoding instanceof PDFDict ? nameOf(encoding.lookup(PDFName.of('BaseEncoding'))) : undefined
  if (baseName === 'WinAnsiEncoding' || baseName === 'MacRomanEncoding') base = baseEncoding(baseName)
  else if (baseName !== undefined && baseName !== 'StandardEncoding') return undefined
  const names = encodingNames(doc, font)
  return (code) => {
    const name = names(code) ?? base[code] ?? NOTDEF
    if (name === NOTDEF) return 0
    const u = glyphNameToUnicode(name)
    const viaUnicode = u === undefined || cmap31 === undefined ? undefined : cmap31(u)
    if (viaUnicode !== undefined) return viaUnicode
    if (cmap10 !== undefined) {
      const mac = macOsRomanCode(name)
      const gid = mac === undefined ? undefined : cmap10(mac)
      if (gid !== undefined) return gid
    }
    // Then the `post` table; a name found nowhere draws .notdef (glyph 0).
    return m.postGid(name) ?? 0
  }
}


/**
 * A Type 3 glyph's width as veraPDF's Type3CharProcParser reads it: the first token when it is a
 * number, if the third is `d0`, or the seventh `d1`; anything else (no such procedure, another
 * operator, an undecodable stream) is no width. In glyph space, like /Widths: veraPDF compares
 * the two unscaled, so /FontMatrix plays no part.
 */
function type3Width(doc: PDFDocument, font: PDFDict): (name: string) => number | undefined {
  const procs = font.lookup(PDFName.of('CharProcs'))
  const known = new Map<string, number | undefined>()
  return (name) => {
    if (known.has(name)) return known.get(name)
    const proc = procs instanceof PDFDict ? deref(doc, procs.get(PDFName.of(name))) : undefined
    let width: number | undefined
    if (proc instanceof PDFStream) {
      let data: Uint8Array | undefined
      try {
        data = streamBytes(proc, 'glyph procedure')
      } catch {
        data = undefined // veraPDF reads no width from a stream it cannot decode
      }
      if (data !== undefined) width = d0d1Width(data)
    }
    known.set(name, width)
    return width
  }
}

function d0d1Width(data: Uint8Array): number | undefined {
  const tokens: { kind: TokenKind; text: string; number: boolean }[] = []
  lexContent(data, (kind, start, end) => {
    if (tokens.length < 7) tokens.push({ kind, text: tokenText(data, start, end), number: kind === TOKEN.number && isNumberToken(data, start, end) })
  })
  const first = tokens[0]
  const wx = first?.number === true ? Number(first.text) : undefined
  const isOperator = (i: number, op: string): boolean => tokens[i]?.kind === TOKEN.operator && tokens[i]!.text === op
  return isOperator(2, 'd0') || isOperator(6, 'd1') ? wx : undefined
}

function simpleFont(doc: PDFDocument, font: PDFDict, subtype: string): FontGlyphs {
  const descriptor = font.lookup(PDFName.of('FontDescriptor'))
  const missing = descriptor instanceof PDFDict ? num(doc, descriptor.get(PDFName.of('MissingWidth'))) : undefined
  const widths = font.lookup(PDFName.of('Widths'))
  const first = num(doc, font.get(PDFName.of('FirstChar')))
  const last = num(doc, font.get(PDFName.of('LastChar')))
  const items = widths instanceof PDFArray && first !== undefined && last !== undefined ? widths.asArray() : []
  const declared = (code: number): number => {
    if (items.length > 0 && code >= first! && code <= last!) return num(doc, items[code - first!]) ?? 0
    return missing ?? 0
  }
  const names = encodingNames(doc, font)
  const isTrueType = subtype === 'TrueType'
  const notdef = (code: number): boolean => {
    const name = names(code)
    return name === NOTDEF || (name === undefined && code === 0 && isTrueType)
  }
  const program = descriptor instanceof PDFDict && subtype !== 'Type3' ? embeddedProgram(descriptor, isTrueType) : undefined
  let width: (code: number) => number | undefined = () => undefined
  let present: (code: number) => boolean | undefined = () => undefined
  if (subtype === 'Type3') {
    const glyphWidth = type3Width(doc, font)
    width = (code) => {
      const name = names(code)
      return (name === undefined ? undefined : glyphWidth(name)) ?? missing ?? 0
    }
    // veraPDF's containsCharString: /CharProcs has a procedure under the code's name.
    const procs = font.lookup(PDFName.of('CharProcs'))
    present = (code) => {
      const name = names(code)
      const proc = name === undefined || !(procs instanceof PDFDict) ? undefined : deref(doc, procs.get(PDFName.of(name)))
      return proc !== undefined && proc !== PDFNull
    }
  } else if (program?.kind === 'truetype' && isTrueType) {
    const flags = num(doc, (descriptor as PDFDict).get(PDFName.of('Flags'))) ?? 0
    const gidOf = trueTypeGid(doc, font, (flags & SYMBOLIC) !== 0, program)
    const m = program.metrics
    present = trueTypePresent(doc, font, (flags & SYMBOLIC) !== 0, m) ?? present
    if (gidOf !== undefined) {
      width = (code) => {
        const gid = gidOf(code)
        return gid === undefined ? undefined : m.advance(gid < m.numGlyphs ? gid : 0)
      }
    }
  } else if (program?.kind === 'type1' && !isTrueType) {
    const { widths: byName, encoding } = program.metrics
    const builtin = encoding === 'StandardEncoding' ? baseEncoding('StandardEncoding') : encoding
    width = (code) => {
      const name = names(code) ?? builtin[code]
      return (name === undefined ? undefined : byName.get(name)) ?? missing ?? 0
    }
    // veraPDF's Type 1 containsGlyph: a charstring whose width was read, never .notdef.
    present = (code) => {
      const name = names(code) ?? builtin[code]
      return name !== undefined && name !== NOTDEF && byName.has(name)
    }
  } else if (program?.kind === 'cff' && !program.metrics.cidKeyed && !isTrueType) {
    const m = program.metrics
    width = (code) => {
      const name = names(code)
      const gid = name === undefined ? m.encodingGid(code) : (m.gidOfName(name) ?? 0)
      return m.width(gid)
    }
    // veraPDF's CFF containsGlyph: the charset has the name (.notdef, glyph 0, included). Without
    // one from /Encoding the built-in encoding's: Standard's name, or .notdef for codes it leaves
    // out; a custom encoding always names some glyph of the charset; Expert's is not read here.
    const standard = baseEncoding('StandardEncoding')
    present = (code) => {
      const name = names(code)
      if (name !== undefined) return m.gidOfName(name) !== undefined
      if (m.builtinEncoding === 'custom') return true
      if (m.builtinEncoding === 'expert') return undefined
      const builtin = standard[code]
      return builtin === undefined || m.gidOfName(builtin) !== undefined
    }
  }
  return {
    font,
    widthsOwner: font,
    kind: 'simple',
    baseFont: nameOf(font.lookup(PDFName.of('BaseFont'))) ?? '(unnamed)',
    declared,
    program: width,
    notdef,
    // veraPDF counts code 0 as present whatever the program holds (a Type 3 font's too needs a procedure).
    present: (code) => (code === 0 && subtype !== 'Type3' ? true : present(code)),
  }
}

/** /W as CID → width (ISO 32000-1 9.7.4.3), limited to CIDs a program can hold (0–65535). */
export function cidWidthMap(doc: PDFDocument, w: PDFArray): Map<number, number> {
  const out = new Map<number, number>()
  const items = w.asArray()
  for (let i = 0; i < items.length; ) {
    const first = num(doc, items[i])
    const next = deref(doc, items[i + 1])
    if (first === undefined) break
    if (next instanceof PDFArray) {
      next.asArray().forEach((v, k) => {
        const width = num(doc, v)
        if (width !== undefined && first + k <= 0xffff) out.set(first + k, width)
      })
      i += 2
    } else {
      const last = num(doc, next)
      const width = num(doc, items[i + 2])
      if (last === undefined || width === undefined) break
      for (let c = first; c <= Math.min(last, 0xffff); c++) out.set(c, width)
      i += 3
    }
  }
  return out
}

function compositeFont(doc: PDFDocument, type0: PDFDict): FontGlyphs | undefined {
  const encoding = type0.lookup(PDFName.of('Encoding'))
  const cmap = encoding instanceof PDFStream ? embeddedCMap(doc, encoding) : undefined
  if (cmap === undefined && nameOf(encoding) !== 'Identity-H' && nameOf(encoding) !== 'Identity-V') return undefined
  const descendants = type0.lookup(PDFName.of('DescendantFonts'))
  const cid = descendants instanceof PDFArray ? deref(doc, descendants.get(0)) : undefined
  if (!(cid instanceof PDFDict)) return undefined
  const subtype = nameOf(cid.lookup(PDFName.of('Subtype')))
  if (subtype !== 'CIDFontType0' && subtype !== 'CIDFontType2') return undefined
  const baseFont = nameOf(cid.lookup(PDFName.of('BaseFont'))) ?? '(unnamed)'
  const w = cid.lookup(PDFName.of('W'))
  const widths = w instanceof PDFArray ? cidWidthMap(doc, w) : new Map<number, number>()
  const dw = num(doc, cid.get(PDFName.of('DW'))) ?? 1000
  const declared = (c: number): number => widths.get(c) ?? dw
  const descriptor = cid.lookup(PDFName.of('FontDescriptor'))
  const program = descriptor instanceof PDFDict ? embeddedProgram(descriptor, subtype === 'CIDFontType2') : undefined
  let width: (c: number) => number | undefined = () => undefined
  // Without a readable program veraPDF leaves the name unset: no .notdef finding either.
  let present: ((c: number) => boolean) | undefined
  let glyphUnknown = (_cid: number): boolean => false
  if (subtype === 'CIDFontType2' && program?.kind === 'truetype') {
    const m = program.metrics
    const map = cid.lookup(PDFName.of('CIDToGIDMap'))
    let toGid: ((c: number) => number | undefined) | undefined = (c) => c
    if (map instanceof PDFStream) {
      let bytes: Uint8Array | undefined
      try {
        bytes = streamBytes(map, 'CIDToGIDMap')
      } catch {
        toGid = undefined
      }
      if (bytes !== undefined) {
        const b = bytes
        toGid = (c) => (2 * c + 1 < b.length ? b[2 * c]! * 256 + b[2 * c + 1]! : undefined)
      }
    } else if (map !== undefined && map !== PDFName.of('Identity')) toGid = undefined
    if (toGid !== undefined) {
      const gidOf = toGid
      width = (c) => {
        const gid = gidOf(c) ?? 0
        return m.advance(gid < m.numGlyphs ? gid : 0)
      }
      present = (c) => {
        const gid = gidOf(c)
        return c !== 0 && gid !== undefined && gid < m.numGlyphs
      }
    }
  } else if (subtype === 'CIDFontType0' && program?.kind === 'cff') {
    const m = program.metrics
    // veraPDF asks a non-CID-keyed program about CID 0 by the code's built-in name: not decided here.
    if (!m.cidKeyed) glyphUnknown = (c) => c === 0
    if (m.cidKeyed) {
      width = (c) => {
        const gid = m.gidOfCid(c)
        return gid === undefined ? dw : m.width(gid)
      }
      present = (c) => {
        const gid = m.gidOfCid(c)
        return gid !== undefined && gid !== 0
      }
    } else {
      // A CFF program without CIDs: the CID is the glyph id.
      width = (c) => (c < m.numGlyphs ? m.width(c) : dw)
      present = (c) => c !== 0 && c < m.numGlyphs
    }
  }
  return {
    font: type0,
    widthsOwner: cid,
    kind: 'cid',
    baseFont,
    ...(cmap === undefined ? {} : { cidOf: cmap.cid }),
    declared,
    program: width,
    notdef: (c) => present !== undefined && (c === 0 || !present(c)),
    // veraPDF: code 0, or the CID's glyph in the program — the same test that names a glyph .notdef.
    present: (code) => {
      if (code === 0) return true
      const c = cmap === undefined ? code : cmap.cid(code)
      return present === undefined || glyphUnknown(c) ? undefined : present(c)
    },
  }
}

/** The glyph model of a font dictionary, or undefined for fonts these rules are not checked on. */
export function fontGlyphs(doc: PDFDocument, font: PDFDict): FontGlyphs | undefined {
  const subtype = nameOf(font.lookup(PDFName.of('Subtype')))
  if (subtype === 'Type0') return compositeFont(doc, font)
  if (subtype === 'TrueType' || subtype === 'Type1' || subtype === 'MMType1' || subtype === 'Type3') return simpleFont(doc, font, subtype)
  return undefined
}
