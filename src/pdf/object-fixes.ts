/**
 * pdf2pdfa's in-place repairs of entries PDF/A forbids on XObjects and the catalog, where what a
 * PDF viewer shows stays the same: OPI and alternate images (6.2.8), OPI, PostScript and reference
 * entries of form XObjects and PostScript XObjects (6.2.9), the catalog's /Requirements (6.11), and
 * a GTS_PDFA1 profile's /N that contradicts the profile (6.2.3).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, PDFStream } from '@cantoo/pdf-lib'
import { OUTPUT_PROFILE_COMPONENTS } from './icc-profiles.js'
import { ensureSrgbOutputIntent, findPdfaOutputIntent } from './output-intent.js'
import { streamBytes } from './streams.js'
import { forEachDict } from './walk.js'

const name = (dict: PDFDict, key: string): string | undefined => {
  const v = dict.lookup(PDFName.of(key))
  return v instanceof PDFName ? v.decodeText() : undefined
}

function drop(dict: PDFDict, keys: readonly string[]): number {
  let changed = 0
  for (const key of keys) {
    if (dict.get(PDFName.of(key)) === undefined) continue
    dict.delete(PDFName.of(key))
    changed++
  }
  return changed
}

/**
 * A PostScript XObject (ISO 32000-1 8.8.2) is only passed to PostScript printers; a viewer draws
 * nothing for it. An empty form XObject draws the same nothing and keeps `Do` resolvable.
 */
function emptyForm(doc: PDFDocument): PDFStream {
  return doc.context.stream(new Uint8Array(0), { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1] })
}

/** 6.2.8, 6.2.9, 6.11. @returns the number of objects changed. */
export function fixXObjectEntries(doc: PDFDocument): number {
  let changed = drop(doc.catalog, ['Requirements'])
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue
    const subtype = name(object.dict, 'Subtype')
    // /OPI names a high-resolution original for prepress, /Alternates images for other devices: the image itself is what is drawn.
    if (subtype === 'Image') changed += drop(object.dict, ['OPI', 'Alternates'])
    else if (subtype === 'Form') {
      // /PS and /Subtype2 /PS carry PostScript for PostScript printers, /Ref points at a page of another file the form stands in for.
      changed += drop(object.dict, ['OPI', 'PS', 'Ref'])
      if (name(object.dict, 'Subtype2') === 'PS') changed += drop(object.dict, ['Subtype2'])
    } else if (subtype === 'PS' && object.dict.get(PDFName.of('Type')) !== PDFName.of('EmbeddedFile')) {
      doc.context.assign(ref, emptyForm(doc))
      changed++
    }
  }
  // A PostScript XObject written directly into an /XObject resource dictionary (no stream at all).
  forEachDict(doc, (dict) => {
    const xobjects = dict.lookup(PDFName.of('XObject'))
    if (!(xobjects instanceof PDFDict)) return
    for (const [key, value] of xobjects.entries()) {
      if (value instanceof PDFDict && !(value instanceof PDFStream) && name(value, 'Subtype') === 'PS') {
        xobjects.set(key, doc.context.register(emptyForm(doc)))
        changed++
      }
    }
  })
  return changed
}

/** 6.2.3: the GTS_PDFA1 profile's /N restates the components of its colour space; a wrong one is corrected. */
export function fixOutputIntentComponents(doc: PDFDocument): number {
  const profile = findPdfaOutputIntent(doc)?.lookup(PDFName.of('DestOutputProfile'))
  if (!(profile instanceof PDFStream)) return 0
  const n = profile.dict.lookup(PDFName.of('N'))
  let icc: Uint8Array
  try {
    icc = streamBytes(profile, 'ICC profile of the OutputIntent')
  } catch {
    return 0 // An unreadable profile is a finding Ghostscript's own intent replaces.
  }
  if (icc.length < 128) return 0
  const space = String.fromCharCode(...icc.subarray(16, 20))
  const want = Object.hasOwn(OUTPUT_PROFILE_COMPONENTS, space) ? OUTPUT_PROFILE_COMPONENTS[space] : undefined
  if (want === undefined || n?.toString() === String(want)) return 0
  profile.dict.set(PDFName.of('N'), PDFNumber.of(want))
  return 1
}

/**
 * 6.2.3: all OutputIntents share one profile. Another intent (GTS_PDFX …) whose profile has the
 * same bytes as the GTS_PDFA1 one is pointed at that one; one with a different profile is removed,
 * with a warning: the GTS_PDFA1 intent is the one PDF/A readers use, so nothing shown changes.
 */
export function unifyOutputIntents(doc: PDFDocument, warnings: string[]): number {
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'))
  if (!(intents instanceof PDFArray) || intents.size() === 0) return 0
  // The GTS_PDFA1 intent the metadata step would add (sharing another intent's profile when PDF/A accepts it), added now to compare with.
  ensureSrgbOutputIntent(doc)
  const pdfa = findPdfaOutputIntent(doc)
  const ref = pdfa?.get(PDFName.of('DestOutputProfile'))
  const profile = pdfa?.lookup(PDFName.of('DestOutputProfile'))
  if (ref === undefined || !(profile instanceof PDFStream)) return 0
  const bytes = (stream: PDFStream): Uint8Array | undefined => {
    try {
      return streamBytes(stream, 'ICC profile of an OutputIntent')
    } catch {
      return undefined
    }
  }
  const own = bytes(profile)
  let changed = 0
  for (let i = intents.size() - 1; i >= 0; i--) {
    const intent = intents.lookup(i)
    if (!(intent instanceof PDFDict) || intent === pdfa) continue
    const other = intent.get(PDFName.of('DestOutputProfile'))
    if (other === undefined || other.toString() === ref.toString()) continue
    const stream = intent.lookup(PDFName.of('DestOutputProfile'))
    const data = stream instanceof PDFStream ? bytes(stream) : undefined
    if (own !== undefined && data !== undefined && Buffer.from(own).equals(data)) intent.set(PDFName.of('DestOutputProfile'), ref)
    else {
      intents.remove(i)
      const s = intent.lookup(PDFName.of('S'))
      warnings.push(`removed the ${s instanceof PDFName ? s.decodeText() : 'untyped'} OutputIntent: its profile differs from the PDF/A one, and PDF/A-3 wants one profile for all (ISO 19005-3 6.2.3)`)
    }
    changed++
  }
  return changed
}
