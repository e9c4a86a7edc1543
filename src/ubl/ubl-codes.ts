/**
 * UBL-specific tables: which document type codes make a CreditNote, how BT-8 is coded in UBL,
 * and the two document kinds with the element order of their UBL 2.1 XSD sequence.
 * @module
 */
import { NS } from '../xml/index.js'

/**
 * Type codes written as a UBL CreditNote (behaviour doc §8, the converter's AUTOMATIC mode);
 * every other code is written as an Invoice.
 */
export const CREDIT_NOTE_TYPE_CODES: ReadonlySet<string> = new Set([
  '81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532',
])

/**
 * BT-8: CII writes UNTDID 2475 (5, 29, 72), UBL writes UNTDID 2005 (3, 35, 432) for the same three
 * meanings (BR-CL-06). UBL codes map to themselves so either spelling in the model is accepted.
 */
export const UBL_VAT_DATE_CODE: Readonly<Record<string, string>> = {
  '5': '3',
  '29': '35',
  '72': '432',
  '3': '3',
  '35': '35',
  '432': '432',
}

/**
 * BT-8 read from UBL: the model holds CII's UNTDID 2475 code, as the CII reader gives it and as
 * Mustang's `vatDueDateTypeCode` (parse's JSON field) and the CII writers take it. Other codes
 * (wrong in UBL already) are kept as written.
 */
export const CII_VAT_DATE_CODE: Readonly<Record<string, string>> = {
  '3': '5',
  '35': '29',
  '432': '72',
}

/** Tax scheme of BT-32 (seller tax registration that is not a VAT id); CII's schemeID FC. */
export const TAX_REGISTRATION_SCHEME = 'FC'

/**
 * UBL's CardAccount/NetworkID is mandatory in the XSD but has no business term; when the model
 * has none (a CII source never has one) we write the converter's well-known placeholder.
 */
export const CARD_NETWORK_PLACEHOLDER = 'mapped-from-cii'

export type UblKind = {
  root: 'Invoice' | 'CreditNote'
  ns: string
  typeCodeElement: 'InvoiceTypeCode' | 'CreditNoteTypeCode'
  lineElement: 'InvoiceLine' | 'CreditNoteLine'
  /** The line nested in a line (XRechnung BG-DEX-01 sub-invoice line); UBL 2.1 names it per kind. */
  subLineElement: 'SubInvoiceLine' | 'SubCreditNoteLine'
  quantityElement: 'InvoicedQuantity' | 'CreditedQuantity'
  /** The document's top-level element names in XSD sequence order (only those we write). */
  order: readonly string[]
}

// Both sequences follow UBL-Invoice-2.1.xsd / UBL-CreditNote-2.1.xsd; note the different places
// of TaxPointDate, OriginatorDocumentReference and AllowanceCharge, and that a UBL 2.1 CreditNote
// has neither DueDate (BT-9 goes to PaymentMeans/PaymentDueDate) nor ProjectReference (BT-11 is an
// AdditionalDocumentReference with DocumentTypeCode 50).
export const UBL_INVOICE: UblKind = {
  root: 'Invoice',
  ns: NS.ublInvoice,
  typeCodeElement: 'InvoiceTypeCode',
  lineElement: 'InvoiceLine',
  subLineElement: 'SubInvoiceLine',
  quantityElement: 'InvoicedQuantity',
  order: [
    'CustomizationID', 'ProfileID', 'ID', 'IssueDate', 'DueDate', 'TypeCode', 'Note', 'TaxPointDate',
    'DocumentCurrencyCode', 'TaxCurrencyCode', 'AccountingCost', 'BuyerReference', 'InvoicePeriod',
    'OrderReference', 'BillingReference', 'DespatchDocumentReference', 'ReceiptDocumentReference',
    'OriginatorDocumentReference', 'ContractDocumentReference', 'AdditionalDocumentReference',
    'ProjectReference', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty',
    'TaxRepresentativeParty', 'Delivery', 'PaymentMeans', 'PaymentTerms', 'PrepaidPayment', 'AllowanceCharge', 'TaxTotal',
    'LegalMonetaryTotal', 'Lines',
  ],
}

export const UBL_CREDIT_NOTE: UblKind = {
  root: 'CreditNote',
  ns: NS.ublCreditNote,
  typeCodeElement: 'CreditNoteTypeCode',
  lineElement: 'CreditNoteLine',
  subLineElement: 'SubCreditNoteLine',
  quantityElement: 'CreditedQuantity',
  order: [
    'CustomizationID', 'ProfileID', 'ID', 'IssueDate', 'TaxPointDate', 'TypeCode', 'Note',
    'DocumentCurrencyCode', 'TaxCurrencyCode', 'AccountingCost', 'BuyerReference', 'InvoicePeriod',
    'OrderReference', 'BillingReference', 'DespatchDocumentReference', 'ReceiptDocumentReference',
    'ContractDocumentReference', 'AdditionalDocumentReference', 'OriginatorDocumentReference',
    'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty', 'TaxRepresentativeParty',
    'Delivery', 'PaymentMeans', 'PaymentTerms', 'AllowanceCharge', 'TaxTotal', 'LegalMonetaryTotal',
    'Lines',
  ],
}

/** The UBL kind a document type code (BT-3) is written as. */
export function ublKindFor(typeCode: string): UblKind {
  return CREDIT_NOTE_TYPE_CODES.has(typeCode.trim()) ? UBL_CREDIT_NOTE : UBL_INVOICE
}
