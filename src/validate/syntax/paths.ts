/**
 * A tiny, precompiled subset of XPath for the syntax rule tables: child paths
 * (`ram:A/ram:B/@attr`, with `(a|b)` alternatives and `*` wildcards) and rule contexts
 * (`/abs/path`, `//any/depth`, `relative/pattern`, unions with `|`). Everything is compiled
 * once at module load; evaluation walks element children only, no regex, no allocation beyond
 * the result list.
 * @module
 */
import type { XmlAttribute, XmlElement } from '../../xml/index.js'
import type { ElementMatcher, NameTest } from '../types.js'
import { docIndex, memoPerDocument, rootOf } from './doc-index.js'
import { collapseXmlSpace } from '../../xml/whitespace.js'

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

/** The prefixes of the official rules' XPath: the rule paths' plus xs for the casts. */
export const XPATH_NAMESPACES: Readonly<Record<string, string>> = { ...RULE_NAMESPACES, xs: 'http://www.w3.org/2001/XMLSchema' }


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

function testNameOf(ns: string, local: string, t: NameTest): boolean {
  return (t.local === undefined || local === t.local) && (t.ns === undefined || ns === t.ns)
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
  /** Whether some selected element satisfies `test` (tried in document order, stops at the first). */
  some(el: XmlElement, test: (e: XmlElement) => boolean): boolean
  /** The first selected element in document order (what `select(el)[0]` is), without the list. */
  first(el: XmlElement): XmlElement | undefined
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
    const kids = el.children
    for (let c = 0; c < kids.length; c++) {
      const k = kids[c] as XmlElement
      if (!matchesStep(k, step)) continue
      n += countFrom(k, i + 1, limit - n)
      if (n >= limit) return n
    }
    return n
  }
  // The elements the path selects, in document order, until `visit` returns true: `some` stops at
  // the first that decides instead of building the whole list (the XRechnung rules ask this a lot).
  const visitFrom = (e: XmlElement, i: number, visit: (e: XmlElement) => boolean): boolean => {
    if (i === last) return (attrName === undefined || attrValue(e, attrName) !== undefined) && visit(e)
    const step = steps[i] as Step
    const kids = e.children
    for (let c = 0; c < kids.length; c++) {
      const k = kids[c] as XmlElement
      if (matchesStep(k, step) && visitFrom(k, i + 1, visit)) return true
    }
    return false
  }
  const firstFrom = (e: XmlElement, i: number): XmlElement | undefined => {
    if (i === last) return attrName === undefined || attrValue(e, attrName) !== undefined ? e : undefined
    const step = steps[i] as Step
    const kids = e.children
    for (let c = 0; c < kids.length; c++) {
      const k = kids[c] as XmlElement
      const hit = matchesStep(k, step) ? firstFrom(k, i + 1) : undefined
      if (hit !== undefined) return hit
    }
    return undefined
  }
  return {
    text: expr,
    select: (el) => {
      const out: XmlElement[] = []
      visitFrom(el, 0, (e) => {
        out.push(e)
        return false
      })
      return out
    },
    count: (el) => countFrom(el, 0, Number.POSITIVE_INFINITY),
    exists: (el) => countFrom(el, 0, 1) > 0,
    some: (el, test) => visitFrom(el, 0, test),
    first: (el) => firstFrom(el, 0),
  }
}

function matchesStep(el: XmlElement, step: Step): boolean {
  const tests = step.tests
  for (let i = 0; i < tests.length; i++) if (testName(el, tests[i] as NameTest)) return true
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
  const alts = compiled.map((c) => ({ absolute: c.absolute, steps: c.steps.map((st) => st.tests) }))
  // `//a`, `a`, `a | b`: one relative step each, so the element's name alone decides.
  const nameOnly = alts.every((c) => !c.absolute && c.steps.length === 1)
  return {
    locals: anyLocal ? undefined : [...locals],
    path: alts,
    byName: nameOnly ? (ns, local) => alts.some((c) => (c.steps[0] as readonly NameTest[]).some((t) => testNameOf(ns, local, t))) : undefined,
    // Plain loops, no closures: this runs for every candidate element of every document.
    matches(el) {
      for (const c of alts) {
        let node: XmlElement | undefined = el
        let ok = true
        for (let i = c.steps.length - 1; i >= 0; i--) {
          if (node === undefined || !anyTest(node, c.steps[i] as readonly NameTest[])) {
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

function anyTest(el: XmlElement, tests: readonly NameTest[]): boolean {
  for (const t of tests) if (testName(el, t)) return true
  return false
}

/** A matcher from a predicate (for contexts with conditions the path subset cannot state). */
export function matcherOf(locals: readonly string[] | undefined, matches: (el: XmlElement) => boolean): ElementMatcher {
  return { locals, matches }
}

/**
 * A path context narrowed by a condition on the element (`ram:X[@schemeID]`, "whose parent's
 * indicator is true"): the path part stays visible to the engine's dispatch, the condition runs
 * only on elements the path selects.
 */
export function refine(m: ElementMatcher, where: (el: XmlElement) => boolean): ElementMatcher {
  const inner = m.where
  const both = inner === undefined ? where : (el: XmlElement): boolean => inner(el) && where(el)
  return { locals: m.locals, path: m.path, where: m.path === undefined ? undefined : both, matches: (el) => m.matches(el) && where(el) }
}

/** A matcher that depends on the element's namespace and local name only (decided once per name). */
export function nameMatcher(test: (ns: string, local: string) => boolean): ElementMatcher {
  return { locals: undefined, matches: (el) => test(el.ns, el.local), byName: test }
}

/** XPath `normalize-space`. */
export function normalizeSpace(s: string): string {
  return isNormalized(s) ? s : collapseXmlSpace(s)
}

/**
 * Most values are already normalised (`EUR`, `2024-01-31`, `Net 30 days`): printable ASCII with
 * single inner spaces. Those are returned as they are, without a regex pass and two new strings.
 */
function isNormalized(s: string): boolean {
  const last = s.length - 1
  for (let i = 0; i <= last; i++) {
    const c = s.charCodeAt(i)
    if (c > 0x20 && c < 0x7f) continue
    if (c !== 0x20 || i === 0 || i === last || s.charCodeAt(i - 1) === 0x20) return false
  }
  return true
}

/** XPath string value of an element: its text plus all descendants' text. */
export function stringValue(el: XmlElement): string {
  if (el.children.length === 0) return el.text
  let s = el.text
  for (const c of el.children) s += stringValue(c)
  return s
}

export function attrValue(el: XmlElement, local: string): string | undefined {
  // Indexed: asked for most elements of a document; for-of would allocate an iterator each time.
  const list = el.attributes
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as XmlAttribute
    if (a.local === local && a.ns === '') return a.value
  }
  return undefined
}

/** Elements of a whole document (below `root`) by local name, in document order; built once per document. */
export function elementsByLocal(root: XmlElement): Map<string, XmlElement[]> {
  return docIndex(root).byLocal
}

/**
 * `//a/b` (optionally `/@attr`) as an expression: every matching element of the whole document.
 * The result depends on the document only, so it is computed once per document (memo in the
 * document index) whatever element the rule is evaluated on.
 */
function compileDescendantPath(expr: string): ChildPath {
  const at = expr.lastIndexOf('@')
  const attrName = at >= 0 ? expr.slice(at + 1) : undefined
  const elementPart = at >= 0 ? expr.slice(0, at).replace(/\/$/, '') : expr
  // `//@name` alone: any element carrying the attribute.
  const context = elementPart === '/' || elementPart === '' ? undefined : compileContext(elementPart)
  const locals = context?.locals
  const key = {}
  const compute = (root: XmlElement): XmlElement[] => {
    const index = docIndex(root)
    if (context === undefined) return attrName === undefined ? [] : [...(index.attributeOwners.get(attrName) ?? [])]
    const candidates = locals === undefined ? [root, ...[...index.byLocal.values()].flat()] : locals.flatMap((l) => index.byLocal.get(l) ?? [])
    return candidates.filter((e) => context.matches(e) && (attrName === undefined || attrValue(e, attrName) !== undefined))
  }
  const select = (el: XmlElement): XmlElement[] => {
    const root = rootOf(el)
    return memoPerDocument(key, root, () => compute(root))
  }
  return {
    text: expr,
    select: (el) => [...select(el)],
    count: (el) => select(el).length,
    exists: (el) => select(el).length > 0,
    some: (el, test) => select(el).some((e) => test(e)),
    first: (el) => select(el)[0],
  }
}
