/**
 * What each CII profile may contain, as data (behaviour doc §3.3, checked against the Factur-X
 * 1.07 / ZUGFeRD 2.3 profile schemas and schematron). The writer reads these flags and never
 * branches on a profile name.
 * @module
 */
import type { CiiLevel } from './profiles.js'

export type CashDiscountStyle =
  /** Dropped: the profile has no place for them. */
  | 'none'
  /** XRechnung convention: `#SKONTO#TAGE=n#PROZENT=p#` lines in BT-20. */
  | 'skonto-text'
  /** EXTENDED: one SpecifiedTradePaymentTerms block each, with ApplicableTradePaymentDiscountTerms. */
  | 'blocks'

export type CiiContentRules = {
  /** BASIC and above: invoice lines (BG-25). MINIMUM and BASIC WL have none. */
  lines: boolean
  /**
   * Above MINIMUM: notes, VAT breakdown, payment instructions and terms, document allowances and
   * charges, payee, delivery, preceding invoices, the full monetary summation.
   */
  beyondMinimum: boolean
  /**
   * EN 16931 and above: contacts, party descriptions, BG-24 documents, tender/object references,
   * project, payment-means text/BIC/account name, rounding amount, line item details.
   */
  fullEn16931: boolean
  /** EXTENDED only: document name, invoicer/invoicee, delivery terms, line status, several notes ... */
  extended: boolean
  cashDiscounts: CashDiscountStyle
  /**
   * Line VAT exemption reason and code (CII carries them, EN 16931 has no line term): EXTENDED,
   * and XRechnung, whose rules accept them; the Factur-X EN 16931 profile does not (Mustang #996).
   */
  lineExemptionReasons: boolean
  /** BT-23 to write when the invoice gives none. */
  defaultBusinessProcess?: string | undefined
}

export const CII_CONTENT_RULES: Readonly<Record<CiiLevel, CiiContentRules>> = {
  MINIMUM: { lines: false, beyondMinimum: false, fullEn16931: false, extended: false, cashDiscounts: 'none', lineExemptionReasons: false },
  BASICWL: { lines: false, beyondMinimum: true, fullEn16931: false, extended: false, cashDiscounts: 'none', lineExemptionReasons: false },
  BASIC: { lines: true, beyondMinimum: true, fullEn16931: false, extended: false, cashDiscounts: 'none', lineExemptionReasons: false },
  EN16931: { lines: true, beyondMinimum: true, fullEn16931: true, extended: false, cashDiscounts: 'none', lineExemptionReasons: false },
  EXTENDED: { lines: true, beyondMinimum: true, fullEn16931: true, extended: true, cashDiscounts: 'blocks', lineExemptionReasons: true },
  XRECHNUNG: {
    lines: true,
    beyondMinimum: true,
    fullEn16931: true,
    extended: false,
    cashDiscounts: 'skonto-text',
    lineExemptionReasons: true,
    // Mustang's default BT-23 for XRechnung (the Peppol billing process).
    defaultBusinessProcess: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
  },
}
