/**
 * The Factur-X 1.09.2 profile layers (MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED): each profile's
 * schematron table compiled on first use into tree patterns that run in the engine's single walk.
 * Which profile applies is decided from BT-24 in rule-sets.ts, as the official tooling does.
 * @module
 */
import { RULE_NAMESPACES } from '../syntax/paths.js'
import { type SchematronTable, compileSchematronTable } from '../schematron/rule-table.js'
import type { RuleSet } from '../types.js'
import { facturxSummary } from './messages-en-facturx.js'
import { FX_BASIC } from './tables/fx-basic.js'
import { FX_BASICWL } from './tables/fx-basicwl.js'
import { FX_EN16931 } from './tables/fx-en16931.js'
import { FX_EXTENDED } from './tables/fx-extended.js'
import { FX_MINIMUM } from './tables/fx-minimum.js'

export type FacturxProfile = 'MINIMUM' | 'BASICWL' | 'BASIC' | 'EN16931' | 'EXTENDED'

const TABLES: Readonly<Record<FacturxProfile, SchematronTable>> = {
  MINIMUM: FX_MINIMUM,
  BASICWL: FX_BASICWL,
  BASIC: FX_BASIC,
  EN16931: FX_EN16931,
  EXTENDED: FX_EXTENDED,
}

/** The prefixes the Factur-X rules use: the CII ones plus xs for the casts. */
export const FACTURX_NAMESPACES: Readonly<Record<string, string>> = { ...RULE_NAMESPACES, xs: 'http://www.w3.org/2001/XMLSchema' }

/** Rule id einvoice gives the profile's "not used in this context" reports (they have none). */
export const FX_NOT_USED = 'FX-NOT-USED'

const compiled = new Map<FacturxProfile, RuleSet>()

export function facturxRuleSet(profile: FacturxProfile): RuleSet {
  let set = compiled.get(profile)
  if (set === undefined) {
    const treePatterns = compileSchematronTable(TABLES[profile], {
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
