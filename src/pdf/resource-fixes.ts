/**
 * pdf2pdfa's repair for ISO 19005-3 6.2.2: every content stream must carry the resources it names
 * in its own /Resources. A page that inherits /Resources from the page tree gets them on itself;
 * a form XObject, tiling pattern or Type 3 font without /Resources that pages draw directly, all
 * with one resource dictionary, gets that dictionary — the one its names resolved to before, so
 * nothing renders differently. One drawn from pages with different resources, or from inside
 * another form (readers disagree on which resources it borrows), is left alone and still reported.
 * @module
 */
import { PDFDict, type PDFDocument, PDFName, type PDFObject, PDFNumber, PDFStream } from '@cantoo/pdf-lib'
import { pageResources } from './walk.js'

/** Deeper nesting than this is not followed (the validator stops at the same kind of bound). */
const MAX_DEPTH = 32

/** A content-bearing object: the dictionary that would hold /Resources. */
function contentDict(doc: PDFDocument, value: PDFObject | undefined, category: string): PDFDict | undefined {
  const object = value === undefined ? undefined : doc.context.lookup(value)
  if (category === 'XObject') return object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Form') ? object.dict : undefined
  if (category === 'Pattern') {
    const type = object instanceof PDFStream ? object.dict.lookup(PDFName.of('PatternType')) : undefined
    return type instanceof PDFNumber && type.asNumber() === 1 ? (object as PDFStream).dict : undefined
  }
  return object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('Type3') ? object : undefined
}

/** @returns the number of objects given their own /Resources. */
export function fixInheritedResources(doc: PDFDocument): number {
  let changed = 0
  // Which page resources each resource-less object borrows; null once two pages disagree.
  const borrowed = new Map<PDFDict, PDFDict | null>()
  const visit = (resources: PDFDict, pageRes: PDFDict | null, depth: number, seen: Set<PDFDict>): void => {
    if (depth > MAX_DEPTH) return
    for (const category of ['XObject', 'Pattern', 'Font']) {
      const dict = resources.lookup(PDFName.of(category))
      if (!(dict instanceof PDFDict)) continue
      for (const [, value] of dict.entries()) {
        const target = contentDict(doc, value, category)
        if (target === undefined || seen.has(target)) continue
        seen.add(target)
        const own = target.lookup(PDFName.of('Resources'))
        if (own instanceof PDFDict) visit(own, null, depth + 1, seen)
        else {
          const before = borrowed.get(target)
          borrowed.set(target, pageRes !== null && (before === undefined || before === pageRes) ? pageRes : null)
        }
      }
    }
  }
  // Page objects are found by type, not through pdf-lib's page tree, which a damaged /Pages breaks.
  for (const [, node] of doc.context.enumerateIndirectObjects()) {
    if (!(node instanceof PDFDict) || node.get(PDFName.of('Type')) !== PDFName.of('Page')) continue
    const resources = pageResources(node)
    if (resources === undefined) continue
    if (!(node.lookup(PDFName.of('Resources')) instanceof PDFDict)) {
      node.set(PDFName.of('Resources'), resources)
      changed++
    }
    visit(resources, resources, 0, new Set())
  }
  for (const [target, resources] of borrowed) {
    if (resources === null) continue
    target.set(PDFName.of('Resources'), resources)
    changed++
  }
  return changed
}
