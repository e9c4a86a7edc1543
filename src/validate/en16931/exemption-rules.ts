/**
 * BR-x-10, the VAT exemption reason of a VAT breakdown (BT-120/BT-121), with the official tests
 * read on the tree: they ask whether an exemption reason or code *element* is there, so a blank
 * one counts (the model reads a blank text as absent). Which breakdowns they test:
 *
 * - CII: a header `ram:ApplicableTradeTax` whose `ram:CategoryCode` is written as the code; for
 *   every category but S and Z also of the VAT scheme (`ram:TypeCode`, upper-cased).
 * - UBL: a `cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory` whose normalised `cbc:ID` is the code, of
 *   the VAT scheme.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { normalizeSpace, stringValue } from '../syntax/paths.js'
import { descend, kid, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { issue } from './model-helpers.js'
import { type Check, bound, ciiIsVat, ublIsVat } from './syntax-bound-rules.js'

const C = {
  transaction: q('rsm:SupplyChainTradeTransaction'),
  settlement: q('ram:ApplicableHeaderTradeSettlement'),
  tradeTax: q('ram:ApplicableTradeTax'),
  categoryCode: q('ram:CategoryCode'),
  reason: q('ram:ExemptionReason'),
  reasonCode: q('ram:ExemptionReasonCode'),
}
const U = {
  taxTotal: q('cac:TaxTotal'),
  taxSubtotal: q('cac:TaxSubtotal'),
  taxCategory: q('cac:TaxCategory'),
  id: q('cbc:ID'),
  reason: q('cbc:TaxExemptionReason'),
  reasonCode: q('cbc:TaxExemptionReasonCode'),
}

/** The CII tests of S and Z do not ask for the VAT scheme. */
const CII_ANY_SCHEME = new Set(['S', 'Z'])

/** BR-x-10 of one category: `required` an exemption reason (E, AE, K, G, O) or none allowed. */
export function exemptionRule(code: string, required: boolean): Check {
  const at = (i: number): string => btPath('BG-23', i + 1, 'BT-120')
  const params = { category: code }
  const check = (breakdowns: readonly XmlElement[], has: (b: XmlElement) => boolean): Issue[] =>
    breakdowns.flatMap((b, i) => (has(b) === required ? [] : [issue(at(i), params)]))
  const model = (invoice: Invoice): Issue[] =>
    invoice.vatBreakdown
      .filter((v) => v.categoryCode === code)
      .flatMap((v, i) => ((v.exemptionReason !== undefined || v.exemptionReasonCode !== undefined) === required ? [] : [issue(at(i), params)]))
  return bound({
    cii: (root) =>
      check(
        descend(root, C.transaction, C.settlement, C.tradeTax).filter(
          (t) => kids(t, C.categoryCode).some((c) => stringValue(c) === code) && (CII_ANY_SCHEME.has(code) || ciiIsVat(t)),
        ),
        (t) => kid(t, C.reason) !== undefined || kid(t, C.reasonCode) !== undefined,
      ),
    ubl: (root) =>
      check(
        descend(root, U.taxTotal, U.taxSubtotal, U.taxCategory).filter((c) => kids(c, U.id).some((id) => normalizeSpace(stringValue(id)) === code) && ublIsVat(c)),
        (c) => kid(c, U.reason) !== undefined || kid(c, U.reasonCode) !== undefined,
      ),
    model,
  })
}
