/**
 * A number for a syntax tree, equal for equal trees and different for different ones: the key under
 * which the compiler shares results of repeated parts and of equal document-wide paths. Trees are
 * numbered bottom-up (hash-consing): a node's shape names its children by their numbers, so keying
 * every part of a long condition costs about its number of nodes, not a serialisation per part.
 * @module
 */
import type { Expr, NameTest, Step } from './ast.js'

const IDS = new WeakMap<Expr, number>()
const BY_SHAPE = new Map<string, number>()
const NAMESPACE_IDS = new Map<string, number>()

function intern(shape: string): number {
  let id = BY_SHAPE.get(shape)
  if (id === undefined) BY_SHAPE.set(shape, (id = BY_SHAPE.size))
  return id
}

function namespaceId(ns: string): number {
  let id = NAMESPACE_IDS.get(ns)
  if (id === undefined) NAMESPACE_IDS.set(ns, (id = NAMESPACE_IDS.size))
  return id
}

const testShape = (t: NameTest | 'node'): string =>
  t === 'node' ? 'node()' : `${t.ns === undefined ? '*' : namespaceId(t.ns)}:${t.local ?? '*'}`

function stepShape(s: Step): string {
  let out = s.kind === 'axis' ? `${s.axis}::${testShape(s.test)}` : `F${exprId(s.expr)}`
  for (const p of s.predicates) out += `[${exprId(p)}]`
  return out
}

/** The number of a path's root and leading steps (the document-wide prefix of an absolute path). */
export function pathId(root: string, steps: readonly Step[]): number {
  let out = `P${root}(`
  for (const s of steps) out += `${stepShape(s)}/`
  return intern(`${out})`)
}

const ids = (items: readonly Expr[]): string => items.map(exprId).join(',')

function shape(e: Expr): string {
  switch (e.kind) {
    case 'literal-string':
      return `S${JSON.stringify(e.value)}`
    case 'literal-number':
      return `N${e.text}`
    case 'var':
      return `$${e.name}`
    case 'context':
      return '.'
    case 'sequence':
      return `Q(${ids(e.items)})`
    case 'call':
      return `C${e.name}(${ids(e.args)})`
    case 'path':
      return `R${pathId(e.root, e.steps)}`
    case 'binary':
      return `B${e.op}(${exprId(e.left)},${exprId(e.right)})`
    case 'negate':
      return `M(${exprId(e.operand)})`
    case 'for':
    case 'quantified': {
      const tag = e.kind === 'for' ? 'for' : e.every ? 'every' : 'some'
      return `${tag}(${e.bindings.map(([name, b]) => `$${name}=${exprId(b)}`).join(',')};${exprId(e.body)})`
    }
    case 'if':
      return `I(${exprId(e.cond)},${exprId(e.then)},${exprId(e.else)})`
    case 'cast':
      return `${e.castable ? 'K' : 'T'}${e.type}(${exprId(e.operand)})`
  }
}

export function exprId(e: Expr): number {
  let id = IDS.get(e)
  if (id === undefined) IDS.set(e, (id = intern(shape(e))))
  return id
}
