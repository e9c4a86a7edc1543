/**
 * The rule sets of the UBL binding: the CEN EN 16931 UBL layer (syntax table, code lists,
 * decimals, business rules) and the KoSIT XRechnung UBL layer. A CII document never loads them.
 * @module
 */
import { CODE_LIST_AND_DECIMAL_PATTERNS } from './en16931/patterns.js'
import { MODEL_RULES } from './en16931/model-rules.js'
import type { BindingRuleSets } from './rule-sets.js'
import { UBL_SYNTAX } from './syntax/ubl-syntax-rules.js'
import { XRECHNUNG_UBL, xrechnungUbl } from './xrechnung/ubl.js'

export const UBL_RULE_SETS: BindingRuleSets = {
  cen: {
    id: 'cen-en16931-ubl-1.3.16',
    layer: 'en16931',
    modelRules: MODEL_RULES,
    treePatterns: [...UBL_SYNTAX.patterns, ...CODE_LIST_AND_DECIMAL_PATTERNS.UBL],
  },
  xrechnung: xrechnungUbl,
  xrechnungNotices: XRECHNUNG_UBL,
}
