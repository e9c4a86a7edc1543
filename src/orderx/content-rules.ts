/**
 * What each Order-X 1.0 profile carries, as data (Order-X 1.0 profile XSDs BASIC, COMFORT,
 * EXTENDED and their schematron; behaviour doc §3.1, §3.7). The writer reads these flags and never
 * branches on a profile name.
 * @module
 */

export type OrderXLevel = 'BASIC' | 'COMFORT' | 'EXTENDED'

export type OrderXContentRules = {
  /**
   * COMFORT and EXTENDED: document and line allowances/charges, line VAT (category and rate),
   * gross prices, item description / characteristics / classifications / origin, seller order
   * reference (BT-14), additional documents (BG-24), project (BT-11), invoicee, payment means
   * type and text (one), payment terms text (one), party descriptions, line accounting reference.
   */
  comfort: boolean
  /**
   * EXTENDED only: VAT breakdown (header ApplicableTradeTax), InvoiceCurrencyCode, invoicer,
   * product end user, ultimate ship-to, logistics charges, note content codes, fax numbers,
   * prepaid / rounding / due amounts, line VAT exemption reasons.
   */
  extended: boolean
  /** SpecifiedTaxRegistration per party: BASIC allows one (its schematron), COMFORT two (XSD). */
  maxTaxRegistrations: number
}

export const ORDERX_CONTENT_RULES: Readonly<Record<OrderXLevel, OrderXContentRules>> = {
  BASIC: { comfort: false, extended: false, maxTaxRegistrations: 1 },
  COMFORT: { comfort: true, extended: false, maxTaxRegistrations: 2 },
  EXTENDED: { comfort: true, extended: true, maxTaxRegistrations: 2 },
}

/** BT-24 of the three profiles (behaviour doc §3.1, row OX). */
export const ORDERX_GUIDELINE_IDS: Readonly<Record<OrderXLevel, string>> = {
  BASIC: 'urn:order-x.eu:1p0:basic',
  COMFORT: 'urn:order-x.eu:1p0:comfort',
  EXTENDED: 'urn:order-x.eu:1p0:extended',
}

/** BusinessProcessSpecifiedDocumentContextParameter/ID: fixed `A1` as Mustang's OXPullProvider writes. */
export const ORDERX_BUSINESS_PROCESS = 'A1'

/**
 * ExchangedDocument/TypeCode: `220` (order). Mustang writes it whatever the invoice's document
 * code was (behaviour doc §3.7); an invoice's 380/381 is no Order-X document type.
 */
export const ORDERX_TYPE_CODE = '220'
