/**
 * The format / profile / version table (behaviour doc §3.1 and §4.3) as data: for every valid
 * combination its specification identifier (BT-24), the writer that produces it, the file name it
 * carries inside a PDF and the XMP values the PDF container declares.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { argumentError, textArgument } from '../util/byte-input.js'
import { integer } from '../util/option-input.js'
import { ORDERX_GUIDELINE_IDS, type OrderXLevel } from '../orderx/content-rules.js'
import { ZF1_GUIDELINE_IDS, type Zf1Level } from '../zf1/content-rules.js'

/** The `format` parameter: Factur-X, ZUGFeRD, XRechnung (CII), Order-X. */
export type FormatCode = 'fx' | 'zf' | 'xr' | 'ox'

/** Which writer produces the XML. */
export type SyntaxWriter = 'cii' | 'zf1' | 'orderx'

/** CII content levels, in the spelling of the Factur-X profiles; each has a content-rule row. */
export type CiiLevel = 'MINIMUM' | 'BASICWL' | 'BASIC' | 'EN16931' | 'EXTENDED' | 'XRECHNUNG'

/** Profile names as the parameter accepts them (canonical spelling, no blanks). */
export type ProfileName = CiiLevel | 'COMFORT'

/** The Factur-X / ZUGFeRD XMP extension schema values of the PDF container. */
export type XmpInvoiceSchema = {
  namespaceUri: string
  prefix: string
  /** `fx:Version` / `zf:Version`. */
  version: string
  /** `fx:ConformanceLevel`: the profile's XMP name (`BASIC WL`, `EN 16931` ...). */
  conformanceLevel: string
  /** `fx:DocumentType`. */
  documentType: 'INVOICE' | 'ORDER'
}

export type FormatProfile = {
  format: FormatCode
  /** The `version` parameter values that select this row. */
  versions: readonly number[]
  profile: ProfileName
  /** BT-24 GuidelineSpecifiedDocumentContextParameter/ID. */
  guidelineId: string
  writer: SyntaxWriter
  /** The CII content level (which elements the writer emits); CII writer rows only. */
  ciiLevel?: CiiLevel | undefined
  /** The ZUGFeRD 1 content level; zf1 writer rows only. */
  zf1Level?: Zf1Level | undefined
  /** The Order-X content level; orderx writer rows only. */
  orderXLevel?: OrderXLevel | undefined
  /** Name of the embedded XML in a PDF/A-3 container. */
  attachmentFileName: string
  /** PDF /AFRelationship of the embedded XML (ZUGFeRD 2.1.1 technical supplement: Data for MINIMUM, BASIC WL). */
  afRelationship: 'Alternative' | 'Data'
  xmp: XmpInvoiceSchema
}

/** Guideline ids (BT-24) of the CII generation-2 profiles, shared by fx, zf 2 and xr. */
export const CII_GUIDELINE_IDS: Readonly<Record<CiiLevel, string>> = {
  MINIMUM: 'urn:factur-x.eu:1p0:minimum',
  BASICWL: 'urn:factur-x.eu:1p0:basicwl',
  BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  EN16931: 'urn:cen.eu:en16931:2017',
  EXTENDED: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
  XRECHNUNG: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
}

/** XMP ConformanceLevel names (Mustang `Profile.getXMPName()`). */
const XMP_LEVEL: Readonly<Record<ProfileName, string>> = {
  MINIMUM: 'MINIMUM',
  BASICWL: 'BASIC WL',
  BASIC: 'BASIC',
  EN16931: 'EN 16931',
  EXTENDED: 'EXTENDED',
  XRECHNUNG: 'XRECHNUNG',
  COMFORT: 'COMFORT',
}

const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'
const ZF2_NS = 'urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#'

const GEN2_LEVELS: readonly CiiLevel[] = ['MINIMUM', 'BASICWL', 'BASIC', 'EN16931', 'EXTENDED', 'XRECHNUNG']

function gen2Row(format: 'fx' | 'zf', level: CiiLevel): FormatProfile {
  const xrechnung = level === 'XRECHNUNG'
  const fx = format === 'fx'
  return {
    format,
    // Factur-X 1.0 is ZUGFeRD 2 (Mustang treats fx version 1 as generation 2).
    versions: fx ? [1, 2] : [2],
    profile: level,
    guidelineId: CII_GUIDELINE_IDS[level],
    writer: 'cii',
    ciiLevel: level,
    attachmentFileName: xrechnung ? 'xrechnung.xml' : fx ? 'factur-x.xml' : 'zugferd-invoice.xml',
    afRelationship: level === 'MINIMUM' || level === 'BASICWL' ? 'Data' : 'Alternative',
    xmp: {
      namespaceUri: fx ? FX_NS : ZF2_NS,
      prefix: fx ? 'fx' : 'zf',
      // The ZUGFeRD 2.x XMP schema's Version is 1.0 (ZUGFeRD 2.0 spec; every ZUGFeRD 2.0 PDF of the corpus,
      // docs/pdf-outputs.md). Mustang 2.24 writes 2p0, its own quirk (its issue #1100 discusses the mix).
      version: '1.0',
      conformanceLevel: XMP_LEVEL[level],
      documentType: 'INVOICE',
    },
  }
}

/** ZUGFeRD 1.0 rows (`zf` version 1): XMP values of the ZUGFeRD 1.0 PDF container (behaviour doc §4.3). */
function zf1Row(level: Zf1Level): FormatProfile {
  return {
    format: 'zf',
    versions: [1],
    profile: level,
    guidelineId: ZF1_GUIDELINE_IDS[level],
    writer: 'zf1',
    zf1Level: level,
    attachmentFileName: 'ZUGFeRD-invoice.xml',
    afRelationship: 'Alternative',
    xmp: { namespaceUri: 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#', prefix: 'zf', version: '1.0', conformanceLevel: level, documentType: 'INVOICE' },
  }
}

/**
 * Order-X rows (`ox`): Mustang selects its Order-X writer for `ox` whatever the version (1 or 2),
 * so both select the one Order-X 1.0 syntax. PDF container values as in src/pdf/facturx-xmp.ts.
 */
function orderXRow(level: OrderXLevel): FormatProfile {
  return {
    format: 'ox',
    versions: [1, 2],
    profile: level,
    guidelineId: ORDERX_GUIDELINE_IDS[level],
    writer: 'orderx',
    orderXLevel: level,
    attachmentFileName: 'order-x.xml',
    afRelationship: 'Alternative',
    xmp: { namespaceUri: 'urn:factur-x:pdfa:CrossIndustryDocument:1p0#', prefix: 'fx', version: '1.0', conformanceLevel: level, documentType: 'ORDER' },
  }
}

/** Every combination the writers support; a missing one is an error naming the valid ones. */
export const FORMAT_PROFILES: readonly FormatProfile[] = [
  ...GEN2_LEVELS.map((level) => gen2Row('fx', level)),
  ...GEN2_LEVELS.map((level) => gen2Row('zf', level)),
  ...(['BASIC', 'COMFORT', 'EXTENDED'] as const).map(zf1Row),
  {
    format: 'xr',
    // 2 = the CII generation, 3 = the XRechnung major version; both mean XRechnung 3.0 CII.
    versions: [2, 3],
    profile: 'XRECHNUNG',
    guidelineId: CII_GUIDELINE_IDS.XRECHNUNG,
    writer: 'cii',
    ciiLevel: 'XRECHNUNG',
    attachmentFileName: 'xrechnung.xml',
    afRelationship: 'Alternative',
    xmp: { namespaceUri: FX_NS, prefix: 'fx', version: '1.0', conformanceLevel: 'XRECHNUNG', documentType: 'INVOICE' },
  },
  ...(['BASIC', 'COMFORT', 'EXTENDED'] as const).map(orderXRow),
]

/**
 * Canonical profile name: case-insensitive, blanks, hyphens and underscores ignored
 * (`en 16931`, `Basic-WL`, `BASIC WL` → `EN16931`, `BASICWL`).
 */
export function normalizeProfileName(profile: string): string {
  return profile.replace(/[\s_-]+/g, '').toUpperCase()
}

/** The valid combinations as text, e.g. `fx 1|2: MINIMUM, BASICWL, …; xr 2|3: XRECHNUNG`. */
export function describeValidCombinations(rows: readonly FormatProfile[] = FORMAT_PROFILES): string {
  const groups = new Map<string, string[]>()
  for (const row of rows) {
    const key = `${row.format} ${row.versions.join('|')}`
    const list = groups.get(key) ?? []
    list.push(row.profile)
    groups.set(key, list)
  }
  return [...groups].map(([key, profiles]) => `${key}: ${profiles.join(', ')}`).join('; ')
}

/** The row for a combination, or undefined. `format` and `profile` are case-insensitive. */
export function findFormatProfile(format: string, profile: string, version: number): FormatProfile | undefined {
  textArgument(format, 'format')
  textArgument(profile, 'profile')
  if (!integer.test(version, 'version')) throw argumentError(version, 'version', integer.expected)
  const f = format.trim().toLowerCase()
  const p = normalizeProfileName(profile)
  return FORMAT_PROFILES.find((row) => row.format === f && row.profile === p && row.versions.includes(version))
}

/**
 * The row for a combination.
 * @throws EInvoiceError INVALID_PARAMETER naming the combination and listing the valid ones.
 */
export function requireFormatProfile(format: string, profile: string, version: number): FormatProfile {
  const row = findFormatProfile(format, profile, version)
  if (row !== undefined) return row
  const valid = describeValidCombinations()
  throw new EInvoiceError(
    'INVALID_PARAMETER',
    `format ${JSON.stringify(format)}, profile ${JSON.stringify(profile)}, version ${version}: no such combination; valid are ${valid}`,
    { details: { format, profile, version: String(version), valid } },
  )
}

/** The profile a format gets when none is named (Mustang's defaults: ZUGFeRD 1 COMFORT, Order-X BASIC). */
const DEFAULT_PROFILES: readonly { format: string; version?: number; profile: string }[] = [
  { format: 'zf', version: 1, profile: 'COMFORT' },
  { format: 'ox', profile: 'BASIC' },
  { format: 'xr', profile: 'XRECHNUNG' },
]

export function defaultProfile(format: string, version: number): string {
  const f = format.trim().toLowerCase()
  return DEFAULT_PROFILES.find((d) => d.format === f && (d.version === undefined || d.version === version))?.profile ?? 'EN16931'
}
