/**
 * Many child paths of one rule context counted in a single pass. The syntax tables hang dozens
 * (UBL: ~700) of `absent` / `max1` / `one` / `present` conditions on one context; testing them
 * one by one walks the same children again for each rule. Here the paths are merged into a trie
 * keyed by local name (grown branch by branch as documents reach it), and one walk over the context
 * element's children counts every path at once, touching only children some path names. Document-wide paths (`//…`) are counted
 * once per document.
 * @module
 */
import type { XmlAttribute, XmlElement } from '../../xml/index.js'
import { docIndex } from './doc-index.js'
import { type ChildPath, RULE_NAMESPACES, attrValue, compileChildPath } from './paths.js'

/** One alternative of a path step: namespace URI and local name (undefined = any). */
export type Alternative = readonly [ns: string | undefined, local: string | undefined]
/** A named attribute: namespace URI ('' for an unprefixed name) and local name. */
type AttributeName = readonly [ns: string, local: string]

/**
 * A relative path already resolved to names: element steps (each a list of alternatives), then
 * optionally an attribute. No steps and no attribute is the context element itself (`.`).
 */
export type StepPath = { readonly steps: readonly (readonly Alternative[])[]; readonly attr: AttributeName | undefined }

/** A path still to be sorted below a trie node: its steps from `next` on, then its end. */
type PendingPath = { steps: readonly (readonly Alternative[])[]; next: number; attr: AttributeName | undefined; index: number }

type TrieNode = {
  /** Child steps by local name; each entry is [namespace URI, node]. */
  byLocal: Map<string, [ns: string, node: TrieNode][]>
  /** `*` steps (any element, optionally of one namespace). */
  wild: [ns: string | undefined, node: TrieNode][]
  /** Path indices whose element part ends at this node (the node itself is selected). */
  ends: number[]
  /** Path indices ending in an attribute of this node: [namespace URI, local name, path index]. */
  attrEnds: [ns: string, local: string, index: number][]
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
      else node.attrEnds.push([p.attr[0], p.attr[1], p.index])
      continue
    }
    for (const [ns, local] of p.steps[p.next] as readonly Alternative[]) {
      const child = childNode(node, ns, local)
      ;(child.pending ??= []).push({ steps: p.steps, next: p.next + 1, attr: p.attr, index: p.index })
    }
  }
}

/**
 * What one count fills in: the counts and, for the paths in `wanted`, the string value of the
 * path's first node (a depth-first walk in child order meets each path's nodes in document order).
 */
type Tally = {
  counts: Int32Array
  firsts: (string | undefined)[] | undefined
  wanted: readonly boolean[] | undefined
  text: ((el: XmlElement) => string) | undefined
}

// Indexed loops, no array destructuring: both allocate an iterator per loop in this recursive walk.
function countInto(el: XmlElement, node: TrieNode, tally: Tally): void {
  if (node.pending !== undefined) expand(node, node.pending)
  const { ends, attrEnds, byLocal, wild } = node
  const { counts, firsts } = tally
  for (let j = 0; j < ends.length; j++) {
    const i = ends[j] as number
    if (firsts !== undefined && counts[i] === 0 && tally.wanted?.[i] === true) firsts[i] = (tally.text as (el: XmlElement) => string)(el)
    counts[i] = (counts[i] as number) + 1
  }
  for (let j = 0; j < attrEnds.length; j++) {
    const entry = attrEnds[j] as [ns: string, local: string, index: number]
    const value = attributeValue(el, entry[0], entry[1])
    if (value === undefined) continue
    const i = entry[2]
    if (firsts !== undefined && counts[i] === 0 && tally.wanted?.[i] === true) firsts[i] = value
    counts[i] = (counts[i] as number) + 1
  }
  if (byLocal.size === 0 && wild.length === 0) return
  const kids = el.children
  for (let c = 0; c < kids.length; c++) {
    const k = kids[c] as XmlElement
    const list = byLocal.get(k.local)
    if (list !== undefined) {
      for (let j = 0; j < list.length; j++) {
        const entry = list[j] as [string, TrieNode]
        if (k.ns === entry[0]) countInto(k, entry[1], tally)
      }
    }
    for (let j = 0; j < wild.length; j++) {
      const entry = wild[j] as [string | undefined, TrieNode]
      if (entry[0] === undefined || k.ns === entry[0]) countInto(k, entry[1], tally)
    }
  }
}

/** The value of the attribute `ns`/`local` of `el` (an element has each at most once). */
function attributeValue(el: XmlElement, ns: string, local: string): string | undefined {
  if (ns === '') return attrValue(el, local)
  const list = el.attributes
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as XmlAttribute
    if (a.local === local && a.ns === ns) return a.value
  }
  return undefined
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
      pending.push({ steps: steps.map(stepAlternatives), next: 0, attr: attr === undefined ? undefined : ['', attr], index: i })
    }
  })
  root.pending = pending
  const counts = new Int32Array(paths.length)
  const tally: Tally = { counts, firsts: undefined, wanted: undefined, text: undefined }
  const key = {}
  return {
    size: paths.length,
    counts(el) {
      counts.fill(0)
      countInto(el, root, tally)
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

/** A path set that also keeps the string value of the first node of some paths. */
export type ValuedPathSet = PathSet & {
  /** String value of path `i`'s first node in document order at the last count (paths asked for in `values`). */
  value(i: number): string | undefined
}

/**
 * Compiles paths already resolved to names into one counter (the schematron tables resolve them
 * with their own namespaces); `values[i]` asks for the string value of path `i`'s first node too,
 * as `text` gives it for an element.
 */
export function compileStepPathSet(paths: readonly StepPath[], values: readonly boolean[], text: (el: XmlElement) => string): ValuedPathSet {
  const root = newNode()
  root.pending = paths.map((p, index) => ({ steps: p.steps, next: 0, attr: p.attr, index }))
  const counts = new Int32Array(paths.length)
  const firsts: (string | undefined)[] = paths.map(() => undefined)
  const tally: Tally = { counts, firsts, wanted: values, text }
  return {
    size: paths.length,
    counts(el) {
      counts.fill(0)
      firsts.fill(undefined)
      countInto(el, root, tally)
      return counts
    },
    value: (i) => firsts[i],
  }
}
