/** Small UBL documents and models for the UBL reader/writer tests. */
import { Decimal } from '../../src/model/decimal.js'
import type { Invoice } from '../../src/model/invoice.js'

const NS =
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"'

/** A UBL Invoice with arbitrary prefixes for the root namespace, touching most business terms. */
export const UBL_INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<u:Invoice xmlns:u="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${NS}>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>INV-1</cbc:ID>
  <cbc:IssueDate>2024-03-01</cbc:IssueDate>
  <cbc:DueDate>2024-03-31</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:Note>#AAI#General note</cbc:Note>
  <cbc:Note>Plain note</cbc:Note>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>
  <cbc:AccountingCost>ACC-1</cbc:AccountingCost>
  <cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>
  <cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate><cbc:EndDate>2024-02-29</cbc:EndDate><cbc:DescriptionCode>35</cbc:DescriptionCode></cac:InvoicePeriod>
  <cac:OrderReference><cbc:ID>PO-7</cbc:ID><cbc:SalesOrderID>SO-9</cbc:SalesOrderID></cac:OrderReference>
  <cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-0</cbc:ID><cbc:IssueDate>2024-01-15</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>
  <cac:DespatchDocumentReference><cbc:ID>DESP-1</cbc:ID></cac:DespatchDocumentReference>
  <cac:ReceiptDocumentReference><cbc:ID>REC-1</cbc:ID></cac:ReceiptDocumentReference>
  <cac:OriginatorDocumentReference><cbc:ID>TENDER-1</cbc:ID></cac:OriginatorDocumentReference>
  <cac:ContractDocumentReference><cbc:ID>CON-1</cbc:ID></cac:ContractDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID schemeID="AAB">OBJ-1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>DOC-1</cbc:ID><cbc:DocumentDescription>Timesheet</cbc:DocumentDescription>
    <cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/csv" filename="t.csv">YSxiCg==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>DOC-2</cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>https://example.com/d</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>
  <cac:ProjectReference><cbc:ID>PRJ-1</cbc:ID></cac:ProjectReference>
  <cac:AccountingSupplierParty><cac:Party>
    <cbc:EndpointID schemeID="EM">seller@example.com</cbc:EndpointID>
    <cac:PartyIdentification><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:PartyIdentification>
    <cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>
    <cac:PartyName><cbc:Name>Seller Trading</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>Main 1</cbc:StreetName><cbc:AdditionalStreetName>Floor 2</cbc:AdditionalStreetName><cbc:CityName>Berlin</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone><cbc:CountrySubentity>BE</cbc:CountrySubentity><cac:AddressLine><cbc:Line>Hall 3</cbc:Line></cac:AddressLine><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyTaxScheme><cbc:CompanyID>12/345/67890</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Seller GmbH</cbc:RegistrationName><cbc:CompanyID schemeID="0002">HRB 1</cbc:CompanyID><cbc:CompanyLegalForm>GmbH, Berlin</cbc:CompanyLegalForm></cac:PartyLegalEntity>
    <cac:Contact><cbc:Name>Jane</cbc:Name><cbc:Telephone>+49 30 1</cbc:Telephone><cbc:ElectronicMail>jane@example.com</cbc:ElectronicMail></cac:Contact>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>
    <cbc:EndpointID schemeID="0204">991-1234-56</cbc:EndpointID>
    <cac:PartyIdentification><cbc:ID>B-1</cbc:ID></cac:PartyIdentification>
    <cac:PostalAddress><cbc:CityName>Hamburg</cbc:CityName><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyLegalEntity><cbc:RegistrationName>Buyer AG</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingCustomerParty>
  <cac:PayeeParty><cac:PartyIdentification><cbc:ID>P-1</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>Payee Ltd</cbc:Name></cac:PartyName><cac:PartyLegalEntity><cbc:CompanyID>PL-1</cbc:CompanyID></cac:PartyLegalEntity></cac:PayeeParty>
  <cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep BV</cbc:Name></cac:PartyName><cac:PostalAddress><cac:Country><cbc:IdentificationCode>NL</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>NL999999999B01</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme></cac:TaxRepresentativeParty>
  <cac:Delivery><cbc:ActualDeliveryDate>2024-02-20</cbc:ActualDeliveryDate><cac:DeliveryLocation><cbc:ID schemeID="0088">5790000000001</cbc:ID><cac:Address><cbc:CityName>Kiel</cbc:CityName><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation><cac:DeliveryParty><cac:PartyName><cbc:Name>Dock 4</cbc:Name></cac:PartyName></cac:DeliveryParty></cac:Delivery>
  <cac:PaymentMeans><cbc:PaymentMeansCode name="SEPA direct debit">59</cbc:PaymentMeansCode><cbc:PaymentID>RF18539007547034</cbc:PaymentID>
    <cac:PaymentMandate><cbc:ID>MANDATE-1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate></cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>30 days net</cbc:Note></cac:PaymentTerms>
  <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">10.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">100.00</cbc:BaseAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>
  <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Freight</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">5.00</cbc:Amount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">18.05</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">95.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">18.05</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
  <cac:TaxTotal><cbc:TaxAmount currencyID="USD">19.50</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">95.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">113.05</cbc:TaxInclusiveAmount><cbc:AllowanceTotalAmount currencyID="EUR">10.00</cbc:AllowanceTotalAmount><cbc:ChargeTotalAmount currencyID="EUR">5.00</cbc:ChargeTotalAmount><cbc:PrepaidAmount currencyID="EUR">3.05</cbc:PrepaidAmount><cbc:PayableAmount currencyID="EUR">110.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID><cbc:Note>Line note</cbc:Note><cbc:InvoicedQuantity unitCode="HUR">0010.000</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cbc:AccountingCost>L-ACC</cbc:AccountingCost>
    <cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate><cbc:EndDate>2024-02-10</cbc:EndDate></cac:InvoicePeriod>
    <cac:OrderLineReference><cbc:LineID>OL-3</cbc:LineID></cac:OrderLineReference>
    <cac:DocumentReference><cbc:ID schemeID="ABZ">LOBJ-1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>
    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="EUR">5.00</cbc:Amount></cac:AllowanceCharge>
    <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Packing</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">5.00</cbc:Amount></cac:AllowanceCharge>
    <cac:Item><cbc:Description>Consulting hours</cbc:Description><cbc:Name>Consulting</cbc:Name>
      <cac:BuyersItemIdentification><cbc:ID>BUY-1</cbc:ID></cac:BuyersItemIdentification>
      <cac:SellersItemIdentification><cbc:ID>SEL-1</cbc:ID></cac:SellersItemIdentification>
      <cac:StandardItemIdentification><cbc:ID schemeID="0160">4012345000009</cbc:ID></cac:StandardItemIdentification>
      <cac:OriginCountry><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:OriginCountry>
      <cac:CommodityClassification><cbc:ItemClassificationCode listID="STI" listVersionID="19.0">73110000</cbc:ItemClassificationCode></cac:CommodityClassification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
      <cac:AdditionalItemProperty><cbc:Name>Colour</cbc:Name><cbc:Value>Blue</cbc:Value></cac:AdditionalItemProperty>
      <x:Unknown xmlns:x="urn:example:unknown">ignored</x:Unknown>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">10.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="HUR">1</cbc:BaseQuantity>
      <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">2.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">12.00</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>
  </cac:InvoiceLine>
</u:Invoice>
`

/** A UBL CreditNote: CreditNoteTypeCode, CreditedQuantity, BT-9 in PaymentMeans, BT-11 as document type 50. */
export const UBL_CREDIT_NOTE = `<?xml version="1.0" encoding="UTF-8"?>
<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" ${NS}>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>CN-1</cbc:ID>
  <cbc:IssueDate>2024-04-02</cbc:IssueDate>
  <cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AdditionalDocumentReference><cbc:ID>PRJ-CN</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>S</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>B</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentDueDate>2024-05-02</cbc:PaymentDueDate>
    <cac:PayeeFinancialAccount><cbc:ID>DE75512108001245126199</cbc:ID><cbc:Name>S</cbc:Name><cac:FinancialInstitutionBranch><cbc:ID>SOGEDEFFXXX</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">1.90</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">10.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">1.90</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">10.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">11.90</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">11.90</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:CreditNoteLine><cbc:ID>1</cbc:ID><cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity><cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Returned item</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">5.00</cbc:PriceAmount></cac:Price></cac:CreditNoteLine>
</CreditNote>
`

/** A minimal valid-shaped model (EN 16931 mandatory terms only) for writer tests. */
export function minimalInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const d = (s: string) => new Decimal(s)
  return {
    invoiceNumber: 'M-1',
    issueDate: '2024-06-01',
    typeCode: '380',
    currencyCode: 'EUR',
    notes: [],
    specificationIdentifier: 'urn:cen.eu:en16931:2017',
    precedingInvoices: [],
    seller: { name: 'Seller', identifiers: [], vatIdentifier: 'DE123456789', address: { countryCode: 'DE' } },
    buyer: { name: 'Buyer', identifiers: [], address: { countryCode: 'DE' } },
    allowancesAndCharges: [],
    totals: {
      sumOfLineNetAmounts: d('100'),
      invoiceTotalWithoutVat: d('100'),
      invoiceTotalVatAmount: d('19'),
      invoiceTotalWithVat: d('119'),
      amountDueForPayment: d('119'),
    },
    vatBreakdown: [{ taxableAmount: d('100'), taxAmount: d('19'), categoryCode: 'S', rate: d('19') }],
    supportingDocuments: [],
    lines: [
      {
        id: '1',
        quantity: d('2'),
        unitCode: 'C62',
        netAmount: d('100'),
        allowances: [],
        charges: [],
        price: { netPrice: d('50') },
        vat: { categoryCode: 'S', rate: d('19') },
        item: { name: 'Widget', classifications: [], attributes: [] },
      },
    ],
    ...overrides,
  }
}

const TAX_S19 = '<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>'

/**
 * A UBL Invoice with sub-invoice lines (XRechnung BG-DEX-01) two levels deep: line 1 (100.00) is
 * 1.1 (60.00, itself 1.1.1 + 1.1.2) plus 1.2 (40.00, without quantity and price, which a sub-line
 * may omit); line 2 has no sub-lines. Only lines 1 and 2 count: 130.00.
 */
export const UBL_SUB_LINES = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${NS}>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>SUB-1</cbc:ID>
  <cbc:IssueDate>2024-06-01</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Seller</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyLegalEntity><cbc:RegistrationName>Buyer</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">24.70</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">130.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">24.70</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">130.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">130.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">154.70</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">154.70</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="XPP">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Installation</cbc:Name>${TAX_S19}</cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount></cac:Price>
    <cac:SubInvoiceLine><cbc:ID>1.1</cbc:ID><cbc:InvoicedQuantity unitCode="XPP">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">60.00</cbc:LineExtensionAmount>
      <cac:Item><cbc:Name>Pipes</cbc:Name>${TAX_S19}</cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">60.00</cbc:PriceAmount></cac:Price>
      <cac:SubInvoiceLine><cbc:ID>1.1.1</cbc:ID><cbc:InvoicedQuantity unitCode="MTR">10</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">45.00</cbc:LineExtensionAmount>
        <cac:Item><cbc:Name>Pipe DN 20</cbc:Name>${TAX_S19}</cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">4.50</cbc:PriceAmount></cac:Price></cac:SubInvoiceLine>
      <cac:SubInvoiceLine><cbc:ID>1.1.2</cbc:ID><cbc:InvoicedQuantity unitCode="C62">3</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">15.00</cbc:LineExtensionAmount>
        <cac:Item><cbc:Name>Fitting</cbc:Name>${TAX_S19}</cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">5.00</cbc:PriceAmount></cac:Price></cac:SubInvoiceLine>
    </cac:SubInvoiceLine>
    <cac:SubInvoiceLine><cbc:ID>1.2</cbc:ID><cbc:LineExtensionAmount currencyID="EUR">40.00</cbc:LineExtensionAmount>
      <cac:Item><cbc:Name>Labour</cbc:Name>${TAX_S19}</cac:Item></cac:SubInvoiceLine>
  </cac:InvoiceLine>
  <cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">30.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Travel</cbc:Name>${TAX_S19}</cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">30.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>
`
