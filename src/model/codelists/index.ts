/**
 * The code lists of EN 16931, with the code values its BR-CL rules accept.
 * @module
 */

export type { CodeList, CodeListEntry } from './code-list.js'
export { EN16931_CODE_LISTS_VERSION, defineCodeList, subsetCodeList } from './code-list.js'
export { ELECTRONIC_ADDRESS_SCHEMES } from './eas.js'
export { ICD_SCHEMES } from './icd.js'
export { COUNTRY_CODES, CII_COUNTRY_CODES, UBL_COUNTRY_CODES, CII_VAT_PREFIXES, UBL_VAT_PREFIXES } from './iso-3166.js'
export { CURRENCY_CODES } from './iso-4217.js'
export { MIME_CODES } from './mime.js'
export { UNIT_CODES } from './unece-rec20.js'
export {
  DOCUMENT_TYPE_CODES,
  UBL_INVOICE_TYPE_CODES,
  UBL_CREDIT_NOTE_TYPE_CODES,
} from './untdid-1001.js'
export { REFERENCE_QUALIFIER_CODES } from './untdid-1153.js'
export { VAT_DATE_CODES, CII_VAT_DATE_CODES, UBL_VAT_DATE_CODES } from './untdid-2005.js'
export { TEXT_SUBJECT_CODES, UBL_TEXT_SUBJECT_CODES } from './untdid-4451.js'
export { PAYMENT_MEANS_CODES } from './untdid-4461.js'
export { ALLOWANCE_REASON_CODES } from './untdid-5189.js'
export { VAT_CATEGORY_CODES } from './untdid-5305.js'
export { ITEM_CLASSIFICATION_SCHEMES } from './untdid-7143.js'
export { CHARGE_REASON_CODES } from './untdid-7161.js'
export { VATEX_CODES } from './vatex.js'
