/**
 * English labels of the invoice views (the reference set: DE and FR must have the same keys).
 * Wording follows the EN 16931 business term names.
 * @module
 */
// prettier-ignore
export const EN = {
  // Sections
  overview: 'Overview', seller: 'Seller', buyer: 'Buyer', invoiceData: 'Invoice data', lines: 'Invoice lines',
  documentAllowancesCharges: 'Document level allowances and charges', logisticsServiceCharges: 'Logistics service charges',
  totals: 'Document totals', vatBreakdown: 'VAT breakdown', payment: 'Payment instructions', notes: 'Invoice notes',
  lineDetails: 'Line details', line: 'Line', references: 'References', delivery: 'Delivery information', payee: 'Payee',
  taxRepresentative: 'Seller tax representative', furtherParties: 'Further parties', invoicer: 'Invoicer', invoicee: 'Invoicee',
  attachments: 'Attachments', readingNotes: 'Notes on reading the document',
  precedingInvoices: 'Preceding invoices', supportingDocuments: 'Additional supporting documents',
  lineAllowancesCharges: 'Line allowances and charges', grossPriceAdjustments: 'Gross price allowances and charges',
  itemAttributes: 'Item attributes', lineReferences: 'Line references', paymentTermsBlocks: 'Payment terms (detailed)',
  // Parties
  name: 'Name', tradingName: 'Trading name', identifier: 'Identifier', legalRegistrationId: 'Legal registration identifier',
  vatIdentifier: 'VAT identifier', taxRegistrationId: 'Tax registration identifier', additionalLegalInformation: 'Additional legal information',
  electronicAddress: 'Electronic address', addressLine1: 'Address line 1', addressLine2: 'Address line 2', addressLine3: 'Address line 3',
  postCode: 'Post code', city: 'City', countrySubdivision: 'Country subdivision', country: 'Country',
  contactName: 'Contact point', telephone: 'Telephone', email: 'E-mail', department: 'Department', fax: 'Fax', contactType: 'Contact type',
  roleCode: 'Role code', scheme: 'scheme',
  // Invoice data
  invoice: 'Invoice', invoiceNumber: 'Invoice number', issueDate: 'Issue date', documentType: 'Invoice type', documentName: 'Document name',
  currency: 'Currency', vatAccountingCurrency: 'VAT accounting currency', taxPointDate: 'Tax point date', vatPointDateCode: 'VAT point date code',
  periodStart: 'Period start date', periodEnd: 'Period end date', periodDescription: 'Period description',
  buyerReference: 'Buyer reference', projectReference: 'Project reference', projectName: 'Project name',
  contractReference: 'Contract reference', contractDate: 'Contract date', purchaseOrderReference: 'Purchase order reference',
  purchaseOrderDate: 'Purchase order date', salesOrderReference: 'Sales order reference', receivingAdviceReference: 'Receiving advice reference',
  despatchAdviceReference: 'Despatch advice reference', tenderOrLotReference: 'Tender or lot reference',
  invoicedObjectIdentifier: 'Invoiced object identifier', buyerAccountingReference: 'Buyer accounting reference',
  businessProcessType: 'Business process type', specificationIdentifier: 'Specification identifier', purposeCode: 'Purpose code',
  testIndicator: 'Test document', sourceSyntax: 'Syntax', yes: 'yes', no: 'no',
  // Lines
  lineId: 'Line', itemName: 'Item name', quantity: 'Quantity', unit: 'Unit', netPrice: 'Item net price', vat: 'VAT',
  lineNetAmount: 'Line net amount', lineNote: 'Line note', lineObjectIdentifier: 'Line object identifier',
  orderLineReference: 'Purchase order line reference', priceDiscount: 'Item price discount', grossPrice: 'Item gross price',
  baseQuantity: 'Item price base quantity', baseQuantityUnit: 'Base quantity unit', itemDescription: 'Item description',
  sellerItemId: "Seller's item identifier", buyerItemId: "Buyer's item identifier", standardItemId: 'Standard item identifier',
  itemClassification: 'Item classification', countryOfOrigin: 'Country of origin', parentLineId: 'Parent line',
  lineStatusReasonCode: 'Line status', lineSeller: 'Line seller', attributeName: 'Attribute', attributeValue: 'Value',
  deliveryNoteReference: 'Delivery note', referenceTypeCode: 'Reference type',
  // Allowances, charges, VAT, totals
  kind: 'Kind', allowance: 'Allowance', charge: 'Charge', reason: 'Reason', reasonCode: 'Reason code', baseAmount: 'Base amount',
  percentage: 'Percentage', amount: 'Amount', vatCategory: 'VAT category', vatRate: 'VAT rate',
  exemptionReason: 'VAT exemption reason', exemptionReasonCode: 'VAT exemption reason code',
  taxableAmount: 'Taxable amount', taxAmount: 'VAT amount',
  sumOfLineNetAmounts: 'Sum of invoice line net amounts', sumOfAllowances: 'Sum of allowances on document level',
  sumOfCharges: 'Sum of charges on document level', totalWithoutVat: 'Invoice total amount without VAT',
  totalVatAmount: 'Invoice total VAT amount', totalVatAmountAccounting: 'Invoice total VAT amount in accounting currency',
  totalWithVat: 'Invoice total amount with VAT', paidAmount: 'Paid amount', roundingAmount: 'Rounding amount',
  amountDue: 'Amount due for payment', thirdPartyPayments: 'Third-party payments', thirdPartyPaymentType: 'Type',
  // Payment
  paymentMeans: 'Payment means', paymentMeansText: 'Payment means text', iban: 'IBAN', accountId: 'Account identifier',
  accountName: 'Account name', bic: 'BIC', cardNumber: 'Card number', cardHolder: 'Card holder', cardNetwork: 'Card network',
  debitedAccount: 'Debited account', payerBic: "Payer's BIC", remittanceInformation: 'Remittance information',
  mandateReference: 'Mandate reference', creditorId: 'Creditor identifier', paymentTerms: 'Payment terms', dueDate: 'Payment due date',
  partialPaymentAmount: 'Partial payment', discount: 'Discount', penalty: 'Penalty', basisDate: 'from',
  // Notes, references, delivery, attachments
  noteSubject: 'Subject', noteText: 'Note', noteContentCode: 'Content code', precedingInvoice: 'Preceding invoice',
  typeCode: 'Type code', documentId: 'Document identifier', description: 'Description', externalUri: 'External document location',
  attachment: 'Attachment', fileName: 'File name', mimeCode: 'MIME type', size: 'Size', bytes: 'bytes',
  deliverToName: 'Deliver to party name', deliverToLocation: 'Deliver to location identifier', actualDeliveryDate: 'Actual delivery date',
  deliveryTermsCode: 'Delivery terms', shipTo: 'Ship to', ultimateShipTo: 'Ultimate ship to', shipFrom: 'Ship from',
  absentTerms: 'Required terms missing in the document', path: 'Element', position: 'Line:column', message: 'Problem',
  // Page furniture
  pageOf: 'Page {page} of {pages}', generatedBy: 'Visualisation of an electronic invoice; the structured XML data is authoritative.',
} as const

export type LabelKey = keyof typeof EN
