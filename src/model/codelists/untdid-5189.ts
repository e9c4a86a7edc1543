/**
 * UNTDID 5189 (Allowance or charge identification code): the allowance subset, for BT-98 and
 * BT-140 Allowance reason code.
 *
 * Values: rule BR-CL-19 of the CEN EN 16931 validation artefacts 1.3.16 (same 19 codes
 * in CII and UBL). Names: UNTDID 5189 (UN/CEFACT).
 * @module
 */

import { EN16931_CODE_LISTS_VERSION, defineCodeList } from './code-list.js'

// prettier-ignore
export const ALLOWANCE_REASON_CODES = defineCodeList('UNTDID 5189', EN16931_CODE_LISTS_VERSION, [
  ['41', 'Bonus for works ahead of schedule'],
  ['42', 'Other bonus'],
  ['60', "Manufacturer's consumer discount"],
  ['62', 'Due to military status'],
  ['63', 'Due to work accident'],
  ['64', 'Special agreement'],
  ['65', 'Production error discount'],
  ['66', 'New outlet discount'],
  ['67', 'Sample discount'],
  ['68', 'End-of-range discount'],
  ['70', 'Incoterm discount'],
  ['71', 'Point of sales threshold allowance'],
  ['88', 'Material surcharge/deduction'],
  ['95', 'Discount'],
  ['100', 'Special rebate'],
  ['102', 'Fixed long term'],
  ['103', 'Temporary'],
  ['104', 'Standard'],
  ['105', 'Yearly turnover'],
])
