/**
 * Which container an invoice XML goes into for combineXML: the format/profile/version given by
 * the caller, checked against the XML's root and its specification identifier (BT-24), or read
 * from the XML when the caller gives none (behaviour doc §4.3, §4.4).
 * @module
 */
import { type CiiLevel, type FormatProfile, normalizeProfileName, requireFormatProfile } from '../cii/profiles.js'
import { EInvoiceError } from '../errors.js'
import { type XmlElement, parseXml } from '../xml/index.js'
import type { InvoiceContainer } from './combine.js'
import { ORDERX_CONTAINER, ZF1_CONTAINER } from './facturx-xmp.js'
import { checkOptions, integer, type OptionSpec, text } from '../util/option-input.js'
import { type InvoiceXmlSyntax, invoiceSyntaxOfRoot } from './invoice-xml.js'

export type ContainerRequest = {
  format?: string | undefined
  profile?: string | undefined
  version?: number | undefined
}

const CONTAINER_REQUEST: OptionSpec<ContainerRequest> = { format: text, profile: text, version: integer }

/** BT-24 values → CII level, including the ZUGFeRD 2.0 spellings (`:compliant:` with colons). */
const CII_GUIDELINES: readonly [RegExp, CiiLevel][] = [
  [/^urn:factur-x\.eu:1p0:minimum$/, 'MINIMUM'],
  [/^urn:factur-x\.eu:1p0:basicwl$/, 'BASICWL'],
  [/^urn:(cen\.eu:en16931:2017#compliant#urn:factur-x\.eu|cen\.eu:en16931:2017:compliant:factur-x\.eu|zugferd\.de:2p0):1p0:basic$|^urn:zugferd\.de:2p0:basic$/, 'BASIC'],
  [/^urn:cen\.eu:en16931:2017#conformant#urn:factur-x\.eu:1p0:extended$|^urn:cen\.eu:en16931:2017:conformant:factur-x\.eu:1p0:extended$|^urn:zugferd\.de:2p0:extended$/, 'EXTENDED'],
  [/^urn:cen\.eu:en16931:2017#(compliant|conformant)#urn:xeinkauf\.de:kosit:(extension:)?xrechnung_/, 'XRECHNUNG'],
  [/^urn:cen\.eu:en16931:2017$/, 'EN16931'],
  [/^urn:zugferd\.de:2p0:minimum$/, 'MINIMUM'],
]

/** ZUGFeRD 1 and Order-X guideline ids end in the profile name. */
const GEN1_GUIDELINE = /^urn:(ferd:CrossIndustryDocument:invoice:1p0|order-x\.eu:1p0):(basic|comfort|extended)$/i

function guidelineId(root: XmlElement): string | undefined {
  for (const context of root.children) {
    const param = context.children.find((c) => c.local === 'GuidelineSpecifiedDocumentContextParameter')
    const id = param?.children.find((c) => c.local === 'ID')?.text.trim()
    if (id !== undefined && id !== '') return id
  }
  return undefined
}

function detectedProfile(syntax: InvoiceXmlSyntax, id: string | undefined): string | undefined {
  if (id === undefined) return undefined
  if (syntax === 'CII') return CII_GUIDELINES.find(([re]) => re.test(id))?.[1]
  return GEN1_GUIDELINE.exec(id)?.[2]?.toUpperCase()
}

function mismatch(message: string, details: Record<string, string>): EInvoiceError {
  return new EInvoiceError('INVALID_PARAMETER', message, { details })
}

function gen1Container(base: typeof ZF1_CONTAINER, profile: string): InvoiceContainer {
  return { ...base, xmp: { ...base.xmp, conformanceLevel: normalizeProfileName(profile) } }
}

function ciiRow(format: string, profile: string, version: number): FormatProfile {
  return requireFormatProfile(format, profile, version)
}

/**
 * The container for `xml`.
 * @throws EInvoiceError INVALID_XML (not well-formed, or not UTF-8), UNSUPPORTED_DOCUMENT (not a CII, ZUGFeRD 1
 *   or Order-X document), INVALID_PARAMETER (a format/profile that contradicts the XML, or no
 *   profile given and none recognisable in BT-24).
 */
export function resolveContainer(xml: Uint8Array, request: ContainerRequest): InvoiceContainer {
  request = checkOptions(request, 'request', CONTAINER_REQUEST)
  const { root, encoding } = parseXml(xml)
  // The container keeps the bytes as given, and Factur-X/ZUGFeRD embed UTF-8 XML.
  if (encoding !== undefined && encoding !== 'utf-8') {
    throw new EInvoiceError('INVALID_XML', `the XML is encoded in ${encoding.toUpperCase()}; ZUGFeRD and Factur-X embed UTF-8 XML: convert the file to UTF-8`, {
      details: { encoding },
    })
  }
  const syntax = invoiceSyntaxOfRoot(root)
  if (syntax === undefined || syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote' || syntax === 'DespatchAdvice') {
    throw new EInvoiceError(
      'UNSUPPORTED_DOCUMENT',
      `the XML (root ${root.qname}) cannot be embedded as ZUGFeRD/Factur-X: a CII CrossIndustryInvoice, ZUGFeRD 1 CrossIndustryDocument or Order-X document is needed`,
      { details: { root: root.qname } },
    )
  }
  const id = guidelineId(root)
  const detected = detectedProfile(syntax, id)
  const given = request.profile === undefined || request.profile.trim() === '' ? undefined : normalizeProfileName(request.profile)
  if (given !== undefined && detected !== undefined && given !== detected) {
    throw mismatch(`profile ${request.profile} does not match the XML, whose specification identifier (BT-24) ${JSON.stringify(id)} is profile ${detected}`, {
      profile: given,
      detected,
    })
  }
  const profile = given ?? detected
  if (profile === undefined) {
    throw mismatch(`the profile cannot be read from the XML (BT-24 is ${id === undefined ? 'missing' : JSON.stringify(id)}): give the profile parameter`, {
      profile: 'required',
    })
  }
  const format = request.format?.trim().toLowerCase()
  if (syntax === 'ZUGFeRD1') {
    if ((format !== undefined && format !== 'zf') || (request.version !== undefined && request.version !== 1)) {
      throw mismatch('the XML is ZUGFeRD 1 (CrossIndustryDocument): use format zf, version 1', { format: format ?? '', syntax })
    }
    return gen1Container(ZF1_CONTAINER, profile)
  }
  if (syntax === 'Order-X') {
    if (format !== undefined && format !== 'ox') throw mismatch('the XML is Order-X: use format ox', { format, syntax })
    return gen1Container(ORDERX_CONTAINER, profile)
  }
  if (format === 'ox' || (format === 'zf' && request.version === 1)) {
    const what = request.version === undefined ? `format ${format}` : `format ${format} version ${request.version}`
    throw mismatch(`the XML is a CII CrossIndustryInvoice, not what ${what} embeds`, { format, syntax })
  }
  return ciiRow(format ?? 'fx', profile, request.version ?? 2)
}
