/**
 * Rewrites an input's pdfaExtension:schemas Bag in the form ISO 19005-3 6.6.2.3.2/6.6.2.3.3
 * prescribes, keeping what it declares: only the fields of each table, the prescribed prefixes,
 * text fields as simple values, pdfaSchema:property, pdfaSchema:valueType and pdfaType:field as
 * rdf:Seq. A value type without pdfaType:type, namespaceURI or prefix is dropped (it declares
 * nothing a property could use); a missing description becomes the type's name.
 * @module
 */
import { parseXml } from '../xml/index.js'
import { type RdfValue, fieldKey, valueOf } from './xmp-rdf.js'
import { XMP_NS, type Xmp, type XmpProperty, getProperty, propertyElement, rawProperty, setProperty } from './xmp.js'

/** Value types of the XMP specification (2004/2005) that need no pdfaType declaration. */
const XMP_TYPES: ReadonlySet<string> = new Set(
  [
    'Text', 'Boolean', 'Integer', 'Real', 'Date', 'URI', 'URL', 'XPath', 'Locale', 'MIMEType', 'ProperName', 'AgentName',
    'RenditionClass', 'Rational', 'GPSCoordinate', 'Choice', 'Lang Alt', 'Dimensions', 'Thumbnail', 'ResourceEvent',
    'ResourceRef', 'Version', 'Job', 'Flash', 'OECF/SFR', 'CFAPattern', 'DeviceSettings', 'Colorant', 'Font',
    'beatSpliceStretch', 'Marker', 'Media', 'ProjectLink', 'resampleStretch', 'Time', 'Timecode', 'timeScaleStretch',
  ].map((t) => t.toLowerCase()),
)

/** Whether a declared value type is an XMP type, an array of one, a Choice, or one of `defined`. */
export function isDefinedXmpType(type: string, defined: ReadonlySet<string>): boolean {
  const t = type.trim().replace(/\s+/g, ' ')
  const base = /^(bag|seq|alt) (.+)$/i.exec(t)?.[2] ?? t
  if (/^(open |closed )?choice\b/i.test(base)) return true
  return XMP_TYPES.has(base.toLowerCase()) || ['bag', 'seq', 'alt'].includes(base.toLowerCase()) || defined.has(base)
}

type Struct = Extract<RdfValue, { kind: 'struct' }>

const NS = {
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  pdfaType: 'http://www.aiim.org/pdfa/ns/type#',
  pdfaField: 'http://www.aiim.org/pdfa/ns/field#',
} as const
type Prefix = keyof typeof NS

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function text(v: RdfValue | undefined): string | undefined {
  if (v === undefined) return undefined
  if (v.kind === 'simple') return v.text.trim()
  return v.kind === 'container' ? text(v.items[0]) : undefined
}

const get = (s: Struct, prefix: Prefix, local: string): string | undefined => text(s.fields.get(fieldKey(NS[prefix], local)))

/** The structures of a container field, whatever container it was written as. */
function items(s: Struct, prefix: Prefix, local: string): Struct[] {
  const v = s.fields.get(fieldKey(NS[prefix], local))
  if (v?.kind === 'struct') return [v]
  return v?.kind === 'container' ? v.items.filter((i): i is Struct => i.kind === 'struct') : []
}

/** The text fields `locals` of a structure, `fill` for absent ones, `replace` over present ones. */
function texts(s: Struct, prefix: Prefix, locals: readonly string[], fill: Readonly<Record<string, string>> = {}, replace: Readonly<Record<string, string>> = {}): string {
  return locals
    .map((l) => {
      const value = replace[l] ?? (get(s, prefix, l) || undefined) ?? fill[l]
      return value === undefined ? '' : `<${prefix}:${l}>${escape(value)}</${prefix}:${l}>`
    })
    .join('')
}

const seq = (prefix: Prefix, local: string, lis: readonly string[]): string =>
  lis.length === 0 ? '' : `<${prefix}:${local}><rdf:Seq>${lis.map((li) => `<rdf:li rdf:parseType="Resource">${li}</rdf:li>`).join('')}</rdf:Seq></${prefix}:${local}>`

/** A field's value type, Text when it names no XMP type and none of `defined` (field values are never judged). */
const fieldType = (f: Struct, defined: ReadonlySet<string>): Record<string, string> => {
  const type = get(f, 'pdfaField', 'valueType')
  return type === undefined || isDefinedXmpType(type, defined) ? {} : { valueType: 'Text' }
}

/** The name of a value type that declares what a use needs (type, namespaceURI, prefix), else undefined. */
const usableType = (t: Struct): string | undefined =>
  get(t, 'pdfaType', 'namespaceURI') === undefined || get(t, 'pdfaType', 'prefix') === undefined ? undefined : get(t, 'pdfaType', 'type')

function valueType(t: Struct, defined: ReadonlySet<string>): string | undefined {
  const type = usableType(t)
  if (type === undefined) return undefined
  const fields = items(t, 'pdfaType', 'field').map((f) =>
    texts(f, 'pdfaField', ['name', 'valueType', 'description'], { description: get(f, 'pdfaField', 'name') ?? '' }, fieldType(f, defined)),
  )
  return texts(t, 'pdfaType', ['type', 'namespaceURI', 'prefix', 'description'], { description: type }) + seq('pdfaType', 'field', fields)
}

/**
 * A property's value type, Text when it names no XMP type and none of `defined` but the packet
 * holds the property as a simple value (a structured value keeps its type: nothing to infer it from).
 */
function propertyType(xmp: PacketIndex, ns: string | undefined, p: Struct, defined: ReadonlySet<string>): Record<string, string> {
  const type = get(p, 'pdfaProperty', 'valueType')
  const name = get(p, 'pdfaProperty', 'name')
  if (type === undefined || name === undefined || ns === undefined || isDefinedXmpType(type, defined)) return {}
  const held = xmp.property(ns, name)
  return held?.text !== undefined || held === undefined ? { valueType: 'Text' } : {}
}

/** The packet's properties by namespace and name, and the prefix each namespace is first written with (lookups stay linear in big packets). */
type PacketIndex = { property: (ns: string, local: string) => XmpProperty | undefined; prefix: ReadonlyMap<string, string> }

function packetIndex(xmp: Xmp): PacketIndex {
  const byKey = new Map<string, XmpProperty>()
  const prefix = new Map<string, string>()
  for (const p of xmp.properties) {
    if (!byKey.has(fieldKey(p.ns, p.local))) byKey.set(fieldKey(p.ns, p.local), p)
    if (!prefix.has(p.ns)) prefix.set(p.ns, p.prefix)
  }
  return { property: (ns, local) => byKey.get(fieldKey(ns, local)), prefix }
}

/** pdfaProperty:category is internal or external; a missing or unknown one becomes external (nothing says it is derived from the document). */
function category(p: Struct): string {
  const c = get(p, 'pdfaProperty', 'category')?.toLowerCase()
  return c === 'internal' ? 'internal' : 'external'
}

/**
 * One schema entry as text, undefined when it declares nothing usable (no namespace URI, or no
 * prefix and no property of the packet to take it from). Missing labels are filled: the schema's
 * with its namespace URI, a property's description with its name, its category with external,
 * its value type with Text when the packet holds the property as a simple value (otherwise the
 * declaration is left out). `repaired` collects the namespaces of entries that needed any of this.
 */
function schema(xmp: PacketIndex, s: Struct, defined: ReadonlySet<string>, repaired: Set<string>): string | undefined {
  const ns = get(s, 'pdfaSchema', 'namespaceURI') || undefined
  if (ns === undefined) return undefined
  const prefix = get(s, 'pdfaSchema', 'prefix') || xmp.prefix.get(ns) || undefined
  if (prefix === undefined) return undefined
  const declared = items(s, 'pdfaSchema', 'property')
  const properties = declared.flatMap((p) => {
    const name = get(p, 'pdfaProperty', 'name') || undefined
    const simple = name !== undefined && xmp.property(ns, name)?.text !== undefined
    const type = get(p, 'pdfaProperty', 'valueType') || (simple ? 'Text' : undefined)
    if (name === undefined || type === undefined) return []
    return [texts(p, 'pdfaProperty', ['name', 'valueType', 'category', 'description'], { description: name }, { valueType: type, category: category(p), ...propertyType(xmp, ns, p, defined) })]
  })
  const complete =
    get(s, 'pdfaSchema', 'schema') && get(s, 'pdfaSchema', 'prefix') && properties.length === declared.length &&
    declared.every((p) => get(p, 'pdfaProperty', 'description') && get(p, 'pdfaProperty', 'valueType') && get(p, 'pdfaProperty', 'category') === category(p))
  if (!complete) repaired.add(ns)
  const types = items(s, 'pdfaSchema', 'valueType').flatMap((t) => valueType(t, defined) ?? [])
  return texts(s, 'pdfaSchema', ['schema', 'namespaceURI', 'prefix'], { schema: ns }, { prefix }) + seq('pdfaSchema', 'property', properties) + seq('pdfaSchema', 'valueType', types)
}

/**
 * Rewrites the packet's pdfaExtension:schemas, if it has one read from the input, in place.
 * @returns the namespace URIs of the entries that were incomplete (filled in or left out).
 */
export function normaliseExtensionSchemas(xmp: Xmp): Set<string> {
  const repaired = new Set<string>()
  const property = getProperty(xmp, XMP_NS.pdfaExtension, 'schemas')
  const element = property === undefined ? undefined : propertyElement(property)
  if (element === undefined) return repaired
  const bag = valueOf(element)
  const schemas = bag.kind === 'container' ? bag.items.filter((i): i is Struct => i.kind === 'struct') : bag.kind === 'struct' ? [bag] : []
  const defined = new Set(schemas.flatMap((s) => items(s, 'pdfaSchema', 'valueType').flatMap((t) => usableType(t) ?? [])))
  const index = packetIndex(xmp)
  const decls = (Object.keys(NS) as Prefix[]).map((p) => ` xmlns:${p}="${NS[p]}"`).join('')
  const xml =
    `<pdfaExtension:schemas xmlns:pdfaExtension="${XMP_NS.pdfaExtension}" xmlns:rdf="${XMP_NS.rdf}"><rdf:Bag>` +
    // Each entry declares its own prefixes: combine copies entries one by one into a new Bag.
    schemas.flatMap((s) => schema(index, s, defined, repaired) ?? []).map((entry) => `<rdf:li rdf:parseType="Resource"${decls}>${entry}</rdf:li>`).join('') +
    '</rdf:Bag></pdfaExtension:schemas>'
  setProperty(xmp, { ...rawProperty(XMP_NS.pdfaExtension, 'pdfaExtension', 'schemas', xml), element: parseXml(new TextEncoder().encode(xml)).root })
  return repaired
}

/** The schema entries of the packet's pdfaExtension:schemas Bag (parsed from its XML when it was built, not read). */
function schemaEntries(xmp: Xmp): Struct[] {
  const p = getProperty(xmp, XMP_NS.pdfaExtension, 'schemas')
  const element = p === undefined ? undefined : propertyElement(p)
  if (element === undefined) return []
  const bag = valueOf(element)
  return bag.kind === 'container' ? bag.items.filter((i): i is Struct => i.kind === 'struct') : bag.kind === 'struct' ? [bag] : []
}

/** What the packet declares: namespace URI → property name → declared value type. */
export function declaredPropertyTypes(xmp: Xmp): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>()
  for (const s of schemaEntries(xmp)) {
    const ns = get(s, 'pdfaSchema', 'namespaceURI')
    if (ns === undefined) continue
    const props = out.get(ns) ?? new Map<string, string>()
    for (const p of items(s, 'pdfaSchema', 'property')) {
      const name = get(p, 'pdfaProperty', 'name')
      if (name !== undefined) props.set(name, get(p, 'pdfaProperty', 'valueType') ?? '')
    }
    out.set(ns, props)
  }
  return out
}
