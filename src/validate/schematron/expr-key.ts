/**
 * A compact text for a syntax tree, equal for equal trees and different for different ones: the
 * key under which the compiler shares results of repeated parts and of equal document-wide paths.
 * Built bottom-up once per node (namespaces as short numbers, literals quoted), so keying every
 * part of a long condition costs about its length, not a serialisation per part.
 * @module
 */
import type { Expr, NameTest, Step } from './ast.js'

const KEYS = new WeakMap<Expr, string>()
const NAMESPACE_IDS = new Map<string, number>()

function namespaceId(ns: string): number {
  let id = NAMESPACE_IDS.get(ns)
  if (id === undefined) NAMESPACE_IDS.set(ns, (id = NAMESPACE_IDS.size))
  return id
}

const testKey = (t: NameTest | 'node'): string =>
  t === 'node' ? 'node()' : `${t.ns === undefined ? '*' : namespaceId(t.ns)}:${t.local ?? '*'}`

function stepKey(s: Step): string {
  const head = s.kind === 'axis' ? `${s.axis}::${testKey(s.test)}` : `F(${exprKey(s.expr)})`
  let out = head
  for (const p of s.predicates) out += `[${exprKey(p)}]`
  return out
}

/** The key of a path's root and leading steps (the document-wide prefix of an absolute path). */
export function pathKey(root: string, steps: readonly Step[]): string {
  let out = `P${root}(`
  for (const s of steps) out += `${stepKey(s)}/`
  return `${out})`
}

const list = (items: readonly Expr[]): string => items.map(exprKey).join(',')

function build(e: Expr): string {
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
      return `Q(${list(e.items)})`
    case 'call':
      return `C${e.name}(${list(e.args)})`
    case 'path':
      return pathKey(e.root, e.steps)
    case 'binary':
      return `B${e.op}(${exprKey(e.left)},${exprKey(e.right)})`
    case 'negate':
      return `M(${exprKey(e.operand)})`
    case 'for':
    case 'quantified': {
      const tag = e.kind === 'for' ? 'for' : e.every ? 'every' : 'some'
      return `${tag}(${e.bindings.map(([name, b]) => `$${name}=${exprKey(b)}`).join(',')};${exprKey(e.body)})`
    }
    case 'if':
      return `I(${exprKey(e.cond)},${exprKey(e.then)},${exprKey(e.else)})`
    case 'cast':
      return `${e.castable ? 'K' : 'T'}${e.type}(${exprKey(e.operand)})`
  }
}

export function exprKey(e: Expr): string {
  let key = KEYS.get(e)
  if (key === undefined) KEYS.set(e, (key = build(e)))
  return key
}
