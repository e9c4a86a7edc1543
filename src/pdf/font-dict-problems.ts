/**
 * What ISO 19005-3 asks of a font dictionary itself, judged for the validator and for pdf2pdfa:
 * its form (6.2.11.2: /Type /Font, a known /Subtype, /BaseFont but for Type 3, /FirstChar,
 * /LastChar and a /Widths of LastChar − FirstChar + 1 entries for a simple font other than an
 * unembedded standard 14 one, a FontFile3 /Subtype of Type1C, CIDFontType0C or OpenType),
 * /CIDToGIDMap on an embedded CIDFontType2 (6.2.11.3.2), and a TrueType font's encoding and cmap
 * subtables by its Symbolic flag (6.2.11.6), and a /BaseFont that reads as UTF-8 once its #xx
 * escapes are expanded (6.1.8), as veraPDF's PDF/A-3B rules state them.
 * @module
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject, PDFStream } from '@cantoo/pdf-lib'
import { nameOf } from './font-encodings.js'
import { embeddedProgram } from './font-programs.js'
import { STANDARD_14 } from './fonts.js'

/** `form` 6.2.11.2, `cidToGid` 6.2.11.3.2, `encoding` and `cmap` 6.2.11.6 (`symbolic` tells which kind of TrueType font), `name` 6.1.8. */
export type FontDictProblem = { kind: 'form' | 'cidToGid' | 'encoding' | 'cmap' | 'name'; problem: string; symbolic?: boolean }

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * A name's bytes, one character each, its #xx escapes expanded. pdf-lib expands only upper-case
 * ones and keeps `#e9` as three characters (saving it as `#23e9`), so the rest are expanded here;
 * a literal `#` (`#23`) followed by such a pair reads alike.
 */
export function expandedName(name: PDFName): string {
  return name.decodeText().replace(/#(?=.?[a-f])([\da-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** pdf2pdfa's 6.1.8 repair of a name: its ASCII bytes stay, the others become `_`. */
export const utf8SafeName = (name: PDFName): string => expandedName(name).replace(/[^\x21-\x7e]/g, '_')

/** 6.1.8: a name's bytes (its #xx escapes expanded) are valid UTF-8. */
export function isUtf8Name(name: PDFName): boolean {
  const text = expandedName(name)
  if (![...text].some((c) => c.charCodeAt(0) > 0x7f)) return true
  try {
    utf8.decode(Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff))
    return true
  } catch {
    return false
  }
}

const SUBTYPES: ReadonlySet<string> = new Set(['Type1', 'MMType1', 'TrueType', 'Type3', 'Type0', 'CIDFontType0', 'CIDFontType2'])
const SIMPLE: ReadonlySet<string> = new Set(['Type1', 'MMType1', 'TrueType', 'Type3'])
const FONT_FILE3_SUBTYPES: ReadonlySet<string> = new Set(['Type1C', 'CIDFontType0C', 'OpenType'])
const TRUETYPE_ENCODINGS: ReadonlySet<string> = new Set(['MacRomanEncoding', 'WinAnsiEncoding'])
const FONT_FILES = ['FontFile', 'FontFile2', 'FontFile3']
/** FontDescriptor /Flags bit 3 (ISO 32000-1 table 123). */
const SYMBOLIC = 4

const intOf = (o: PDFObject | undefined): number | undefined => (o instanceof PDFNumber ? o.asNumber() : undefined)
const descriptorOf = (font: PDFDict): PDFDict | undefined => {
  const fd = font.lookup(PDFName.of('FontDescriptor'))
  return fd instanceof PDFDict ? fd : undefined
}
const isEmbedded = (fd: PDFDict | undefined): boolean => fd !== undefined && FONT_FILES.some((k) => fd.get(PDFName.of(k)) !== undefined)

/** Everything the rules above find in one font dictionary. */
export function fontDictProblems(font: PDFDict): FontDictProblem[] {
  const out: FontDictProblem[] = []
  const subtype = nameOf(font.lookup(PDFName.of('Subtype')))
  const fd = descriptorOf(font)
  for (const problem of formProblems(font, subtype, fd)) out.push({ kind: 'form', problem })
  if (subtype === 'CIDFontType2' && isEmbedded(fd) && font.get(PDFName.of('CIDToGIDMap')) === undefined) {
    out.push({ kind: 'cidToGid', problem: 'has no /CIDToGIDMap' })
  }
  if (subtype === 'TrueType') trueTypeProblems(font, fd, out)
  const baseFont = font.lookup(PDFName.of('BaseFont'))
  if (baseFont instanceof PDFName && !isUtf8Name(baseFont)) out.push({ kind: 'name', problem: `has the /BaseFont ${baseFont.asString()}, whose bytes are not UTF-8` })
  return out
}

function formProblems(font: PDFDict, subtype: string | undefined, fd: PDFDict | undefined): string[] {
  const problems: string[] = []
  const baseFont = nameOf(font.lookup(PDFName.of('BaseFont')))
  if (font.lookup(PDFName.of('Type')) !== PDFName.of('Font')) problems.push('lacks /Type /Font')
  if (subtype === undefined || !SUBTYPES.has(subtype)) problems.push(`has the /Subtype ${subtype === undefined ? '(none)' : `/${subtype}`}, not a font type of ISO 32000-1`)
  if (subtype !== 'Type3' && baseFont === undefined) problems.push('lacks /BaseFont')
  const file3 = fd?.lookup(PDFName.of('FontFile3'))
  const file3Subtype = file3 instanceof PDFStream ? nameOf(file3.dict.lookup(PDFName.of('Subtype'))) : undefined
  if (file3Subtype !== undefined && !FONT_FILE3_SUBTYPES.has(file3Subtype)) problems.push(`has a FontFile3 of /Subtype /${file3Subtype} (Type1C, CIDFontType0C or OpenType)`)
  if (subtype === undefined || !SIMPLE.has(subtype)) return problems
  // An unembedded standard 14 font may leave its metrics to the reader (ISO 32000-1 table 111).
  if (!isEmbedded(fd) && baseFont !== undefined && STANDARD_14.has(baseFont)) return problems
  const first = intOf(font.lookup(PDFName.of('FirstChar')))
  const last = intOf(font.lookup(PDFName.of('LastChar')))
  if (first === undefined) problems.push('lacks /FirstChar')
  if (last === undefined) problems.push('lacks /LastChar')
  const widths = font.lookup(PDFName.of('Widths'))
  if (!(widths instanceof PDFArray)) problems.push('lacks /Widths')
  else if (first !== undefined && last !== undefined && widths.size() !== last - first + 1) {
    problems.push(`has ${widths.size()} /Widths for the codes ${first}–${last} (${last - first + 1} expected)`)
  }
  return problems
}

/**
 * 6.2.11.6: a symbolic font has no /Encoding; a non-symbolic one MacRoman or WinAnsi (as the name
 * or the /BaseEncoding) and, with /Differences, a (3,1) cmap (whether the names are in the Adobe
 * Glyph List is not judged: einvoice's list is not complete). An embedded program of a symbolic
 * font has one cmap subtable or a (3,0) one; of a non-symbolic font, one other than (3,0).
 */
function trueTypeProblems(font: PDFDict, fd: PDFDict | undefined, out: FontDictProblem[]): void {
  const symbolic = ((intOf(fd?.lookup(PDFName.of('Flags'))) ?? 0) & SYMBOLIC) !== 0
  const encoding = font.lookup(PDFName.of('Encoding'))
  const program = fd === undefined ? undefined : embeddedProgram(fd, true)
  const metrics = program?.kind === 'truetype' ? program.metrics : undefined
  if (symbolic) {
    if (encoding !== undefined) out.push({ kind: 'encoding', symbolic, problem: 'carries an /Encoding, which a symbolic TrueType font must not' })
  } else {
    const dict = encoding instanceof PDFDict ? encoding : undefined
    const base = nameOf(dict === undefined ? encoding : dict.lookup(PDFName.of('BaseEncoding')))
    if (base === undefined || !TRUETYPE_ENCODINGS.has(base)) {
      const found = base === undefined ? (dict === undefined ? 'no /Encoding' : 'an /Encoding without /BaseEncoding') : `/${base}`
      out.push({ kind: 'encoding', symbolic, problem: `has ${found}; it needs /MacRomanEncoding or /WinAnsiEncoding (as /Encoding or its /BaseEncoding)` })
    }
    const differences = dict?.lookup(PDFName.of('Differences'))
    if (differences instanceof PDFArray && differences.size() > 0 && metrics !== undefined && !metrics.cmapFirstCodes.has('3,1')) {
      out.push({ kind: 'encoding', symbolic, problem: 'has /Differences but its program has no Microsoft Unicode (3,1) cmap' })
    }
  }
  if (metrics === undefined) return
  const has30 = metrics.cmapFirstCodes.has('3,0')
  const n = metrics.cmapCount
  if (symbolic && n !== 1 && !has30) out.push({ kind: 'cmap', symbolic, problem: `has ${n} cmap subtables and none (3,0); a symbolic font needs exactly one, or a (3,0) one` })
  if (!symbolic && (has30 ? n <= 1 : n === 0)) {
    out.push({ kind: 'cmap', symbolic, problem: n === 0 ? 'has no cmap subtable' : 'has only a (3,0) cmap subtable; a non-symbolic font needs another' })
  }
}
