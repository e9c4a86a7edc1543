/**
 * ISO 19005-3 6.2.4.4, spot colours: every spot colourant of a DeviceN space has an entry in its
 * /Colorants dictionary, and all Separation spaces of one colourant name (in resources, images,
 * shadings and /Colorants dictionaries alike) share the same alternate space and tint transform,
 * compared as PDF objects (direct or indirect, compressed or not, makes no difference). Shared by
 * the validator and pdf2pdfa (which leaves such colour spaces to Ghostscript).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { streamBytes } from './streams.js'

const MAX_DEPTH = 32
/** Colourants a DeviceN may name without a /Colorants entry: no colourant, and the process ones. */
const EXEMPT = new Set(['None', 'Cyan', 'Magenta', 'Yellow', 'Black'])
/** Stream entries that only describe how the data is stored. */
const STORAGE_KEYS = new Set(['Length', 'Filter', 'DecodeParms', 'DL'])

const nameOf = (o: PDFObject | undefined): string | undefined => (o instanceof PDFName ? o.decodeText() : undefined)

/** Whether two objects are the same PDF object once references are followed and streams decoded. */
export function same(doc: PDFDocument, x: PDFObject | undefined, y: PDFObject | undefined, depth = 0): boolean {
  const a = x instanceof PDFRef ? doc.context.lookup(x) : x
  const b = y instanceof PDFRef ? doc.context.lookup(y) : y
  if (a === b) return true
  if (a === undefined || b === undefined || depth > MAX_DEPTH) return false
  if (a instanceof PDFArray && b instanceof PDFArray) return a.size() === b.size() && a.asArray().every((v, i) => same(doc, v, b.get(i), depth + 1))
  if (a instanceof PDFStream && b instanceof PDFStream) {
    if (!sameDict(doc, a.dict, b.dict, depth, STORAGE_KEYS)) return false
    try {
      const [p, q] = [streamBytes(a, 'tint transform'), streamBytes(b, 'tint transform')]
      return p.length === q.length && p.every((v, i) => v === q[i])
    } catch {
      return false
    }
  }
  if (a instanceof PDFDict && b instanceof PDFDict) return sameDict(doc, a, b, depth, new Set())
  if (a instanceof PDFArray || b instanceof PDFArray || a instanceof PDFDict || b instanceof PDFDict) return false
  return a.constructor === b.constructor && a.toString() === b.toString()
}

function sameDict(doc: PDFDocument, a: PDFDict, b: PDFDict, depth: number, skip: ReadonlySet<string>): boolean {
  const keys = (d: PDFDict): string[] => d.keys().map((k) => k.decodeText()).filter((k) => !skip.has(k)).sort()
  const [ka, kb] = [keys(a), keys(b)]
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(doc, a.get(PDFName.of(k)), b.get(PDFName.of(k)), depth + 1))
}

export type Separation = { name: string; alternate: PDFObject | undefined; tint: PDFObject | undefined; where: string; array: PDFArray }

/** Every Separation and DeviceN array reachable from the indirect objects (direct ones included). */
export function colourSpaces(doc: PDFDocument): { separations: Separation[]; deviceN: { array: PDFArray; where: string }[] } {
  const separations: Separation[] = []
  const deviceN: { array: PDFArray; where: string }[] = []
  const visit = (o: PDFObject | undefined, where: string, depth: number): void => {
    if (depth > MAX_DEPTH || o === undefined || o instanceof PDFRef) return
    if (o instanceof PDFStream) return visit(o.dict, where, depth + 1)
    if (o instanceof PDFDict) {
      for (const v of o.values()) visit(v, where, depth + 1)
      return
    }
    if (!(o instanceof PDFArray)) return
    const family = nameOf(o.get(0))
    const name = nameOf(o.lookup(1) as PDFObject | undefined)
    if (family === 'Separation' && name !== undefined && o.size() >= 4) separations.push({ name, alternate: o.get(2), tint: o.get(3), where, array: o })
    if (family === 'DeviceN' && o.size() >= 4) deviceN.push({ array: o, where })
    for (const v of o.asArray()) visit(v, where, depth + 1)
  }
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) visit(object, `object ${ref.objectNumber} ${ref.generationNumber}`, 0)
  return { separations, deviceN }
}

/** A dictionary entry (`/Colorants`, `/Process`) of a DeviceN array's attributes, when both are dictionaries. */
export function attributeDict(doc: PDFDocument, array: PDFArray, key: string): PDFDict | undefined {
  const dict = (o: PDFObject | undefined): PDFDict | undefined => {
    const v = o instanceof PDFRef ? doc.context.lookup(o) : o
    return v instanceof PDFDict ? v : undefined
  }
  return dict(dict(array.size() > 4 ? array.get(4) : undefined)?.get(PDFName.of(key)))
}

/** The DeviceN colourants that need a /Colorants entry and have none. */
export function missingColourants(doc: PDFDocument, array: PDFArray): string[] {
  const names = doc.context.lookup(array.get(1))
  if (!(names instanceof PDFArray)) return []
  const colourants = attributeDict(doc, array, 'Colorants')
  const processList = attributeDict(doc, array, 'Process')?.lookup(PDFName.of('Components'))
  const process = new Set(processList instanceof PDFArray ? processList.asArray().flatMap((c) => nameOf(c) ?? []) : [])
  return names
    .asArray()
    .flatMap((n) => nameOf(n) ?? [])
    .filter((n) => !EXEMPT.has(n) && !process.has(n) && colourants?.get(PDFName.of(n)) === undefined)
}

export type SpotColourProblem =
  | { kind: 'colorants'; where: string; names: string[] }
  | { kind: 'separation'; name: string; where: string; other: string }

/** What 6.2.4.4 finds wrong with the document's spot colours. */
export function spotColourProblems(doc: PDFDocument): SpotColourProblem[] {
  const out: SpotColourProblem[] = []
  const { separations, deviceN } = colourSpaces(doc)
  for (const { array, where } of deviceN) {
    const names = missingColourants(doc, array)
    if (names.length > 0) out.push({ kind: 'colorants', where, names })
  }
  const first = new Map<string, Separation>()
  const reported = new Set<string>()
  for (const s of separations) {
    const earlier = first.get(s.name)
    if (earlier === undefined) first.set(s.name, s)
    else if (!reported.has(s.name) && !(same(doc, earlier.alternate, s.alternate) && same(doc, earlier.tint, s.tint))) {
      reported.add(s.name)
      out.push({ kind: 'separation', name: s.name, where: s.where, other: earlier.where })
    }
  }
  return out
}
