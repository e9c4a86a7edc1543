/**
 * Small navigation helpers for hand-written tree rules (by namespace prefix of the official
 * artefacts, resolved through RULE_NAMESPACES once).
 * @module
 */
import { Decimal } from '../../model/decimal.js'
import type { XmlElement } from '../../xml/index.js'
import { RULE_NAMESPACES, attrValue, elementsByLocal, normalizeSpace, stringValue } from './paths.js'
import { isXmlBlank, xmlTrim } from '../../xml/whitespace.js'
import { codePointLength } from '../../xml/xml-chars.js'

export type QName = { ns: string; local: string }

export function q(name: string): QName {
  const [prefix = '', local = ''] = name.split(':')
  const ns = RULE_NAMESPACES[prefix]
  if (ns === undefined) throw new Error(`unknown prefix ${prefix}`)
  return { ns, local }
}

// kids and kid run for most elements of a document: indexed loops allocate no iterator.
export function kids(el: XmlElement, name: QName): XmlElement[] {
  const out: XmlElement[] = []
  const list = el.children
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as XmlElement
    if (c.local === name.local && c.ns === name.ns) out.push(c)
  }
  return out
}

export function kid(el: XmlElement, name: QName): XmlElement | undefined {
  const list = el.children
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as XmlElement
    if (c.local === name.local && c.ns === name.ns) return c
  }
  return undefined
}

/**
 * Follows a chain of child names, collecting every match (XPath child steps). It runs for every
 * line of an invoice in many rules: the path is followed one node at a time while it does not
 * branch (the usual case) and becomes a list only where it does, and the loops are indexed.
 */
export function descend(el: XmlElement, ...names: QName[]): XmlElement[] {
  let single: XmlElement | undefined = el
  let current: XmlElement[] = []
  for (let s = 0; s < names.length; s++) {
    const n = names[s] as QName
    if (single !== undefined) {
      const kids = single.children
      single = undefined
      for (let i = 0; i < kids.length; i++) {
        const k = kids[i] as XmlElement
        if (k.local !== n.local || k.ns !== n.ns) continue
        if (single === undefined && current.length === 0) single = k
        else {
          if (single !== undefined) current = [single]
          single = undefined
          current.push(k)
        }
      }
      if (single === undefined && current.length === 0) return current
      continue
    }
    const next: XmlElement[] = []
    for (let c = 0; c < current.length; c++) {
      const kids = (current[c] as XmlElement).children
      for (let i = 0; i < kids.length; i++) {
        const k = kids[i] as XmlElement
        if (k.local === n.local && k.ns === n.ns) next.push(k)
      }
    }
    if (next.length === 0) return next
    current = next
  }
  return single !== undefined ? [single] : current
}

/** Every descendant (document order) with the given name; indexed when `el` is the root. */
export function descendants(el: XmlElement, name: QName, out: XmlElement[] = []): XmlElement[] {
  if (el.parent === undefined) {
    for (const e of elementsByLocal(el).get(name.local) ?? []) if (e.ns === name.ns) out.push(e)
    return out
  }
  for (const c of el.children) {
    if (c.local === name.local && c.ns === name.ns) out.push(c)
    descendants(c, name, out)
  }
  return out
}

export function hasAncestor(el: XmlElement, name: QName): boolean {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p.local === name.local && p.ns === name.ns) return true
  return false
}

export function rootOf(el: XmlElement): XmlElement {
  let r = el
  while (r.parent !== undefined) r = r.parent
  return r
}

/**
 * An element without children whose text is XML white space or nothing: what the empty-element
 * context `//*[not(*) and not(normalize-space())]` (PEPPOL-EN16931-R008) selects, since a leaf's
 * string value is its text (an NBSP is content).
 */
export const isBlankLeaf = (el: XmlElement): boolean => el.children.length === 0 && isXmlBlank(el.text)

/** XSD boolean lexical value (for XPath 2.0 comparisons with true()/false()). */
export function xsdBoolean(el: XmlElement): boolean | undefined {
  const v = xmlTrim(stringValue(el))
  if (v === 'true' || v === '1') return true
  if (v === 'false' || v === '0') return false
  return undefined
}

export { attrValue, normalizeSpace, stringValue }

/**
 * The BR-DEC, UBL-DT-01 and BR-DEX-13 tests' `string-length(substring-after(., '.'))`: what follows
 * the first `.` of the text (or of the element's string value), in code points.
 */
export function decimalsWritten(of: XmlElement | string): number {
  const text = typeof of === 'string' ? of : stringValue(of)
  const dot = text.indexOf('.')
  return dot < 0 ? 0 : codePointLength(text.slice(dot + 1))
}

/** `xs:decimal(X)`: the element's exact value, undefined when absent or not an xs:decimal. */
export function decimalOf(el: XmlElement | undefined): Decimal | undefined {
  if (el === undefined) return undefined
  const s = xmlTrim(stringValue(el))
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return undefined
  return new Decimal(s)
}
