import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readCii } from '../../src/cii/read-cii.js'
import { EInvoiceError } from '../../src/errors.js'
import { readInvoice } from '../../src/read-invoice.js'
import { parseXml } from '../../src/xml/index.js'

const fixture = readFileSync(new URL('../fixtures/xml/cii-odd-prefixes.xml', import.meta.url))
const invoice = readInvoice(fixture)

/** A minimal CII with the given settlement summation and header content. */
function cii(header: string, summation: string, guideline = 'urn:factur-x.eu:1p0:minimum'): string {
  return `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
    xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
    xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${guideline}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>M-1</ram:ID><ram:TypeCode>380</ram:TypeCode>${header}</rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>S</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>B</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>${summation}</ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`
}

describe('readCii', () => {
  it('matches elements by namespace URI whatever the prefixes', () => {
    expect(invoice.invoiceNumber).toBe('INV-0012')
    expect(invoice.issueDate).toBe('2024-03-15')
    expect(invoice.typeCode).toBe('380')
    expect(invoice.currencyCode).toBe('EUR')
    expect(invoice.specificationIdentifier).toBe('urn:cen.eu:en16931:2017')
    expect(invoice.businessProcessType).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0')
    expect(invoice.source).toEqual({ syntax: 'CII', absentTerms: [], problems: [] })
  })

  it('reads the header business terms', () => {
    expect(invoice).toMatchObject({
      buyerReference: '04011000-12345-34',
      purchaseOrderReference: 'PO-77',
      contractReference: 'C-1',
      projectReference: 'PR-1',
      projectName: 'Project',
      tenderOrLotReference: 'LOT-3',
      buyerAccountingReference: '4711',
      dueDate: '2024-03-29',
      invoicingPeriod: { startDate: '2024-03-01', endDate: '2024-03-31' },
      precedingInvoices: [{ id: 'INV-0001', issueDate: '2024-01-01' }],
      notes: [
        { text: 'Thank you', subjectCode: 'AAI' },
        { text: 'Custom code', subjectCode: 'ZZZ' },
      ],
    })
    expect(invoice.supportingDocuments).toEqual([
      {
        id: 'timesheet.pdf',
        description: 'Timesheet',
        typeCode: '916',
        attachment: { base64: 'JVBERi0xLjQK', mimeCode: 'application/pdf', filename: 'timesheet.pdf' },
      },
    ])
  })

  it('reads parties with identifiers, legal data, contact and tax registrations', () => {
    expect(invoice.seller).toEqual({
      name: 'Lieferant GmbH',
      tradingName: 'Lieferant',
      identifiers: [{ value: 'SUP-1' }, { value: '4000001000005', schemeId: '0088' }],
      legalRegistrationId: { value: 'HRB 1', schemeId: '0002' },
      vatIdentifier: 'DE123456789',
      taxRegistrationId: '201/113/40209',
      additionalLegalInformation: 'Court Munich HRB 1',
      electronicAddress: { value: 'sales@example.org', schemeId: 'EM' },
      address: { line1: 'Lieferantenstraße 20', city: 'München', postCode: '80333', countryCode: 'DE' },
      contact: { name: 'Max', telephone: '+49 1', email: 'max@example.org' },
    })
    expect(invoice.buyer.electronicAddress).toEqual({ value: 'DE987', schemeId: '9930' })
    expect(invoice.delivery).toEqual({
      partyName: 'Warehouse',
      actualDeliveryDate: '2024-03-10',
      address: { city: 'Lyon', countryCode: 'FR' },
    })
  })

  it('keeps amounts as exact decimals from the text', () => {
    const line = invoice.lines[0]
    expect(line?.quantity.toString()).toBe('20')
    expect(line?.price.netPrice.toString()).toBe('9.9')
    expect(line?.price.grossPrice?.toString()).toBe('10')
    expect(line?.price.priceDiscount?.toString()).toBe('0.1')
    expect(line?.price.grossPriceAdjustments).toBeUndefined()
    expect(invoice.totals.amountDueForPayment.toString()).toBe('300')
    expect(invoice.totals.paidAmount?.toString()).toBe('30.86')
  })

  it('reads lines with item, VAT, charges and references', () => {
    const [first, second] = invoice.lines
    expect(first).toMatchObject({
      id: '1',
      note: 'first line',
      unitCode: 'H87',
      orderLineReference: '7',
      objectIdentifier: { value: 'OBJ-9', schemeId: 'ABZ' },
      vat: { categoryCode: 'S' },
      item: {
        name: 'Paper',
        sellerId: 'S-1',
        standardId: { value: '4000001123452', schemeId: '0160' },
        classifications: [{ value: '44121', schemeId: 'STI', schemeVersion: '2' }],
        classificationNames: ['Paper'],
        countryOfOrigin: 'DE',
        attributes: [{ name: 'Colour', value: 'white' }],
      },
    })
    expect(first?.charges.map((c) => [c.amount.toString(), c.reason])).toEqual([['1', 'packing']])
    expect(second?.vat.categoryCode).toBe('E')
    expect(invoice.vatBreakdown[1]).toMatchObject({ categoryCode: 'E', exemptionReason: 'Exempt', exemptionReasonCode: 'VATEX-EU-132' })
    expect(invoice.allowancesAndCharges[0]).toMatchObject({ isCharge: false, vatCategoryCode: 'S', reasonCode: '95' })
  })

  it('reads payment instructions', () => {
    expect(invoice.paymentInstructions).toEqual({
      means: [
        {
          typeCode: '58',
          text: 'SEPA credit transfer',
          creditTransfers: [{ accountId: 'DE88200800000970375700', accountName: 'Lieferant', serviceProviderId: 'COBADEFFXXX' }],
        },
      ],
      remittanceInformation: 'INV-0012',
    })
  })

  it('derives and reports the totals a MINIMUM invoice does not carry', () => {
    const inv = readInvoice(
      cii(
        '<ram:IssueDateTime><udt:DateTimeString format="102">20240101</udt:DateTimeString></ram:IssueDateTime>',
        '<ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount><ram:DuePayableAmount>119.00</ram:DuePayableAmount>',
      ),
    )
    expect(inv.source?.absentTerms).toEqual(['BT-106'])
    expect(inv.totals.sumOfLineNetAmounts.toString()).toBe('100')
    expect(inv.totals.invoiceTotalVatAmount?.toString()).toBe('19')
  })

  it('records unreadable values with their position and treats them as absent', () => {
    const inv = readInvoice(
      cii(
        '<ram:IssueDateTime><udt:DateTimeString format="102">20241301</udt:DateTimeString></ram:IssueDateTime>',
        '<ram:TaxBasisTotalAmount>1,00</ram:TaxBasisTotalAmount><ram:GrandTotalAmount>1.19</ram:GrandTotalAmount><ram:DuePayableAmount>1.19</ram:DuePayableAmount>',
      ),
    )
    expect(inv.issueDate).toBe('')
    expect(inv.source?.absentTerms).toContain('BT-2')
    expect(inv.source?.problems.map((p) => [p.line, p.message])).toEqual([
      [5, 'not a date in format 102: "20241301"'],
      [10, 'not a decimal number: "1,00"'],
    ])
    expect(inv.source?.problems[1]?.path).toBe(
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxBasisTotalAmount',
    )
  })

  it('trims note texts as every other text, keeping the line breaks inside', () => {
    const inv = readInvoice(
      cii(
        '<ram:IssueDateTime><udt:DateTimeString format="102">20240101</udt:DateTimeString></ram:IssueDateTime>' +
          '<ram:IncludedNote><ram:Content>\n   A &amp; B\n  second line&#13;  </ram:Content><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>',
        '<ram:TaxBasisTotalAmount>1.00</ram:TaxBasisTotalAmount><ram:GrandTotalAmount>1.00</ram:GrandTotalAmount><ram:DuePayableAmount>1.00</ram:DuePayableAmount>',
      ),
    )
    expect(inv.notes).toEqual([{ text: 'A & B\n  second line', subjectCode: 'AAI' }])
  })

  it('numbers lines without LineID apart from the ids other lines have', () => {
    const line = (id: string) =>
      `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument>${id === '' ? '' : `<ram:LineID>${id}</ram:LineID>`}</ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>P</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>`
    const xml = cii('', '<ram:LineTotalAmount>0</ram:LineTotalAmount>', 'urn:cen.eu:en16931:2017').replace(
      '<rsm:SupplyChainTradeTransaction>',
      `<rsm:SupplyChainTradeTransaction>${line('')}${line('1')}${line('')}${line('2')}`,
    )
    const inv = readInvoice(xml)
    expect(inv.lines.map((l) => l.id)).toEqual(['3', '1', '4', '2'])
    expect(inv.source?.absentTerms).toContain('BT-126')
  })

  it('ignores unknown elements', () => {
    expect(invoice.lines).toHaveLength(2)
  })

  it('refuses a document of another root with UNSUPPORTED_DOCUMENT', () => {
    const doc = parseXml('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')
    expect(() => readCii(doc)).toThrow(EInvoiceError)
    expect(() => readCii(doc)).toThrow(/line 1, column 1: expected a CII D16B CrossIndustryInvoice/)
  })
})
