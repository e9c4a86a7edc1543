/**
 * The XMP schemas PDF/A-3 accepts without a pdfaExtension declaration (ISO 19005-3 6.6.2.3.1:
 * the schemas of the XMP Specification 2005) and the value types of the properties whose type a
 * validator checks. Namespace URIs, property names and types are facts of that specification.
 * @module
 */
import { lookupTable } from '../util/lookup-table.js'
import type { RdfValue } from './xmp-rdf.js'

/** `Text`-like simple types are checked only for being simple; Date, Integer, Boolean by form. */
export type XmpValueType = 'Text' | 'Date' | 'Integer' | 'Boolean' | 'Bag' | 'Seq' | 'Alt' | 'Struct'

const SCHEMA_PROPERTIES: Readonly<Record<string, Readonly<Record<string, XmpValueType>>>> = {
  'http://purl.org/dc/elements/1.1/': {
    contributor: 'Bag', coverage: 'Text', creator: 'Seq', date: 'Seq', description: 'Alt', format: 'Text',
    identifier: 'Text', language: 'Bag', publisher: 'Bag', relation: 'Bag', rights: 'Alt', source: 'Text',
    subject: 'Bag', title: 'Alt', type: 'Bag',
  },
  'http://ns.adobe.com/xap/1.0/': {
    Advisory: 'Bag', BaseURL: 'Text', CreateDate: 'Date', CreatorTool: 'Text', Identifier: 'Bag', Label: 'Text',
    MetadataDate: 'Date', ModifyDate: 'Date', Nickname: 'Text', Rating: 'Text', Thumbnails: 'Alt',
  },
  'http://ns.adobe.com/pdf/1.3/': { Keywords: 'Text', PDFVersion: 'Text', Producer: 'Text', Trapped: 'Text' },
  'http://ns.adobe.com/xap/1.0/rights/': { Certificate: 'Text', Marked: 'Boolean', Owner: 'Bag', UsageTerms: 'Alt', WebStatement: 'Text' },
  'http://ns.adobe.com/xap/1.0/mm/': {
    DerivedFrom: 'Struct', DocumentID: 'Text', History: 'Seq', Ingredients: 'Bag', InstanceID: 'Text', LastURL: 'Text',
    ManagedFrom: 'Struct', Manager: 'Text', ManageTo: 'Text', ManageUI: 'Text', ManagerVariant: 'Text',
    OriginalDocumentID: 'Text', RenditionClass: 'Text', RenditionParams: 'Text', SaveID: 'Integer', VersionID: 'Text',
    Versions: 'Seq', Pantry: 'Bag', RenditionOf: 'Struct',
  },
  'http://www.aiim.org/pdfa/ns/id/': { part: 'Integer', conformance: 'Text', amd: 'Text', corr: 'Text', rev: 'Integer' },
  'http://www.aiim.org/pdfa/ns/extension/': { schemas: 'Bag' },
}

/** Predefined namespaces whose property lists are checked name by name (and typed). */
export const TYPED_SCHEMAS = lookupTable(Object.fromEntries(Object.entries(SCHEMA_PROPERTIES).map(([ns, properties]) => [ns, lookupTable(properties)])))

/** Further predefined namespaces whose properties are accepted without a declaration. */
export const OTHER_PREDEFINED_NAMESPACES: ReadonlySet<string> = new Set([
  'http://ns.adobe.com/xap/1.0/bj/',
  'http://ns.adobe.com/xap/1.0/t/pg/',
  'http://ns.adobe.com/xmp/1.0/DynamicMedia/',
  'http://ns.adobe.com/photoshop/1.0/',
  'http://ns.adobe.com/camera-raw-settings/1.0/',
  'http://ns.adobe.com/tiff/1.0/',
  'http://ns.adobe.com/exif/1.0/',
  'http://ns.adobe.com/exif/1.0/aux/',
  'http://ns.adobe.com/xmp/Identifier/qual/1.0/',
  'http://ns.adobe.com/xap/1.0/sType/ResourceRef#',
  'http://ns.adobe.com/xap/1.0/sType/ResourceEvent#',
  'http://ns.adobe.com/xap/1.0/sType/Version#',
  'http://ns.adobe.com/xap/1.0/sType/Job#',
  'http://ns.adobe.com/xap/1.0/sType/Dimensions#',
  'http://ns.adobe.com/xap/1.0/sType/Font#',
  'http://ns.adobe.com/xap/1.0/g/',
  'http://ns.adobe.com/xap/1.0/g/img/',
  'http://www.aiim.org/pdfa/ns/schema#',
  'http://www.aiim.org/pdfa/ns/property#',
  'http://www.aiim.org/pdfa/ns/type#',
  'http://www.aiim.org/pdfa/ns/field#',
  'http://www.w3.org/XML/1998/namespace',
])

/** The prefixes ISO 19005-3 6.6.2.3.3 / 6.6.4 prescribe for the PDF/A namespaces. */
export const REQUIRED_PREFIXES = lookupTable<string>({
  'http://www.aiim.org/pdfa/ns/id/': 'pdfaid',
  'http://www.aiim.org/pdfa/ns/extension/': 'pdfaExtension',
  'http://www.aiim.org/pdfa/ns/schema#': 'pdfaSchema',
  'http://www.aiim.org/pdfa/ns/property#': 'pdfaProperty',
})

/** XMP Date (ISO 8601 subset of the XMP specification): YYYY[-MM[-DD[Thh:mm[:ss[.s]][TZD]]]]. */
export const XMP_DATE = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/

/** Whether a value has the form of the value type `want` (dc:date's items are dates too). */
export function valueTypeMatches(want: XmpValueType, v: RdfValue, local: string): boolean {
  switch (want) {
    case 'Bag':
    case 'Seq':
    case 'Alt':
      return v.kind === 'container' && v.type === want && (local !== 'date' || v.items.every((i) => i.kind === 'simple' && XMP_DATE.test(i.text.trim())))
    case 'Struct':
      return v.kind === 'struct'
    case 'Date':
      return v.kind === 'simple' && XMP_DATE.test(v.text.trim())
    case 'Integer':
      return v.kind === 'simple' && /^[+-]?\d+$/.test(v.text.trim())
    case 'Boolean':
      return v.kind === 'simple' && (v.text === 'True' || v.text === 'False')
    case 'Text':
      return v.kind === 'simple'
  }
}

/** Whether a property needs no pdfaExtension declaration (6.6.2.3.1). */
export function isPredefinedProperty(ns: string, local: string): boolean {
  const typed = TYPED_SCHEMAS[ns]
  if (typed !== undefined) return typed[local] !== undefined
  return OTHER_PREDEFINED_NAMESPACES.has(ns)
}
