/**
 * Recursive-descent parser for the XPath 2.0 subset of the schematron rule tables: paths with
 * predicates and axes, general and value comparisons, arithmetic, `for`/`some`/`every`, `if`,
 * `cast as`, function calls. Prefixes are resolved to namespace URIs here, once per table.
 * @module
 */
import type { Axis, Expr, NameTest, Step } from './ast.js'
import { type Token, tokenize } from './lexer.js'
import { Decimal } from '../../model/decimal.js'
import { shared } from '../../xml/name-cache.js'
import { type Atomic, TEXT_CHILDREN, dbl, dec } from './values.js'

const COMPARISON_LEVEL = 3
/** Binding strength of the binary operators (the levels of the XPath 2.0 grammar). */
const BINARY_LEVEL: ReadonlyMap<string, number> = new Map([
  ['or', 1],
  ['and', 2],
  ...['=', '!=', '<', '<=', '>', '>=', 'eq', 'ne', 'lt', 'le', 'gt', 'ge'].map((op): [string, number] => [op, COMPARISON_LEVEL]),
  ['+', 4],
  ['-', 4],
  ['*', 5],
  ['div', 5],
  ['idiv', 5],
  ['mod', 5],
  ['|', 6],
  ['union', 6],
])
const AXES = new Set<string>(['child', 'descendant', 'descendant-or-self', 'self', 'parent', 'ancestor', 'ancestor-or-self', 'attribute'])
/** Names that are node-kind tests, not function calls, when followed by `(`. */
const KIND_TESTS = new Set(['node', 'text', 'element', 'attribute', 'comment'])

class Parser {
  private i = 0
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
    private readonly namespaces: Readonly<Record<string, string>>,
  ) {}

  private get t(): Token {
    return this.tokens[this.i] as Token
  }
  private peek(n = 1): Token {
    return this.tokens[Math.min(this.i + n, this.tokens.length - 1)] as Token
  }
  private fail(what: string): never {
    throw new Error(`rule expression: ${what} at offset ${this.t.at} in "${this.source.slice(0, 120)}"`)
  }
  private isOp(text: string): boolean {
    return this.t.kind === 'op' && this.t.text === text
  }
  private isName(text: string): boolean {
    return this.t.kind === 'name' && this.t.text === text
  }
  private expectOp(text: string): void {
    if (!this.isOp(text)) this.fail(`expected '${text}'`)
    this.i++
  }
  private expectName(text: string): void {
    if (!this.isName(text)) this.fail(`expected '${text}'`)
    this.i++
  }

  parseAll(): Expr {
    const e = this.expr()
    if (this.t.kind !== 'end') this.fail(`unexpected '${this.t.text}'`)
    return e
  }

  private expr(): Expr {
    const first = this.exprSingle()
    if (!this.isOp(',')) return first
    const items = [first]
    while (this.isOp(',')) {
      this.i++
      items.push(this.exprSingle())
    }
    return { kind: 'sequence', items }
  }

  private bindings(): [string, Expr][] {
    const out: [string, Expr][] = []
    do {
      if (out.length > 0) this.i++ // the comma
      if (this.t.kind !== 'var') this.fail('expected a variable')
      const name = this.t.text
      this.i++
      this.expectName('in')
      out.push([name, this.exprSingle()])
    } while (this.isOp(','))
    return out
  }

  private exprSingle(): Expr {
    if (this.isName('for') && this.peek().kind === 'var') {
      this.i++
      const bindings = this.bindings()
      this.expectName('return')
      return { kind: 'for', bindings, body: this.exprSingle() }
    }
    if ((this.isName('some') || this.isName('every')) && this.peek().kind === 'var') {
      const every = this.t.text === 'every'
      this.i++
      const bindings = this.bindings()
      this.expectName('satisfies')
      return { kind: 'quantified', every, bindings, body: this.exprSingle() }
    }
    if (this.isName('if') && this.peek().kind === 'op' && this.peek().text === '(') {
      this.i += 2
      const cond = this.expr()
      this.expectOp(')')
      this.expectName('then')
      const then = this.exprSingle()
      this.expectName('else')
      return { kind: 'if', cond, then, else: this.exprSingle() }
    }
    return this.binary(1)
  }

  /**
   * The binary operators from `or` down to `union`, by precedence climbing: one call per operand
   * instead of one per grammar level (the parser runs interpreted while a cold validation compiles
   * its rules). Left-associative, except that comparisons do not chain (`a = b = c` is an error).
   */
  private binary(minLevel: number): Expr {
    let left = this.cast()
    let maxLevel = Infinity
    for (;;) {
      const t = this.t
      const level = t.kind === 'op' || t.kind === 'name' ? BINARY_LEVEL.get(t.text) : undefined
      if (level === undefined || level < minLevel || level > maxLevel) return left
      this.i++
      left = { kind: 'binary', op: t.text, left, right: this.binary(level + 1) }
      // After a comparison only `and`/`or` may follow; after any other operator, its level or lower.
      maxLevel = level === COMPARISON_LEVEL ? COMPARISON_LEVEL - 1 : level
    }
  }
  private cast(): Expr {
    const operand = this.unary()
    if ((this.isName('cast') || this.isName('castable')) && this.peek().text === 'as') {
      const castable = this.t.text === 'castable'
      this.i += 2
      if (this.t.kind !== 'name') this.fail('expected a type name')
      const type = this.t.text
      this.i++
      return { kind: 'cast', operand, type, castable }
    }
    return operand
  }
  private unary(): Expr {
    if (this.isOp('-')) {
      this.i++
      return { kind: 'negate', operand: this.unary() }
    }
    if (this.isOp('+')) {
      this.i++
      return this.unary()
    }
    return this.path()
  }

  private startsStep(): boolean {
    const t = this.t
    if (t.kind === 'name' || t.kind === 'string' || t.kind === 'number' || t.kind === 'var') return true
    return t.kind === 'op' && ['*', '@', '.', '..', '('].includes(t.text)
  }

  private path(): Expr {
    if (this.isOp('/') || this.isOp('//')) {
      const root = this.t.text as '/' | '//'
      this.i++
      if (root === '/' && !this.startsStep()) return { kind: 'path', root, steps: [] }
      return { kind: 'path', root, steps: this.relativeSteps() }
    }
    const steps = this.relativeSteps()
    const only = steps[0]
    if (steps.length === 1 && only !== undefined && only.kind === 'filter' && only.predicates.length === 0) return only.expr
    return { kind: 'path', root: 'none', steps }
  }

  private relativeSteps(): Step[] {
    const steps = [this.step()]
    while (this.isOp('/') || this.isOp('//')) {
      if (this.t.text === '//') steps.push({ kind: 'axis', axis: 'descendant-or-self', test: 'node', predicates: [] })
      this.i++
      steps.push(this.step())
    }
    return steps
  }

  private predicates(): Expr[] {
    const out: Expr[] = []
    while (this.isOp('[')) {
      this.i++
      out.push(this.expr())
      this.expectOp(']')
    }
    return out
  }

  /**
   * Names are the parser's shared strings (xml/name-cache.ts), the very objects a parsed document's
   * names are: a matching name test is then decided by the pointer check, not by comparing the
   * characters of a slice of the expression text.
   */
  private nameTest(text: string): NameTest {
    if (text === '*') return { ns: undefined, local: undefined }
    const colon = text.indexOf(':')
    if (colon < 0) return { ns: '', local: shared(text) }
    const prefix = text.slice(0, colon)
    const local = text.slice(colon + 1)
    const ns = prefix === '*' ? undefined : this.namespaces[prefix]
    if (prefix !== '*' && ns === undefined) this.fail(`unknown prefix '${prefix}'`)
    return { ns: ns === undefined ? undefined : shared(ns), local: local === '*' ? undefined : shared(local) }
  }

  private step(): Step {
    const t = this.t
    if (t.kind === 'op' && t.text === '..') {
      this.i++
      return { kind: 'axis', axis: 'parent', test: 'node', predicates: this.predicates() }
    }
    if (t.kind === 'op' && t.text === '.') {
      this.i++
      return { kind: 'axis', axis: 'self', test: 'node', predicates: this.predicates() }
    }
    if (t.kind === 'op' && t.text === '@') {
      this.i++
      const name = this.t.kind === 'name' || this.isOp('*') ? this.t.text : this.fail('expected an attribute name')
      this.i++
      return { kind: 'axis', axis: 'attribute', test: this.nameTest(name), predicates: this.predicates() }
    }
    if (t.kind === 'op' && t.text === '*') {
      this.i++
      return { kind: 'axis', axis: 'child', test: this.nameTest('*'), predicates: this.predicates() }
    }
    if (t.kind === 'name') {
      const next = this.peek()
      if (next.kind === 'op' && next.text === '::') {
        if (!AXES.has(t.text)) this.fail(`unsupported axis '${t.text}'`)
        this.i += 2
        return this.axisStep(t.text as Axis)
      }
      if (next.kind === 'op' && next.text === '(') {
        if (KIND_TESTS.has(t.text)) return this.axisStep('child')
        return { kind: 'filter', expr: this.call(), predicates: this.predicates() }
      }
      this.i++
      return { kind: 'axis', axis: 'child', test: this.nameTest(t.text), predicates: this.predicates() }
    }
    return { kind: 'filter', expr: this.primary(), predicates: this.predicates() }
  }

  private axisStep(axis: Axis): Step {
    const t = this.t
    let test: NameTest | 'node'
    if (t.kind === 'name' && t.text === 'text' && this.peek().text === '(') {
      // The tree keeps no text nodes: `text()` becomes a call that gives an element's text.
      if (axis !== 'child') this.fail('text() is supported on the child axis only')
      this.i += 2
      this.expectOp(')')
      return { kind: 'filter', expr: { kind: 'call', name: TEXT_CHILDREN, args: [] }, predicates: this.predicates() }
    }
    if (t.kind === 'name' && KIND_TESTS.has(t.text) && this.peek().text === '(') {
      this.i += 2
      this.expectOp(')')
      test = 'node'
    } else if (t.kind === 'name' || this.isOp('*')) {
      this.i++
      test = this.nameTest(t.text)
    } else this.fail('expected a node test')
    return { kind: 'axis', axis, test, predicates: this.predicates() }
  }

  private call(): Expr {
    const name = this.t.text
    this.i += 2
    const args: Expr[] = []
    if (!this.isOp(')')) {
      args.push(this.exprSingle())
      while (this.isOp(',')) {
        this.i++
        args.push(this.exprSingle())
      }
    }
    this.expectOp(')')
    return { kind: 'call', name, args }
  }

  private primary(): Expr {
    const t = this.t
    if (t.kind === 'string') {
      this.i++
      return { kind: 'literal-string', value: t.text }
    }
    if (t.kind === 'number') {
      this.i++
      const value: Atomic = /[eE]/.test(t.text) ? dbl(Number(t.text)) : dec(new Decimal(t.text))
      return { kind: 'literal-number', text: t.text, value }
    }
    if (t.kind === 'var') {
      this.i++
      return { kind: 'var', name: t.text }
    }
    if (this.isOp('(')) {
      this.i++
      if (this.isOp(')')) {
        this.i++
        return { kind: 'sequence', items: [] }
      }
      const e = this.expr()
      this.expectOp(')')
      return e
    }
    return this.fail(`unexpected '${t.text}'`)
  }
}

/** Parses an expression; prefixes resolve through `namespaces` (the rule table's declarations). */
export function parseXPath(source: string, namespaces: Readonly<Record<string, string>>): Expr {
  return new Parser(tokenize(source), source, namespaces).parseAll()
}
