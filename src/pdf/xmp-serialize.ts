/**
 * Writes a parsed XML element back as text that stands on its own: every namespace prefix the
 * subtree uses is declared where it is first needed, so a property taken out of one XMP packet
 * can be placed into another unchanged.
 * @module
 */
import type { XmlElement } from '../xml/index.js'

const XML_NS = 'http://www.w3.org/XML/1998/namespace'

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function escapeAttr(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;')
}

function prefixOf(qname: string): string {
  const i = qname.indexOf(':')
  return i < 0 ? '' : qname.slice(0, i)
}

/** Prefix → namespace URI bindings in scope. */
type Scope = ReadonlyMap<string, string>

function write(el: XmlElement, scope: Scope, out: string[]): void {
  const local = new Map(scope)
  const decls: string[] = []
  const bind = (prefix: string, ns: string): void => {
    if (prefix === 'xml' || local.get(prefix) === ns) return
    local.set(prefix, ns)
    decls.push(prefix === '' ? ` xmlns="${escapeAttr(ns)}"` : ` xmlns:${prefix}="${escapeAttr(ns)}"`)
  }
  bind(prefixOf(el.qname), el.ns)
  for (const a of el.attributes) {
    if (a.ns !== '' && a.ns !== XML_NS) bind(prefixOf(a.qname), a.ns)
  }
  const attrs = el.attributes.map((a) => ` ${a.qname}="${escapeAttr(a.value)}"`).join('')
  out.push(`<${el.qname}${decls.join('')}${attrs}`)
  if (el.children.length === 0 && el.text === '') {
    out.push('/>')
    return
  }
  out.push('>')
  if (el.children.length === 0) {
    out.push(escapeText(el.text))
  } else {
    // XMP (RDF) forbids text mixed with child elements; whitespace between them is dropped.
    for (const c of el.children) write(c, local, out)
  }
  out.push(`</${el.qname}>`)
}

/** The element and its subtree as XML text, with the namespace declarations it needs. */
export function serializeElement(el: XmlElement): string {
  const out: string[] = []
  write(el, new Map(), out)
  return out.join('')
}
