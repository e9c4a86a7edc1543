/**
 * What each ZUGFeRD 1.0 profile carries, as data (ZUGFeRD 1.0 specification, profiles BASIC,
 * COMFORT, EXTENDED; the examples of the ZUGFeRD 1.0 package). The writer reads these flags and
 * never branches on a profile name. ZUGFeRD 1 has one XSD for all three profiles and no official
 * schematron, so the profile rules here follow the specification's tables.
 * @module
 */

export type Zf1Level = 'BASIC' | 'COMFORT' | 'EXTENDED'

export type Zf1ContentRules = {
  /**
   * COMFORT and EXTENDED: VAT category codes and exemption reasons, line ids, prices and line
   * VAT, contacts, product ids and descriptions, order/contract references, payee, payment terms
   * text, invoicing period, buyer reference.
   */
  comfort: boolean
  /**
   * EXTENDED only: line notes and allowances/charges, product characteristics, classifications
   * and origin, ultimate ship-to, ship-from, invoicee, delivery terms, logistics charges, line
   * periods and accounting references, several payment terms blocks with discounts.
   */
  extended: boolean
}

export const ZF1_CONTENT_RULES: Readonly<Record<Zf1Level, Zf1ContentRules>> = {
  BASIC: { comfort: false, extended: false },
  COMFORT: { comfort: true, extended: false },
  EXTENDED: { comfort: true, extended: true },
}

/** BT-24 of the three profiles (behaviour doc §3.1). */
export const ZF1_GUIDELINE_IDS: Readonly<Record<Zf1Level, string>> = {
  BASIC: 'urn:ferd:CrossIndustryDocument:invoice:1p0:basic',
  COMFORT: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort',
  EXTENDED: 'urn:ferd:CrossIndustryDocument:invoice:1p0:extended',
}

/**
 * HeaderExchangedDocument/Name is mandatory in ZUGFeRD 1 (the document title); without a title in
 * the model (extension.documentName) Mustang's fixed `RECHNUNG` is written.
 */
export const ZF1_DEFAULT_DOCUMENT_NAME = 'RECHNUNG'
