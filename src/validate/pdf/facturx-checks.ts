/**
 * The Factur-X / ZUGFeRD / Order-X container checks: the four XMP properties with the values
 * Mustang's PDFValidator accepts (behaviour doc §6.2), their pdfaExtension declaration, the
 * invoice attachment (MIME type, /Params /ModDate, catalog /AF, /AFRelationship), and two
 * cross-checks Mustang lacks: DocumentFileName names an embedded file, and ConformanceLevel is the
 * profile the embedded XML declares in BT-24.
 * @module
 */
import { INVOICE_XMP_NAMESPACES } from '../../pdf/facturx-xmp.js'
import type { EmbeddedFileInfo } from './object-checks.js'
import { type PdfFinding, type PdfRuleId, pdfFinding } from './pdf-rules.js'
import type { DeclaredSchema } from './xmp-checks.js'
import { type RdfPacket, findProperty, textOf } from '../../pdf/xmp-rdf.js'

/** The values Mustang accepts (behaviour doc §6.2), as data. */
const ALLOWED = {
  ConformanceLevel: ['BASIC WL', 'BASIC', 'MINIMUM', 'EN 16931', 'COMFORT', 'CIUS', 'EXTENDED', 'XRECHNUNG'],
  DocumentType: ['INVOICE', 'ORDER', 'ORDER_RESPONSE', 'ORDER_CHANGE'],
  DocumentFileName: ['factur-x.xml', 'ZUGFeRD-invoice.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'order-x.xml'],
  Version: ['1.0', '1p0', '2p0', '3p0', '1.2', '2.0', '2.1', '2.2', '2.3', '3.0'],
} as const

type FxProperty = keyof typeof ALLOWED

/** Rule ids per property: [missing, not allowed]. */
const RULES: Readonly<Record<FxProperty, readonly [PdfRuleId, PdfRuleId]>> = {
  ConformanceLevel: ['FX-XMP-CONFORMANCE-MISSING', 'FX-XMP-CONFORMANCE'],
  DocumentType: ['FX-XMP-DOCTYPE-MISSING', 'FX-XMP-DOCTYPE'],
  DocumentFileName: ['FX-XMP-FILENAME-MISSING', 'FX-XMP-FILENAME'],
  Version: ['FX-XMP-VERSION-MISSING', 'FX-XMP-VERSION'],
}

const PROPS = Object.keys(ALLOWED) as FxProperty[]

/** BT-24 suffixes → the ConformanceLevel the XMP must state (Factur-X 1.0 Table 3, ZUGFeRD 1 comfort). */
const LEVEL_BY_SUFFIX: readonly (readonly [suffix: string, level: string])[] = [
  ['extended', 'EXTENDED'],
  ['basicwl', 'BASIC WL'],
  ['basic', 'BASIC'],
  ['minimum', 'MINIMUM'],
  ['comfort', 'COMFORT'],
]

/** The ConformanceLevel that BT-24 implies, or undefined when it implies none. */
export function levelOfGuideline(guideline: string | undefined): string | undefined {
  if (guideline === undefined || guideline === '') return undefined
  const g = guideline.trim().toLowerCase()
  if (g.includes('xrechnung')) return 'XRECHNUNG'
  const hit = LEVEL_BY_SUFFIX.find(([suffix]) => g.endsWith(suffix))
  if (hit !== undefined) return hit[1]
  return g.startsWith('urn:cen.eu:en16931:2017') ? 'EN 16931' : undefined
}

export type FacturxXmp = {
  namespace: string
  prefix: string
  values: Partial<Record<FxProperty, string>>
}

/** The invoice namespace of the XMP: a known one, else any `CrossIndustryDocument` one with most properties. */
export function facturxXmp(packet: RdfPacket): FacturxXmp | undefined {
  const candidates = [...new Set(packet.properties.map((p) => p.ns))].filter((ns) => INVOICE_XMP_NAMESPACES.includes(ns) || ns.includes('CrossIndustryDocument'))
  if (candidates.length === 0) return undefined
  const score = (ns: string): number => PROPS.filter((p) => findProperty(packet, ns, p) !== undefined).length
  const namespace = candidates.reduce((best, ns) => (score(ns) > score(best) ? ns : best))
  const values: Partial<Record<FxProperty, string>> = {}
  for (const p of PROPS) {
    const v = textOf(findProperty(packet, namespace, p)?.value)
    if (v !== undefined && v !== '') values[p] = v
  }
  const prefix = packet.properties.find((p) => p.ns === namespace)?.prefix ?? 'fx'
  return { namespace, prefix, values }
}

function checkDeclaration(fx: FacturxXmp, schemas: readonly DeclaredSchema[], out: PdfFinding[]): void {
  const declared = schemas.find((s) => s.namespaceUri === fx.namespace)
  const add = (detail: string): void => void out.push(pdfFinding('FX-XMP-SCHEMA', 'XMP pdfaExtension:schemas', { namespace: fx.namespace, detail }))
  if (declared === undefined) return add('no pdfaExtension:schemas entry declares it')
  if (declared.prefix !== fx.prefix) add(`it declares the prefix ${JSON.stringify(declared.prefix ?? '')}, the XMP uses ${JSON.stringify(fx.prefix)}`)
  for (const p of PROPS) {
    const d = declared.properties.get(p)
    if (d === undefined) add(`${p} is not declared`)
    else if (d.valueType !== 'Text' || d.category !== 'external') add(`${p} must be declared as valueType Text, category external (found ${d.valueType ?? '?'}, ${d.category ?? '?'})`)
  }
}

const RELATIONSHIP_DATA_LEVELS: ReadonlySet<string> = new Set(['MINIMUM', 'BASIC WL'])

function checkAttachment(file: EmbeddedFileInfo, level: string | undefined, out: PdfFinding[]): void {
  const a = file.attachment
  const name = JSON.stringify(a.name)
  const where = `file specification ${name}`
  if (a.mimeType !== 'text/xml' && a.mimeType !== 'application/xml') out.push(pdfFinding('FX-ATTACHMENT-MIME', where, { file: name, found: a.mimeType ?? 'none' }))
  if (file.modDate === undefined) out.push(pdfFinding('FX-ATTACHMENT-MODDATE', where, { file: name }))
  if (!file.inCatalogAf) out.push(pdfFinding('FX-ATTACHMENT-CATALOG-AF', where, { file: name }))
  // Factur-X 1.0 §6.2.1: Data for MINIMUM and BASIC WL, Alternative otherwise; Source is tolerated.
  const expected = level !== undefined && RELATIONSHIP_DATA_LEVELS.has(level) ? 'Data' : 'Alternative'
  const rel = a.relationship
  if (rel !== undefined && !['Alternative', 'Data', 'Source'].includes(rel)) {
    out.push(pdfFinding('FX-ATTACHMENT-RELATIONSHIP', where, { file: name, found: `/${rel}`, expected: `/${expected}` }))
  } else if (rel !== undefined && rel !== expected && level !== undefined) {
    out.push(pdfFinding('FX-ATTACHMENT-RELATIONSHIP-USUAL', where, { file: name, found: `/${rel}`, expected: `/${expected}`, level }))
  }
}

export type FacturxCheckInput = {
  packet: RdfPacket | undefined
  schemas: readonly DeclaredSchema[]
  files: readonly EmbeddedFileInfo[]
  /** The attachment the invoice XML was taken from. */
  invoiceFileName: string | undefined
  /** BT-24 of the embedded XML, when it was read. */
  guideline: string | undefined
}

/** Runs when the PDF carries an invoice: XMP properties, declaration, attachment, cross-checks. */
export function checkFacturx(input: FacturxCheckInput): PdfFinding[] {
  const out: PdfFinding[] = []
  // Without readable XMP the four properties cannot be found (the XMP findings say why).
  const fx = input.packet === undefined ? undefined : facturxXmp(input.packet)
  if (fx === undefined) return [pdfFinding('FX-XMP-NAMESPACE', 'XMP')]
  for (const p of PROPS) {
    const value = fx.values[p]
    const [missing, invalid] = RULES[p]
    const at = `XMP ${fx.prefix}:${p}`
    if (value === undefined) out.push(pdfFinding(missing, at, { prefix: fx.prefix }))
    else if (!(ALLOWED[p] as readonly string[]).includes(value)) out.push(pdfFinding(invalid, at, { prefix: fx.prefix, found: JSON.stringify(value), allowed: ALLOWED[p].join(', ') }))
  }
  checkDeclaration(fx, input.schemas, out)
  const fileName = fx.values.DocumentFileName
  const named = fileName === undefined ? undefined : input.files.find((f) => f.attachment.name === fileName)
  if (fileName !== undefined && named === undefined) {
    const embedded = input.files.map((f) => JSON.stringify(f.attachment.name)).join(', ') || 'none'
    out.push(pdfFinding('FX-FILENAME-MATCH', `XMP ${fx.prefix}:DocumentFileName`, { prefix: fx.prefix, found: JSON.stringify(fileName), embedded }))
  }
  const invoice = named ?? input.files.find((f) => f.attachment.name === input.invoiceFileName)
  const expected = levelOfGuideline(input.guideline)
  const level = fx.values.ConformanceLevel
  if (expected !== undefined && level !== undefined && level !== expected) {
    out.push(pdfFinding('FX-LEVEL-MATCH', `XMP ${fx.prefix}:ConformanceLevel`, { prefix: fx.prefix, found: JSON.stringify(level), guideline: input.guideline ?? '', expected: JSON.stringify(expected) }))
  }
  if (invoice !== undefined) checkAttachment(invoice, expected ?? level, out)
  for (const f of input.files) {
    if (f.attachment.name !== invoice?.attachment.name && /\.xml$/i.test(f.attachment.name)) out.push(pdfFinding('FX-OTHER-XML', `file specification ${JSON.stringify(f.attachment.name)}`, { file: JSON.stringify(f.attachment.name) }))
  }
  return out
}
