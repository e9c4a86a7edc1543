/**
 * A tiny, precompiled subset of XPath for the syntax rule tables: child paths
 * (`ram:A/ram:B/@attr`, with `(a|b)` alternatives and `*` wildcards) and rule contexts
 * (`/abs/path`, `//any/depth`, `relative/pattern`, unions with `|`). Everything is compiled
 * once at module load; evaluation walks element children only, no regex, no allocation beyond
 * the result list.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { ElementMatcher } from '../types.js'

/** Namespace URIs by the prefixes the official artefacts use (facts of the syntaxes). */
export const RULE_NAMESPACES: Readonly<Record<string, string>> = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
}

type NameTest = { ns: string | undefined; local: string | undefined }

function nameTest(token: string): NameTest {
  if (token === '*') return { ns: undefined, local: undefined }
  const colon = token.indexOf(':')
  if (colon < 0) throw new Error(`rule path step without prefix: ${token}`)
  const prefix = token.slice(0, colon)
  const ns = RULE_NAMESPACES[prefix]
  if (ns === undefined) throw new Error(`unknown prefix in rule path: ${token}`)
  const local = token.slice(colon + 1)
  return { ns, local: local === '*' ? undefined : local }
}

function testName(el: XmlElement, t: NameTest): boolean {
  return (t.local === undefined || el.local === t.local) && (t.ns === undefined || el.ns === t.ns)
}

type Step = { tests: readonly NameTest[] }

function compileSteps(expr: string): Step[] {
  return expr
    .split('/')
    .map((s) => s.trim().replace(/^\(|\)$/g, ''))
    .map((s) => ({ tests: s.split('|').map((alt) => nameTest(alt.trim())) }))
}

/** A compiled relative child path; the last step may be an attribute (`@name`). */
export type ChildPath = {
  /** The elements selected (for an attribute path: the elements carrying the attribute). */
  select(el: XmlElement): XmlElement[]
  /** How many nodes the path selects (elements, or attributes on the last step). */
  count(el: XmlElement): number
  exists(el: XmlElement): boolean
  readonly text: string
}

export function compileChildPath(expr: string): ChildPath {
  if (expr.startsWith('//')) return compileDescendantPath(expr)
  const at = expr.lastIndexOf('/@')
  const attrName = expr.startsWith('@') ? expr.slice(1) : at >= 0 ? expr.slice(at + 2) : undefined
  const elementPart = expr.startsWith('@') ? '' : at >= 0 ? expr.slice(0, at) : expr
  const steps = elementPart === '' ? [] : compileSteps(elementPart)
  const last = steps.length
  // Recursive counting without intermediate arrays: most rules ask "is there any X/Y/Z here?".
  const countFrom = (el: XmlElement, i: number, limit: number): number => {
    if (i === last) return attrName === undefined || attrValue(el, attrName) !== undefined ? 1 : 0
    const step = steps[i] as Step
    let n = 0
    for (const k of el.children) {
      if (!matchesStep(k, step)) continue
      n += countFrom(k, i + 1, limit - n)
      if (n >= limit) return n
    }
    return n
  }
  const select = (el: XmlElement): XmlElement[] => {
    const out: XmlElement[] = []
    const walk = (e: XmlElement, i: number): void => {
      if (i === last) {
        if (attrName === undefined || attrValue(e, attrName) !== undefined) out.push(e)
        return
      }
      const step = steps[i] as Step
      for (const k of e.children) if (matchesStep(k, step)) walk(k, i + 1)
    }
    walk(el, 0)
    return out
  }
  return {
    text: expr,
    select,
    count: (el) => countFrom(el, 0, Number.POSITIVE_INFINITY),
    exists: (el) => countFrom(el, 0, 1) > 0,
  }
}

function matchesStep(el: XmlElement, step: Step): boolean {
  for (const t of step.tests) if (testName(el, t)) return true
  return false
}

/**
 * A compiled rule context: `/a/b` (absolute), `//a/b` or `a/b` (at any depth), alternatives
 * joined by `|`. Matching walks up the parent chain from the candidate element.
 */
export function compileContext(expr: string): ElementMatcher {
  const alternatives = expr.split(/\s\|\s|\|(?![^(]*\))/).map((s) => s.trim()).filter((s) => s !== '')
  const compiled = alternatives.map((alt) => {
    const absolute = alt.startsWith('/') && !alt.startsWith('//')
    const body = alt.replace(/^\/\/?/, '')
    return { absolute, steps: compileSteps(body) }
  })
  const locals = new Set<string>()
  let anyLocal = false
  for (const c of compiled) {
    const last = c.steps[c.steps.length - 1]
    for (const t of last?.tests ?? []) {
      if (t.local === undefined) anyLocal = true
      else locals.add(t.local)
    }
  }
  return {
    locals: anyLocal ? undefined : [...locals],
    matches(el) {
      for (const c of compiled) {
        let node: XmlElement | undefined = el
        let ok = true
        for (let i = c.steps.length - 1; i >= 0; i--) {
          const step = c.steps[i]
          if (node === undefined || step === undefined || !step.tests.some((t) => testName(node as XmlElement, t))) {
            ok = false
            break
          }
          node = node.parent
        }
        if (ok && (!c.absolute || node === undefined)) return true
      }
      return false
    },
  }
}

/** A matcher from a predicate (for contexts with conditions the path subset cannot state). */
export function matcherOf(locals: readonly string[] | undefined, matches: (el: XmlElement) => boolean): ElementMatcher {
  return { locals, matches }
}

/** XPath `normalize-space`. */
export function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

/** XPath string value of an element: its text plus all descendants' text. */
export function stringValue(el: XmlElement): string {
  if (el.children.length === 0) return el.text
  let s = el.text
  for (const c of el.children) s += stringValue(c)
  return s
}

export function attrValue(el: XmlElement, local: string): string | undefined {
  for (const a of el.attributes) if (a.local === local && a.ns === '') return a.value
  return undefined
}

/** `//a/b` as an expression: every matching element of the whole document. */
const INDEX = new WeakMap<XmlElement, Map<string, XmlElement[]>>()

/** Elements of a whole document (below `root`) by local name, in document order; built once per document. */
export function elementsByLocal(root: XmlElement): Map<string, XmlElement[]> {
  const cached = INDEX.get(root)
  if (cached !== undefined) return cached
  const built = new Map<string, XmlElement[]>()
  const stack: XmlElement[] = [...root.children].reverse()
  while (stack.length > 0) {
    const e = stack.pop() as XmlElement
    let list = built.get(e.local)
    if (list === undefined) built.set(e.local, (list = []))
    list.push(e)
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as XmlElement)
  }
  INDEX.set(root, built)
  return built
}

/** `//a/b` (optionally `/@attr`) as an expression: every matching element of the whole document. */
function compileDescendantPath(expr: string): ChildPath {
  const at = expr.lastIndexOf('@')
  const attrName = at >= 0 ? expr.slice(at + 1) : undefined
  const elementPart = at >= 0 ? expr.slice(0, at).replace(/\/$/, '') : expr
  // `//@name` alone: any element carrying the attribute.
  const context = elementPart === '/' || elementPart === '' ? undefined : compileContext(elementPart)
  const select = (el: XmlElement): XmlElement[] => {
    let root = el
    while (root.parent !== undefined) root = root.parent
    const index = elementsByLocal(root)
    const candidates = context?.locals === undefined ? [root, ...[...index.values()].flat()] : context.locals.flatMap((l) => index.get(l) ?? [])
    return candidates.filter((e) => (context === undefined || context.matches(e)) && (attrName === undefined || attrValue(e, attrName) !== undefined))
  }
  return { text: expr, select, count: (el) => select(el).length, exists: (el) => select(el).length > 0 }
}
