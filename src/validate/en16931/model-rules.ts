/**
 * The EN 16931 business rules on the semantic model (BR-*, BR-CO-*, VAT category rules, split
 * payment): one list for CII and UBL alike.
 * @module
 */
import type { ModelRule } from '../types.js'
import { CONSISTENCY_RULES } from './consistency-rules.js'
import { CORE_RULES } from './core-rules.js'
import { brB01, brB02 } from './split-payment-rules.js'
import { VAT_CATEGORY_RULES } from './vat-rules.js'

const SPLIT_PAYMENT_RULES: readonly ModelRule[] = [
  { id: 'BR-B-01', bt: 'BT-118', severity: 'fatal', layer: 'en16931', check: brB01 },
  { id: 'BR-B-02', bt: 'BT-118', severity: 'fatal', layer: 'en16931', check: brB02 },
]

export const MODEL_RULES: readonly ModelRule[] = [...CORE_RULES, ...CONSISTENCY_RULES, ...VAT_CATEGORY_RULES, ...SPLIT_PAYMENT_RULES]
