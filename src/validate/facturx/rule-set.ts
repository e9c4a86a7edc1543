/**
 * A Factur-X 1.09.2 profile layer built from its schematron table: compiled once per profile into
 * tree patterns that run in the engine's single walk. The tables themselves are imported by the
 * caller (facturx/index.ts takes all five, layers.ts only the one a document needs: the EXTENDED
 * table alone is some 470 KB of JavaScript a cold EN 16931 validation need not parse).
 * @module
 */
import { XPATH_NAMESPACES } from '../syntax/paths.js'
import { type SchematronTable, compileSchematronTable } from '../schematron/rule-table.js'
import type { RuleSet } from '../types.js'
import { facturxSummary } from './messages-en-facturx.js'

export type FacturxProfile = 'MINIMUM' | 'BASICWL' | 'BASIC' | 'EN16931' | 'EXTENDED'

/** The prefixes the Factur-X rules use: the CII ones plus xs for the casts. */
export const FACTURX_NAMESPACES: Readonly<Record<string, string>> = XPATH_NAMESPACES

/** Rule id einvoice gives the profile's "not used in this context" reports (they have none). */
export const FX_NOT_USED = 'FX-NOT-USED'

const compiled = new Map<FacturxProfile, RuleSet>()

/** The rule set of `profile`, compiled from `table` (that profile's table) on first use. */
export function facturxRuleSetFrom(profile: FacturxProfile, table: SchematronTable): RuleSet {
  let set = compiled.get(profile)
  if (set === undefined) {
    const treePatterns = compileSchematronTable(table, {
      layer: 'facturx',
      namespaces: FACTURX_NAMESPACES,
      reportId: FX_NOT_USED,
      summary: facturxSummary,
    })
    set = { id: `facturx-1.09.2-${profile}`, layer: 'facturx', modelRules: [], treePatterns }
    compiled.set(profile, set)
  }
  return set
}
