/**
 * Evaluates parsed rule expressions over the parsed XML tree (no DOM, no copies): axes over
 * `XmlElement` children/parents, attributes as light nodes, document order from one numbering
 * per document. Dynamic errors surface as `XPathDynamicError`.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { Expr, Step } from './ast.js'
import { axisNodes, documentOf, indexedDescendants, orderOf, sortKey } from './nodes.js'
import { castTo, functionFor } from './functions.js'
import {
  type DocNode,
  type Item,
  type Node,
  type Sequence,
  XPathDynamicError,
  arithmetic,
  atomize,
  bool,
  dec,
  ebv,
  generalCompare,
  isNode,
  numericOperand,
  str,
  valueCompare,
} from './values.js'
import { ZERO } from '../../model/decimal.js'

type Scope = { name: string; value: Sequence; next: Scope | undefined } | undefined

export type EvalContext = { item: Item; pos: number; size: number; scope: Scope; doc: DocNode }

function applyPredicates(items: Sequence, predicates: readonly Expr[], ctx: EvalContext): Sequence {
  let current = items
  for (const p of predicates) {
    const kept: Sequence = []
    const size = current.length
    current.forEach((item, i) => {
      const r = evaluate(p, { item, pos: i + 1, size, scope: ctx.scope, doc: ctx.doc })
      const only = r.length === 1 ? atomizeIfNumber(r[0] as Item) : undefined
      if (only !== undefined ? only === i + 1 : ebv(r)) kept.push(item)
    })
    current = kept
  }
  return current
}

function atomizeIfNumber(item: Item): number | undefined {
  if (isNode(item)) return undefined
  const a = atomize(item)
  if (a.t === 'dec') return a.v.toNumber()
  if (a.t === 'dbl') return a.v
  return undefined
}

/** Whether an expression refers to a variable anywhere (then its value depends on the binding). */
function usesVariables(e: Expr): boolean {
  switch (e.kind) {
    case 'var':
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
      return e.steps.some((s) => s.predicates.some(usesVariables) || (s.kind === 'filter' && usesVariables(s.expr)))
    case 'binary':
      return usesVariables(e.left) || usesVariables(e.right)
    case 'negate':
    case 'cast':
      return usesVariables(e.operand)
    case 'for':
    case 'quantified':
      return true
    case 'if':
      return usesVariables(e.cond) || usesVariables(e.then) || usesVariables(e.else)
  }
}

const STABLE_PREFIX = new WeakMap<Expr, number>()
const PREFIX_CACHE = new WeakMap<DocNode, Map<Expr, Sequence>>()

/**
 * How many leading steps of an absolute path depend on nothing but the document: their result is
 * computed once per document (the totals rules sum the same line amounts for every VAT breakdown).
 */
function stablePrefix(expr: Expr & { kind: 'path' }): number {
  let n = STABLE_PREFIX.get(expr)
  if (n === undefined) {
    n = 0
    if (expr.root !== 'none') {
      for (const s of expr.steps) {
        if (s.predicates.some(usesVariables) || (s.kind === 'filter' && usesVariables(s.expr))) break
        n++
      }
    }
    STABLE_PREFIX.set(expr, n)
  }
  return n
}

function evalPath(expr: Expr & { kind: 'path' }, ctx: EvalContext): Sequence {
  const stable = stablePrefix(expr)
  if (stable === 0) return evalPathFrom(expr, ctx)
  let cache = PREFIX_CACHE.get(ctx.doc)
  if (cache === undefined) PREFIX_CACHE.set(ctx.doc, (cache = new Map()))
  let prefix = cache.get(expr)
  if (prefix === undefined) {
    prefix = evalPathFrom(stable === expr.steps.length ? expr : { kind: 'path', root: expr.root, steps: expr.steps.slice(0, stable) }, ctx)
    cache.set(expr, prefix)
  }
  let current = prefix
  for (let i = stable; i < expr.steps.length; i++) current = evalStep(expr.steps[i] as Step, current, ctx, false)
  return current
}

function evalPathFrom(expr: Expr & { kind: 'path' }, ctx: EvalContext): Sequence {
  let current: Sequence
  let steps = expr.steps
  if (expr.root === 'none') current = [ctx.item]
  else {
    current = [ctx.doc]
    const first = steps[0]
    if (expr.root === '//' && first !== undefined) {
      const fast = first.kind === 'axis' && first.predicates.every((p) => p.kind !== 'literal-number') ? indexedDescendants(ctx.doc, first) : undefined
      if (fast !== undefined) {
        current = applyPredicatesPerParent(fast, first.predicates, ctx)
        steps = steps.slice(1)
      } else {
        current = axisNodes(ctx.doc, { kind: 'axis', axis: 'descendant-or-self', test: 'node', predicates: [] }, ctx.doc)
      }
    }
  }
  for (const step of steps) current = evalStep(step, current, ctx, expr.root === 'none' && step === steps[0])
  return current
}

/** Predicates of an indexed `//x[p]` step: non-positional, so evaluating over the whole list is exact. */
function applyPredicatesPerParent(nodes: Node[], predicates: readonly Expr[], ctx: EvalContext): Sequence {
  return predicates.length === 0 ? nodes : applyPredicates(nodes, predicates, ctx)
}

function evalStep(step: Step, inputs: Sequence, ctx: EvalContext, first: boolean): Sequence {
  const out: Sequence = []
  let nodesOnly = true
  for (const [i, input] of inputs.entries()) {
    if (step.kind === 'filter') {
      const inner: EvalContext = first ? ctx : { item: input, pos: i + 1, size: inputs.length, scope: ctx.scope, doc: ctx.doc }
      const r = applyPredicates(evaluate(step.expr, inner), step.predicates, inner)
      for (const item of r) {
        if (!isNode(item)) nodesOnly = false
        out.push(item)
      }
      continue
    }
    if (!isNode(input)) throw new XPathDynamicError('XPTY0020', 'a path step needs a node as its context')
    const nodes = axisNodes(input, step, ctx.doc)
    for (const n of applyPredicates(nodes, step.predicates, ctx)) out.push(n)
  }
  if (inputs.length <= 1 || !nodesOnly || out.length <= 1) return out
  // Several context nodes: the union of the results, without duplicates, in document order.
  const order = orderOf(ctx.doc)
  const unique = [...new Set(out as Node[])]
  return unique.sort((a, b) => sortKey(a, order) - sortKey(b, order))
}

function bind(scope: Scope, name: string, value: Sequence): Scope {
  return { name, value, next: scope }
}

function lookup(scope: Scope, name: string): Sequence {
  for (let s = scope; s !== undefined; s = s.next) if (s.name === name) return s.value
  throw new Error(`rule expression: unbound variable $${name}`)
}

function forEachBinding(bindings: readonly [string, Expr][], i: number, ctx: EvalContext, visit: (c: EvalContext) => boolean): boolean {
  if (i === bindings.length) return visit(ctx)
  const [name, expr] = bindings[i] as [string, Expr]
  for (const item of evaluate(expr, ctx)) {
    if (!forEachBinding(bindings, i + 1, { ...ctx, scope: bind(ctx.scope, name, [item]) }, visit)) return false
  }
  return true
}

function single(seq: Sequence): Item | undefined {
  if (seq.length > 1) throw new XPathDynamicError('XPTY0004', 'an operand of arithmetic has several values')
  return seq[0]
}

function evalBinary(expr: Expr & { kind: 'binary' }, ctx: EvalContext): Sequence {
  const { op } = expr
  if (op === 'and') return [bool(ebv(evaluate(expr.left, ctx)) && ebv(evaluate(expr.right, ctx)))]
  if (op === 'or') return [bool(ebv(evaluate(expr.left, ctx)) || ebv(evaluate(expr.right, ctx)))]
  const left = evaluate(expr.left, ctx)
  const right = evaluate(expr.right, ctx)
  switch (op) {
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return [bool(generalCompare(op, left, right))]
    case 'eq':
    case 'ne':
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      return valueCompare(op, left, right)
    case '|':
    case 'union': {
      const order = orderOf(ctx.doc)
      const all = [...new Set([...left, ...right] as Node[])]
      return all.sort((a, b) => sortKey(a, order) - sortKey(b, order))
    }
    default: {
      const a = single(left)
      const b = single(right)
      if (a === undefined || b === undefined) return []
      return [arithmetic(op, atomize(a), atomize(b))]
    }
  }
}

export function evaluate(expr: Expr, ctx: EvalContext): Sequence {
  switch (expr.kind) {
    case 'literal-string':
      return [str(expr.value)]
    case 'literal-number':
      return [expr.value]
    case 'var':
      return lookup(ctx.scope, expr.name)
    case 'context':
      return [ctx.item]
    case 'sequence':
      return expr.items.flatMap((e) => evaluate(e, ctx))
    case 'call': {
      const fn = functionFor(expr.name)
      if (fn === undefined) throw new Error(`rule expression: unsupported function ${expr.name}()`)
      return fn({ args: expr.args.map((a) => evaluate(a, ctx)), context: ctx.item })
    }
    case 'path':
      return evalPath(expr, ctx)
    case 'binary':
      return evalBinary(expr, ctx)
    case 'negate': {
      const a = single(evaluate(expr.operand, ctx))
      return a === undefined ? [] : [arithmetic('-', dec(ZERO), numericOperand(atomize(a)))]
    }
    case 'for': {
      const out: Sequence = []
      forEachBinding(expr.bindings, 0, ctx, (c) => {
        out.push(...evaluate(expr.body, c))
        return true
      })
      return out
    }
    case 'quantified': {
      let result = expr.every
      forEachBinding(expr.bindings, 0, ctx, (c) => {
        const holds = ebv(evaluate(expr.body, c))
        if (holds !== expr.every) {
          result = !expr.every
          return false
        }
        return true
      })
      return [bool(result)]
    }
    case 'if':
      return evaluate(ebv(evaluate(expr.cond, ctx)) ? expr.then : expr.else, ctx)
    case 'cast': {
      const a = single(evaluate(expr.operand, ctx))
      if (a === undefined) return expr.castable ? [bool(false)] : []
      if (!expr.castable) return [castTo(expr.type, atomize(a))]
      try {
        castTo(expr.type, atomize(a))
        return [bool(true)]
      } catch (err) {
        if (err instanceof XPathDynamicError) return [bool(false)]
        throw err
      }
    }
  }
}

/** Evaluates a rule condition with `el` as the context node; the effective boolean value. */
export function test(expr: Expr, el: XmlElement, scope?: Scope): boolean {
  return ebv(evaluate(expr, { item: el, pos: 1, size: 1, scope, doc: documentOf(el) }))
}

export function evaluateAt(expr: Expr, el: XmlElement): Sequence {
  return evaluate(expr, { item: el, pos: 1, size: 1, scope: undefined, doc: documentOf(el) })
}
