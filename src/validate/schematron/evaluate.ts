/**
 * Evaluating a parsed rule expression at an element: the compiled closures (compile.ts) with the
 * element as the focus. Dynamic errors surface as `XPathDynamicError`.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { Expr } from './ast.js'
import { compile, envAt } from './compile.js'
import type { Sequence } from './values.js'

/** Evaluates a rule condition with `el` as the context node; the effective boolean value. */
export function test(expr: Expr, el: XmlElement): boolean {
  return compile(expr).bool(el, 1, 1, envAt(el))
}

export function evaluateAt(expr: Expr, el: XmlElement): Sequence {
  return compile(expr).seq(el, 1, 1, envAt(el))
}
