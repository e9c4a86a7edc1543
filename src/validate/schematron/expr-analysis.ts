/**
 * What a parsed rule expression reads, decided once per syntax tree: whether it calls last() for
 * its own focus, refers to variables (bound inside it or not), depends on the context item, or
 * reads the document. The compiler (compile.ts) picks its specialised forms and memos from these.
 * @module
 */
import type { Expr, Step } from './ast.js'
import { TEXT_CHILDREN } from './values.js'

/** Functions that read the context item when called without arguments. */
export const CONTEXT_FUNCTIONS: ReadonlySet<string> = new Set(['normalize-space', 'string', 'string-length', 'number', 'name', 'local-name', TEXT_CHILDREN])

const READS_SIZE = new WeakMap<Expr, boolean>()

/**
 * Whether `e` calls last() for its own focus (not inside a predicate or a later path step, which
 * have a focus of their own): its value then depends on the size of the focus, not on the item alone.
 */
export function readsSize(e: Expr): boolean {
  let r = READS_SIZE.get(e)
  if (r === undefined) {
    r =
      e.kind === 'call' ? (e.name === 'last' && e.args.length === 0) || e.args.some(readsSize)
      : e.kind === 'path' ? e.root === 'none' && e.steps[0]?.kind === 'filter' && readsSize(e.steps[0].expr)
      : subExpressions(e).some(readsSize)
    READS_SIZE.set(e, r)
  }
  return r
}


const USES_VARIABLES = new WeakMap<Expr, boolean>()

/**
 * Whether an expression refers to a variable anywhere (then its value depends on the binding).
 * Kept per syntax tree: inside a `for`/`some`/`every` the compiler asks it of every part on the way
 * down, which without the memo rescans each subtree once per enclosing part.
 */
export function usesVariables(e: Expr): boolean {
  let uses = USES_VARIABLES.get(e)
  if (uses === undefined) USES_VARIABLES.set(e, (uses = scanVariables(e)))
  return uses
}

function scanVariables(e: Expr): boolean {
  switch (e.kind) {
    case 'var':
    case 'for':
    case 'quantified':
      return true
    case 'literal-string':
    case 'literal-number':
    case 'context':
      return false
    case 'sequence':
      return e.items.some(usesVariables)
    case 'call':
      return e.args.some(usesVariables)
    case 'path':
      return e.steps.some(stepUsesVariables)
    case 'binary':
      return usesVariables(e.left) || usesVariables(e.right)
    case 'negate':
    case 'cast':
      return usesVariables(e.operand)
    case 'if':
      return usesVariables(e.cond) || usesVariables(e.then) || usesVariables(e.else)
  }
}

export const stepUsesVariables = (s: Step): boolean => s.predicates.some(usesVariables) || (s.kind === 'filter' && usesVariables(s.expr))

const FREE_VARIABLES = new WeakMap<Expr, boolean>()

/**
 * Whether `e` reads a variable it does not bind itself. A closed `every $item in //… satisfies …`
 * reads none: its value is the same on every context item, though `usesVariables` is true for it.
 */
export function usesFreeVariables(e: Expr): boolean {
  let uses = FREE_VARIABLES.get(e)
  if (uses === undefined) FREE_VARIABLES.set(e, (uses = scanFreeVariables(e, new Set())))
  return uses
}

/** Whether `e` reads a variable that is neither in `bound` nor bound inside `e` itself. */
export function scanFreeVariables(e: Expr, bound: ReadonlySet<string>): boolean {
  if (e.kind === 'var') return !bound.has(e.name)
  if (e.kind === 'for' || e.kind === 'quantified') {
    // Each binding sees the ones before it.
    let inner = bound
    for (const [name, b] of e.bindings) {
      if (scanFreeVariables(b, inner)) return true
      inner = new Set(inner).add(name)
    }
    return scanFreeVariables(e.body, inner)
  }
  return subExpressions(e).some((x) => scanFreeVariables(x, bound))
}


/** Whether `e` refers to variable `name` anywhere, or binds it. */
export function mentions(e: Expr, name: string): boolean {
  if (e.kind === 'var') return e.name === name
  if ((e.kind === 'for' || e.kind === 'quantified') && e.bindings.some(([n]) => n === name)) return true
  return subExpressions(e).some((x) => mentions(x, name))
}


const FOCUS = new WeakMap<Expr, boolean>()

/**
 * Whether the value of `e` depends on the context item: a relative path, `.`, a function reading
 * the context item. Absolute paths do not (their predicates see their own nodes). Variables are
 * left to `usesVariables`.
 */
export function dependsOnFocus(e: Expr): boolean {
  let d = FOCUS.get(e)
  if (d === undefined) FOCUS.set(e, (d = scanFocus(e)))
  return d
}

function scanFocus(e: Expr): boolean {
  switch (e.kind) {
    case 'literal-string':
    case 'literal-number':
    case 'var':
      return false
    case 'context':
      return true
    case 'sequence':
      return e.items.some(dependsOnFocus)
    case 'call':
      return (e.args.length === 0 && CONTEXT_FUNCTIONS.has(e.name)) || e.args.some(dependsOnFocus)
    case 'path': {
      // A relative path starts at the context item, unless its first step is a primary expression
      // (`$item/ram:X`) that does not; predicates have their own focus.
      if (e.root !== 'none') return false
      const first = e.steps[0]
      return first === undefined || first.kind === 'axis' || dependsOnFocus(first.expr)
    }
    case 'binary':
      return dependsOnFocus(e.left) || dependsOnFocus(e.right)
    case 'negate':
    case 'cast':
      return dependsOnFocus(e.operand)
    case 'if':
      return dependsOnFocus(e.cond) || dependsOnFocus(e.then) || dependsOnFocus(e.else)
    case 'for':
    case 'quantified':
      return e.bindings.some(([, b]) => dependsOnFocus(b)) || dependsOnFocus(e.body)
  }
}

/** A part that reads the document (has an absolute path) and not the context item. */
export function documentWideWorthy(e: Expr): boolean {
  if (dependsOnFocus(e)) return false
  const reads = (x: Expr): boolean => x.kind === 'path' || subExpressions(x).some(reads)
  return reads(e)
}


export function subExpressions(e: Expr): Expr[] {
  switch (e.kind) {
    case 'sequence':
      return e.items
    case 'call':
      return e.args
    case 'path':
      return e.steps.flatMap((s) => (s.kind === 'filter' ? [s.expr, ...s.predicates] : s.predicates))
    case 'binary':
      return [e.left, e.right]
    case 'negate':
    case 'cast':
      return [e.operand]
    case 'for':
    case 'quantified':
      return [...e.bindings.map(([, b]) => b), e.body]
    case 'if':
      return [e.cond, e.then, e.else]
    default:
      return []
  }
}
