/**
 * UNTDID 1001 (Document name code): the EN 16931 subset allowed for BT-3 Invoice type code.
 *
 * Values: rule BR-CL-01 of the CEN EN 16931 validation artefacts 1.3.16. CII accepts all
 * 62 codes in `ram:TypeCode`; UBL splits them between `cbc:InvoiceTypeCode`
 * (50 codes) and `cbc:CreditNoteTypeCode` (13 codes), and the union of the
 * two is the CII list. 81 is accepted in both UBL documents.
 * Names: UNTDID 1001 (UN/CEFACT).
 * @module
 */

import { EN16931_CODE_LISTS_VERSION, defineCodeList, subsetCodeList } from './code-list.js'

// prettier-ignore
export const DOCUMENT_TYPE_CODES = defineCodeList('UNTDID 1001', EN16931_CODE_LISTS_VERSION, [
  ['71', 'Request for payment'],
  ['80', 'Debit note related to goods or services'],
  ['81', 'Credit note related to goods or services'],
  ['82', 'Metered services invoice'],
  ['83', 'Credit note related to financial adjustments'],
  ['84', 'Debit note related to financial adjustments'],
  ['102', 'Tax notification'],
  ['130', 'Invoicing data sheet'],
  ['202', 'Direct payment valuation'],
  ['203', 'Provisional payment valuation'],
  ['204', 'Payment valuation'],
  ['211', 'Interim application for payment'],
  ['218', 'Final payment request based on completion of work'],
  ['219', 'Payment request for completed units'],
  ['261', 'Self billed credit note'],
  ['262', 'Consolidated credit note - goods and services'],
  ['295', 'Price variation invoice'],
  ['296', 'Credit note for price variation'],
  ['308', 'Delcredere credit note'],
  ['325', 'Proforma invoice'],
  ['326', 'Partial invoice'],
  ['331', 'Commercial invoice which includes a packing list'],
  ['380', 'Commercial invoice'],
  ['381', 'Credit note'],
  ['382', 'Commission note'],
  ['383', 'Debit note'],
  ['384', 'Corrected invoice'],
  ['385', 'Consolidated invoice'],
  ['386', 'Prepayment invoice'],
  ['387', 'Hire invoice'],
  ['388', 'Tax invoice'],
  ['389', 'Self-billed invoice'],
  ['390', 'Delcredere invoice'],
  ['393', 'Factored invoice'],
  ['394', 'Lease invoice'],
  ['395', 'Consignment invoice'],
  ['396', 'Factored credit note'],
  ['420', 'Optical Character Reading (OCR) payment credit note'],
  ['456', 'Debit advice'],
  ['457', 'Reversal of debit'],
  ['458', 'Reversal of credit'],
  ['471', 'Self-billed corrective invoice'],
  ['472', 'Factored corrective invoice'],
  ['473', 'Self-billed factored corrective invoice'],
  ['500', 'Self-billed prepayment invoice'],
  ['501', 'Self-billed factored invoice'],
  ['502', 'Self-billed factored credit note'],
  ['503', 'Prepayment credit note'],
  ['527', 'Self billed debit note'],
  ['532', "Forwarder's credit note"],
  ['553', "Forwarder's invoice discrepancy report"],
  ['575', "Insurer's invoice"],
  ['623', "Forwarder's invoice"],
  ['633', 'Port charges documents'],
  ['751', 'Invoice information for accounting purposes'],
  ['780', 'Freight invoice'],
  ['817', 'Claim notification'],
  ['870', 'Consular invoice'],
  ['875', 'Partial construction invoice'],
  ['876', 'Partial final construction invoice'],
  ['877', 'Final construction invoice'],
  ['935', 'Customs invoice'],
])

/** The codes UBL accepts in `cbc:InvoiceTypeCode` (BR-CL-01, UBL). */
// prettier-ignore
export const UBL_INVOICE_TYPE_CODES = subsetCodeList(DOCUMENT_TYPE_CODES, 'UNTDID 1001 (UBL Invoice)', ['71', '80', '81', '82', '84', '102', '130', '202', '203', '204', '211', '218', '219', '295', '325', '326', '331', '380', '382', '383', '384', '385', '386', '387', '388', '389', '390', '393', '394', '395', '456', '457', '471', '472', '473', '500', '501', '527', '553', '575', '623', '633', '751', '780', '817', '870', '875', '876', '877', '935'])

/** The codes UBL accepts in `cbc:CreditNoteTypeCode` (BR-CL-01, UBL). */
// prettier-ignore
export const UBL_CREDIT_NOTE_TYPE_CODES = subsetCodeList(DOCUMENT_TYPE_CODES, 'UNTDID 1001 (UBL CreditNote)', ['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '502', '503', '532'])
