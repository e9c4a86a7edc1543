/**
 * The EN 16931 business rules on the semantic model (BR-*, BR-CO-*, VAT category rules): one list
 * for CII and UBL alike.
 * @module
 */
import type { ModelRule } from '../types.js'
import { CONSISTENCY_RULES } from './consistency-rules.js'
import { CORE_RULES } from './core-rules.js'
import { VAT_CATEGORY_RULES } from './vat-rules.js'

export const MODEL_RULES: readonly ModelRule[] = [...CORE_RULES, ...CONSISTENCY_RULES, ...VAT_CATEGORY_RULES]
