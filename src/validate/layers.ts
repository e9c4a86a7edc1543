/**
 * The large tables a validation may need (the CII or UBL rule sets, the Factur-X and Order-X
 * schematron layers, the XSD structure tables) as one value the engine is given. `loadLayers`
 * imports only the ones a document needs: a cold `einvoice validate` of an XRechnung CII invoice
 * never parses the UBL or Factur-X tables, an EN 16931 one only the Factur-X EN 16931 table. The synchronous API builds the complete set instead
 * (validate-xml.ts).
 * @module
 */
import type { FacturxProfile } from './facturx/rule-set.js'
import type { ProbedLayer } from './probe/evaluation-probe.js'
import { type ProfileRuleSets, classifyProfile, needsFacturx } from './rule-sets.js'
import type { SchematronTable } from './schematron/rule-table.js'
import type { Finding, RuleSet, SyntaxKind } from './types.js'
import type { Invoice } from '../model/invoice.js'
import type { XmlDocument, XmlElement } from '../xml/index.js'
import { type XsdSchemaName, schemaNamesFor } from './xsd/xsd-layer.js'
import type { XsdTable } from './xsd/xsd-table.js'

export type ValidationLayers = ProfileRuleSets & {
  /** The structure tables by schema set (at least those the document's plan names). */
  xsd: Partial<Readonly<Record<XsdSchemaName, XsdTable>>>
  /**
   * The conditions of the Factur-X/Order-X tables and the CEN probe a document made impossible to
   * evaluate (only those record any).
   */
  evaluationFindings?: ((root: XmlElement) => Finding[]) | undefined
  /** Runs the official CEN or XRechnung tests that can stop with a dynamic error on this document (CII and UBL). */
  probeEvaluation?: ((doc: XmlDocument, syntax: SyntaxKind, layer: ProbedLayer, badValues?: boolean, xrVersion?: string) => void) | undefined
  /** Reads the model the business rules check (the reader of this syntax only). */
  readModel: (doc: XmlDocument, syntax: SyntaxKind) => Invoice
}

const XSD_MODULES: Readonly<Record<XsdSchemaName, () => Promise<XsdTable>>> = {
  'cii-d16b': async () => (await import('./xsd/tables/cii-d16b.js')).XSD_CII_D16B,
  'facturx-MINIMUM': async () => (await import('./xsd/tables/facturx-minimum.js')).XSD_FACTURX_MINIMUM,
  'facturx-BASICWL': async () => (await import('./xsd/tables/facturx-basicwl.js')).XSD_FACTURX_BASICWL,
  'facturx-BASIC': async () => (await import('./xsd/tables/facturx-basic.js')).XSD_FACTURX_BASIC,
  'facturx-EN16931': async () => (await import('./xsd/tables/facturx-en16931.js')).XSD_FACTURX_EN16931,
  'facturx-EXTENDED': async () => (await import('./xsd/tables/facturx-extended.js')).XSD_FACTURX_EXTENDED,
  'ubl-21': async () => (await import('./xsd/tables/ubl-21.js')).XSD_UBL_21,
  zugferd1: async () => (await import('./xsd/tables/zugferd1.js')).XSD_ZUGFERD1,
  'orderx-basic': async () => (await import('./xsd/tables/orderx-basic.js')).XSD_ORDERX_BASIC,
  'orderx-comfort': async () => (await import('./xsd/tables/orderx-comfort.js')).XSD_ORDERX_COMFORT,
  'orderx-extended': async () => (await import('./xsd/tables/orderx-extended.js')).XSD_ORDERX_EXTENDED,
}

const FACTURX_TABLES: Readonly<Record<FacturxProfile, () => Promise<SchematronTable>>> = {
  MINIMUM: async () => (await import('./facturx/tables/fx-minimum.js')).FX_MINIMUM,
  BASICWL: async () => (await import('./facturx/tables/fx-basicwl.js')).FX_BASICWL,
  BASIC: async () => (await import('./facturx/tables/fx-basic.js')).FX_BASIC,
  EN16931: async () => (await import('./facturx/tables/fx-en16931.js')).FX_EN16931,
  EXTENDED: async () => (await import('./facturx/tables/fx-extended.js')).FX_EXTENDED,
}

/** The Factur-X layer of one profile, with only that profile's table imported. */
async function facturxLayer(profile: FacturxProfile): Promise<(profile: FacturxProfile) => RuleSet> {
  const [{ facturxRuleSetFrom }, table] = await Promise.all([import('./facturx/rule-set.js'), FACTURX_TABLES[profile]()])
  return (asked) => {
    if (asked !== profile) throw new Error(`the Factur-X ${asked} table was not loaded for this document`)
    return facturxRuleSetFrom(profile, table)
  }
}

/** The profile class the plan will use (classifyProfile reads CII and UBL ids; the others have none). */
function profileOf(syntax: SyntaxKind, specificationId: string | undefined): string {
  return syntax === 'ZUGFeRD1' || syntax === 'Order-X' ? 'OTHER' : classifyProfile(specificationId)
}

/** The model reader of one syntax (a UBL document never loads the CII readers and back). */
async function modelReader(syntax: SyntaxKind): Promise<ValidationLayers['readModel']> {
  if (syntax === 'CII') {
    const { readCii } = await import('../cii/read-cii.js')
    return (doc) => readCii(doc)
  }
  // The CEN rules count UBL's top-level lines only; sub-invoice lines (BG-DEX-01) have their own rules.
  if (syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote') {
    const { readUbl } = await import('../ubl/read-ubl.js')
    return (doc) => readUbl(doc, { subLines: false })
  }
  const { readInvoiceDocument } = await import('../read-invoice.js')
  return (doc) => readInvoiceDocument(doc)
}

/**
 * The layers by what decides them (syntax, profile class, schema sets): a handful per process.
 * A batch's documents share one instead of awaiting five or six imports each (~50 µs a document
 * on a worker thread, whose modules are ES modules).
 */
const loaded = new Map<string, Promise<ValidationLayers>>()

/** Imports the tables a document of this syntax and BT-24 needs (each module once per process). */
export function loadLayers(syntax: SyntaxKind, specificationId: string | undefined): Promise<ValidationLayers> {
  const profile = profileOf(syntax, specificationId)
  const names = schemaNamesFor(syntax, profile, specificationId)
  const key = `${syntax} ${profile} ${names.join(' ')}`
  let layers = loaded.get(key)
  if (layers === undefined) {
    layers = importLayers(syntax, specificationId, names)
    loaded.set(key, layers)
    // A failed import is not kept: the next document tries again.
    layers.catch(() => loaded.delete(key))
  }
  return layers
}

async function importLayers(syntax: SyntaxKind, specificationId: string | undefined, names: readonly XsdSchemaName[]): Promise<ValidationLayers> {
  const xsd: Partial<Record<XsdSchemaName, XsdTable>> = {}
  await Promise.all(names.map(async (name) => (xsd[name] = await XSD_MODULES[name]())))
  const layers: ValidationLayers = { xsd, readModel: await modelReader(syntax) }
  if (syntax === 'CII') layers.cii = (await import('./binding-cii.js')).CII_RULE_SETS
  if (syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote') layers.ubl = (await import('./binding-ubl.js')).UBL_RULE_SETS
  // needsFacturx holds for the five Factur-X profile classes only.
  if (syntax === 'CII' && needsFacturx(classifyProfile(specificationId))) layers.facturx = await facturxLayer(classifyProfile(specificationId) as FacturxProfile)
  if (syntax === 'Order-X') {
    const { orderxProfile, orderxRuleSet } = await import('./orderx/index.js')
    layers.orderx = (id) => orderxRuleSet(orderxProfile(id))
  }
  if (layers.cii !== undefined || layers.ubl !== undefined) layers.probeEvaluation = (await import('./probe/evaluation-probe.js')).probeEvaluation
  if (layers.facturx !== undefined || layers.orderx !== undefined || layers.probeEvaluation !== undefined) {
    layers.evaluationFindings = (await import('./schematron/rule-table.js')).evaluationFindings
  }
  return layers
}
