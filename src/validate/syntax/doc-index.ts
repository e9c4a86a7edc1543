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

const INDEX = new WeakMap<XmlElement, DocIndex>()

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
export function docIndex(root: XmlElement): DocIndex {
  const cached = INDEX.get(root)
  if (cached !== undefined) return cached
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
  INDEX.set(root, index)
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
