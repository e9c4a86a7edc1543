/**
 * The Factur-X / ZUGFeRD XMP extension schema (Factur-X 1.0 §6.2, ZUGFeRD 2.x technical
 * appendix): the four invoice properties and their pdfaExtension declaration (ISO 19005-3
 * 6.6.2.3). The values per format come from src/cii/profiles.ts; the ZUGFeRD 1 and Order-X rows
 * it does not list yet are here as data (behaviour doc §4.3).
 * @module
 */
import type { XmpInvoiceSchema } from '../cii/profiles.js'
import { XMP_NS, type Xmp, type XmpProperty, rawProperty, removeNamespace, setProperty, simpleProperty } from './xmp.js'
import { serializeElement } from './xmp-serialize.js'
import { declaredPropertyTypes } from './xmp-extension-schemas.js'
import { parseXml } from '../xml/index.js'

/** The namespaces an invoice XMP schema may use; combine replaces any of them. */
export const INVOICE_XMP_NAMESPACES: readonly string[] = [
  'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  'urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#',
  'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#',
  'urn:factur-x:pdfa:CrossIndustryDocument:1p0#',
  'urn:factur-x:pdfa:CrossIndustryDocument:despatchadvice:1p0#',
]

/** Containers for the formats src/cii/profiles.ts does not list (yet). */
export type ExtraContainer = { attachmentFileName: string; afRelationship: 'Alternative' | 'Data'; xmp: Omit<XmpInvoiceSchema, 'conformanceLevel'> }

export const ZF1_CONTAINER: ExtraContainer = {
  attachmentFileName: 'ZUGFeRD-invoice.xml',
  afRelationship: 'Alternative',
  xmp: { namespaceUri: 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#', prefix: 'zf', version: '1.0', documentType: 'INVOICE' },
}

export const ORDERX_CONTAINER: ExtraContainer = {
  attachmentFileName: 'order-x.xml',
  afRelationship: 'Alternative',
  xmp: { namespaceUri: 'urn:factur-x:pdfa:CrossIndustryDocument:1p0#', prefix: 'fx', version: '1.0', documentType: 'ORDER' },
}

const PROPERTIES: readonly [string, string][] = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
]

const SCHEMA_LABEL = 'Factur-X PDFA Extension Schema'

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A namespace and the prefix its properties are written with. */
type DeclaredNamespace = Pick<XmpInvoiceSchema, 'namespaceUri' | 'prefix'>

function schemaEntry(schema: DeclaredNamespace): string {
  const props = PROPERTIES.map(
    ([name, description]) =>
      '<rdf:li rdf:parseType="Resource">' +
      `<pdfaProperty:name>${name}</pdfaProperty:name>` +
      '<pdfaProperty:valueType>Text</pdfaProperty:valueType>' +
      '<pdfaProperty:category>external</pdfaProperty:category>' +
      `<pdfaProperty:description>${escape(description)}</pdfaProperty:description>` +
      '</rdf:li>',
  ).join('')
  return (
    `<rdf:li rdf:parseType="Resource" xmlns:pdfaSchema="${XMP_NS.pdfaSchema}" xmlns:pdfaProperty="${XMP_NS.pdfaProperty}">` +
    `<pdfaSchema:schema>${SCHEMA_LABEL}</pdfaSchema:schema>` +
    `<pdfaSchema:namespaceURI>${escape(schema.namespaceUri)}</pdfaSchema:namespaceURI>` +
    `<pdfaSchema:prefix>${escape(schema.prefix)}</pdfaSchema:prefix>` +
    `<pdfaSchema:property><rdf:Seq>${props}</rdf:Seq></pdfaSchema:property>` +
    '</rdf:li>'
  )
}

/** The namespace URI a pdfaExtension schema entry declares. */
function declaredNamespace(li: NonNullable<XmpProperty['element']>): string | undefined {
  const holder = li.children.find((c) => c.ns === XMP_NS.rdf && c.local === 'Description') ?? li
  const direct = holder.children.find((c) => c.ns === XMP_NS.pdfaSchema && c.local === 'namespaceURI')
  return direct?.text.trim() ?? holder.attributes.find((a) => a.ns === XMP_NS.pdfaSchema && a.local === 'namespaceURI')?.value.trim()
}

/** Schema entries of the input's pdfaExtension:schemas Bag, serialised, minus the given namespaces. */
function keptSchemaEntries(xmp: Xmp, drop: readonly string[]): string[] {
  const existing = xmp.properties.find((p) => p.ns === XMP_NS.pdfaExtension && p.local === 'schemas')
  const bag = existing?.element?.children.find((c) => c.ns === XMP_NS.rdf)
  if (bag === undefined) return []
  return bag.children
    .filter((li) => li.ns === XMP_NS.rdf && li.local === 'li')
    .filter((li) => !drop.includes(declaredNamespace(li) ?? ''))
    .map((li) => serializeElement(li))
}

/** Writes the pdfaExtension:schemas Bag: the input's schemas for namespaces other than `drop`, plus `add`. */
function setExtensionSchemas(xmp: Xmp, drop: readonly string[], add: readonly DeclaredNamespace[]): void {
  const entries = keptSchemaEntries(xmp, drop)
  entries.push(...add.map(schemaEntry))
  const xml =
    `<pdfaExtension:schemas xmlns:pdfaExtension="${XMP_NS.pdfaExtension}" xmlns:rdf="${XMP_NS.rdf}">` +
    `<rdf:Bag>${entries.join('')}</rdf:Bag></pdfaExtension:schemas>`
  setProperty(xmp, { ...rawProperty(XMP_NS.pdfaExtension, 'pdfaExtension', 'schemas', xml), element: parseXml(new TextEncoder().encode(xml)).root })
}

/**
 * Gives every invoice namespace (of any Factur-X, ZUGFeRD or Order-X version) the packet's
 * properties use the standard declaration of the four properties, under the prefix they are
 * written with, when its entry is missing, was incomplete (`repaired`, from
 * normaliseExtensionSchemas), or leaves one of the four used properties undeclared or declared
 * other than Text. The replaced entry's declarations of other properties go with it.
 * @returns the namespaces (re)declared.
 */
export function declareInvoiceSchemas(xmp: Xmp, repaired: ReadonlySet<string>): string[] {
  const declared = declaredPropertyTypes(xmp)
  const add: DeclaredNamespace[] = []
  for (const ns of INVOICE_XMP_NAMESPACES) {
    const used = xmp.properties.filter((p) => p.ns === ns)
    const first = used[0]
    if (first === undefined) continue
    const types = declared.get(ns)
    if (repaired.has(ns) || types === undefined || used.some((p) => PROPERTIES.some(([name]) => name === p.local) && types.get(p.local) !== 'Text')) add.push({ namespaceUri: ns, prefix: first.prefix })
  }
  if (add.length > 0) setExtensionSchemas(xmp, add.map((a) => a.namespaceUri), add)
  return add.map((a) => a.namespaceUri)
}

/** Replaces any invoice schema properties by the four of `schema`, and declares them. */
export function setInvoiceSchema(xmp: Xmp, schema: XmpInvoiceSchema, fileName: string): void {
  for (const ns of INVOICE_XMP_NAMESPACES) removeNamespace(xmp, ns)
  const { namespaceUri: ns, prefix } = schema
  setProperty(xmp, simpleProperty(ns, prefix, 'DocumentType', schema.documentType))
  setProperty(xmp, simpleProperty(ns, prefix, 'DocumentFileName', fileName))
  setProperty(xmp, simpleProperty(ns, prefix, 'Version', schema.version))
  setProperty(xmp, simpleProperty(ns, prefix, 'ConformanceLevel', schema.conformanceLevel))
  setExtensionSchemas(xmp, INVOICE_XMP_NAMESPACES, [schema])
}
