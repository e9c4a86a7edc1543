/**
 * The plain child paths of one rule context counted together. Most count rows of the Factur-X and
 * Order-X tables test a path like `ram:ID`, `ram:A/ram:B`, `@format`, `ram:A/@schemeID` or `.`;
 * evaluated one by one, each row is a guarded call into compiled XPath that walks the same children
 * again. Here the paths of a context are merged into a trie (namespace URI and local name, as the
 * XPath parser resolved them) and one walk over the element's children counts them all, keeping
 * the string value of each path's first node for the code-list rows.
 * @module
 */
import type { XmlAttribute, XmlElement } from '../../xml/index.js'
import type { Expr } from './ast.js'
import { elementString } from './values.js'

type Name = { readonly ns: string; readonly local: string }

/** A relative path of named child steps, optionally ending in a named attribute; `.` has no steps. */
export type ChildPath = { readonly steps: readonly Name[]; readonly attr: Name | undefined }

const SELF: ChildPath = { steps: [], attr: undefined }

/**
 * The parsed expression as a child path when it is exactly one: `.` (self::node()), or child steps
 * with a namespace and a local name and no predicates, the last one possibly an attribute step.
 * Anything else (wildcards, predicates, other axes, functions) is left to compiled XPath.
 */
export function childPathOf(e: Expr): ChildPath | undefined {
  if (e.kind !== 'path' || e.root !== 'none' || e.steps.length === 0) return undefined
  const steps: Name[] = []
  let attr: Name | undefined
  for (let i = 0; i < e.steps.length; i++) {
    const s = e.steps[i]
    if (s === undefined || s.kind !== 'axis' || s.predicates.length > 0) return undefined
    if (s.axis === 'self' && s.test === 'node' && e.steps.length === 1) return SELF
    if (s.test === 'node' || s.test.ns === undefined || s.test.local === undefined) return undefined
    const name = { ns: s.test.ns, local: s.test.local }
    if (s.axis === 'child') steps.push(name)
    else if (s.axis === 'attribute' && i === e.steps.length - 1) attr = name
    else return undefined
  }
  return { steps, attr }
}

type TrieNode = {
  /** Child steps by local name; each entry is [namespace URI, node]. */
  byLocal: Map<string, [ns: string, node: TrieNode][]>
  /** Path indices whose element part ends here (the element itself is selected). */
  ends: number[]
  /** Path indices ending in an attribute of this element. */
  attrEnds: [ns: string, local: string, index: number][]
}

const newNode = (): TrieNode => ({ byLocal: new Map(), ends: [], attrEnds: [] })

function childNode(node: TrieNode, name: Name): TrieNode {
  let list = node.byLocal.get(name.local)
  if (list === undefined) node.byLocal.set(name.local, (list = []))
  let hit = list.find(([ns]) => ns === name.ns)
  if (hit === undefined) list.push((hit = [name.ns, newNode()]))
  return hit[1]
}

/** Counts of a context's paths on one element; arrays are reused between calls (valid until the next). */
export type ChildPathCounter = {
  counts(el: XmlElement): Int32Array
  /** String value of path `i`'s first node in document order (only for paths asked for `values`). */
  value(i: number): string | undefined
}

/**
 * Compiles paths into one counter: `counts(el)[i]` equals `count(paths[i])` with `el` as context
 * item. `values[i]` asks for the string value of the first node of path `i` too.
 */
export function compileChildPaths(paths: readonly ChildPath[], values: readonly boolean[]): ChildPathCounter {
  const root = newNode()
  paths.forEach((p, i) => {
    let node = root
    for (const step of p.steps) node = childNode(node, step)
    if (p.attr === undefined) node.ends.push(i)
    else node.attrEnds.push([p.attr.ns, p.attr.local, i])
  })
  const counts = new Int32Array(paths.length)
  const wanted = paths.map((_, i) => values[i] === true)
  const firsts: (string | undefined)[] = paths.map(() => undefined)

  // A depth-first walk in child order meets each path's nodes in document order, so the first one
  // counted is the path's first node. Indexed loops: this runs for every context element.
  function countInto(el: XmlElement, node: TrieNode): void {
    const { ends, attrEnds, byLocal } = node
    for (let j = 0; j < ends.length; j++) {
      const i = ends[j] as number
      if (counts[i] === 0 && wanted[i] === true) firsts[i] = elementString(el)
      counts[i] = (counts[i] as number) + 1
    }
    if (attrEnds.length > 0) {
      const attrs = el.attributes
      for (let j = 0; j < attrEnds.length; j++) {
        const [ns, local, i] = attrEnds[j] as [string, string, number]
        for (let a = 0; a < attrs.length; a++) {
          const at = attrs[a] as XmlAttribute
          if (at.local !== local || at.ns !== ns) continue
          if (counts[i] === 0 && wanted[i] === true) firsts[i] = at.value
          counts[i] = (counts[i] as number) + 1
        }
      }
    }
    if (byLocal.size === 0) return
    const kids = el.children
    for (let c = 0; c < kids.length; c++) {
      const k = kids[c] as XmlElement
      const list = byLocal.get(k.local)
      if (list === undefined) continue
      for (let j = 0; j < list.length; j++) {
        const entry = list[j] as [string, TrieNode]
        if (k.ns === entry[0]) countInto(k, entry[1])
      }
    }
  }

  return {
    counts(el) {
      counts.fill(0)
      firsts.fill(undefined)
      countInto(el, root)
      return counts
    },
    value: (i) => firsts[i],
  }
}
