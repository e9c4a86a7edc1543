/**
 * Rule contexts as XSLT match patterns: `/a/b[p]`, `//a/b`, `a//b`, unions with `|`. A pattern
 * is matched bottom-up from the candidate element (name test and predicates per step), which is
 * how an XSLT processor decides which schematron rule applies to a node.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { ElementMatcher } from '../types.js'
import type { Expr, Step } from './ast.js'
import { evaluate } from './evaluate.js'
import { documentOf } from './nodes.js'
import { parseXPath } from './parser.js'
import { ebv } from './values.js'

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
  if (!predicates) return true
  for (const p of step.predicates) {
    if (!ebv(evaluate(p, { item: el, pos: 1, size: 1, scope: undefined, doc: documentOf(el) }))) return false
  }
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

const NS_INDEX = new Map<string, number>()
const SIGNATURES = new WeakMap<XmlElement, string>()

function nsIndex(ns: string): number {
  let i = NS_INDEX.get(ns)
  if (i === undefined) NS_INDEX.set(ns, (i = NS_INDEX.size))
  return i
}

/** `/0:CrossIndustryInvoice/1:…`: the element's absolute name path, built once per element. */
function signature(el: XmlElement): string {
  let sig = SIGNATURES.get(el)
  if (sig === undefined) {
    sig = `${el.parent === undefined ? '' : signature(el.parent)}/${nsIndex(el.ns)}:${el.local}`
    SIGNATURES.set(el, sig)
  }
  return sig
}

/**
 * The name path of an alternative made of plain child steps (no wildcard, no inner `//`): most
 * contexts of the profile tables. Matching then starts with one string comparison.
 */
function plainSignature(alt: Alternative): string | undefined {
  let sig = ''
  for (const s of alt.steps) {
    if (s.kind !== 'axis' || s.axis !== 'child' || s.test === 'node' || s.test.local === undefined || s.test.ns === undefined) return undefined
    sig += `/${nsIndex(s.test.ns)}:${s.test.local}`
  }
  return alt.root === 'none' ? undefined : sig
}

function fastMatcher(alt: Alternative): (el: XmlElement) => boolean {
  const sig = plainSignature(alt)
  if (sig === undefined) return (el) => matchAlternative(el, alt)
  const names = alt.root === '/' ? (el: XmlElement) => signature(el) === sig : (el: XmlElement) => signature(el).endsWith(sig)
  return alt.hasPredicates ? (el) => names(el) && matchFrom(el, alt, alt.steps.length - 1, true) : names
}

/** Compiles a rule context into the engine's matcher; `locals` lets the engine index it by name. */
export function compilePattern(source: string, namespaces: Readonly<Record<string, string>>): ElementMatcher {
  const alts = alternatives(parseXPath(source, namespaces), [])
  const matchers = alts.map(fastMatcher)
  const locals = new Set<string>()
  let any = false
  for (const a of alts) {
    const last = a.steps[a.steps.length - 1]
    if (last === undefined || last.kind !== 'axis' || last.test === 'node' || last.test.local === undefined) any = true
    else locals.add(last.test.local)
  }
  return {
    locals: any ? undefined : [...locals],
    matches: matchers.length === 1 ? (matchers[0] as (el: XmlElement) => boolean) : (el) => matchers.some((m) => m(el)),
  }
}
