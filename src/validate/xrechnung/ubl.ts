/**
 * The KoSIT XRechnung 3.0 layer for UBL (schematron 2.4.0 = XRechnung 3.0.2): the Peppol rules
 * KoSIT merged in, then the national BR-DE/BR-TMP, extension (BR-DEX) and CVD rules, in KoSIT's
 * pattern order. Its own module, so that a CII document never loads the UBL rules.
 * @module
 */
import type { RuleSet } from '../types.js'
import { XR_UBL_NATIONAL_PATTERNS } from './ubl-national-rules.js'
import { XR_UBL_PEPPOL_PATTERNS } from './ubl-peppol-rules.js'
import { xrUblLegacyPatterns } from './legacy-rules.js'
import { forVersion } from './versions.js'

export const XRECHNUNG_UBL: RuleSet = {
  id: 'kosit-xrechnung-ubl-3.0.2',
  layer: 'xrechnung',
  modelRules: [],
  treePatterns: [...XR_UBL_PEPPOL_PATTERNS, ...XR_UBL_NATIONAL_PATTERNS],
}

/** The UBL layer as the XRechnung version named in BT-24 had it. */
export const xrechnungUbl = (version: string): RuleSet => forVersion(XRECHNUNG_UBL, xrUblLegacyPatterns, 'ubl', version)
