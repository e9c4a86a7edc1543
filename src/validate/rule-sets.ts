/**
 * Which rule sets run for a document: chosen from the syntax and the specification identifier
 * (BT-24) exactly as the official tooling does (layer table of ../shared/tools/README.md). Layers
 * einvoice does not implement yet are named in the plan, so a verdict never hides them.
 * @module
 */
import { CODE_LIST_AND_DECIMAL_PATTERNS } from './en16931/patterns.js'
import { CONSISTENCY_RULES } from './en16931/consistency-rules.js'
import { CORE_RULES } from './en16931/core-rules.js'
import { VAT_CATEGORY_RULES } from './en16931/vat-rules.js'
import { type FacturxProfile, facturxRuleSet } from './facturx/index.js'
import { orderxProfile, orderxRuleSet } from './orderx/index.js'
import { CII_SYNTAX } from './syntax/cii-syntax-rules.js'
import { UBL_SYNTAX } from './syntax/ubl-syntax-rules.js'
import type { ModelRule, RuleSet, SyntaxKind } from './types.js'
import { XRECHNUNG_CII, xrechnungRuleSet } from './xrechnung/index.js'
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
  const id = (specificationId ?? '').trim().toLowerCase()
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

const MODEL_RULES: readonly ModelRule[] = [...CORE_RULES, ...CONSISTENCY_RULES, ...VAT_CATEGORY_RULES]

const CEN_CII: RuleSet = {
  id: 'cen-en16931-cii-1.3.16',
  layer: 'en16931',
  modelRules: MODEL_RULES,
  treePatterns: [...CII_SYNTAX.patterns, ...CODE_LIST_AND_DECIMAL_PATTERNS.CII],
}

const CEN_UBL: RuleSet = {
  id: 'cen-en16931-ubl-1.3.16',
  layer: 'en16931',
  modelRules: MODEL_RULES,
  treePatterns: [...UBL_SYNTAX.patterns, ...CODE_LIST_AND_DECIMAL_PATTERNS.UBL],
}

const xsd: PlannedLayer = { name: 'xsd', advisory: false, implemented: true }

export function planValidation(syntax: SyntaxKind, specificationId: string | undefined): ValidationPlan {
  if (syntax === 'ZUGFeRD1') return { profile: 'OTHER', layers: [xsd], ruleSets: [], noticeRuleSets: [] }
  if (syntax === 'Order-X') {
    const ruleSets = [orderxRuleSet(orderxProfile(specificationId))]
    return { profile: 'OTHER', layers: [xsd, { name: 'orderx', advisory: false, implemented: true }], ruleSets, noticeRuleSets: [] }
  }
  const profile = classifyProfile(specificationId)
  if (syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote') {
    const layers: PlannedLayer[] = [xsd, { name: 'en16931', advisory: false, implemented: true }]
    if (profile !== 'XRECHNUNG') return { profile, layers, ruleSets: [CEN_UBL], noticeRuleSets: [] }
    layers.push({ name: 'xrechnung', advisory: false, implemented: true })
    return { profile, layers, ruleSets: [CEN_UBL, xrechnungRuleSet('ubl', xrechnungVersion(specificationId))], noticeRuleSets: [] }
  }
  const layers: PlannedLayer[] = [xsd]
  const ruleSets: RuleSet[] = []
  const noticeRuleSets: RuleSet[] = []
  for (const l of CII_LAYERS[profile]) {
    if (l === 'cen' || l === 'cen-advisory') {
      layers.push({ name: 'en16931', advisory: l === 'cen-advisory', implemented: true })
      ruleSets.push(CEN_CII)
    } else if (l === 'xrechnung') {
      layers.push({ name: 'xrechnung', advisory: false, implemented: true })
      ruleSets.push(xrechnungRuleSet('cii', xrechnungVersion(specificationId)))
    } else if (l === 'xrechnung-notices') {
      noticeRuleSets.push(XRECHNUNG_CII)
    } else {
      // The Factur-X profile schematron; CII_LAYERS names it only for the five Factur-X profiles.
      layers.push({ name: 'facturx', advisory: false, implemented: true })
      ruleSets.push(facturxRuleSet(profile as FacturxProfile))
    }
  }
  return { profile, layers, ruleSets, noticeRuleSets }
}

/** Custom syntax rules whose conditions are not implemented yet (reported by the docs and tests). */
export const NOT_IMPLEMENTED_SYNTAX_RULES: readonly string[] = [...CII_SYNTAX.notImplemented, ...UBL_SYNTAX.notImplemented]
