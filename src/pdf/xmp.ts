/**
 * The XMP metadata packet as a list of properties: read from the packet (every property of every
 * rdf:Description, attribute or element form), edited by namespace + name, and written back as
 * one rdf:Description per namespace (ISO 16684-1, PDF/A-3 6.6.2).
 * @module
 */
import { type XmlElement, parseXml } from '../xml/index.js'
import { serializeElement } from './xmp-serialize.js'

export const XMP_NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  x: 'adobe:ns:meta/',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const

/** One property: its namespace, preferred prefix, name and its serialised element. */
export type XmpProperty = {
  ns: string
  prefix: string
  local: string
  /** The complete property element, self-contained (it declares every prefix it uses). */
  xml: string
  /** The parsed element, for properties read from a packet (structured values). */
  element?: XmlElement | undefined
  /** The simple text value, when the property has one. */
  text?: string | undefined
}

export type Xmp = { properties: XmpProperty[] }

/** Thrown-free result of reading a packet: `undefined` plus the reason when it is not usable. */
export type XmpReadResult = { xmp: Xmp; error?: undefined } | { xmp?: undefined; error: string }

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function escapeAttr(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;')
}

function prefixOf(qname: string): string {
  const i = qname.indexOf(':')
  return i < 0 ? '' : qname.slice(0, i)
}

function fromAttribute(ns: string, qname: string, local: string, value: string): XmpProperty {
  const prefix = prefixOf(qname)
  return { ns, prefix, local, text: value, xml: simpleXml(ns, prefix, local, value) }
}

function fromElement(el: XmlElement): XmpProperty {
  const simple = el.children.length === 0 && el.attributes.every((a) => a.ns === XMP_NS.xml)
  return {
    ns: el.ns,
    prefix: prefixOf(el.qname),
    local: el.local,
    element: el,
    xml: serializeElement(el),
    ...(simple ? { text: el.text } : {}),
  }
}

/** Parses a packet. Unparsable XMP is reported, not thrown: combine lists it as a pre-flight reason. */
export function readXmp(bytes: Uint8Array): XmpReadResult {
  let root: XmlElement
  try {
    root = parseXml(bytes, { maxBytes: 16 * 1024 * 1024 }).root
  } catch (err) {
    return { error: `the XMP metadata is not well-formed XML (${(err as Error).message})` }
  }
  const rdf = root.ns === XMP_NS.rdf && root.local === 'RDF' ? root : root.children.find((c) => c.ns === XMP_NS.rdf && c.local === 'RDF')
  if (rdf === undefined) return { error: 'the XMP metadata has no rdf:RDF element' }
  const properties: XmpProperty[] = []
  for (const desc of rdf.children) {
    if (desc.ns !== XMP_NS.rdf || desc.local !== 'Description') continue
    for (const a of desc.attributes) {
      if (a.ns === XMP_NS.rdf || a.ns === '' || a.ns === XMP_NS.xml) continue
      properties.push(fromAttribute(a.ns, a.qname, a.local, a.value))
    }
    for (const el of desc.children) properties.push(fromElement(el))
  }
  return { xmp: { properties } }
}

/**
 * A property's element: the one read from the packet, else its XML parsed (properties built
 * here use the rdf prefix the packet's rdf:RDF declares); undefined when that XML is unreadable.
 */
export function propertyElement(p: XmpProperty): XmlElement | undefined {
  if (p.element !== undefined) return p.element
  try {
    return parseXml(new TextEncoder().encode(`<rdf:RDF xmlns:rdf="${XMP_NS.rdf}">${p.xml}</rdf:RDF>`)).root.children[0]
  } catch {
    return undefined
  }
}

export function emptyXmp(): Xmp {
  return { properties: [] }
}

export function getProperty(xmp: Xmp, ns: string, local: string): XmpProperty | undefined {
  return xmp.properties.find((p) => p.ns === ns && p.local === local)
}

/**
 * A property's text: the simple value, else the `x-default` (or first) entry of a language
 * alternative, else the first item of an array.
 */
export function propertyText(xmp: Xmp, ns: string, local: string): string | undefined {
  const p = getProperty(xmp, ns, local)
  if (p === undefined) return undefined
  if (p.text !== undefined) return p.text
  const container = p.element?.children.find((c) => c.ns === XMP_NS.rdf)
  const items = container?.children.filter((c) => c.ns === XMP_NS.rdf && c.local === 'li') ?? []
  const preferred = items.find((li) => li.attributes.some((a) => a.ns === XMP_NS.xml && a.local === 'lang' && a.value === 'x-default'))
  return (preferred ?? items[0])?.text
}

/** Replaces (or adds) a property. */
export function setProperty(xmp: Xmp, property: XmpProperty): void {
  removeProperty(xmp, property.ns, property.local)
  xmp.properties.push(property)
}

export function removeProperty(xmp: Xmp, ns: string, local: string): void {
  xmp.properties = xmp.properties.filter((p) => !(p.ns === ns && p.local === local))
}

export function removeNamespace(xmp: Xmp, ns: string): void {
  xmp.properties = xmp.properties.filter((p) => p.ns !== ns)
}

function open(ns: string, prefix: string, local: string): string {
  return `<${prefix}:${local} xmlns:${prefix}="${escapeAttr(ns)}"`
}

function simpleXml(ns: string, prefix: string, local: string, value: string): string {
  return `${open(ns, prefix, local)}>${escapeText(value)}</${prefix}:${local}>`
}

/** A simple (Text, Date, Integer, URI ...) property. */
export function simpleProperty(ns: string, prefix: string, local: string, value: string): XmpProperty {
  return { ns, prefix, local, text: value, xml: simpleXml(ns, prefix, local, value) }
}

/** A language alternative with one `x-default` entry (dc:title, dc:description, dc:rights). */
export function langAltProperty(ns: string, prefix: string, local: string, value: string): XmpProperty {
  const li = `<rdf:li xml:lang="x-default">${escapeText(value)}</rdf:li>`
  return { ns, prefix, local, xml: `${open(ns, prefix, local)}><rdf:Alt>${li}</rdf:Alt></${prefix}:${local}>` }
}

/** An ordered (Seq) or unordered (Bag) array of text items. */
export function arrayProperty(ns: string, prefix: string, local: string, kind: 'Seq' | 'Bag', values: readonly string[]): XmpProperty {
  const items = values.map((v) => `<rdf:li>${escapeText(v)}</rdf:li>`).join('')
  return { ns, prefix, local, xml: `${open(ns, prefix, local)}><rdf:${kind}>${items}</rdf:${kind}></${prefix}:${local}>` }
}

/** A property whose element XML is built by the caller (structured values). */
export function rawProperty(ns: string, prefix: string, local: string, xml: string): XmpProperty {
  return { ns, prefix, local, xml }
}

/**
 * The packet: UTF-8, `xpacket` wrapper without the `bytes`/`encoding` attributes PDF/A forbids,
 * one rdf:Description per namespace in first-seen order, some padding for in-place editors.
 */
export function writeXmp(xmp: Xmp): Uint8Array {
  const groups = new Map<string, XmpProperty[]>()
  for (const p of xmp.properties) {
    const list = groups.get(p.ns) ?? []
    list.push(p)
    groups.set(p.ns, list)
  }
  const descriptions = [...groups].map(([ns, props]) => {
    const prefix = props[0]?.prefix ?? ''
    const decl = prefix === '' ? '' : ` xmlns:${prefix}="${escapeAttr(ns)}"`
    const body = props.map((p) => `   ${p.xml}\n`).join('')
    return `  <rdf:Description rdf:about=""${decl}>\n${body}  </rdf:Description>\n`
  })
  const packet =
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    `<x:xmpmeta xmlns:x="${XMP_NS.x}">\n <rdf:RDF xmlns:rdf="${XMP_NS.rdf}">\n` +
    descriptions.join('') +
    ' </rdf:RDF>\n</x:xmpmeta>\n' +
    `${' '.repeat(99)}\n`.repeat(20) +
    '<?xpacket end="w"?>'
  return new TextEncoder().encode(packet)
}
