/**
 * VAT point date codes, for BT-8 Value added tax point date code.
 *
 * Values: rule BR-CL-06 of the CEN EN 16931 validation artefacts 1.3.16. The two syntaxes use
 * different code lists for the same three meanings:
 * - CII `ram:DueDateTypeCode` takes UNTDID 2475 (Event time reference code): 5, 29, 72;
 * - UBL `cac:InvoicePeriod/cbc:DescriptionCode` takes UNTDID 2005 (Date or time or period function
 *   code qualifier): 3, 35, 432.
 * 5 and 3 mean the invoice issue date, 29 and 35 the actual delivery date, 72 and 432 the payment
 * date. `VAT_DATE_CODES` holds both sets (the codes do not collide); `CII_VAT_DATE_CODES` and
 * `UBL_VAT_DATE_CODES` hold what each syntax accepts.
 * Names: UNTDID 2475 and UNTDID 2005 (UN/CEFACT).
 * @module
 */

import { EN16931_CODE_LISTS_VERSION, defineCodeList, subsetCodeList } from './code-list.js'

// prettier-ignore
export const VAT_DATE_CODES = defineCodeList('UNTDID 2475 / UNTDID 2005', EN16931_CODE_LISTS_VERSION, [
  ['5', 'Date of invoice'],
  ['29', 'Date of delivery of goods to establishments/domicile/site'],
  ['72', 'Payment date'],
  ['3', 'Invoice document issue date time'],
  ['35', 'Delivery date/time, actual'],
  ['432', 'Paid to date'],
])

/** The BT-8 codes of CII (UNTDID 2475). */
export const CII_VAT_DATE_CODES = subsetCodeList(VAT_DATE_CODES, 'UNTDID 2475', ['5', '29', '72'])

/** The BT-8 codes of UBL (UNTDID 2005). */
export const UBL_VAT_DATE_CODES = subsetCodeList(VAT_DATE_CODES, 'UNTDID 2005', ['3', '35', '432'])
