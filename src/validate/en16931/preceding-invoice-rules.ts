/**
 * BR-55 (each preceding invoice reference, BG-3, has the invoice number, BT-25), with the official
 * tests. CII: each header `ram:InvoiceReferencedDocument` has a non-blank `ram:IssuerAssignedID`.
 * UBL: each `cac:BillingReference` has a `cac:InvoiceDocumentReference/cbc:ID`, blank or not.
 * @module
 */
import { btPath } from '../location.js'
import { normalizeSpace, stringValue } from '../syntax/paths.js'
import { descend, descendants, q } from '../syntax/tree-helpers.js'
import { isAbsent, issue, when } from './model-helpers.js'
import { bound } from './syntax-bound-rules.js'

const C = {
  transaction: q('rsm:SupplyChainTradeTransaction'),
  settlement: q('ram:ApplicableHeaderTradeSettlement'),
  reference: q('ram:InvoiceReferencedDocument'),
  issuerAssignedId: q('ram:IssuerAssignedID'),
}
const U = { billingReference: q('cac:BillingReference'), invoiceReference: q('cac:InvoiceDocumentReference'), id: q('cbc:ID') }

const AT = (i: number): string => btPath('BG-3', i + 1, 'BT-25')

export const br55 = bound({
  cii: (root) =>
    descend(root, C.transaction, C.settlement, C.reference).flatMap((ref, i) => {
      const id = descend(ref, C.issuerAssignedId)[0]
      return id !== undefined && normalizeSpace(stringValue(id)) !== '' ? [] : [issue(AT(i))]
    }),
  ubl: (root) => descendants(root, U.billingReference).flatMap((ref, i) => (descend(ref, U.invoiceReference, U.id).length > 0 ? [] : [issue(AT(i))])),
  model: (invoice) => when(isAbsent(invoice, 'BT-25'), btPath('BG-3', 'BT-25')),
})
