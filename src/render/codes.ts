/**
 * Code values shown with their names: `Commercial invoice (380)`. The name comes from the
 * language's table (src/render/i18n/code-names.ts), else from the code list's English name, else
 * the code stands alone; the code itself is always shown, so nothing is hidden behind a name.
 * @module
 */
import {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  type CodeList,
  DOCUMENT_TYPE_CODES,
  PAYMENT_MEANS_CODES,
  TEXT_SUBJECT_CODES,
  UNIT_CODES,
  VATEX_CODES,
  VAT_CATEGORY_CODES,
  VAT_DATE_CODES,
} from '../model/codelists/index.js'
import { type CodeListKey, type CodeNames, DE_CODE_NAMES, FR_CODE_NAMES } from './i18n/code-names.js'
import type { Language } from './i18n/index.js'

const ENGLISH: Readonly<Record<CodeListKey, CodeList>> = {
  documentType: DOCUMENT_TYPE_CODES,
  vatCategory: VAT_CATEGORY_CODES,
  unit: UNIT_CODES,
  paymentMeans: PAYMENT_MEANS_CODES,
  country: COUNTRY_CODES,
  vatDate: VAT_DATE_CODES,
  allowanceReason: ALLOWANCE_REASON_CODES,
  chargeReason: CHARGE_REASON_CODES,
  vatex: VATEX_CODES,
  textSubject: TEXT_SUBJECT_CODES,
  currency: CURRENCY_CODES,
}

const LOCAL: Readonly<Record<Language, CodeNames>> = { EN: {}, DE: DE_CODE_NAMES, FR: FR_CODE_NAMES }

/** The name of a code in the language, undefined when no list knows it. */
export function codeNameOnly(list: CodeListKey, code: string, language: Language): string | undefined {
  return LOCAL[language][list]?.[code] ?? ENGLISH[list].name(code)
}

/** `Name (code)`, or the bare code when it has no known name. */
export function codeName(list: CodeListKey, code: string, language: Language): string {
  const name = codeNameOnly(list, code, language)
  return name === undefined || name === code ? code : `${name} (${code})`
}
