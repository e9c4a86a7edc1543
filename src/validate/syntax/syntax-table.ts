/**
 * Turns a syntax rule table (cii-syntax-table.ts, ubl-syntax-table.ts) into tree patterns: the
 * simple conditions (`absent`, `max1`, `one`, `present` over a child path) are compiled here,
 * `custom` rows take their test from the implementation map. Compiled once at module load.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { ElementMatcher, Layer, MessageParams, Severity, TreeContext, TreePattern, TreeRule } from '../types.js'
import { compileChildPath, compileContext } from './paths.js'

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

/** The message params a simple condition reports: the path and how many were found. */
function simpleRule(id: string, severity: Severity, layer: Layer, kind: ConditionKind, path: string): TreeRule {
  const p = compileChildPath(path)
  const describe = (el: XmlElement): MessageParams => ({ path: p.text, count: String(p.count(el)), kind })
  switch (kind) {
    case 'absent':
      return { id, severity, layer, test: (el) => !p.exists(el), describe }
    case 'max1':
      return { id, severity, layer, test: (el) => p.count(el) <= 1, describe }
    case 'one':
      return { id, severity, layer, test: (el) => p.count(el) === 1, describe }
    case 'present':
      return { id, severity, layer, test: (el) => p.exists(el), describe }
    case 'custom':
      throw new Error(`custom rule ${id} has no implementation`)
  }
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
  const rulesByContext = table.contexts.map((): TreeRule[] => [])
  const notImplemented: string[] = []
  for (const [id, flag, ctxIndex, kind, path] of table.rows) {
    const list = rulesByContext[ctxIndex]
    if (list === undefined) throw new Error(`rule ${id}: no context ${ctxIndex}`)
    const severity = SEVERITY[flag]
    if (kind === 'custom') {
      const impl = customs[id]
      if (impl === undefined) notImplemented.push(id)
      else list.push({ id, severity, layer, test: impl.test, describe: impl.describe })
    } else {
      list.push(simpleRule(id, severity, layer, kind, path))
    }
  }
  const patterns = new Map<string, TreePattern & { groups: { context: ElementMatcher; rules: TreeRule[] }[] }>()
  table.contexts.forEach(([patternName, contextText], i) => {
    let pattern = patterns.get(patternName)
    if (pattern === undefined) {
      pattern = { name: patternName, groups: [] }
      patterns.set(patternName, pattern)
    }
    const context = customContexts[contextText] ?? compileContext(contextText)
    // Groups without implemented rules still take part: they shadow lower-priority contexts.
    pattern.groups.push({ context, rules: rulesByContext[i] ?? [] })
  })
  return { patterns: [...patterns.values()], notImplemented }
}
