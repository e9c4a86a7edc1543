/**
 * Many child paths of one rule context counted in a single pass. The syntax tables hang dozens
 * (UBL: ~700) of `absent` / `max1` / `one` / `present` conditions on one context; testing them
 * one by one walks the same children again for each rule. Here the paths are merged into a trie
 * keyed by local name (grown branch by branch as documents reach it), and one walk over the context
 * element's children counts every path at once, touching only children some path names. Document-wide paths (`//…`) are counted
 * once per document.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { docIndex } from './doc-index.js'
import { type ChildPath, RULE_NAMESPACES, attrValue, compileChildPath } from './paths.js'

type Alternative = readonly [ns: string | undefined, local: string | undefined]

/** A path still to be sorted below a trie node: its steps from `next` on, then its end. */
type PendingPath = { steps: readonly (readonly Alternative[])[]; next: number; attr: string | undefined; index: number }

type TrieNode = {
  /** Child steps by local name; each entry is [namespace URI, node]. */
  byLocal: Map<string, [ns: string, node: TrieNode][]>
  /** `*` steps (any element, optionally of one namespace). */
  wild: [ns: string | undefined, node: TrieNode][]
  /** Path indices whose element part ends at this node (the node itself is selected). */
  ends: number[]
  /** Path indices ending in an attribute of this node: [attribute name, path index]. */
  attrEnds: [name: string, index: number][]
  /**
   * Paths that reached this node, sorted into children on the first visit: a document touches
   * few branches of a large table (most paths name elements an invoice does not have), so a cold
   * process builds only those.
   */
  pending: PendingPath[] | undefined
}

const newNode = (): TrieNode => ({ byLocal: new Map(), wild: [], ends: [], attrEnds: [], pending: undefined })

/** Parsed steps by text: the tables repeat the same steps hundreds of times. */
const parsedSteps = new Map<string, readonly Alternative[]>()

/** Alternatives of one step (`(a|b)`, `a`, `*`), resolved to [ns, local] (undefined = any). */
function stepAlternatives(step: string): readonly Alternative[] {
  const known = parsedSteps.get(step)
  if (known !== undefined) return known
  const alts = step
    .trim()
    .replace(/^\(|\)$/g, '')
    .split('|')
    .map((alt): Alternative => {
      const t = alt.trim()
      if (t === '*') return [undefined, undefined]
      const colon = t.indexOf(':')
      const ns = RULE_NAMESPACES[t.slice(0, colon)]
      if (colon < 0 || ns === undefined) throw new Error(`rule path step without a known prefix: ${t}`)
      const local = t.slice(colon + 1)
      return [ns, local === '*' ? undefined : local]
    })
  if (alts.length > 1 && alts.some(([, l]) => l === undefined)) throw new Error(`mixed wildcard alternatives are not supported: ${step}`)
  parsedSteps.set(step, alts)
  return alts
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
 * Sorts the paths that reached `node` into its ends and children; alternatives expand into
 * separate branches counting into the same index (each element has one parent, so no node is
 * counted twice).
 */
function expand(node: TrieNode, pending: readonly PendingPath[]): void {
  node.pending = undefined
  for (const p of pending) {
    if (p.next === p.steps.length) {
      if (p.attr === undefined) node.ends.push(p.index)
      else node.attrEnds.push([p.attr, p.index])
      continue
    }
    for (const [ns, local] of p.steps[p.next] as readonly Alternative[]) {
      const child = childNode(node, ns, local)
      ;(child.pending ??= []).push({ steps: p.steps, next: p.next + 1, attr: p.attr, index: p.index })
    }
  }
}

// Indexed loops, no array destructuring: both allocate an iterator per loop in this recursive walk.
function countInto(el: XmlElement, node: TrieNode, counts: Int32Array): void {
  if (node.pending !== undefined) expand(node, node.pending)
  const { ends, attrEnds, byLocal, wild } = node
  for (let j = 0; j < ends.length; j++) {
    const i = ends[j] as number
    counts[i] = (counts[i] as number) + 1
  }
  for (let j = 0; j < attrEnds.length; j++) {
    const entry = attrEnds[j] as [name: string, index: number]
    if (attrValue(el, entry[0]) !== undefined) counts[entry[1]] = (counts[entry[1]] as number) + 1
  }
  if (byLocal.size === 0 && wild.length === 0) return
  const kids = el.children
  for (let c = 0; c < kids.length; c++) {
    const k = kids[c] as XmlElement
    const list = byLocal.get(k.local)
    if (list !== undefined) {
      for (let j = 0; j < list.length; j++) {
        const entry = list[j] as [string, TrieNode]
        if (k.ns === entry[0]) countInto(k, entry[1], counts)
      }
    }
    for (let j = 0; j < wild.length; j++) {
      const entry = wild[j] as [string | undefined, TrieNode]
      if (entry[0] === undefined || k.ns === entry[0]) countInto(k, entry[1], counts)
    }
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
  const pending: PendingPath[] = []
  const global: [index: number, path: ChildPath][] = []
  paths.forEach((expr, i) => {
    // Document-wide paths do not depend on the context element: counted once per document.
    if (expr.startsWith('//')) global.push([i, compileChildPath(expr)])
    else {
      // Steps are parsed (and refused) here; the trie below the root grows as documents need it.
      const { steps, attr } = splitPath(expr)
      pending.push({ steps: steps.map(stepAlternatives), next: 0, attr, index: i })
    }
  })
  root.pending = pending
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
