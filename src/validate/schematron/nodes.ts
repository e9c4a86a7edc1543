/**
 * Node navigation for the schematron XPath subset: the document node, attributes as light nodes
 * (one object per attribute, so identity works), axes over `XmlElement`, document order.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { elementsByLocal } from '../syntax/paths.js'
import type { NameTest, Step } from './ast.js'
import { type AttrNode, type DocNode, type Node, isElement } from './values.js'

const DOCS = new WeakMap<XmlElement, DocNode>()
const ATTRS = new WeakMap<XmlElement, AttrNode[]>()
const ORDER = new WeakMap<XmlElement, Map<XmlElement, number>>()

/** The document node of the tree `root` belongs to (one object per tree, so identity works). */
export function documentOf(el: XmlElement): DocNode {
  let root = el
  while (root.parent !== undefined) root = root.parent
  let doc = DOCS.get(root)
  if (doc === undefined) DOCS.set(root, (doc = { t: 'doc', root }))
  return doc
}

/** The attribute nodes of an element (built once per element, so identity works). */
export function attributesOf(el: XmlElement): AttrNode[] {
  let list = ATTRS.get(el)
  if (list === undefined) {
    list = el.attributes.map((a) => ({ t: 'attr', owner: el, local: a.local, ns: a.ns, value: a.value }))
    ATTRS.set(el, list)
  }
  return list
}

export function orderOf(doc: DocNode): Map<XmlElement, number> {
  let order = ORDER.get(doc.root)
  if (order === undefined) {
    order = new Map()
    let n = 0
    const walk = (e: XmlElement): void => {
      ;(order as Map<XmlElement, number>).set(e, n++)
      for (const c of e.children) walk(c)
    }
    walk(doc.root)
    ORDER.set(doc.root, order)
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

