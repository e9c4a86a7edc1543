/**
 * The plain child paths of the Factur-X and Order-X table rows. Most count rows test a path like
 * `ram:ID`, `ram:A/ram:B`, `@format`, `ram:A/@schemeID` or `.`; evaluated one by one, each row is a
 * guarded call into compiled XPath that walks the same children again. Such paths are resolved to
 * names as the XPath parser resolved them and counted together by the syntax tables' path trie
 * (`syntax/path-set.ts`), which also keeps the first node's string value for the code-list rows.
 * @module
 */
import { type StepPath, type ValuedPathSet, compileStepPathSet } from '../syntax/path-set.js'
import type { Expr } from './ast.js'
import { elementString } from './values.js'

export type ChildPath = StepPath

const SELF: ChildPath = { steps: [], attr: undefined }

/**
 * The parsed expression as a child path when it is exactly one: `.` (self::node()), or child steps
 * with a namespace and a local name and no predicates, the last one possibly an attribute step.
 * Anything else (wildcards, predicates, other axes, functions) is left to compiled XPath.
 */
export function childPathOf(e: Expr): ChildPath | undefined {
  if (e.kind !== 'path' || e.root !== 'none' || e.steps.length === 0) return undefined
  const steps: (readonly [string, string])[][] = []
  let attr: readonly [string, string] | undefined
  for (let i = 0; i < e.steps.length; i++) {
    const s = e.steps[i]
    if (s === undefined || s.kind !== 'axis' || s.predicates.length > 0) return undefined
    if (s.axis === 'self' && s.test === 'node' && e.steps.length === 1) return SELF
    if (s.test === 'node' || s.test.ns === undefined || s.test.local === undefined) return undefined
    const name = [s.test.ns, s.test.local] as const
    if (s.axis === 'child') steps.push([name])
    else if (s.axis === 'attribute' && i === e.steps.length - 1) attr = name
    else return undefined
  }
  return { steps, attr }
}

/** Counts of a context's paths on one element; arrays are reused between calls (valid until the next). */
export type ChildPathCounter = ValuedPathSet

/**
 * Compiles paths into one counter: `counts(el)[i]` equals `count(paths[i])` with `el` as context
 * item. `values[i]` asks for the string value of the first node of path `i` too.
 */
export function compileChildPaths(paths: readonly ChildPath[], values: readonly boolean[]): ChildPathCounter {
  return compileStepPathSet(paths, values, elementString)
}
