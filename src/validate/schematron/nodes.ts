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

/** What this module keeps per document: its document node and attribute nodes. */
type DocState = { doc: DocNode; attributes: Map<XmlElement, AttrNode[]> }

/**
 * Kept for the last document only (see `lastDocumentCache`): WeakMaps keyed by the root and by
 * elements kept every document's tree alive through V8's young-generation collections, so each
 * tree was copied and promoted to the old generation. A document visited again gets new nodes;
 * evaluation states hold the document node they were made for and are renewed with it.
 */
const stateOf = lastDocumentCache((root): DocState => ({ doc: { t: 'doc', root }, attributes: new Map() }))

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

/**
 * Document order of two nodes of one parsed tree: negative when `a` comes first, 0 for the same
 * node. The document node comes first, then each element followed by its attributes. Elements are
 * ordered by their start tag's line and column: the parser gives each its own position in the
 * text (no DTD, so no markup from entities), which is document order. This replaces a map of
 * every element's index, built by a walk over the whole document for the first union or
 * unordered step of a run (~3 % of a Factur-X EN 16931 validation).
 */
export function compareOrder(a: Node, b: Node): number {
  const ea = isElement(a) ? a : a.t === 'attr' ? a.owner : undefined
  const eb = isElement(b) ? b : b.t === 'attr' ? b.owner : undefined
  if (ea !== eb) {
    if (ea === undefined) return -1
    if (eb === undefined) return 1
    return ea.line - eb.line || ea.column - eb.column
  }
  return rank(a) - rank(b)
}

/** Place among the nodes of one element: the element, then its attributes in order (the document node alone). */
function rank(n: Node): number {
  if (isElement(n)) return 0
  return n.t === 'attr' ? 1 + attributesOf(n.owner).indexOf(n) : -1
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

