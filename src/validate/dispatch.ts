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
  for (const t of tests) if ((t.local === undefined || t.local === local) && (t.ns === undefined || t.ns === ns)) return true
  return false
}

function someIn<T>(items: ReadonlySet<T>, set: ReadonlySet<T>): boolean {
  for (const x of items) if (set.has(x)) return true
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
  // The path matchers of each pattern, and whether it has predicate contexts (tested per name).
  const pathMatchers = patterns.map((p) => new Set(p.groups.map((g) => g.context).filter((c) => c.path !== undefined)))
  const hasPredicates = patterns.map((p) => p.groups.some((g) => g.context.path === undefined))
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
  const start = stateOf([])
  const startState = states[start] as State

  const transition = (from: State, ns: string, local: string): number => {
    const out = new Set<number>()
    // Continue the partial matches of the parent.
    for (const pos of from.positions) {
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
    const out: Candidates[] = []
    patterns.forEach((p, k) => {
      // Most patterns have no context at this element: skip them without looking at each group.
      if (!(hasPredicates[k] as boolean) && !someIn(state.accepted, pathMatchers[k] as ReadonlySet<ElementMatcher>)) return
      const groups: TreeRuleGroup[] = []
      const tests: (((el: XmlElement) => boolean) | undefined)[] = []
      for (const g of p.groups) {
        const c = g.context
        if (c.path !== undefined) {
          if (!state.accepted.has(c)) continue
          tests.push(c.where)
        } else {
          if (c.locals !== undefined && !c.locals.includes(local)) continue
          if (c.byName !== undefined && !c.byName(ns, local)) continue
          tests.push(c.byName !== undefined ? undefined : (el: XmlElement) => c.matches(el))
        }
        groups.push(g)
      }
      if (groups.length > 0) out.push({ pattern: k, groups, tests })
    })
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
