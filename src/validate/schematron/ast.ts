/**
 * Syntax tree of the XPath 2.0 subset used by the schematron rule tables.
 * @module
 */

import type { Atomic } from './values.js'

/** A name test: namespace URI (undefined = any) and local name (undefined = any). */
export type NameTest = { ns: string | undefined; local: string | undefined }

export type Axis = 'child' | 'descendant' | 'descendant-or-self' | 'self' | 'parent' | 'ancestor' | 'ancestor-or-self' | 'attribute'

export type Step =
  | { kind: 'axis'; axis: Axis; test: NameTest | 'node'; predicates: Expr[] }
  /** A primary expression used as a step (`ram:X/xs:decimal(ram:Y)`, `(a|b)`), with predicates. */
  | { kind: 'filter'; expr: Expr; predicates: Expr[] }

export type Expr =
  | { kind: 'literal-string'; value: string }
  /** `value` is built once by the parser (numbers are exact decimals unless written with an exponent). */
  | { kind: 'literal-number'; text: string; value: Atomic }
  | { kind: 'var'; name: string }
  | { kind: 'context' }
  | { kind: 'sequence'; items: Expr[] }
  | { kind: 'call'; name: string; args: Expr[] }
  /** `root`: none = relative, '/' = from the document node, '//' = from the document node, any depth. */
  | { kind: 'path'; root: 'none' | '/' | '//'; steps: Step[] }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'negate'; operand: Expr }
  | { kind: 'for'; bindings: [name: string, expr: Expr][]; body: Expr }
  | { kind: 'quantified'; every: boolean; bindings: [name: string, expr: Expr][]; body: Expr }
  | { kind: 'if'; cond: Expr; then: Expr; else: Expr }
  | { kind: 'cast'; operand: Expr; type: string; castable: boolean }
