/**
 * pdf2pdfa's in-place repairs of page annotations (ISO 19005-3 6.3): annotations of a type PDF/A
 * forbids (3D, Sound, Screen, Movie, types ISO 32000-1 does not define, none) leave their page's
 * /Annots, and appearance dictionaries keep only their normal appearance /N. Entries of /Annots
 * that are no dictionary (null, or a reference to an object the file does not have, as pdf-lib's
 * form flattening leaves behind) are dropped too: they show nothing, and poppler reports each
 * missing object as a syntax error.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { PDFA_ANNOTATION_SUBTYPES } from './pdfa-facts.js'
import { deref } from './walk.js'

/** Objects looked at below one annotation before it is kept as too large to judge. */
const MAX_ANNOTATION_OBJECTS = 10_000

/**
 * Whether an embedded file could be lost with the annotation: a file specification with /EF
 * written directly inside it (indirect ones are found by the attachment scan and listed in /AF
 * before this runs). Unknown (too many objects) counts as yes.
 */
function holdsDirectFile(doc: PDFDocument, annot: PDFDict): boolean {
  const seen = new Set<PDFObject>()
  const stack: PDFObject[] = [annot]
  while (stack.length > 0) {
    const item = stack.pop()!
    const object = item instanceof PDFRef ? doc.context.lookup(item) : item
    if (object === undefined || seen.has(object)) continue
    seen.add(object)
    if (seen.size > MAX_ANNOTATION_OBJECTS) return true
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined
    if (dict !== undefined) {
      if (dict.get(PDFName.of('EF')) !== undefined && doc.context.getObjectRef(dict) === undefined) return true
      // /P (the page) and /Parent lead back into the document, not into what the annotation holds.
      for (const [key, value] of dict.entries()) if (key !== PDFName.of('P') && key !== PDFName.of('Parent')) stack.push(value)
    } else if (object instanceof PDFArray) stack.push(...object.asArray())
  }
  return false
}

/**
 * 6.3.1 and 6.3.3. @returns the number of objects changed; `warnings` gets one line per removed
 * annotation (what it was, on which page).
 */
export function fixAnnotations(doc: PDFDocument, warnings: string[]): number {
  let pages: ReturnType<PDFDocument['getPages']>
  try {
    pages = doc.getPages()
  } catch {
    return 0 // A damaged page tree is refused elsewhere.
  }
  let changed = 0
  const done = new Set<PDFArray>()
  pages.forEach((page, index) => {
    const annots = deref(doc, page.node.get(PDFName.of('Annots')))
    if (!(annots instanceof PDFArray) || done.has(annots)) return
    done.add(annots)
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = deref(doc, annots.get(i))
      if (!(annot instanceof PDFDict)) {
        annots.remove(i)
        changed++
        continue
      }
      const found = deref(doc, annot.get(PDFName.of('Subtype')))
      const subtype = found instanceof PDFName ? found.decodeText() : undefined
      if (subtype === undefined || !PDFA_ANNOTATION_SUBTYPES.has(subtype)) {
        // It plays media, shows a 3D scene or is of no known type: nothing a PDF/A reader may show.
        if (holdsDirectFile(doc, annot)) continue
        annots.remove(i)
        warnings.push(`removed ${subtype === undefined ? 'an annotation without a type' : `a ${subtype} annotation`} from page ${index + 1}: PDF/A-3 forbids that annotation type (ISO 19005-3 6.3.1)`)
        changed++
        continue
      }
      changed += trimAppearance(doc, annot)
    }
  })
  return changed
}

/** 6.3.3: /D (down) and /R (rollover) only change what a pointer does to the annotation; /N is what it shows and prints. */
function trimAppearance(doc: PDFDocument, annot: PDFDict): number {
  const ap = deref(doc, annot.get(PDFName.of('AP')))
  if (!(ap instanceof PDFDict) || ap instanceof PDFStream || ap.get(PDFName.of('N')) === undefined) return 0
  let changed = 0
  for (const key of ap.keys()) {
    if (key === PDFName.of('N')) continue
    ap.delete(key)
    changed++
  }
  return changed
}
