/**
 * Navigation over the parsed tree, always by namespace URI + local name (never by prefix), and
 * typed accessors that throw a positioned error for required content.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { CANONICAL_PREFIX } from './namespaces.js'
import type { XmlElement } from './types.js'
import { xmlTrim } from './whitespace.js'

/** First element child with this namespace URI and local name. */
export function child(el: XmlElement, ns: string, local: string): XmlElement | undefined {
  for (const c of el.children) if (c.local === local && c.ns === ns) return c
  return undefined
}

/** All element children with this namespace URI and local name, in document order. */
export function childrenNamed(el: XmlElement, ns: string, local: string): XmlElement[] {
  const out: XmlElement[] = []
  for (const c of el.children) if (c.local === local && c.ns === ns) out.push(c)
  return out
}

/** Trimmed text of the first such child; undefined if the child is absent or its text is blank. */
export function childText(el: XmlElement, ns: string, local: string): string | undefined {
  const c = child(el, ns, local)
  if (c === undefined) return undefined
  const t = xmlTrim(c.text)
  return t === '' ? undefined : t
}

/**
 * Attribute value by local name and namespace URI. `ns` defaults to '' — an unprefixed
 * attribute, which has no namespace (XML Namespaces §6.3), e.g. `schemeID`, `currencyID`.
 */
export function attr(el: XmlElement, local: string, ns = ''): string | undefined {
  for (const a of el.attributes) if (a.local === local && a.ns === ns) return a.value
  return undefined
}

/** Above this many children, a parent's positions are counted once for all its children. */
const MANY_CHILDREN = 64
/** Positions (0: no same-named sibling) by child, per such parent; weak, so no document is kept alive. */
const positionsByParent = new WeakMap<XmlElement, Map<XmlElement, number>>()

/**
 * `el`'s 1-based position among its same-named siblings, 0 when it has none. Findings often come
 * by the thousand under one parent (VAT breakdowns, lines): counting the siblings for each made
 * their locations quadratic.
 */
function position(parent: XmlElement, el: XmlElement): number {
  const kids = parent.children
  if (kids.length < MANY_CHILDREN) {
    let index = 0
    let same = 0
    for (const c of kids) {
      if (c.local !== el.local || c.ns !== el.ns) continue
      same++
      if (c === el) index = same
    }
    return same > 1 ? index : 0
  }
  let positions = positionsByParent.get(parent)
  if (positions === undefined) {
    const keys = kids.map((c) => `${c.ns} ${c.local}`)
    const counts = new Map<string, number>()
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
    const seen = new Map<string, number>()
    const counted = new Map<XmlElement, number>()
    kids.forEach((c, i) => {
      const key = keys[i] as string
      const n = (seen.get(key) ?? 0) + 1
      seen.set(key, n)
      counted.set(c, (counts.get(key) ?? 0) > 1 ? n : 0)
    })
    positionsByParent.set(parent, (positions = counted))
  }
  return positions.get(el) ?? 0
}

function step(el: XmlElement): string {
  const prefix = CANONICAL_PREFIX.get(el.ns)
  const name = prefix === undefined ? el.qname : prefix === '' ? el.local : `${prefix}:${el.local}`
  const parent = el.parent
  if (parent === undefined) return name
  const index = position(parent, el)
  return index > 0 ? `${name}[${index}]` : name
}

/**
 * Readable location of an element for messages:
 * `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]`.
 * Known namespaces get their canonical prefix whatever the file wrote; other names appear as
 * written. `[n]` (1-based among same-named siblings) is added only where such siblings exist.
 */
export function elementPath(el: XmlElement): string {
  const steps: string[] = []
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent) steps.push(step(e))
  return '/' + steps.reverse().join('/')
}

function displayName(ns: string, local: string): string {
  const prefix = CANONICAL_PREFIX.get(ns)
  return prefix === undefined || prefix === '' ? local : `${prefix}:${local}`
}

function missing(el: XmlElement, ns: string, local: string, what: string): EInvoiceError {
  const path = elementPath(el)
  const name = displayName(ns, local)
  return new EInvoiceError('UNSUPPORTED_DOCUMENT', `line ${el.line}, column ${el.column}: ${path} has no ${what} ${name}`, {
    details: { path: `${path}/${name}`, line: String(el.line), column: String(el.column) },
  })
}

/** Like `child`, but a missing child is an EInvoiceError (UNSUPPORTED_DOCUMENT) naming the path. */
export function requireChild(el: XmlElement, ns: string, local: string): XmlElement {
  const c = child(el, ns, local)
  if (c === undefined) throw missing(el, ns, local, 'child')
  return c
}

/** Like `childText`, but an absent or blank child is an EInvoiceError (UNSUPPORTED_DOCUMENT). */
export function requireText(el: XmlElement, ns: string, local: string): string {
  const t = childText(el, ns, local)
  if (t === undefined) throw missing(el, ns, local, child(el, ns, local) === undefined ? 'child' : 'text in')
  return t
}

/**
 * The namespace URI bound to `prefix` ('' for the default namespace) where `el` stands, from the
 * declarations of `el` and its ancestors; `xml` is predeclared. '' for the default namespace when
 * none is declared; undefined for a prefix that is not bound (only possible in a QName value: the
 * parser refuses it in names).
 */
export function namespaceOf(el: XmlElement, prefix: string): string | undefined {
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent) {
    const list = e.namespaces
    if (list === undefined) continue
    // The last declaration of the prefix on one tag wins (a duplicate is refused by the parser anyway).
    for (let k = list.length - 2; k >= 0; k -= 2) if (list[k] === prefix) return list[k + 1]
  }
  if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace'
  return prefix === '' ? '' : undefined
}
