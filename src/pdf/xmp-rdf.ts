/**
 * Reading an XMP packet as RDF values for validation: each property with its namespace, prefix
 * and the shape of its value (simple text, Bag/Seq/Alt container, structure), in every form RDF
 * allows (attribute, element, rdf:parseType="Resource", nested rdf:Description).
 * @module
 */
import { type XmlElement, parseXml } from '../xml/index.js'

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const XML_NS = 'http://www.w3.org/XML/1998/namespace'

export type RdfValue =
  | { kind: 'simple'; text: string }
  | { kind: 'container'; type: 'Bag' | 'Seq' | 'Alt'; items: RdfValue[] }
  | { kind: 'struct'; fields: Map<string, RdfValue>; prefixes: Map<string, string> }

export type RdfProperty = { ns: string; local: string; prefix: string; value: RdfValue }

export type RdfPacket = {
  properties: RdfProperty[]
  /** Prefixes bound to each namespace URI by the properties that use it. */
  prefixes: Map<string, Set<string>>
}

export const fieldKey = (ns: string, local: string): string => `${ns} ${local}`

const prefixOf = (qname: string): string => (qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '')

const isRdf = (el: XmlElement, local: string): boolean => el.ns === RDF && el.local === local

/** A structure's fields, with the prefix each field was written with (by field key). */
function structOf(holder: XmlElement): RdfValue {
  const fields = new Map<string, RdfValue>()
  const prefixes = new Map<string, string>()
  for (const a of holder.attributes) {
    if (a.ns === RDF || a.ns === XML_NS || a.ns === '') continue
    fields.set(fieldKey(a.ns, a.local), { kind: 'simple', text: a.value })
    prefixes.set(fieldKey(a.ns, a.local), prefixOf(a.qname))
  }
  for (const c of holder.children) {
    fields.set(fieldKey(c.ns, c.local), valueOf(c))
    prefixes.set(fieldKey(c.ns, c.local), prefixOf(c.qname))
  }
  return { kind: 'struct', fields, prefixes }
}

/** The value of a property element. */
export function valueOf(el: XmlElement): RdfValue {
  const parseType = el.attributes.find((a) => a.ns === RDF && a.local === 'parseType')?.value
  if (parseType === 'Resource') return structOf(el)
  const first = el.children[0]
  if (first === undefined) {
    const resource = el.attributes.find((a) => a.ns === RDF && a.local === 'resource')?.value
    const qualifiers = el.attributes.filter((a) => a.ns !== RDF && a.ns !== XML_NS && a.ns !== '')
    if (qualifiers.length > 0) return structOf(el)
    return { kind: 'simple', text: resource ?? el.text }
  }
  if (first.ns === RDF && (first.local === 'Bag' || first.local === 'Seq' || first.local === 'Alt')) {
    const items = first.children.filter((c) => isRdf(c, 'li')).map(valueOf)
    return { kind: 'container', type: first.local, items }
  }
  if (isRdf(first, 'Description')) return structOf(first)
  return structOf(el)
}

/**
 * Parses a packet.
 * @throws the XML parser's EInvoiceError for packets that are not well-formed, Error without rdf:RDF
 * or with a property given twice.
 */
export function readRdfPacket(bytes: Uint8Array): RdfPacket {
  const root = parseXml(bytes, { maxBytes: 16 * 1024 * 1024 }).root
  const rdf = isRdf(root, 'RDF') ? root : root.children.find((c) => isRdf(c, 'RDF'))
  if (rdf === undefined) throw new Error(`no rdf:RDF element (the root element is ${root.qname})`)
  const properties: RdfProperty[] = []
  const prefixes = new Map<string, Set<string>>()
  const seen = new Set<string>()
  const add = (ns: string, local: string, qname: string, value: RdfValue): void => {
    const prefix = prefixOf(qname)
    // One subject, so one value per property: XMP parsers (Adobe's XMP Core, which veraPDF reads
    // packets with) refuse a packet that gives a property twice, in one description or two.
    const key = fieldKey(ns, local)
    if (seen.has(key)) throw new Error(`the property ${qname} (${ns}) is given twice`)
    seen.add(key)
    properties.push({ ns, local, prefix, value })
    const set = prefixes.get(ns) ?? new Set<string>()
    set.add(prefix)
    prefixes.set(ns, set)
  }
  for (const desc of rdf.children) {
    if (!isRdf(desc, 'Description')) continue
    for (const a of desc.attributes) {
      if (a.ns === RDF || a.ns === XML_NS || a.ns === '') continue
      add(a.ns, a.local, a.qname, { kind: 'simple', text: a.value })
    }
    for (const el of desc.children) add(el.ns, el.local, el.qname, valueOf(el))
  }
  return { properties, prefixes }
}

/** The text of a simple value, the x-default (or first) item of an Alt, the first of Bag/Seq. */
export function textOf(value: RdfValue | undefined): string | undefined {
  if (value === undefined) return undefined
  if (value.kind === 'simple') return value.text.trim()
  if (value.kind === 'container') return textOf(value.items[0])
  return undefined
}

export function findProperty(packet: RdfPacket, ns: string, local: string): RdfProperty | undefined {
  return packet.properties.find((p) => p.ns === ns && p.local === local)
}
