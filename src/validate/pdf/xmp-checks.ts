/**
 * The XMP checks of PDF/A-3: the metadata stream (6.6.2.1), its encoding and packet header, the
 * PDF/A identification (6.6.4), value types of predefined properties (6.6.2.3.1) and the
 * pdfaExtension declarations every other property needs (6.6.2.3.1, 6.6.2.3.3).
 * @module
 */
import { PDFDict, type PDFDocument, PDFName, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { streamBytes } from '../../pdf/streams.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'
import { REQUIRED_PREFIXES, TYPED_SCHEMAS, isPredefinedProperty as isPredefined, type XmpValueType, valueTypeMatches as typeMatches } from './xmp-predefined.js'
import { extensionStructureProblems } from './xmp-extension.js'
import { type RdfPacket, type RdfValue, fieldKey, findProperty, readRdfPacket, textOf } from '../../pdf/xmp-rdf.js'

const PDFAID = 'http://www.aiim.org/pdfa/ns/id/'
const EXT = 'http://www.aiim.org/pdfa/ns/extension/'
const SCHEMA = 'http://www.aiim.org/pdfa/ns/schema#'
const PROPERTY = 'http://www.aiim.org/pdfa/ns/property#'

/** One pdfaExtension:schemas entry as declared. */
export type DeclaredSchema = {
  namespaceUri: string | undefined
  prefix: string | undefined
  schema: string | undefined
  properties: Map<string, { valueType?: string | undefined; category?: string | undefined; description?: string | undefined }>
}

export type XmpCheckResult = {
  findings: PdfFinding[]
  packet?: RdfPacket | undefined
  part?: string | undefined
  conformance?: string | undefined
  schemas: DeclaredSchema[]
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const latin1 = new TextDecoder('latin1')

function encodingProblem(data: Uint8Array): string | undefined {
  if ((data[0] === 0xfe && data[1] === 0xff) || (data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0 && data[1] !== 0)) return 'it is UTF-16'
  try {
    utf8.decode(data)
    return undefined
  } catch {
    return 'it is not valid UTF-8'
  }
}

function describe(v: RdfValue): string {
  return v.kind === 'simple' ? `the simple value ${JSON.stringify(v.text.slice(0, 60))}` : v.kind === 'container' ? `an rdf:${v.type}` : 'a structure'
}

const TYPE_TEXT: Readonly<Record<XmpValueType, string>> = {
  Text: 'a simple value',
  Date: 'an XMP date',
  Integer: 'an integer',
  Boolean: 'True or False',
  Bag: 'an rdf:Bag',
  Seq: 'an rdf:Seq',
  Alt: 'an rdf:Alt (language alternative)',
  Struct: 'a structure',
}

function field(fields: Map<string, RdfValue>, ns: string, local: string): string | undefined {
  return textOf(fields.get(fieldKey(ns, local)))
}

/** The pdfaExtension:schemas entries, with what is wrong in their form. */
function declaredSchemas(packet: RdfPacket, problems: string[]): DeclaredSchema[] {
  const bag = findProperty(packet, EXT, 'schemas')?.value
  if (bag === undefined) return []
  if (bag.kind !== 'container' || bag.type !== 'Bag') {
    problems.push('pdfaExtension:schemas must be an rdf:Bag')
    return []
  }
  const out: DeclaredSchema[] = []
  for (const li of bag.items) {
    if (li.kind !== 'struct') continue
    const f = li.fields
    const s: DeclaredSchema = {
      namespaceUri: field(f, SCHEMA, 'namespaceURI'),
      prefix: field(f, SCHEMA, 'prefix'),
      schema: field(f, SCHEMA, 'schema'),
      properties: new Map(),
    }
    for (const [name, label] of [['schema', s.schema], ['namespaceURI', s.namespaceUri], ['prefix', s.prefix]] as const) {
      if (label === undefined || label === '') problems.push(`the schema ${s.namespaceUri ?? '(no namespace)'} lacks pdfaSchema:${name}`)
    }
    const props = f.get(fieldKey(SCHEMA, 'property'))
    if (props !== undefined && (props.kind !== 'container' || props.type !== 'Seq')) problems.push(`pdfaSchema:property of ${s.namespaceUri ?? '?'} must be an rdf:Seq`)
    for (const p of props?.kind === 'container' ? props.items : []) {
      if (p.kind !== 'struct') continue
      const name = field(p.fields, PROPERTY, 'name')
      const decl = {
        valueType: field(p.fields, PROPERTY, 'valueType'),
        category: field(p.fields, PROPERTY, 'category'),
        description: field(p.fields, PROPERTY, 'description'),
      }
      const missing = (['valueType', 'category', 'description'] as const).filter((k) => decl[k] === undefined || decl[k] === '')
      if (name === undefined || name === '') missing.unshift('name' as never)
      if (missing.length > 0) problems.push(`property ${name ?? '?'} of ${s.namespaceUri ?? '?'} lacks pdfaProperty:${missing.join(', pdfaProperty:')}`)
      if (decl.category !== undefined && decl.category !== 'internal' && decl.category !== 'external') {
        problems.push(`property ${name ?? '?'} of ${s.namespaceUri ?? '?'} has category ${JSON.stringify(decl.category)} (internal or external)`)
      }
      if (name !== undefined) s.properties.set(name, decl)
    }
    out.push(s)
  }
  return out
}

function packetChecks(packet: RdfPacket, out: PdfFinding[]): DeclaredSchema[] {
  for (const p of packet.properties) {
    const want = TYPED_SCHEMAS[p.ns]?.[p.local]
    if (want !== undefined && !typeMatches(want, p.value, p.local)) {
      out.push(pdfFinding('PDFA-XMP-VALUE-TYPE', `XMP ${p.prefix}:${p.local}`, { origin: 'predefined', property: `${p.prefix}:${p.local}`, expected: TYPE_TEXT[want], found: describe(p.value) }))
    }
  }
  const problems: string[] = []
  const schemas = declaredSchemas(packet, problems)
  const bag = findProperty(packet, EXT, 'schemas')?.value
  const structures = bag === undefined ? undefined : extensionStructureProblems(bag)
  for (const detail of structures?.undefinedFields ?? []) out.push(pdfFinding('PDFA-XMP-EXTENSION-FIELD', 'XMP pdfaExtension:schemas', { detail }))
  problems.push(...(structures?.problems ?? []))
  for (const [ns, prefix] of Object.entries(REQUIRED_PREFIXES)) {
    const used = [...(packet.prefixes.get(ns) ?? [])].filter((x) => x !== prefix)
    if (used.length > 0) problems.push(`the namespace ${ns} must use the prefix ${prefix}, not ${used.join(', ')}`)
  }
  for (const p of packet.properties) {
    if (isPredefined(p.ns, p.local)) continue
    const declaration = schemas.find((s) => s.namespaceUri === p.ns && s.properties.has(p.local))?.properties.get(p.local)
    if (declaration === undefined) {
      out.push(pdfFinding('PDFA-XMP-UNDECLARED', `XMP ${p.prefix}:${p.local}`, { property: `${p.prefix}:${p.local} (${p.ns})` }))
      continue
    }
    // An extension property holds the value type its schema declares (fx:Version as an rdf:Seq is
    // no Text); the simple types are judged, container and structure types are left alone.
    const want = declaration.valueType
    if ((want === 'Text' || want === 'Integer' || want === 'Boolean' || want === 'Date') && !typeMatches(want, p.value, p.local)) {
      out.push(pdfFinding('PDFA-XMP-VALUE-TYPE', `XMP ${p.prefix}:${p.local}`, { origin: 'extension', property: `${p.prefix}:${p.local}`, expected: `${TYPE_TEXT[want]} (declared ${want})`, found: describe(p.value) }))
    }
  }
  for (const detail of problems) out.push(pdfFinding('PDFA-XMP-EXTENSION', 'XMP pdfaExtension:schemas', { detail }))
  return schemas
}

/**
 * 6.6.2.1 for any metadata stream: UTF-8, no bytes/encoding attribute in the xpacket header, a
 * well-formed RDF packet. @returns the packet, or undefined when it cannot be read.
 */
function packetForm(data: Uint8Array, where: string, findings: PdfFinding[]): RdfPacket | undefined {
  const encoding = encodingProblem(data)
  if (encoding !== undefined) findings.push(pdfFinding('PDFA-XMP-ENCODING', where, { found: encoding }))
  const header = /<\?xpacket\s+begin=([^?]*)\?>/.exec(latin1.decode(data.subarray(0, 512)))
  const forbidden = header === null ? [] : ['bytes', 'encoding'].filter((a) => new RegExp(`\\b${a}\\s*=`).test(header[1] ?? ''))
  if (forbidden.length > 0) findings.push(pdfFinding('PDFA-XMP-PACKET', where === 'catalog /Metadata' ? 'XMP packet header' : `${where}, packet header`, { found: forbidden.join(' and ') }))
  try {
    return readRdfPacket(data)
  } catch (err) {
    findings.push(pdfFinding('PDFA-XMP-WELLFORMED', where, { detail: (err as Error).message }))
    return undefined
  }
}

/**
 * 6.6.2.1 ("all metadata streams present in the PDF") for the metadata of pages, images, fonts,
 * forms and any other object: the same packet form as the document's, and (6.6.2.3.1) every
 * property predefined or declared, in the document's pdfaExtension schemas or the packet's own.
 * @param mainSchemas the schemas the document's packet declares.
 */
export function checkOtherMetadataStreams(doc: PDFDocument, mainSchemas: readonly DeclaredSchema[]): PdfFinding[] {
  const findings: PdfFinding[] = []
  const catalogs = doc.catalog.get(PDFName.of('Metadata'))
  const seen = new Set<PDFStream>()
  // Metadata belongs to pages, fonts, images and forms: indirect objects, so nested direct dictionaries are not walked.
  for (const [owner, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined
    if (dict === undefined || dict === doc.catalog) continue
    const value = dict.get(PDFName.of('Metadata'))
    if (value === undefined || value === catalogs) continue
    const stream = value instanceof PDFRef ? doc.context.lookup(value) : value
    if (!(stream instanceof PDFStream) || seen.has(stream) || stream === doc.catalog.lookup(PDFName.of('Metadata'))) continue
    seen.add(stream)
    const label = value instanceof PDFRef ? `metadata stream ${value.objectNumber} ${value.generationNumber}` : `metadata stream in object ${owner.objectNumber} ${owner.generationNumber}`
    let data: Uint8Array
    try {
      data = streamBytes(stream, label)
    } catch (err) {
      findings.push(pdfFinding('PDFA-XMP-WELLFORMED', label, { detail: (err as Error).message }))
      continue
    }
    const packet = packetForm(data, label, findings)
    if (packet === undefined) continue
    const schemas = [...mainSchemas, ...declaredSchemas(packet, [])]
    for (const p of packet.properties) {
      if (isPredefined(p.ns, p.local) || schemas.some((s) => s.namespaceUri === p.ns && s.properties.has(p.local))) continue
      findings.push(pdfFinding('PDFA-XMP-UNDECLARED', `${label}, ${p.prefix}:${p.local}`, { property: `${p.prefix}:${p.local} (${p.ns})` }))
    }
  }
  return findings
}

/** Every XMP check on the document's metadata. */
export function checkXmp(doc: PDFDocument): XmpCheckResult {
  const findings: PdfFinding[] = []
  const stream = doc.catalog.lookup(PDFName.of('Metadata'))
  if (!(stream instanceof PDFStream)) return { findings: [pdfFinding('PDFA-XMP-MISSING', 'catalog /Metadata')], schemas: [] }
  const type = stream.dict.lookup(PDFName.of('Type'))
  const subtype = stream.dict.lookup(PDFName.of('Subtype'))
  if (type !== PDFName.of('Metadata') || subtype !== PDFName.of('XML')) {
    findings.push(pdfFinding('PDFA-XMP-STREAM', 'catalog /Metadata', { found: `found /Type ${String(type)} /Subtype ${String(subtype)}` }))
  }
  const data = streamBytes(stream, 'XMP metadata stream')
  const packet = packetForm(data, 'catalog /Metadata', findings)
  if (packet === undefined) return { findings, schemas: [] }
  const part = textOf(findProperty(packet, PDFAID, 'part')?.value)
  const conformance = textOf(findProperty(packet, PDFAID, 'conformance')?.value)
  if (part !== '3') findings.push(pdfFinding('PDFA-ID-PART', 'XMP pdfaid:part', { found: part === undefined ? 'none (the file does not claim PDF/A)' : JSON.stringify(part) }))
  if (!['A', 'B', 'U'].includes(conformance ?? '')) {
    findings.push(pdfFinding('PDFA-ID-CONFORMANCE', 'XMP pdfaid:conformance', { found: conformance === undefined ? 'none' : JSON.stringify(conformance) }))
  }
  const schemas = packetChecks(packet, findings)
  return { findings, packet, part, conformance, schemas }
}
