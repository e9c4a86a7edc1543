/**
 * Turns a syntax rule table (cii-syntax-table.ts, ubl-syntax-table.ts) into tree patterns: the
 * simple conditions (`absent`, `max1`, `one`, `present` over a child path) are compiled here,
 * `custom` rows take their test from the implementation map. Compiled once at module load.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { ElementMatcher, Layer, MessageParams, Severity, TreeContext, TreePattern, TreeRule, TreeRuleGroup } from '../types.js'
import { type ChildPath, compileChildPath, compileContext } from './paths.js'
import { type PathSet, compilePathSet } from './path-set.js'

export type FlagCode = 'f' | 'e' | 'w' | 'i'
export type ConditionKind = 'absent' | 'max1' | 'one' | 'present' | 'custom'

export type SyntaxTable = {
  /** [pattern, context] in priority order (highest first within a pattern). */
  contexts: readonly (readonly [pattern: string, context: string])[]
  /** [rule id, flag, context index, condition kind, child path]. */
  rows: readonly (readonly [id: string, flag: FlagCode, context: number, kind: ConditionKind, path: string])[]
}

export type CustomTest = {
  test(el: XmlElement, ctx: TreeContext): boolean
  describe?: ((el: XmlElement, ctx: TreeContext) => MessageParams) | undefined
}

const SEVERITY: Readonly<Record<FlagCode, Severity>> = { f: 'fatal', e: 'error', w: 'warning', i: 'information' }

type SimpleRow = readonly [id: string, severity: Severity, kind: Exclude<ConditionKind, 'custom'>, path: string]

/** What a simple condition requires of the number of nodes its path selects. */
const CONDITION: Readonly<Record<Exclude<ConditionKind, 'custom'>, (count: number) => boolean>> = {
  absent: (n) => n === 0,
  max1: (n) => n <= 1,
  one: (n) => n === 1,
  present: (n) => n > 0,
}

/**
 * The simple rules of one context: their paths are counted together in one walk per element
 * (path-set.ts); the rules of a group run one after the other on the same element, so the counts
 * of the last element are kept and each rule reads its own slot.
 */
function simpleRules(rows: readonly SimpleRow[], layer: Layer, pathSet: () => PathSet): TreeRule[] {
  let lastEl: XmlElement | undefined
  let counts: Int32Array = new Int32Array(0)
  const countsOf = (el: XmlElement): Int32Array => {
    if (el !== lastEl) {
      counts = pathSet().counts(el)
      lastEl = el
    }
    return counts
  }
  return rows.map(([id, severity, kind, path], i): TreeRule => {
    const ok = CONDITION[kind]
    // Messages only: the path is compiled again lazily, once, when a rule first fires.
    let p: ChildPath | undefined
    const describe = (el: XmlElement): MessageParams => {
      p ??= compileChildPath(path)
      return { path: p.text, count: String(p.count(el)), kind }
    }
    return { id, severity, layer, test: (el) => ok(countsOf(el)[i] as number), describe }
  })
}

/** Condition codes of the batch loop (-1: custom rule, its own test decides). */
const KIND_CODE: Readonly<Record<Exclude<ConditionKind, 'custom'>, number>> = { absent: 0, max1: 1, one: 2, present: 3 }
const NONE: readonly TreeRule[] = []

/**
 * The rules of one context in table order (the order of findings) and their batch evaluation:
 * one path-set count per element, then a tight loop over condition codes; custom rules run their
 * own test. Simple rules keep a working `test` for callers that evaluate rules one by one.
 */
function compileGroupRules(rows: readonly (TreeRule | SimpleRow)[], layer: Layer): { rules: TreeRule[]; failing: TreeRuleGroup['failing'] } {
  const simple = rows.filter((r): r is SimpleRow => Array.isArray(r))
  // The path trie is built on first use: a CII document never pays for the UBL table and back.
  let set: PathSet | undefined
  const pathSet = (): PathSet => (set ??= compilePathSet(simple.map((r) => r[3])))
  const compiled = simple.length === 0 ? [] : simpleRules(simple, layer, pathSet)
  const kinds = new Int8Array(rows.length)
  const slots = new Int32Array(rows.length)
  let k = 0
  const rules = rows.map((r, i): TreeRule => {
    if (!Array.isArray(r)) {
      kinds[i] = -1
      return r as TreeRule
    }
    kinds[i] = KIND_CODE[(r as SimpleRow)[2]]
    slots[i] = k
    return compiled[k++] as TreeRule
  })
  if (rules.length === 0) return { rules, failing: undefined }
  const failing = (el: XmlElement, ctx: TreeContext): readonly TreeRule[] => {
    const counts = simple.length === 0 ? undefined : pathSet().counts(el)
    let out: TreeRule[] | undefined
    for (let i = 0; i < rules.length; i++) {
      const kind = kinds[i] as number
      let ok: boolean
      if (kind < 0) ok = (rules[i] as TreeRule).test(el, ctx)
      else {
        const c = (counts as Int32Array)[slots[i] as number] as number
        ok = kind === 0 ? c === 0 : kind === 1 ? c <= 1 : kind === 2 ? c === 1 : c > 0
      }
      if (!ok) (out ??= []).push(rules[i] as TreeRule)
    }
    return out ?? NONE
  }
  return { rules, failing }
}

export type CompiledSyntaxTable = {
  patterns: TreePattern[]
  /** Rule ids of `custom` rows without an implementation (reported, never silently passed). */
  notImplemented: string[]
}

export function compileSyntaxTable(
  table: SyntaxTable,
  layer: Layer,
  customs: Readonly<Record<string, CustomTest>>,
  customContexts: Readonly<Record<string, ElementMatcher>>,
): CompiledSyntaxTable {
  // Per context, in table order: custom rules as they are, runs of simple rules sharing one path set.
  const rowsByContext = table.contexts.map((): (TreeRule | SimpleRow)[] => [])
  const notImplemented: string[] = []
  for (const [id, flag, ctxIndex, kind, path] of table.rows) {
    const list = rowsByContext[ctxIndex]
    if (list === undefined) throw new Error(`rule ${id}: no context ${ctxIndex}`)
    const severity = SEVERITY[flag]
    if (kind === 'custom') {
      const impl = customs[id]
      if (impl === undefined) notImplemented.push(id)
      else list.push({ id, severity, layer, test: impl.test, describe: impl.describe })
    } else {
      list.push([id, severity, kind, path])
    }
  }
  const groups = rowsByContext.map((rows) => compileGroupRules(rows, layer))
  const patterns = new Map<string, TreePattern & { groups: TreeRuleGroup[] }>()
  table.contexts.forEach(([patternName, contextText], i) => {
    let pattern = patterns.get(patternName)
    if (pattern === undefined) {
      pattern = { name: patternName, groups: [] }
      patterns.set(patternName, pattern)
    }
    const context = customContexts[contextText] ?? compileContext(contextText)
    // Groups without implemented rules still take part: they shadow lower-priority contexts.
    const group = groups[i] ?? { rules: [], failing: undefined }
    pattern.groups.push({ context, rules: group.rules, failing: group.failing })
  })
  return { patterns: [...patterns.values()], notImplemented }
}
