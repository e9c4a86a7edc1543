/**
 * ISO 19005-3 6.2.4.4 repairs of a DeviceN's `/Colorants` dictionary: after Ghostscript, its
 * Separation arrays made identical to the painted Separations of the same colourant
 * (`alignColorantSeparations`); in place, missing entries filled in (`fillMissingColorants`).
 *
 * Ghostscript 10 (pdfwrite, `-sColorConversionStrategy=RGB`) converts every Separation and DeviceN
 * space it paints with to a DeviceRGB alternate with a new tint transform, but copies a DeviceN's
 * attributes dictionary as it found it: its `/Colorants` Separations keep the original alternate
 * (e.g. DeviceGray) and function, so the file has two Separations of one name that differ, whatever
 * the name. It also lists those `/Colorants` arrays among the page's colour space resources,
 * without painting with them.
 *
 * Why rewriting them is safe for rendering: a DeviceN is painted through its own alternate space
 * and tint transform (or the device's own colourants); the `/Colorants` Separations only describe
 * what each colourant looks like alone (ISO 32000-1 8.6.6.5), for previews and separations, and
 * the painted Separation of that name is Ghostscript's converted description of the very same
 * colourant. Only `/Colorants` arrays are rewritten, and only when every Separation of that name
 * outside `/Colorants` agrees (or there is none, then the first `/Colorants` one is the model):
 * two painted Separations that differ are the input's own inconsistency and are left to refuse.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { type Separation, attributeDict, colourSpaces, missingColourants, same } from './spot-colours.js'
import { streamBytes } from './streams.js'

type Entry = { array: PDFArray; described: boolean }

/** A copy of a direct object for a second parent (references are shared as they are). */
const copyFor = (doc: PDFDocument, o: PDFObject | undefined): PDFObject | undefined => (o === undefined || o instanceof PDFRef ? o : o.clone(doc.context))

/** @returns the number of `/Colorants` Separation arrays rewritten. */
export function alignColorantSeparations(doc: PDFDocument): number {
  const { separations, deviceN } = colourSpaces(doc)
  if (separations.length < 2 || deviceN.length === 0) return 0
  // The Separation arrays held by /Colorants dictionaries (the same array objects colourSpaces found).
  const described = new Set<PDFArray>()
  for (const { array } of deviceN) {
    const colourants = attributeDict(doc, array, 'Colorants')
    for (const value of colourants?.values() ?? []) {
      const v = value instanceof PDFRef ? doc.context.lookup(value) : value
      if (v instanceof PDFArray) described.add(v)
    }
  }
  if (described.size === 0) return 0
  const byName = new Map<string, Entry[]>()
  const seen = new Set<PDFArray>()
  for (const s of separations) {
    // An array reached twice (e.g. a /Colorants value that is also a resource) counts once.
    if (seen.has(s.array)) continue
    seen.add(s.array)
    const list = byName.get(s.name) ?? byName.set(s.name, []).get(s.name)!
    list.push({ array: s.array, described: described.has(s.array) })
  }
  let changed = 0
  for (const list of byName.values()) {
    const painted = list.filter((e) => !e.described)
    const model = painted[0] ?? list[0]!
    if (!painted.every((e) => sameSeparation(doc, e.array, model.array))) continue
    for (const { array } of list) {
      if (array === model.array || sameSeparation(doc, array, model.array)) continue
      array.set(2, copyFor(doc, model.array.get(2))!)
      array.set(3, copyFor(doc, model.array.get(3))!)
      changed++
    }
  }
  return changed
}

const sameSeparation = (doc: PDFDocument, a: PDFArray, b: PDFArray): boolean => same(doc, a.get(2), b.get(2)) && same(doc, a.get(3), b.get(3))

/** Sample grids larger than this are not sliced (a hostile /Size must not cost time or memory). */
const MAX_SAMPLES = 1 << 20

const numbers = (o: PDFObject | undefined): number[] | undefined => {
  if (!(o instanceof PDFArray)) return undefined
  const out = o.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : Number.NaN))
  return out.every(Number.isFinite) ? out : undefined
}

/**
 * A one-input tint transform for colourant `i` of an `n`-input DeviceN tint transform, the other
 * colourants at 0: the colourant painted alone, as a /Colorants Separation describes it. A
 * PostScript calculator function gets zeros pushed around its input; a sampled one (what
 * Ghostscript writes) is sliced along axis `i` when 0 on the other axes falls on a sample (8 or
 * 16 bits per sample). Anything else: undefined.
 */
function colourantAlone(doc: PDFDocument, tint: PDFObject | undefined, i: number, n: number): PDFObject | undefined {
  if (n === 1) return tint
  const fn = tint instanceof PDFRef ? doc.context.lookup(tint) : tint
  if (!(fn instanceof PDFStream)) return undefined
  const type = fn.dict.lookup(PDFName.of('FunctionType'))
  const domain = numbers(fn.dict.lookup(PDFName.of('Domain')))
  const range = fn.dict.lookup(PDFName.of('Range'))
  if (!(type instanceof PDFNumber) || domain === undefined || domain.length !== 2 * n || !(range instanceof PDFArray)) return undefined
  let data: Uint8Array
  try {
    data = streamBytes(fn, 'tint transform')
  } catch {
    return undefined
  }
  const base = { Domain: [domain[2 * i]!, domain[2 * i + 1]!], Range: range.clone(doc.context) }
  if (type.asNumber() === 4) {
    const text = new TextDecoder('latin1').decode(data)
    const [open, close] = [text.indexOf('{'), text.lastIndexOf('}')]
    if (open < 0 || close <= open) return undefined
    // With t on the stack: i zeros, t rolled above them, then the n-1-i zeros after it.
    const before = i === 0 ? '' : `${'0 '.repeat(i)}${i + 1} -1 roll `
    const program = `{ ${before}${'0 '.repeat(n - 1 - i)}${text.slice(open + 1, close).trim()} }`
    return doc.context.register(doc.context.stream(program, { FunctionType: 4, ...base }))
  }
  if (type.asNumber() !== 0) return undefined
  const size = numbers(fn.dict.lookup(PDFName.of('Size')))
  const bits = fn.dict.lookup(PDFName.of('BitsPerSample'))
  const outputs = range.size() / 2
  const encode = numbers(fn.dict.lookup(PDFName.of('Encode'))) ?? size?.flatMap((s) => [0, s - 1])
  if (size === undefined || size.length !== n || encode?.length !== 2 * n || !(bits instanceof PDFNumber) || ![8, 16].includes(bits.asNumber())) return undefined
  if (!size.every((s) => Number.isInteger(s) && s >= 1) || size.reduce((a, b) => a * b, 1) > MAX_SAMPLES) return undefined
  const bytesPerSample = (outputs * bits.asNumber()) / 8
  // The grid index of input 0 on every other axis (clipped to its domain, then encoded).
  let offset = 0
  let stride = 1
  let step = 0
  for (let k = 0; k < n; k++) {
    const [d0, d1, e0, e1] = [domain[2 * k]!, domain[2 * k + 1]!, encode[2 * k]!, encode[2 * k + 1]!]
    if (k === i) step = stride
    else {
      const x = Math.min(Math.max(0, d0), d1)
      const e = d1 === d0 ? e0 : e0 + ((x - d0) * (e1 - e0)) / (d1 - d0)
      const index = Math.min(Math.max(e, 0), size[k]! - 1)
      if (Math.abs(index - Math.round(index)) > 1e-9) return undefined
      offset += Math.round(index) * stride
    }
    stride *= size[k]!
  }
  if (stride * bytesPerSample > data.length) return undefined
  const samples = new Uint8Array(size[i]! * bytesPerSample)
  for (let j = 0; j < size[i]!; j++) samples.set(data.subarray((offset + j * step) * bytesPerSample, (offset + j * step + 1) * bytesPerSample), j * bytesPerSample)
  const decode = fn.dict.lookup(PDFName.of('Decode'))
  const order = fn.dict.lookup(PDFName.of('Order'))
  return doc.context.register(
    doc.context.flateStream(samples, {
      FunctionType: 0, ...base, Size: [size[i]!], BitsPerSample: bits.asNumber(), Encode: [encode[2 * i]!, encode[2 * i + 1]!],
      ...(decode instanceof PDFArray ? { Decode: decode.clone(doc.context) } : {}), ...(order instanceof PDFNumber ? { Order: order.asNumber() } : {}),
    }),
  )
}

/**
 * 6.2.4.4, a DeviceN's spot colourant without a /Colorants entry gets one: the Separation of that
 * name the file already has (when all of them agree), else one built from the DeviceN's own
 * alternate space and tint transform with the other colourants at 0. /Colorants entries are not
 * painted (see above), so nothing drawn changes; a colourant neither way can describe is left.
 * @returns the number of entries added.
 */
export function fillMissingColorants(doc: PDFDocument): number {
  const { separations, deviceN } = colourSpaces(doc)
  const byName = new Map<string, Separation[]>()
  for (const s of separations) (byName.get(s.name) ?? byName.set(s.name, []).get(s.name)!).push(s)
  // Entries built here (undefined: none can be), so that two DeviceN spaces missing one colourant get the same Separation.
  const made = new Map<string, PDFObject | undefined>()
  const failed = new Set<string>()
  let added = 0
  for (const { array } of deviceN) {
    const missing = missingColourants(doc, array)
    const names = doc.context.lookup(array.get(1))
    if (missing.length === 0 || !(names instanceof PDFArray)) continue
    // Made only when an entry can be added, and refused when the attributes are not a dictionary.
    let target: PDFDict | undefined | null = null
    const all = names.asArray().map((o) => (o instanceof PDFName ? o.decodeText() : ''))
    for (const name of missing) {
      let entry: PDFObject | undefined
      const known = byName.get(name) ?? []
      const model = known[0]
      if (model !== undefined) {
        if (!made.has(name)) made.set(name, known.every((s) => sameSeparation(doc, s.array, model.array)) ? model.array : undefined)
        entry = made.get(name)
        if (entry === undefined) continue
        entry = doc.context.obj([PDFName.of('Separation'), PDFName.of(name), copyFor(doc, model.alternate)!, copyFor(doc, model.tint)!])
      } else {
        entry = made.get(name)
        // A tint transform that could not be sliced for this colourant is not tried again.
        const key = `${String(array.get(3))} ${all.indexOf(name)} ${all.length}`
        if (entry === undefined && !failed.has(key)) {
          const tint = colourantAlone(doc, array.get(3), all.indexOf(name), all.length)
          if (tint === undefined) failed.add(key)
          else made.set(name, (entry = doc.context.register(doc.context.obj([PDFName.of('Separation'), PDFName.of(name), copyFor(doc, array.get(2))!, copyFor(doc, tint)!]))))
        }
        if (entry === undefined) continue
      }
      if (target === null) target = colorantsFor(doc, array)
      if (target === undefined) break
      target.set(PDFName.of(name), entry)
      added++
    }
  }
  return added
}

/** The DeviceN's /Colorants dictionary, made when missing (and the attributes with it); undefined when the attributes are not a dictionary. */
function colorantsFor(doc: PDFDocument, array: PDFArray): PDFDict | undefined {
  const existing = attributeDict(doc, array, 'Colorants')
  if (existing !== undefined) return existing
  if (array.size() === 4) array.push(doc.context.obj({}))
  const attributes = doc.context.lookup(array.get(4))
  if (!(attributes instanceof PDFDict) || attributes.get(PDFName.of('Colorants')) !== undefined) return undefined
  const colorants = doc.context.obj({})
  attributes.set(PDFName.of('Colorants'), colorants)
  return colorants
}
