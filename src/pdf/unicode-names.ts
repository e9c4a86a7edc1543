/**
 * ISO 19005-3 6.1.8 beyond font names: the colourant names of Separation and DeviceN colour spaces
 * and the structure type names (the /S of structure elements, the keys and name values of the
 * structure tree root's /RoleMap) are valid UTF-8 once their #xx escapes are expanded, the names
 * veraPDF reads as CosUnicodeName. Shared by the validator and pdf2pdfa, which renames such a
 * name consistently wherever it appears (non-ASCII bytes become `_`).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject } from '@cantoo/pdf-lib'
import { isUtf8Name, utf8SafeName } from './font-dict-problems.js'
import { colourSpaces } from './spot-colours.js'
import { deref } from './walk.js'

const MAX_DEPTH = 32
const [K, S, TYPE, STRUCT_ELEM] = ['K', 'S', 'Type', 'StructElem'].map((n) => PDFName.of(n)) as [PDFName, PDFName, PDFName, PDFName]

export type NameProblem = { kind: 'colourant' | 'structure'; name: PDFName; where: string; family?: 'Separation' | 'DeviceN' | undefined }

const where = (doc: PDFDocument, o: PDFObject, fallback: string): string => {
  const ref = doc.context.getObjectRef(o)
  return ref === undefined ? fallback : `object ${ref.objectNumber} ${ref.generationNumber}`
}

type Structure = { roleMap: PDFDict | undefined; elements: PDFDict[] }

/**
 * The structure tree as veraPDF walks it: from the root's /K (a dictionary, or an array of them;
 * an array inside it is not entered), the dictionaries without /Type or of /Type /StructElem
 * (marked-content and object references are not elements), each once.
 */
function structure(doc: PDFDocument): Structure {
  const root = deref(doc, doc.catalog.get(PDFName.of('StructTreeRoot')))
  if (!(root instanceof PDFDict)) return { roleMap: undefined, elements: [] }
  const roleMap = deref(doc, root.get(PDFName.of('RoleMap')))
  const elements: PDFDict[] = []
  const seen = new Set<PDFDict>()
  const stack: PDFDict[] = []
  const push = (k: PDFObject | undefined): void => {
    const v = deref(doc, k)
    const items = v instanceof PDFArray ? v.asArray().map((item) => deref(doc, item)) : [v]
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]
      if (item instanceof PDFDict && !seen.has(item)) stack.push(item)
    }
  }
  push(root.get(K))
  while (stack.length > 0) {
    const k = stack.pop()!
    if (seen.has(k)) continue
    const type = deref(doc, k.get(TYPE))
    if (type instanceof PDFName && type !== STRUCT_ELEM) continue
    seen.add(k)
    elements.push(k)
    push(k.get(K))
  }
  return { roleMap: roleMap instanceof PDFDict ? roleMap : undefined, elements }
}

/** The names of a DeviceN array's colourants (index 1). */
const deviceNNames = (doc: PDFDocument, array: PDFArray): PDFObject[] => {
  const names = deref(doc, array.get(1))
  return names instanceof PDFArray ? names.asArray().map((n) => deref(doc, n) ?? n) : []
}

/** Every colourant and structure type name that is not UTF-8, once per name and object. */
export function nonUtf8Names(doc: PDFDocument): NameProblem[] {
  const out: NameProblem[] = []
  const seen = new Set<string>()
  // Names are interned: a tree of thousands of elements has a few types, each judged once.
  const judged = new Map<PDFName, boolean>()
  const isUtf8 = (name: PDFName): boolean => {
    let ok = judged.get(name)
    if (ok === undefined) judged.set(name, (ok = isUtf8Name(name)))
    return ok
  }
  const add = (p: NameProblem): void => {
    const key = `${p.kind} ${p.name.asString()} ${p.where}`
    if (seen.has(key)) return
    seen.add(key)
    out.push(p)
  }
  const { separations, deviceN } = colourSpaces(doc)
  // DeviceN first: a /Colorants Separation inside a DeviceN's object is reported with it.
  for (const { array, where: at } of deviceN) {
    for (const name of deviceNNames(doc, array)) if (name instanceof PDFName && !isUtf8(name)) add({ kind: 'colourant', name, where: at, family: 'DeviceN' })
  }
  for (const { array, where: at } of separations) {
    const name = deref(doc, array.get(1))
    if (name instanceof PDFName && !isUtf8(name)) add({ kind: 'colourant', name, where: at, family: 'Separation' })
  }
  const { roleMap, elements } = structure(doc)
  for (const element of elements) {
    const s = deref(doc, element.get(S))
    if (s instanceof PDFName && !isUtf8(s)) add({ kind: 'structure', name: s, where: `structure element ${where(doc, element, 'in the structure tree')}` })
  }
  if (roleMap !== undefined) {
    for (const [key, value] of roleMap.entries()) {
      const v = deref(doc, value)
      for (const name of v instanceof PDFName ? [key, v] : []) if (!isUtf8(name)) add({ kind: 'structure', name, where: 'the structure tree root /RoleMap' })
    }
  }
  return out
}

/** A UTF-8-safe name for `name`, unlike every name in `taken` (which it joins). */
function renamed(name: PDFName, taken: Set<string>): PDFName {
  const base = utf8SafeName(name)
  let text = base
  for (let i = 2; taken.has(text); i++) text = `${base}_${i}`
  taken.add(text)
  return PDFName.of(text)
}

/** Replaces the names of `map` among the keys and values of `o` (dictionaries and arrays; streams are not entered). */
function replaceIn(doc: PDFDocument, o: PDFObject | undefined, map: ReadonlyMap<PDFName, PDFName>, seen: Set<PDFObject>, depth = 0): number {
  const v = deref(doc, o)
  if (v === undefined || depth > MAX_DEPTH || seen.has(v)) return 0
  let changed = 0
  if (v instanceof PDFArray) {
    seen.add(v)
    for (let i = 0; i < v.size(); i++) {
      const item = v.get(i)
      const to = item instanceof PDFName ? map.get(item) : undefined
      if (to !== undefined) {
        v.set(i, to)
        changed++
      } else changed += replaceIn(doc, item, map, seen, depth + 1)
    }
  } else if (v instanceof PDFDict) {
    seen.add(v)
    for (const [key, value] of v.entries()) {
      const to = map.get(key)
      if (to !== undefined) {
        v.delete(key)
        v.set(to, value)
        changed++
      }
      const toValue = value instanceof PDFName ? map.get(value) : undefined
      if (toValue !== undefined) {
        v.set(to ?? key, toValue)
        changed++
      } else changed += replaceIn(doc, value, map, seen, depth + 1)
    }
  }
  return changed
}

/**
 * pdf2pdfa's repair: each colourant or structure type name that is not UTF-8 gets its non-ASCII
 * bytes replaced by `_` (a suffix keeps it apart from the names already there), the same new name
 * wherever the old one appears: colourants in every Separation and DeviceN array and its attributes
 * (/Colorants keys, /Process /Components, mixing hints), structure types in every element's /S and
 * the /RoleMap's keys and values. @returns how many names were replaced.
 */
export function renameNonUtf8Names(doc: PDFDocument): number {
  const problems = nonUtf8Names(doc)
  if (problems.length === 0) return 0
  let changed = 0
  const { separations, deviceN } = colourSpaces(doc)
  const colourants = problems.filter((p) => p.kind === 'colourant').map((p) => p.name)
  if (colourants.length > 0) {
    const taken = new Set<string>()
    for (const { array } of separations) {
      const n = deref(doc, array.get(1))
      if (n instanceof PDFName) taken.add(n.decodeText())
    }
    for (const { array } of deviceN) for (const n of deviceNNames(doc, array)) if (n instanceof PDFName) taken.add(n.decodeText())
    const map = new Map<PDFName, PDFName>()
    for (const name of colourants) if (!map.has(name)) map.set(name, renamed(name, taken))
    const seen = new Set<PDFObject>()
    for (const { array } of separations) {
      const to = map.get(deref(doc, array.get(1)) as PDFName)
      if (to !== undefined) {
        array.set(1, to)
        changed++
      }
      // The alternate and tint transform (2, 3) hold no colourant names.
    }
    for (const { array } of deviceN) {
      changed += replaceIn(doc, array.get(1), map, seen)
      if (array.size() > 4) changed += replaceIn(doc, array.get(4), map, seen)
    }
  }
  const types = problems.filter((p) => p.kind === 'structure').map((p) => p.name)
  if (types.length > 0) {
    const { roleMap, elements } = structure(doc)
    const taken = new Set<string>()
    for (const element of elements) {
      const s = deref(doc, element.get(S))
      if (s instanceof PDFName) taken.add(s.decodeText())
    }
    for (const [key, value] of roleMap?.entries() ?? []) {
      taken.add(key.decodeText())
      const v = deref(doc, value)
      if (v instanceof PDFName) taken.add(v.decodeText())
    }
    const map = new Map<PDFName, PDFName>()
    for (const name of types) if (!map.has(name)) map.set(name, renamed(name, taken))
    for (const element of elements) {
      const to = map.get(deref(doc, element.get(S)) as PDFName)
      if (to !== undefined) {
        element.set(S, to)
        changed++
      }
    }
    if (roleMap !== undefined) changed += replaceIn(doc, roleMap, map, new Set())
  }
  return changed
}
