/**
 * Rules of older XRechnung versions that 3.0 dropped or changed (ids, contexts and conditions are
 * facts of the 1.2…2.3 schematrons): BR-DE-13 (1.2, 2.0: exactly one payment instruction group),
 * BR-DE-18-a (2.2, 2.3 CII: a payment terms element with at most one description, BT-20), BR-DE-29
 * (2.3: direct-debit data with the mandate reference BT-89) and CII BR-DE-16 as 1.2…2.3 have it
 * (the seller's VAT identifier under a scheme written exactly VA, VAT or FC; 3.0 takes VA and FC
 * after normalize-space). versions.ts adds them to the layer of a version whose schematron has
 * them, in place of 3.0's rule of the same id; a 3.0 document never runs them.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import type { TreePattern } from '../types.js'
import { all, has, pattern } from './common.js'
import { HA, HS, ctx, doc } from './cii-doc.js'
import { needsSellerVatId } from './cii-national-rules.js'
import { attrValue, normalizeSpace, stringValue } from '../syntax/paths.js'

/** The 1.2…2.3 seller VAT identifier of CII BR-DE-16: `@schemeID='VA' or …'VAT' or …'FC'`, as written. */
const OLD_VAT_SCHEMES = ['VA', 'VAT', 'FC']
function hasOldSellerVatId(el: XmlElement): boolean {
  const ids = all(el, `${HA}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`)
  const vat = ids.some((i) => OLD_VAT_SCHEMES.includes(attrValue(i, 'schemeID') ?? '') && normalizeSpace(stringValue(i)) !== '')
  return vat || has(el, `${HA}/ram:SellerTaxRepresentativeTradeParty`)
}

const CII_MEANS = `${HS}/ram:SpecifiedTradeSettlementPaymentMeans`

export const XR_CII_LEGACY_PATTERNS: readonly TreePattern[] = [
  pattern('cii-legacy-pattern', [
    [ctx('/rsm:CrossIndustryInvoice'), [
      // The payee account counts once however many there are, every card counts, direct-debit data once.
      ['BR-DE-13', 'f', (el) => {
        const d = doc(el)
        return (has(el, `${CII_MEANS}/ram:PayeePartyCreditorFinancialAccount`) ? 1 : 0) + all(el, `${CII_MEANS}/ram:ApplicableTradeSettlementFinancialCard`).length + (d.bt89 || d.bt90 || d.bt91 ? 1 : 0) === 1
      }],
      ['BR-DE-18-a', 'f', (el) => all(el, `${HS}/ram:SpecifiedTradePaymentTerms`).some((t) => all(t, 'ram:Description').length < 2)],
      ['BR-DE-29', 'f', (el) => { const d = doc(el); return !(d.bt89 || d.bt90 || d.bt91) || ((d.bt90 || d.bt91) && d.bt89) }],
      ['BR-DE-16', 'f', (el) => !needsSellerVatId(el) || hasOldSellerVatId(el)],
    ]],
  ]),
]

// Two patterns: BR-DE-13's context is the invoice only, BR-DE-29's the credit note too.
export const XR_UBL_LEGACY_PATTERNS: readonly TreePattern[] = [
  pattern('ubl-legacy-invoice-pattern', [
    [ctx('/ubl:Invoice'), [
      ['BR-DE-13', 'f', (el) =>
        (has(el, 'cac:PaymentMeans/cac:PayeeFinancialAccount') ? 1 : 0) + all(el, 'cac:PaymentMeans/cac:CardAccount').length + all(el, 'cac:PaymentMeans/cac:PaymentMandate').length === 1],
    ]],
  ]),
  pattern('ubl-legacy-pattern', [
    [ctx('/ubl:Invoice | /cn:CreditNote'), [
      ['BR-DE-29', 'f', (el) => !has(el, 'cac:PaymentMeans/cac:PaymentMandate') || has(el, 'cac:PaymentMeans/cac:PaymentMandate/cbc:ID')],
    ]],
  ]),
]
