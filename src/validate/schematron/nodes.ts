/**
 * Node navigation for the schematron XPath subset: the document node, attributes as light nodes
 * (one object per attribute, so identity works), axes over `XmlElement`, document order.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { lastDocumentCache, rootOf } from '../syntax/doc-index.js'
import { elementsByLocal } from '../syntax/paths.js'
import type { NameTest, Step } from './ast.js'
import { type AttrNode, type DocNode, type Node, isElement } from './values.js'

/** What this module keeps per document: its document node, attribute nodes and document order. */
type DocState = { doc: DocNode; attributes: Map<XmlElement, AttrNode[]>; order: Map<XmlElement, number> | undefined }

/**
 * Kept for the last document only (see `lastDocumentCache`): WeakMaps keyed by the root and by
 * elements kept every document's tree alive through V8's young-generation collections, so each
 * tree was copied and promoted to the old generation. A document visited again gets new nodes;
 * evaluation states hold the document node they were made for and are renewed with it.
 */
const stateOf = lastDocumentCache((root): DocState => ({ doc: { t: 'doc', root }, attributes: new Map(), order: undefined }))

/** The document node of the tree `el` belongs to (one object per tree, so identity works). */
export function documentOf(el: XmlElement): DocNode {
  return stateOf(rootOf(el)).doc
}

/** The attribute nodes of an element (built once per element, so identity works). */
export function attributesOf(el: XmlElement): AttrNode[] {
  const attributes = stateOf(rootOf(el)).attributes
  let list = attributes.get(el)
  if (list === undefined) {
    list = el.attributes.map((a) => ({ t: 'attr', owner: el, local: a.local, ns: a.ns, value: a.value }))
    attributes.set(el, list)
  }
  return list
}

export function orderOf(doc: DocNode): Map<XmlElement, number> {
  const state = stateOf(doc.root)
  let order = state.order
  if (order === undefined) {
    order = new Map()
    let n = 0
    const walk = (e: XmlElement): void => {
      ;(order as Map<XmlElement, number>).set(e, n++)
      for (const c of e.children) walk(c)
    }
    walk(doc.root)
    state.order = order
  }
  return order
}

export function sortKey(n: Node, order: Map<XmlElement, number>): number {
  if (isElement(n)) return (order.get(n) ?? 0) * 1024
  if (n.t === 'doc') return -1
  return (order.get(n.owner) ?? 0) * 1024 + 1 + attributesOf(n.owner).indexOf(n)
}

function parentOf(n: Node, doc: DocNode): Node | undefined {
  if (isElement(n)) return n.parent ?? doc
  return n.t === 'attr' ? n.owner : undefined
}

function nameMatches(el: { ns: string; local: string }, test: NameTest): boolean {
  return (test.local === undefined || el.local === test.local) && (test.ns === undefined || el.ns === test.ns)
}

function descendants(n: Node, out: Node[]): void {
  const kids = isElement(n) ? n.children : n.t === 'doc' ? [n.root] : []
  for (const k of kids) {
    out.push(k)
    descendants(k, out)
  }
}

export function axisNodes(n: Node, step: Step & { kind: 'axis' }, doc: DocNode): Node[] {
  const test = step.test
  const el = (x: Node): boolean => isElement(x) && (test === 'node' || nameMatches(x, test))
  switch (step.axis) {
    case 'child': {
      if (isElement(n)) return test === 'node' ? n.children : n.children.filter((c) => nameMatches(c, test))
      return n.t === 'doc' && el(n.root) ? [n.root] : []
    }
    case 'attribute':
      return isElement(n) ? attributesOf(n).filter((a) => test === 'node' || nameMatches(a, test)) : []
    case 'self':
      return test === 'node' || (isElement(n) && nameMatches(n, test)) ? [n] : []
    case 'parent': {
      const p = parentOf(n, doc)
      return p !== undefined && (test === 'node' || el(p)) ? [p] : []
    }
    case 'ancestor':
    case 'ancestor-or-self': {
      const out: Node[] = []
      let p: Node | undefined = step.axis === 'ancestor' ? parentOf(n, doc) : n
      while (p !== undefined) {
        if (test === 'node' || el(p)) out.push(p)
        p = parentOf(p, doc)
      }
      return out.reverse()
    }
    case 'descendant':
    case 'descendant-or-self': {
      const all: Node[] = step.axis === 'descendant-or-self' ? [n] : []
      descendants(n, all)
      return test === 'node' ? all : all.filter(el)
    }
  }
}

/** `//name` from the document node through the per-document index instead of a full walk. */
export function indexedDescendants(doc: DocNode, step: Step & { kind: 'axis' }): Node[] | undefined {
  const test = step.test
  if (step.axis !== 'child' || test === 'node' || test.local === undefined) return undefined
  const out: Node[] = nameMatches(doc.root, test) ? [doc.root] : []
  for (const e of elementsByLocal(doc.root).get(test.local) ?? []) if (test.ns === undefined || e.ns === test.ns) out.push(e)
  return out
}

