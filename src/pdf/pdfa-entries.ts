/**
 * PDF/A-3 facts about single dictionary entries that both the validator and pdf2pdfa judge: the
 * stream filters ISO 19005-3 6.1.7.2 allows, image bit depths (6.2.8), halftones (6.2.5) and the
 * optional-content groups an /Order array leaves out (6.9).
 * @module
 */
import { PDFArray, PDFBool, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRawStream } from '@cantoo/pdf-lib'
import { deref } from './walk.js'

/** ISO 32000-1 table 6 without LZWDecode (6.1.7.2); Crypt is judged by its decode parameters. */
const ALLOWED_FILTERS: ReadonlySet<string> = new Set(['ASCIIHexDecode', 'ASCII85Decode', 'FlateDecode', 'RunLengthDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'DCTDecode', 'JPXDecode'])
const IMAGE_BITS: ReadonlySet<number> = new Set([1, 2, 4, 8, 16])
/** Colourants whose halftone must not carry a /TransferFunction (ISO 32000-1 table 130); Default may either way. */
const PRIMARY_COLOURANTS: ReadonlySet<string> = new Set(['Cyan', 'Magenta', 'Yellow', 'Black'])
const HALFTONE_KEYS: ReadonlySet<string> = new Set(['Type', 'HalftoneType', 'HalftoneName'])

const nameOf = (o: PDFObject | undefined): string | undefined => (o instanceof PDFName ? o.decodeText() : undefined)
export const entriesOf = (o: PDFObject | undefined): PDFObject[] => (o instanceof PDFArray ? o.asArray() : o === undefined ? [] : [o])

/** The first filter of a stream that 6.1.7.2 forbids, as written; undefined when all are allowed. */
export function forbiddenFilter(doc: PDFDocument, dict: PDFDict): string | undefined {
  const filters = entriesOf(deref(doc, dict.get(PDFName.of('Filter'))))
  if (filters.length === 0) return undefined
  const parms = entriesOf(deref(doc, dict.get(PDFName.of('DecodeParms'))))
  for (const [i, f] of filters.entries()) {
    const name = nameOf(deref(doc, f))
    if (name !== undefined && ALLOWED_FILTERS.has(name)) continue
    if (name === 'Crypt') {
      const p = deref(doc, parms[i])
      // veraPDF reads the crypt filter's /Name from the decode parameters; none counts as not Identity.
      if (p instanceof PDFDict && nameOf(deref(doc, p.get(PDFName.of('Name')))) === 'Identity') continue
      return '/Crypt (not the Identity crypt filter)'
    }
    return name === undefined ? `a filter that is not a name (${String(f)})` : `/${name}`
  }
  return undefined
}

/** What an image's /BitsPerComponent breaks (6.2.8: 1, 2, 4, 8, 16; an image mask 1), if anything. */
export function imageBitsProblem(doc: PDFDocument, image: PDFDict): { bits: string; allowed: string } | undefined {
  const bits = deref(doc, image.get(PDFName.of('BitsPerComponent')))
  if (bits === undefined) return undefined
  const mask = deref(doc, image.get(PDFName.of('ImageMask'))) === PDFBool.True
  const n = bits instanceof PDFNumber ? bits.asNumber() : Number.NaN
  if (mask ? n === 1 : IMAGE_BITS.has(n)) return undefined
  return { bits: bits.toString(), allowed: mask ? 'an image mask must have 1' : 'an image must have 1, 2, 4, 8 or 16' }
}

/**
 * 6.2.5 on a graphics state's /HT and, for type 5, on each colourant's halftone: type 1 or 5, no
 * /HalftoneName, /TransferFunction absent for the primaries (and at the top), present for other
 * colourants but Default. A name (/Default) is no halftone. @returns `[path below /HT, problem]`.
 */
export function halftoneProblems(doc: PDFDocument, value: PDFObject | undefined, colourant?: string): [string, string][] {
  const dict = value instanceof PDFRawStream ? value.dict : value instanceof PDFDict ? value : undefined
  if (dict === undefined) return []
  const out: [string, string][] = []
  const type = deref(doc, dict.get(PDFName.of('HalftoneType')))
  const n = type instanceof PDFNumber ? type.asNumber() : undefined
  if (n !== 1 && n !== 5) out.push(['', n === undefined ? 'has no /HalftoneType' : `has /HalftoneType ${n}`])
  if (dict.has(PDFName.of('HalftoneName'))) out.push(['', 'carries /HalftoneName'])
  if (colourant !== 'Default') {
    const needsNone = colourant === undefined || PRIMARY_COLOURANTS.has(colourant)
    const has = dict.has(PDFName.of('TransferFunction'))
    if (needsNone && has) out.push(['', 'carries /TransferFunction for a primary colourant'])
    if (!needsNone && !has) out.push(['', `has no /TransferFunction for the colourant /${colourant}`])
  }
  // Only a top-level type 5 halftone holds others (ISO 32000-1 10.5.5.6).
  if (n !== 5 || colourant !== undefined) return out
  for (const [key, sub] of dict.entries()) {
    const name = key.decodeText()
    if (HALFTONE_KEYS.has(name)) continue
    for (const [path, problem] of halftoneProblems(doc, deref(doc, sub), name)) out.push([` /${name}${path}`, problem])
  }
  return out
}

/**
 * 6.9: the groups of the /OCProperties /OCGs array that a configuration's /Order (nested arrays
 * of group references and labels) does not list; empty without an /Order.
 */
export function ocgsMissingFromOrder(doc: PDFDocument, props: PDFDict, config: PDFDict): PDFObject[] {
  const order = deref(doc, config.get(PDFName.of('Order')))
  if (!(order instanceof PDFArray)) return []
  const listed = new Set<PDFObject>()
  const collect = (a: PDFArray, depth: number): void => {
    if (depth > 32) return
    for (const item of a.asArray()) {
      const v = deref(doc, item)
      if (v instanceof PDFArray) collect(v, depth + 1)
      else if (v !== undefined) listed.add(v)
    }
  }
  collect(order, 0)
  const all = deref(doc, props.get(PDFName.of('OCGs')))
  return entriesOf(all instanceof PDFArray ? all : undefined).filter((g) => {
    const v = deref(doc, g)
    return v instanceof PDFDict && !listed.has(v)
  })
}
