/**
 * Which rule groups an element is a context of, decided once per ancestor-name chain instead of
 * once per element. Every path context (`/a/b/c`, `//b/c`, `c`, unions) of the patterns in a plan
 * is compiled into one automaton over element names: an element's state follows from its parent's
 * state and its own name, and each state lists the contexts it completes. States and transitions
 * are built lazily and kept per plan, so after the first documents an element costs three map
 * lookups whatever the number of rules. Contexts that are predicates (no `path`) are tested per
 * element as before, after the cheap name filters.
 * @module
 */
import type { XmlElement } from '../xml/index.js'
import type { ContextPath, ElementMatcher, NameTest, TreePattern, TreeRuleGroup } from './types.js'

/**
 * The groups of one pattern an element can be a context of, in priority order. `tests[i]` is
 * undefined when the automaton already decided that group i matches, else the predicate to call.
 */
export type Candidates = {
  /** Index of the pattern in the list the dispatcher was built from. */
  pattern: number
  groups: readonly TreeRuleGroup[]
  tests: readonly (((el: XmlElement) => boolean) | undefined)[]
}

type Entry = { state: number; candidates: readonly Candidates[] }

/** One alternative of a path context: its steps, and whether it must start at the root. */
type Alternative = { matcher: ElementMatcher; absolute: boolean; steps: readonly (readonly NameTest[])[] }

/** Positions are packed as alternative index × 64 + steps matched so far (paths are shorter). */
const SHIFT = 64

type State = { positions: readonly number[]; accepted: ReadonlySet<ElementMatcher>; next: Map<string, Map<string, Entry>> }

export type Dispatcher = {
  /** The state of the document's parent (before the root). */
  readonly start: number
  /** States plus transitions built so far (the engine replaces a dispatcher that grew too large). */
  readonly size: number
  /** The state of `el` (whose parent is in `parentState`) and the groups it may be a context of. */
  enter(parentState: number, el: XmlElement): Entry
}

function nameMatches(tests: readonly NameTest[], ns: string, local: string): boolean {
  for (let i = 0; i < tests.length; i++) {
    const t = tests[i] as NameTest
    if ((t.local === undefined || t.local === local) && (t.ns === undefined || t.ns === ns)) return true
  }
  return false
}

export function buildDispatcher(patterns: readonly TreePattern[]): Dispatcher {
  const alternatives: Alternative[] = []
  const seen = new Set<ElementMatcher>()
  for (const p of patterns) {
    for (const g of p.groups) {
      const path: ContextPath | undefined = g.context.path
      if (path === undefined || seen.has(g.context)) continue
      seen.add(g.context)
      for (const alt of path) {
        if (alt.steps.length >= SHIFT) throw new Error('context path too long')
        alternatives.push({ matcher: g.context, absolute: alt.absolute, steps: alt.steps })
      }
    }
  }
  // Where new matches can start, by the local name of their first step (null: any name); the
  // absolute ones only at the root. Building a state then looks at a handful of alternatives.
  const startsByLocal = new Map<string | null, number[]>()
  const absoluteStarts: number[] = []
  alternatives.forEach((alt, i) => {
    if (alt.absolute) {
      absoluteStarts.push(i)
      return
    }
    for (const t of alt.steps[0] as readonly NameTest[]) {
      const key = t.local ?? null
      const list = startsByLocal.get(key)
      if (list === undefined) startsByLocal.set(key, [i])
      else if (list[list.length - 1] !== i) list.push(i)
    }
  })
  // Where each path matcher sits (pattern, then group indices) and which groups are predicate
  // contexts, so a new state looks only at the groups its accepted matchers and names can reach
  // (a pattern of the CEN syntax tables has some 300 groups).
  const patternsOf = new Map<ElementMatcher, number[]>()
  const groupsOf = patterns.map((p, k) => {
    const byMatcher = new Map<ElementMatcher, number[]>()
    p.groups.forEach((g, i) => {
      if (g.context.path === undefined) return
      const list = byMatcher.get(g.context)
      if (list !== undefined) return void list.push(i)
      byMatcher.set(g.context, [i])
      const ks = patternsOf.get(g.context)
      if (ks === undefined) patternsOf.set(g.context, [k])
      else ks.push(k)
    })
    return byMatcher
  })
  const predicateGroups = patterns.map((p) => p.groups.flatMap((g, i) => (g.context.path === undefined ? [i] : [])))
  const predicatePatterns = patterns.flatMap((_, k) => ((predicateGroups[k] as number[]).length > 0 ? [k] : []))
  const states: State[] = []
  const ids = new Map<string, number>()
  let cached = 0

  const stateOf = (positions: number[]): number => {
    positions.sort((a, b) => a - b)
    const key = positions.join(',')
    let id = ids.get(key)
    if (id === undefined) {
      const accepted = new Set<ElementMatcher>()
      for (const pos of positions) {
        const alt = alternatives[Math.floor(pos / SHIFT)] as Alternative
        if (pos % SHIFT === alt.steps.length) accepted.add(alt.matcher)
      }
      id = states.length
      states.push({ positions, accepted, next: new Map() })
      ids.set(key, id)
      cached++
    }
    return id
  }
  // The state before the root has no partial matches, like an element inside content no context
  // path reaches (UBL extension content), but only there may absolute paths start: it is its own
  // state, never shared with stateOf([]) (a nested ubl:Invoice matched `/ubl:Invoice` before).
  const start = states.length
  states.push({ positions: [], accepted: new Set(), next: new Map() })
  cached++
  const startState = states[start] as State

  const transition = (from: State, ns: string, local: string): number => {
    const out = new Set<number>()
    // Continue the partial matches of the parent.
    const positions = from.positions
    for (let p = 0; p < positions.length; p++) {
      const pos = positions[p] as number
      const alt = alternatives[Math.floor(pos / SHIFT)] as Alternative
      const k = pos % SHIFT
      if (k < alt.steps.length && nameMatches(alt.steps[k] as readonly NameTest[], ns, local)) out.add(pos + 1)
    }
    // Start new matches: relative paths anywhere, absolute ones at the root only.
    const start = (i: number): void => {
      if (nameMatches((alternatives[i] as Alternative).steps[0] as readonly NameTest[], ns, local)) out.add(i * SHIFT + 1)
    }
    for (const i of startsByLocal.get(local) ?? []) start(i)
    for (const i of startsByLocal.get(null) ?? []) start(i)
    if (from === startState) for (const i of absoluteStarts) start(i)
    return stateOf([...out])
  }

  const candidatesFor = (state: State, ns: string, local: string): Candidates[] => {
    const reached = new Set<number>(predicatePatterns)
    for (const m of state.accepted) for (const k of patternsOf.get(m) ?? []) reached.add(k)
    const out: Candidates[] = []
    for (const k of [...reached].sort((a, b) => a - b)) {
      const p = patterns[k] as TreePattern
      const indices: number[] = []
      for (const m of state.accepted) for (const i of (groupsOf[k] as Map<ElementMatcher, number[]>).get(m) ?? []) indices.push(i)
      for (const i of predicateGroups[k] as number[]) {
        const c = (p.groups[i] as TreeRuleGroup).context
        if (c.locals !== undefined && !c.locals.includes(local)) continue
        if (c.byName !== undefined && !c.byName(ns, local)) continue
        indices.push(i)
      }
      if (indices.length === 0) continue
      // Groups keep their priority order within the pattern.
      indices.sort((a, b) => a - b)
      const groups: TreeRuleGroup[] = []
      const tests: (((el: XmlElement) => boolean) | undefined)[] = []
      for (const i of indices) {
        const g = p.groups[i] as TreeRuleGroup
        const c = g.context
        tests.push(c.path !== undefined ? c.where : c.byName !== undefined ? undefined : (el: XmlElement) => c.matches(el))
        groups.push(g)
      }
      out.push({ pattern: k, groups, tests })
    }
    return out
  }

  return {
    start,
    get size() {
      return cached
    },
    enter(parentState, el) {
      const from = states[parentState] as State
      let byNs = from.next.get(el.local)
      const hit = byNs?.get(el.ns)
      if (hit !== undefined) return hit
      const state = transition(from, el.ns, el.local)
      const entry: Entry = { state, candidates: candidatesFor(states[state] as State, el.ns, el.local) }
      if (byNs === undefined) from.next.set(el.local, (byNs = new Map()))
      byNs.set(el.ns, entry)
      cached++
      return entry
    },
  }
}
