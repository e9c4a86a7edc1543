/**
 * The validation executor sets (VES) the `phive` endpoint knows, as data: the VESID phive uses
 * (`groupID:artifactID:version`), the syntax it validates, its validation steps (which layers of
 * einvoice's findings each step reports) and the BT-24 profile classes it is chosen for when no
 * VESID is given. The EN 16931 and XRechnung ids are phive-rules' own; the Factur-X ids are
 * einvoice's names (phive-rules spells its Factur-X artefacts differently per release).
 * @module
 */
import type { ProfileClass } from '../rule-sets.js'
import type { Layer, SyntaxKind } from '../types.js'

export type VesStep = {
  /** phive's artefact type: `xsd` or `schematron-xslt` (here: einvoice's native equivalent). */
  artifactType: 'xsd' | 'schematron-xslt'
  /** What the step checks, named after the official artefact it replaces. */
  artifactPath: string
  /** Which einvoice layers' findings belong to this step. */
  layers: readonly Layer[]
}

export type Ves = {
  vesid: string
  name: string
  syntax: SyntaxKind
  steps: readonly VesStep[]
  /** BT-24 classes for which this VES is the default (no VESID given). */
  defaultFor: readonly ProfileClass[]
  /**
   * The specification identifier (BT-24) whose plan runs exactly this VES's schemas and rules:
   * named by VESID, the VES is run whatever the document declares, as phive runs it.
   */
  planAs: string
}

/** A BT-24 of no known profile: the plan of the CEN rules alone. */
const PLAIN_CEN = 'urn:einvoice:phive:en16931-only'
const XRECHNUNG_3 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'

const XSD_CII: VesStep = { artifactType: 'xsd', artifactPath: 'einvoice:xsd/CrossIndustryInvoice_100pD16B', layers: ['xsd'] }
const XSD_UBL_INVOICE: VesStep = { artifactType: 'xsd', artifactPath: 'einvoice:xsd/UBL-Invoice-2.1', layers: ['xsd'] }
const XSD_UBL_CREDIT: VesStep = { artifactType: 'xsd', artifactPath: 'einvoice:xsd/UBL-CreditNote-2.1', layers: ['xsd'] }
const CEN_CII: VesStep = { artifactType: 'schematron-xslt', artifactPath: 'einvoice:rules/EN16931-CII-1.3.16', layers: ['syntax', 'en16931'] }
const CEN_UBL: VesStep = { artifactType: 'schematron-xslt', artifactPath: 'einvoice:rules/EN16931-UBL-1.3.16', layers: ['syntax', 'en16931'] }
const XR_CII: VesStep = { artifactType: 'schematron-xslt', artifactPath: 'einvoice:rules/XRechnung-CII-3.0.2', layers: ['xrechnung', 'peppol'] }
const XR_UBL: VesStep = { artifactType: 'schematron-xslt', artifactPath: 'einvoice:rules/XRechnung-UBL-3.0.2', layers: ['xrechnung', 'peppol'] }

const facturx = (artifact: string, profile: string, name: string, classes: readonly ProfileClass[], withCen: boolean, planAs: string): Ves => ({
  vesid: `fr.factur-x:${artifact}:1.0.7`,
  name: `Factur-X 1.0.7 ${name}`,
  syntax: 'CII',
  steps: [
    XSD_CII,
    ...(withCen ? [CEN_CII] : []),
    { artifactType: 'schematron-xslt', artifactPath: `einvoice:rules/FACTUR-X_${profile}`, layers: ['facturx'] },
  ],
  defaultFor: classes,
  planAs,
})

export const VES_TABLE: readonly Ves[] = [
  { vesid: 'eu.cen.en16931:cii:1.3.16', name: 'EN 16931 CII 1.3.16', syntax: 'CII', steps: [XSD_CII, CEN_CII], defaultFor: ['EN16931', 'OTHER'], planAs: PLAIN_CEN },
  { vesid: 'eu.cen.en16931:ubl:1.3.16', name: 'EN 16931 UBL Invoice 1.3.16', syntax: 'UBL-Invoice', steps: [XSD_UBL_INVOICE, CEN_UBL], defaultFor: ['EN16931', 'OTHER', 'BASIC', 'EXTENDED', 'MINIMUM', 'BASICWL'], planAs: PLAIN_CEN },
  { vesid: 'eu.cen.en16931:ubl-creditnote:1.3.16', name: 'EN 16931 UBL CreditNote 1.3.16', syntax: 'UBL-CreditNote', steps: [XSD_UBL_CREDIT, CEN_UBL], defaultFor: ['EN16931', 'OTHER', 'BASIC', 'EXTENDED', 'MINIMUM', 'BASICWL'], planAs: PLAIN_CEN },
  { vesid: 'de.xrechnung:cii:3.0.2', name: 'XRechnung CII 3.0.2', syntax: 'CII', steps: [XSD_CII, CEN_CII, XR_CII], defaultFor: ['XRECHNUNG'], planAs: XRECHNUNG_3 },
  { vesid: 'de.xrechnung:ubl-invoice:3.0.2', name: 'XRechnung UBL Invoice 3.0.2', syntax: 'UBL-Invoice', steps: [XSD_UBL_INVOICE, CEN_UBL, XR_UBL], defaultFor: ['XRECHNUNG'], planAs: XRECHNUNG_3 },
  { vesid: 'de.xrechnung:ubl-creditnote:3.0.2', name: 'XRechnung UBL CreditNote 3.0.2', syntax: 'UBL-CreditNote', steps: [XSD_UBL_CREDIT, CEN_UBL, XR_UBL], defaultFor: ['XRECHNUNG'], planAs: XRECHNUNG_3 },
  facturx('minimum', 'MINIMUM', 'MINIMUM', ['MINIMUM'], false, 'urn:factur-x.eu:1p0:minimum'),
  facturx('basicwl', 'BASICWL', 'BASIC WL', ['BASICWL'], false, 'urn:factur-x.eu:1p0:basicwl'),
  facturx('basic', 'BASIC', 'BASIC', ['BASIC'], true, 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic'),
  facturx('en16931', 'EN16931', 'EN 16931', [], true, 'urn:cen.eu:en16931:2017'),
  // EXTENDED: the CEN rules run as advice only (never invalidating), as the official tooling does.
  facturx('extended', 'EXTENDED', 'EXTENDED', ['EXTENDED'], true, 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended'),
]

export const KNOWN_VESIDS: readonly string[] = VES_TABLE.map((v) => v.vesid)

export function findVes(vesid: string): Ves | undefined {
  const id = vesid.trim()
  return VES_TABLE.find((v) => v.vesid === id)
}

/** The default VES for a document: its syntax and BT-24 class. */
export function detectVes(syntax: SyntaxKind, profile: ProfileClass): Ves | undefined {
  return VES_TABLE.find((v) => v.syntax === syntax && v.defaultFor.includes(profile))
}
