/**
 * Which rule sets run for a document: chosen from the syntax and the specification identifier
 * (BT-24) exactly as the official tooling does (layer table of ../shared/tools/README.md). Layers
 * einvoice does not implement yet are named in the plan, so a verdict never hides them.
 * @module
 */
import type { FacturxProfile } from './facturx/rule-set.js'
import type { RuleSet, SyntaxKind } from './types.js'
import { xrechnungVersion } from './xrechnung/versions.js'

/** The profile classes the official tooling distinguishes for CII (by BT-24). */
export type ProfileClass = 'MINIMUM' | 'BASICWL' | 'BASIC' | 'EN16931' | 'EXTENDED' | 'XRECHNUNG' | 'OTHER'

/** A layer of the official plan: run by einvoice, or not implemented yet (named in reports). */
export type PlannedLayer = {
  name: 'en16931' | 'xrechnung' | 'facturx' | 'peppol' | 'orderx' | 'xsd'
  /** CEN rules on EXTENDED run as advice only: their findings never invalidate. */
  advisory: boolean
  implemented: boolean
}

/** The rule sets of one syntax binding (binding-cii.ts, binding-ubl.ts). */
export type BindingRuleSets = {
  /** The CEN EN 16931 layer: syntax rules, code lists, decimals and the business rules. */
  cen: RuleSet
  /** The KoSIT XRechnung layer as the version in BT-24 had it. */
  xrechnung: (version: string) => RuleSet
  /** The XRechnung layer run as notices on BASIC/EN 16931 (CII only, as Mustang does). */
  xrechnungNotices: RuleSet
}

/**
 * The rule tables come from the caller (loaded when the document needs them, see layers.ts)
 * instead of being imported here: a CII document never loads the UBL tables, a UBL or XRechnung
 * document never the Factur-X ones.
 */
export type ProfileRuleSets = {
  cii?: BindingRuleSets | undefined
  ubl?: BindingRuleSets | undefined
  facturx?: ((profile: FacturxProfile) => RuleSet) | undefined
  /** The Order-X rule set for a guideline id (its profile is read from the id). */
  orderx?: ((guidelineId: string | undefined) => RuleSet) | undefined
}

export type ValidationPlan = {
  profile: ProfileClass
  layers: PlannedLayer[]
  ruleSets: RuleSet[]
  /**
   * Rule sets run as notices only (Mustang runs the XRechnung rules on BASIC and EN 16931 CII and
   * downgrades every finding to a notice; `ignoreNotices` skips this pass, behaviour doc §6.3).
   */
  noticeRuleSets: RuleSet[]
}

/**
 * The characters the reference's plan strips from both ends of BT-24 before it picks the rule sets
 * (../shared/tools/refcheck reads the id with Python's `str.strip()`): XML white space, the C0
 * separators U+000B, U+000C and U+001C–U+001F, NEL (U+0085), NBSP, the Unicode space separators and
 * U+2028/U+2029. JavaScript's `trim()` differs: it keeps NEL and removes a BOM (U+FEFF), so
 * `&#x85;urn:cen.eu:en16931:2017` ran without the Factur-X layer and `&#xFEFF;urn:…` with it, the
 * other way round from the official plan.
 */
const PLAN_SPACE: ReadonlySet<number> = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
])

/** BT-24 without the characters the official plan strips from its ends (PLAN_SPACE). */
export function trimSpecificationId(id: string): string {
  let start = 0
  let end = id.length
  while (start < end && PLAN_SPACE.has(id.charCodeAt(start))) start++
  while (end > start && PLAN_SPACE.has(id.charCodeAt(end - 1))) end--
  return start === 0 && end === id.length ? id : id.slice(start, end)
}

// Exact guideline ids as the Factur-X/ZUGFeRD profiles spell them (facts of the specifications).
const CII_PROFILES: readonly (readonly [id: string, profile: ProfileClass])[] = [
  ['urn:cen.eu:en16931:2017', 'EN16931'],
  ['urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:en16931', 'EN16931'],
  ['urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic', 'BASIC'],
  ['urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic', 'BASIC'],
  ['urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', 'EXTENDED'],
  ['urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended', 'EXTENDED'],
  ['urn:factur-x.eu:1p0:minimum', 'MINIMUM'],
  ['urn:zugferd.de:2p0:minimum', 'MINIMUM'],
  ['urn:factur-x.eu:1p0:basicwl', 'BASICWL'],
  ['urn:zugferd.de:2p0:basicwl', 'BASICWL'],
]

export function classifyProfile(specificationId: string | undefined): ProfileClass {
  // The reference compares guideline ids case-insensitively.
  const id = trimSpecificationId(specificationId ?? '').toLowerCase()
  if (id.includes('xrechnung')) return 'XRECHNUNG'
  return CII_PROFILES.find(([k]) => k === id)?.[1] ?? 'OTHER'
}

/** Layers per CII profile class: [CEN role, Factur-X layer, XRechnung layer]. */
const CII_LAYERS: Readonly<Record<ProfileClass, readonly ('cen' | 'cen-advisory' | 'facturx' | 'xrechnung' | 'xrechnung-notices')[]>> = {
  EN16931: ['cen', 'facturx', 'xrechnung-notices'],
  BASIC: ['cen', 'facturx', 'xrechnung-notices'],
  EXTENDED: ['cen-advisory', 'facturx'],
  MINIMUM: ['facturx'],
  BASICWL: ['facturx'],
  XRECHNUNG: ['cen', 'xrechnung'],
  OTHER: ['cen'],
}

const xsd: PlannedLayer = { name: 'xsd', advisory: false, implemented: true }

/** Whether a CII document of this profile class runs the Factur-X layer. */
export function needsFacturx(profile: ProfileClass): boolean {
  return CII_LAYERS[profile].includes('facturx')
}

function provided<T>(layer: T | undefined, name: string): T {
  if (layer === undefined) throw new Error(`the ${name} rule tables were not loaded for this document`)
  return layer
}

export function planValidation(syntax: SyntaxKind, specificationId: string | undefined, profileRuleSets: ProfileRuleSets): ValidationPlan {
  if (syntax === 'ZUGFeRD1') return { profile: 'OTHER', layers: [xsd], ruleSets: [], noticeRuleSets: [] }
  if (syntax === 'Order-X') {
    const ruleSets = [provided(profileRuleSets.orderx, 'Order-X')(specificationId)]
    return { profile: 'OTHER', layers: [xsd, { name: 'orderx', advisory: false, implemented: true }], ruleSets, noticeRuleSets: [] }
  }
  const profile = classifyProfile(specificationId)
  if (syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote') {
    const ubl = provided(profileRuleSets.ubl, 'UBL')
    const layers: PlannedLayer[] = [xsd, { name: 'en16931', advisory: false, implemented: true }]
    if (profile !== 'XRECHNUNG') return { profile, layers, ruleSets: [ubl.cen], noticeRuleSets: [] }
    layers.push({ name: 'xrechnung', advisory: false, implemented: true })
    return { profile, layers, ruleSets: [ubl.cen, ubl.xrechnung(xrechnungVersion(specificationId))], noticeRuleSets: [] }
  }
  // A CII profile without CEN and XRechnung layers (MINIMUM, BASIC WL) needs no CII rule set.
  const cii = (): BindingRuleSets => provided(profileRuleSets.cii, 'CII')
  const layers: PlannedLayer[] = [xsd]
  const ruleSets: RuleSet[] = []
  const noticeRuleSets: RuleSet[] = []
  for (const l of CII_LAYERS[profile]) {
    if (l === 'cen' || l === 'cen-advisory') {
      layers.push({ name: 'en16931', advisory: l === 'cen-advisory', implemented: true })
      ruleSets.push(cii().cen)
    } else if (l === 'xrechnung') {
      layers.push({ name: 'xrechnung', advisory: false, implemented: true })
      ruleSets.push(cii().xrechnung(xrechnungVersion(specificationId)))
    } else if (l === 'xrechnung-notices') {
      noticeRuleSets.push(cii().xrechnungNotices)
    } else {
      // The Factur-X profile schematron; CII_LAYERS names it only for the five Factur-X profiles.
      layers.push({ name: 'facturx', advisory: false, implemented: true })
      ruleSets.push(provided(profileRuleSets.facturx, 'Factur-X')(profile as FacturxProfile))
    }
  }
  return { profile, layers, ruleSets, noticeRuleSets }
}

