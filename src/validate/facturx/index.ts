/**
 * The Factur-X 1.09.2 profile layers (MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED) with all five
 * tables at hand, for the synchronous API. Which profile applies is decided from BT-24 in
 * rule-sets.ts, as the official tooling does.
 * @module
 */
import type { SchematronTable } from '../schematron/rule-table.js'
import type { RuleSet } from '../types.js'
import { type FacturxProfile, facturxRuleSetFrom } from './rule-set.js'
import { FX_BASIC } from './tables/fx-basic.js'
import { FX_BASICWL } from './tables/fx-basicwl.js'
import { FX_EN16931 } from './tables/fx-en16931.js'
import { FX_EXTENDED } from './tables/fx-extended.js'
import { FX_MINIMUM } from './tables/fx-minimum.js'

export { type FacturxProfile, FACTURX_NAMESPACES, FX_NOT_USED } from './rule-set.js'

const TABLES: Readonly<Record<FacturxProfile, SchematronTable>> = {
  MINIMUM: FX_MINIMUM,
  BASICWL: FX_BASICWL,
  BASIC: FX_BASIC,
  EN16931: FX_EN16931,
  EXTENDED: FX_EXTENDED,
}

export function facturxRuleSet(profile: FacturxProfile): RuleSet {
  return facturxRuleSetFrom(profile, TABLES[profile])
}
