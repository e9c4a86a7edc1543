/**
 * Many child paths of one rule context counted in a single pass. The syntax tables hang dozens
 * (UBL: ~700) of `absent` / `max1` / `one` / `present` conditions on one context; testing them
 * one by one walks the same children again for each rule. Here the paths are merged at module load
 * into a trie keyed by local name, and one walk over the context element's children counts every
 * path at once, touching only children some path names. Document-wide paths (`//…`) are counted
 * once per document.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { docIndex } from './doc-index.js'
import { type ChildPath, RULE_NAMESPACES, attrValue, compileChildPath } from './paths.js'

type TrieNode = {
  /** Child steps by local name; each entry is [namespace URI, node]. */
  byLocal: Map<string, [ns: string, node: TrieNode][]>
  /** `*` steps (any element, optionally of one namespace). */
  wild: [ns: string | undefined, node: TrieNode][]
  /** Path indices whose element part ends at this node (the node itself is selected). */
  ends: number[]
  /** Path indices ending in an attribute of this node: [attribute name, path index]. */
  attrEnds: [name: string, index: number][]
}

const newNode = (): TrieNode => ({ byLocal: new Map(), wild: [], ends: [], attrEnds: [] })

/** Alternatives of one step (`(a|b)`, `a`, `*`), resolved to [ns, local] (undefined = any). */
function stepAlternatives(step: string): [ns: string | undefined, local: string | undefined][] {
  return step
    .trim()
    .replace(/^\(|\)$/g, '')
    .split('|')
    .map((alt) => {
      const t = alt.trim()
      if (t === '*') return [undefined, undefined]
      const colon = t.indexOf(':')
      const ns = RULE_NAMESPACES[t.slice(0, colon)]
      if (colon < 0 || ns === undefined) throw new Error(`rule path step without a known prefix: ${t}`)
      const local = t.slice(colon + 1)
      return [ns, local === '*' ? undefined : local]
    })
}

function childNode(node: TrieNode, ns: string | undefined, local: string | undefined): TrieNode {
  if (local === undefined) {
    let hit = node.wild.find(([n]) => n === ns)
    if (hit === undefined) node.wild.push((hit = [ns, newNode()]))
    return hit[1]
  }
  let list = node.byLocal.get(local)
  if (list === undefined) node.byLocal.set(local, (list = []))
  // A named step always has a namespace (stepAlternatives requires a prefix).
  const uri = ns ?? ''
  let hit = list.find(([n]) => n === uri)
  if (hit === undefined) list.push((hit = [uri, newNode()]))
  return hit[1]
}

/**
 * Inserts one relative path; alternatives expand into separate branches counting into the same
 * index (each element has one parent, so no node is counted twice).
 */
function insert(root: TrieNode, steps: readonly string[], attr: string | undefined, index: number): void {
  let frontier = [root]
  for (const step of steps) {
    const alts = stepAlternatives(step)
    if (alts.some(([, l]) => l === undefined) && alts.length > 1) throw new Error(`mixed wildcard alternatives are not supported: ${step}`)
    frontier = frontier.flatMap((n) => alts.map(([ns, local]) => childNode(n, ns, local)))
  }
  for (const n of frontier) {
    if (attr === undefined) n.ends.push(index)
    else n.attrEnds.push([attr, index])
  }
}

function countInto(el: XmlElement, node: TrieNode, counts: Int32Array): void {
  for (const i of node.ends) counts[i] = (counts[i] as number) + 1
  for (const [name, i] of node.attrEnds) if (attrValue(el, name) !== undefined) counts[i] = (counts[i] as number) + 1
  const { byLocal, wild } = node
  if (byLocal.size === 0 && wild.length === 0) return
  for (const k of el.children) {
    const list = byLocal.get(k.local)
    if (list !== undefined) for (const [ns, next] of list) if (k.ns === ns) countInto(k, next, counts)
    for (const [ns, next] of wild) if (ns === undefined || k.ns === ns) countInto(k, next, counts)
  }
}

/** A set of paths counted together; `counts(el)[i]` is what `compileChildPath(paths[i]).count(el)` returns. */
export type PathSet = {
  readonly size: number
  counts(el: XmlElement): Int32Array
}

/** Splits `a/b/@c` into element steps and the attribute name. */
function splitPath(expr: string): { steps: string[]; attr: string | undefined } {
  const at = expr.startsWith('@') ? 0 : expr.lastIndexOf('/@') + 1
  const attr = at > 0 || expr.startsWith('@') ? expr.slice(at + 1) : undefined
  const elementPart = attr === undefined ? expr : expr.slice(0, Math.max(0, at - 1))
  return { steps: elementPart === '' ? [] : elementPart.split('/'), attr }
}

/**
 * Compiles paths into one counter. The result array is reused between calls (valid until the next
 * call), so counting allocates nothing.
 */
export function compilePathSet(paths: readonly string[]): PathSet {
  const root = newNode()
  const global: [index: number, path: ChildPath][] = []
  paths.forEach((expr, i) => {
    // Document-wide paths do not depend on the context element: counted once per document.
    if (expr.startsWith('//')) global.push([i, compileChildPath(expr)])
    else {
      const { steps, attr } = splitPath(expr)
      insert(root, steps, attr, i)
    }
  })
  const counts = new Int32Array(paths.length)
  const key = {}
  return {
    size: paths.length,
    counts(el) {
      counts.fill(0)
      countInto(el, root, counts)
      if (global.length > 0) {
        let r = el
        while (r.parent !== undefined) r = r.parent
        const memo = docIndex(r).memo
        let g = memo.get(key) as Int32Array | undefined
        if (g === undefined) {
          g = new Int32Array(global.length)
          global.forEach(([, p], j) => ((g as Int32Array)[j] = p.count(el)))
          memo.set(key, g)
        }
        for (let j = 0; j < global.length; j++) counts[(global[j] as [number, ChildPath])[0]] = g[j] as number
      }
      return counts
    },
  }
}
