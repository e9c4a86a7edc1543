/**
 * A per-document index of the XML tree, built once in one walk and shared by every layer that
 * asks document-wide questions (`//a/b`, `//@attr`): elements by local name and the elements
 * carrying each no-namespace attribute, both in document order. Cached per root element.
 * @module
 */
import type { XmlAttribute, XmlElement } from '../../xml/index.js'

export type DocIndex = {
  /** Descendants of the root (the root itself excluded) by local name, in document order. */
  byLocal: Map<string, XmlElement[]>
  /** Elements (root included) carrying a no-namespace attribute, by attribute name, in document order. */
  attributeOwners: Map<string, XmlElement[]>
  /** Memo of document-wide path results (keyed by the compiled path object). */
  memo: Map<object, unknown>
}

/**
 * A value per document, kept for the last document asked about only (documents are validated one
 * after the other; going back to an earlier one computes its value again).
 * Not a WeakMap keyed by the root: V8's young-generation collector treats a WeakMap entry whose
 * table is old as strong, so every document cached in one (its whole tree, reachable from the
 * root) was copied and promoted at each scavenge until the next full collection; on a batch of
 * XRechnung invoices that was ~2 MB promoted per scavenge and most of the collector's time.
 */
export function lastDocumentCache<T>(compute: (root: XmlElement) => T): (root: XmlElement) => T {
  let lastRoot: XmlElement | undefined
  let lastValue: T | undefined
  return (root) => {
    if (root !== lastRoot) {
      // Forget the previous document before computing: it must not outlive its validation.
      lastRoot = undefined
      lastValue = compute(root)
      lastRoot = root
    }
    return lastValue as T
  }
}

function addOwner(index: DocIndex, el: XmlElement): void {
  const attributes = el.attributes
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i] as XmlAttribute
    if (a.ns !== '') continue
    let list = index.attributeOwners.get(a.local)
    if (list === undefined) index.attributeOwners.set(a.local, (list = []))
    // An element lists once per attribute name (a duplicate attribute is a parse error anyway).
    if (list[list.length - 1] !== el) list.push(el)
  }
}

/** The index of the document whose root element is `root` (built on first use). */
export const docIndex: (root: XmlElement) => DocIndex = lastDocumentCache(buildIndex)

function buildIndex(root: XmlElement): DocIndex {
  const index: DocIndex = { byLocal: new Map(), attributeOwners: new Map(), memo: new Map() }
  addOwner(index, root)
  const stack: XmlElement[] = []
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i] as XmlElement)
  while (stack.length > 0) {
    const e = stack.pop() as XmlElement
    let list = index.byLocal.get(e.local)
    if (list === undefined) index.byLocal.set(e.local, (list = []))
    list.push(e)
    if (e.attributes.length > 0) addOwner(index, e)
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as XmlElement)
  }
  return index
}

/** The root element of `el`'s document. */
export function rootOf(el: XmlElement): XmlElement {
  let r = el
  while (r.parent !== undefined) r = r.parent
  return r
}

/** A document-wide value computed once per document and kept in its index. */
export function memoPerDocument<T>(key: object, root: XmlElement, compute: () => T): T {
  const memo = docIndex(root).memo
  if (memo.has(key)) return memo.get(key) as T
  const v = compute()
  memo.set(key, v)
  return v
}
