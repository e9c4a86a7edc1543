/**
 * The KoSIT XRechnung 3.0 layer (schematron 2.4.0 = XRechnung 3.0.2) as rule sets for CII and UBL:
 * the Peppol rules KoSIT merged in, the national BR-DE/BR-TMP rules, the extension (BR-DEX) and
 * CVD rules, in KoSIT's pattern order.
 * @module
 */
import type { RuleSet, TreePattern } from '../types.js'
import { rulesOfVersion } from './versions.js'
import { XR_CII_NATIONAL_PATTERNS } from './cii-national-rules.js'
import { XR_CII_PEPPOL_PATTERNS } from './cii-peppol-rules.js'
import { XR_UBL_NATIONAL_PATTERNS } from './ubl-national-rules.js'
import { XR_UBL_PEPPOL_PATTERNS } from './ubl-peppol-rules.js'

export const XRECHNUNG_CII: RuleSet = {
  id: 'kosit-xrechnung-cii-3.0.2',
  layer: 'xrechnung',
  modelRules: [],
  treePatterns: [...XR_CII_PEPPOL_PATTERNS, ...XR_CII_NATIONAL_PATTERNS],
}

export const XRECHNUNG_UBL: RuleSet = {
  id: 'kosit-xrechnung-ubl-3.0.2',
  layer: 'xrechnung',
  modelRules: [],
  treePatterns: [...XR_UBL_PEPPOL_PATTERNS, ...XR_UBL_NATIONAL_PATTERNS],
}

const byVersion = new Map<string, RuleSet>()

/** Keeps only the rules an older version's schematron has; contexts stay (they shadow as before). */
function restrict(set: RuleSet, ids: ReadonlySet<string>, version: string): RuleSet {
  // Rebuilt without any batch evaluation (`failing`), which would still run the removed rules.
  const patterns: TreePattern[] = set.treePatterns.map((p) => ({ ...p, groups: p.groups.map((g) => ({ context: g.context, rules: g.rules.filter((r) => ids.has(r.id)) })) }))
  return { ...set, id: `${set.id.replace(/-3\.0\.2$/, '')}-${version}`, treePatterns: patterns }
}

/** The XRechnung rule set for a syntax and the version BT-24 names (xrechnungVersion). */
export function xrechnungRuleSet(syntax: 'cii' | 'ubl', version: string): RuleSet {
  const full = syntax === 'cii' ? XRECHNUNG_CII : XRECHNUNG_UBL
  const ids = rulesOfVersion(version, syntax)
  if (ids === undefined) return full
  const key = `${syntax} ${version}`
  let set = byVersion.get(key)
  if (set === undefined) {
    set = restrict(full, ids, version)
    byVersion.set(key, set)
  }
  return set
}
