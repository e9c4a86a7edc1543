/**
 * The EN 16931 business rules on the semantic model (BR-*, BR-CO-*, VAT category rules, split
 * payment): one list for CII and UBL alike.
 * @module
 */
import type { ModelRule } from '../types.js'
import { CONSISTENCY_RULES } from './consistency-rules.js'
import { CORE_RULES } from './core-rules.js'
import { brB01, brB02 } from './split-payment-rules.js'
import { brDec13, brDec15 } from './tax-total-decimal-rules.js'
import { VAT_CATEGORY_RULES } from './vat-rules.js'

const SPLIT_PAYMENT_RULES: readonly ModelRule[] = [
  { id: 'BR-B-01', bt: 'BT-118', severity: 'fatal', layer: 'en16931', check: brB01 },
  { id: 'BR-B-02', bt: 'BT-118', severity: 'fatal', layer: 'en16931', check: brB02 },
]

// The other BR-DEC rules run on the tree walk (decimal-rules.ts); these two test the summation as a whole.
const TAX_TOTAL_DECIMAL_RULES: readonly ModelRule[] = [
  { id: 'BR-DEC-13', bt: 'BT-110', severity: 'fatal', layer: 'en16931', check: brDec13 },
  { id: 'BR-DEC-15', bt: 'BT-111', severity: 'fatal', layer: 'en16931', check: brDec15 },
]

export const MODEL_RULES: readonly ModelRule[] = [...CORE_RULES, ...CONSISTENCY_RULES, ...VAT_CATEGORY_RULES, ...SPLIT_PAYMENT_RULES, ...TAX_TOTAL_DECIMAL_RULES]
