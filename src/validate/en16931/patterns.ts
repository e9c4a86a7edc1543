/**
 * The EN 16931 tree patterns besides the syntax tables: code lists and decimals, per syntax.
 * @module
 */
import type { TreePattern } from '../types.js'
import { CII_CODE_LIST_PATTERN, UBL_CODE_LIST_PATTERN, UBL_NOTE_PATTERN } from './code-list-rules.js'
import { CII_DECIMAL_PATTERN, UBL_DECIMAL_PATTERN } from './decimal-rules.js'

export const CODE_LIST_AND_DECIMAL_PATTERNS: Readonly<Record<'CII' | 'UBL', readonly TreePattern[]>> = {
  CII: [CII_CODE_LIST_PATTERN, CII_DECIMAL_PATTERN],
  UBL: [UBL_CODE_LIST_PATTERN, UBL_NOTE_PATTERN, UBL_DECIMAL_PATTERN],
}
