/**
 * Visiting every dictionary of a PDF, including the direct ones nested inside indirect objects,
 * without following references (each indirect object is visited once, so cycles cannot loop).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'

/** Nesting depth of direct objects beyond which a file is treated as hostile and not descended. */
const MAX_DIRECT_DEPTH = 64

/** The object a reference points to, or the object itself when it is direct. */
export function deref(doc: PDFDocument, o: PDFObject | undefined): PDFObject | undefined {
  return o instanceof PDFRef ? doc.context.lookup(o) : o
}

export type DictVisitor = (dict: PDFDict, owner: PDFRef) => void

function visit(object: PDFObject, owner: PDFRef, visitor: DictVisitor, depth: number): void {
  if (depth > MAX_DIRECT_DEPTH) return
  if (object instanceof PDFStream) {
    visit(object.dict, owner, visitor, depth + 1)
  } else if (object instanceof PDFDict) {
    visitor(object, owner)
    for (const value of object.values()) visit(value, owner, visitor, depth + 1)
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) visit(value, owner, visitor, depth + 1)
  }
}

/** Calls `visitor` for every dictionary (stream dictionaries included) in the document. */
export function forEachDict(doc: PDFDocument, visitor: DictVisitor): void {
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) visit(object, ref, visitor, 0)
}

/** A page's /Resources, inherited through the page tree (ISO 32000-1 7.7.3.4); a cycle stops at 64. */
export function pageResources(page: PDFDict): PDFDict | undefined {
  let node: PDFDict | undefined = page
  for (let depth = 0; node !== undefined && depth < 64; depth++) {
    const r = node.lookup(PDFName.of('Resources'))
    if (r instanceof PDFDict) return r
    const parent: PDFObject | undefined = node.lookup(PDFName.of('Parent'))
    node = parent instanceof PDFDict ? parent : undefined
  }
  return undefined
}
