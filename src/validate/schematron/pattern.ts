/**
 * Rule contexts as XSLT match patterns: `/a/b[p]`, `//a/b`, `a//b`, unions with `|`. Patterns made
 * of child steps are handed to the engine as name paths (its dispatcher decides them once per
 * ancestor-name chain) with the predicates as a per-element check; others are matched bottom-up
 * from the candidate element, which is how an XSLT processor decides which rule applies to a node.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { ContextPath, ElementMatcher } from '../types.js'
import type { Expr, NameTest, Step } from './ast.js'
import { type Compiled, type Env, compile, envAt } from './compile.js'
import { parseXPath } from './parser.js'
import { elementString } from './values.js'
import { shared } from '../../xml/name-cache.js'
import { isBlankLeaf } from '../syntax/tree-helpers.js'

type Alternative = { root: 'none' | '/' | '//'; steps: Step[]; hasPredicates: boolean }

function alternatives(e: Expr, out: Alternative[]): Alternative[] {
  if (e.kind === 'binary' && (e.op === '|' || e.op === 'union')) {
    alternatives(e.left, out)
    alternatives(e.right, out)
  } else if (e.kind === 'path') out.push({ root: e.root, steps: e.steps, hasPredicates: e.steps.some((s) => s.predicates.length > 0) })
  else throw new Error(`rule context is not a path pattern: ${e.kind}`)
  return out
}

function stepMatches(el: XmlElement, step: Step, predicates: boolean): boolean {
  if (step.kind !== 'axis' || step.axis !== 'child') throw new Error('rule context: only child steps are supported')
  const t = step.test
  if (t !== 'node' && ((t.local !== undefined && el.local !== t.local) || (t.ns !== undefined && el.ns !== t.ns))) return false
  if (!predicates || step.predicates.length === 0) return true
  const env = envAt(el)
  for (const p of step.predicates) if (!compile(p).bool(el, 1, 1, env)) return false
  return true
}

const isDescendantStep = (s: Step | undefined): boolean => s !== undefined && s.kind === 'axis' && s.axis === 'descendant-or-self'

/** Bottom-up match; run first without predicates (names only, cheap), then with them. */
function matchFrom(el: XmlElement, alt: Alternative, i: number, predicates: boolean): boolean {
  if (!stepMatches(el, alt.steps[i] as Step, predicates)) return false
  if (i === 0) return alt.root !== '/' || el.parent === undefined
  if (isDescendantStep(alt.steps[i - 1])) {
    for (let a = el.parent; a !== undefined; a = a.parent) if (matchFrom(a, alt, i - 2, predicates)) return true
    return false
  }
  return el.parent !== undefined && matchFrom(el.parent, alt, i - 1, predicates)
}

const matchAlternative = (el: XmlElement, a: Alternative): boolean =>
  matchFrom(el, a, a.steps.length - 1, false) && (!a.hasPredicates || matchFrom(el, a, a.steps.length - 1, true))

/** The alternative as a name path when it is made of child steps only (no inner `//`). */
function namePath(alt: Alternative): ContextPath[number] | undefined {
  const steps: NameTest[][] = []
  for (const s of alt.steps) {
    if (s.kind !== 'axis' || s.axis !== 'child') return undefined
    steps.push([s.test === 'node' ? { ns: undefined, local: undefined } : s.test])
  }
  return steps.length === 0 ? undefined : { absolute: alt.root === '/', steps }
}

const isCall = (e: Expr, name: string, args: number): e is Expr & { kind: 'call' } => e.kind === 'call' && e.name === name && e.args.length === args

/** `*` as a relative path: any child element. */
const isAnyChild = (e: Expr): boolean =>
  e.kind === 'path' &&
  e.root === 'none' &&
  e.steps.length === 1 &&
  e.steps.every((s) => s.kind === 'axis' && s.axis === 'child' && s.test !== 'node' && s.test.ns === undefined && s.test.local === undefined && s.predicates.length === 0)

/**
 * `not(*) and not(normalize-space())`, the context of PEPPOL-EN16931-R008 that every element of a
 * document is tested against: decided on the element itself (no children, only white space as
 * text), with the same normalize-space() test compiled XPath runs.
 */
function isEmptyLeafTest(e: Expr): boolean {
  if (e.kind !== 'binary' || e.op !== 'and') return false
  const { left, right } = e
  return (
    isCall(left, 'not', 1) &&
    isAnyChild(left.args[0] as Expr) &&
    isCall(right, 'not', 1) &&
    isCall(right.args[0] as Expr, 'normalize-space', 0)
  )
}


/**
 * `ram:Name = 'text'`, `. = 'text'` or `@name = 'text'`: a general comparison of a child element,
 * the element itself or an attribute with a string literal, the commonest context predicate (a
 * category, an indicator, a scheme). True when some selected node's string value is the text:
 * the untyped value is compared as a string, by code point, as compiled XPath and Saxon compare it.
 * compile.ts specialises the same comparison, but a compiled predicate needs the run's evaluation
 * state, which a context test (given the element only) finds by walking to the root on each call;
 * these predicates need none. specialised.test.ts holds both forms equal on every context.
 */
function literalComparison(e: Expr): ((el: XmlElement) => boolean) | undefined {
  if (e.kind !== 'binary' || e.op !== '=') return undefined
  const [path, literal] = e.right.kind === 'literal-string' ? [e.left, e.right] : [e.right, e.left]
  if (literal.kind !== 'literal-string' || path.kind !== 'path' || path.root !== 'none' || path.steps.length !== 1) return undefined
  const step = path.steps[0] as Step
  if (step.kind !== 'axis' || step.predicates.length > 0) return undefined
  const text = literal.value
  if (step.axis === 'self' && step.test === 'node') return (el) => elementString(el) === text
  if (step.test === 'node' || step.test.ns === undefined || step.test.local === undefined) return undefined
  const { ns, local } = step.test
  if (step.axis === 'attribute') return (el) => el.attributes.some((a) => a.local === local && a.ns === ns && a.value === text)
  if (step.axis === 'child') return (el) => el.children.some((c) => c.local === local && c.ns === ns && elementString(c) === text)
  return undefined
}

/** A predicate as a direct element test or compiled XPath. */
type Check = ((el: XmlElement) => boolean) | Compiled

const checkOf = (p: Expr): Check => (isEmptyLeafTest(p) ? isBlankLeaf : (literalComparison(p) ?? compile(p)))

/**
 * The predicates of a name-path alternative whose names already matched: step k of n applies to
 * the ancestor n-1-k levels up (child steps only, so the chain is fixed).
 */
function predicatesOf(alt: Alternative): (el: XmlElement) => boolean {
  // Compiled on the first element that reaches them.
  let checks: [up: number, predicates: Check[]][] | undefined
  const compileChecks = (): [number, Check[]][] =>
    alt.steps.flatMap((s, k): [number, Check[]][] => (s.predicates.length === 0 ? [] : [[alt.steps.length - 1 - k, s.predicates.map(checkOf)]]))
  return (el) => {
    // Looked up only when a compiled predicate needs it.
    let env: Env | undefined
    for (const [up, predicates] of (checks ??= compileChecks())) {
      let at: XmlElement | undefined = el
      for (let i = 0; i < up && at !== undefined; i++) at = at.parent
      if (at === undefined) return false
      for (const p of predicates) {
        if (typeof p === 'function' ? !p(at) : !p.bool(at, 1, 1, (env ??= envAt(el)))) return false
      }
    }
    return true
  }
}

const PLAIN_NAME = /^[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*$/

/**
 * Splits a path at the `/` outside predicates and string literals; undefined when a bracket or a
 * quote is left open. The scan jumps between the characters that matter (names are most of the text).
 */
function splitSteps(text: string): string[] | undefined {
  const parts: string[] = []
  const special = /[/[\]'"]/g
  let depth = 0
  let start = 0
  for (let m = special.exec(text); m !== null; m = special.exec(text)) {
    const c = m[0]
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, m.index + 1)
      if (close < 0) return undefined
      special.lastIndex = close + 1
    } else if (c === '[') depth++
    else if (c === ']') {
      if (--depth < 0) return undefined
    } else if (depth === 0) {
      parts.push(text.slice(start, m.index))
      start = m.index + 1
    }
  }
  if (depth !== 0) return undefined
  parts.push(text.slice(start))
  return parts
}

/** The texts of `[p][q]…` when nothing else follows a step's name, else undefined. */
function predicateTexts(text: string): string[] | undefined {
  const out: string[] = []
  const special = /[[\]'"]/g
  let depth = 0
  let start = 0
  let closed = 0
  for (let m = special.exec(text); m !== null; m = special.exec(text)) {
    const c = m[0]
    if (depth === 0 && (c !== '[' || m.index !== closed)) return undefined
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, m.index + 1)
      if (close < 0) return undefined
      special.lastIndex = close + 1
    } else if (c === '[') {
      if (depth++ === 0) start = m.index + 1
    } else if (--depth === 0) {
      out.push(text.slice(start, m.index))
      closed = m.index + 1
    }
  }
  return depth === 0 && closed === text.length ? out : undefined
}

/**
 * A child step whose predicates are parsed when first looked at: most contexts of a profile table
 * are never reached by a document's names, and their predicates are the bulk of the table's text.
 */
function lazyStep(test: NameTest, texts: readonly string[], namespaces: Readonly<Record<string, string>>): Step {
  let parsed: Expr[] | undefined
  return {
    kind: 'axis',
    axis: 'child',
    test,
    get predicates(): Expr[] {
      return (parsed ??= texts.map((t) => parseXPath(t, namespaces)))
    },
  }
}

/**
 * Most contexts are name paths, some with predicates (`/rsm:A/ram:B`, `//ram:C[ram:D = 'x']/ram:E`):
 * read them directly, which is what loading a profile table costs; anything else (`*`, inner `//`,
 * unions, axes) goes through the XPath parser.
 */
function plainAlternative(source: string, namespaces: Readonly<Record<string, string>>): Alternative | undefined {
  const root = source.startsWith('//') ? '//' : source.startsWith('/') ? '/' : 'none'
  const parts = splitSteps(source.slice(root === 'none' ? 0 : root.length))
  if (parts === undefined) return undefined
  const steps: Step[] = []
  let hasPredicates = false
  for (const part of parts) {
    const bracket = part.indexOf('[')
    const name = bracket < 0 ? part : part.slice(0, bracket)
    if (!PLAIN_NAME.test(name)) return undefined
    const colon = name.indexOf(':')
    const ns = namespaces[name.slice(0, colon)]
    if (ns === undefined) return undefined
    // Shared strings, as the parser's name tests (parser.ts `nameTest`).
    const test = { ns: shared(ns), local: shared(name.slice(colon + 1)) }
    if (bracket < 0) {
      steps.push({ kind: 'axis', axis: 'child', test, predicates: [] })
      continue
    }
    const texts = predicateTexts(part.slice(bracket))
    if (texts === undefined || texts.length === 0) return undefined
    steps.push(lazyStep(test, texts, namespaces))
    hasPredicates = true
  }
  return { root, steps, hasPredicates }
}

/** Compiles a rule context into the engine's matcher (a name path for the dispatcher when it can). */
export function compilePattern(source: string, namespaces: Readonly<Record<string, string>>): ElementMatcher {
  const plain = plainAlternative(source, namespaces)
  const alts = plain !== undefined ? [plain] : alternatives(parseXPath(source, namespaces), [])
  const locals = new Set<string>()
  let any = false
  for (const a of alts) {
    const last = a.steps[a.steps.length - 1]
    if (last === undefined || last.kind !== 'axis' || last.test === 'node' || last.test.local === undefined) any = true
    else locals.add(last.test.local)
  }
  const only = alts.length === 1 ? alts[0] : undefined
  const matches = only !== undefined ? (el: XmlElement) => matchAlternative(el, only) : (el: XmlElement) => alts.some((a) => matchAlternative(el, a))
  const paths = alts.map(namePath)
  const path = paths.every((p) => p !== undefined) ? (paths as ContextPath) : undefined
  // Given that the names match, `matches` decides the predicates of whichever alternative matched.
  const where = path === undefined || !alts.some((a) => a.hasPredicates) ? undefined : only !== undefined ? predicatesOf(only) : matches
  return { locals: any ? undefined : [...locals], matches, path, where }
}
