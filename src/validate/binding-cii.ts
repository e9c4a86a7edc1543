/**
 * The rule sets of the CII binding: the CEN EN 16931 CII layer (syntax table, code lists,
 * decimals, business rules) and the KoSIT XRechnung CII layer. A UBL document never loads them.
 * @module
 */
import { CODE_LIST_AND_DECIMAL_PATTERNS } from './en16931/patterns.js'
import { MODEL_RULES } from './en16931/model-rules.js'
import type { BindingRuleSets } from './rule-sets.js'
import { CII_SYNTAX } from './syntax/cii-syntax-rules.js'
import { XRECHNUNG_CII, xrechnungCii } from './xrechnung/cii.js'

export const CII_RULE_SETS: BindingRuleSets = {
  cen: {
    id: 'cen-en16931-cii-1.3.16',
    layer: 'en16931',
    modelRules: MODEL_RULES,
    treePatterns: [...CII_SYNTAX.patterns, ...CODE_LIST_AND_DECIMAL_PATTERNS.CII],
  },
  xrechnung: xrechnungCii,
  xrechnungNotices: XRECHNUNG_CII,
}
