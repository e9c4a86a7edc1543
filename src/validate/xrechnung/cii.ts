/**
 * The KoSIT XRechnung 3.0 layer for CII (schematron 2.4.0 = XRechnung 3.0.2): the Peppol rules
 * KoSIT merged in, then the national BR-DE/BR-TMP, extension (BR-DEX) and CVD rules, in KoSIT's
 * pattern order. Its own module, so that a UBL document never loads the CII rules.
 * @module
 */
import type { RuleSet } from '../types.js'
import { XR_CII_NATIONAL_PATTERNS } from './cii-national-rules.js'
import { XR_CII_PEPPOL_PATTERNS } from './cii-peppol-rules.js'
import { xrCiiLegacyPatterns } from './legacy-rules.js'
import { forVersion } from './versions.js'

export const XRECHNUNG_CII: RuleSet = {
  id: 'kosit-xrechnung-cii-3.0.2',
  layer: 'xrechnung',
  modelRules: [],
  treePatterns: [...XR_CII_PEPPOL_PATTERNS, ...XR_CII_NATIONAL_PATTERNS],
}

/** The CII layer as the XRechnung version named in BT-24 had it. */
export const xrechnungCii = (version: string): RuleSet => forVersion(XRECHNUNG_CII, xrCiiLegacyPatterns, 'cii', version)
