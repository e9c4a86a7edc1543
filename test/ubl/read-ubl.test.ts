import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { readUbl } from '../../src/ubl/read-ubl.js'
import { parseXml } from '../../src/xml/index.js'
import { UBL_CREDIT_NOTE, UBL_INVOICE } from './fixtures.js'

const read = (xml: string) => readUbl(parseXml(xml))

describe('readUbl: Invoice', () => {
  const inv = read(UBL_INVOICE)

  it('reads the header terms by namespace, whatever the root prefix', () => {
    expect(inv.invoiceNumber).toBe('INV-1')
    expect(inv.issueDate).toBe('2024-03-01')
    expect(inv.dueDate).toBe('2024-03-31')
    expect(inv.typeCode).toBe('380')
    expect(inv.currencyCode).toBe('EUR')
    expect(inv.vatAccountingCurrencyCode).toBe('USD')
    // BT-8 in the model is CII's code (UNTDID 2475): UBL's 35 (delivery date) is 29.
    expect(inv.vatPointDateCode).toBe('29')
    expect(inv.buyerReference).toBe('04011000-12345-34')
    expect(inv.buyerAccountingReference).toBe('ACC-1')
    expect(inv.specificationIdentifier).toContain('xrechnung_3.0')
    expect(inv.businessProcessType).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0')
    expect(inv.source?.syntax).toBe('UBL-Invoice')
    expect(inv.source?.problems).toEqual([])
    expect(inv.source?.absentTerms).toEqual([])
  })

  it('splits BT-21 out of a #CODE# note prefix', () => {
    expect(inv.notes).toEqual([{ subjectCode: 'AAI', text: 'General note' }, { text: 'Plain note' }])
  })

  it('reads BT-8 as the CII code of the same meaning, and keeps a code UBL does not know', () => {
    const codeOf = (code: string) => read(UBL_INVOICE.replace('<cbc:DescriptionCode>35<', `<cbc:DescriptionCode>${code}<`)).vatPointDateCode
    expect(['3', '35', '432', '5', '99'].map(codeOf)).toEqual(['5', '29', '72', '5', '99'])
  })

  it('trims a note after its #CODE# prefix as the CII reader trims notes', () => {
    const notes = read(UBL_INVOICE.replace('#AAI#General note', '#AAI#\n  General &amp; note\n  ')).notes
    expect(notes[0]).toEqual({ subjectCode: 'AAI', text: 'General & note' })
  })

  it('reads every document reference into its own business term', () => {
    expect(inv.purchaseOrderReference).toBe('PO-7')
    expect(inv.salesOrderReference).toBe('SO-9')
    expect(inv.contractReference).toBe('CON-1')
    expect(inv.despatchAdviceReference).toBe('DESP-1')
    expect(inv.receivingAdviceReference).toBe('REC-1')
    expect(inv.tenderOrLotReference).toBe('TENDER-1')
    expect(inv.projectReference).toBe('PRJ-1')
    expect(inv.precedingInvoices).toEqual([{ id: 'INV-0', issueDate: '2024-01-15' }])
    // DocumentTypeCode 130 is BT-18 (with BT-18-1), not a supporting document.
    expect(inv.invoicedObjectIdentifier).toEqual({ value: 'OBJ-1', schemeId: 'AAB' })
    expect(inv.supportingDocuments.map((d) => d.id)).toEqual(['DOC-1', 'DOC-2'])
    expect(inv.supportingDocuments[0]?.attachment).toEqual({ base64: 'YSxiCg==', mimeCode: 'text/csv', filename: 't.csv' })
    expect(inv.supportingDocuments[0]?.description).toBe('Timesheet')
    expect(inv.supportingDocuments[1]?.externalUri).toBe('https://example.com/d')
  })

  it('reads seller, buyer, payee, tax representative and delivery', () => {
    const s = inv.seller
    expect(s.name).toBe('Seller GmbH')
    expect(s.tradingName).toBe('Seller Trading')
    expect(s.identifiers).toEqual([{ value: '4000001000005', schemeId: '0088' }])
    expect(s.vatIdentifier).toBe('DE123456789')
    expect(s.taxRegistrationId).toBe('12/345/67890')
    expect(s.legalRegistrationId).toEqual({ value: 'HRB 1', schemeId: '0002' })
    expect(s.additionalLegalInformation).toBe('GmbH, Berlin')
    expect(s.electronicAddress).toEqual({ value: 'seller@example.com', schemeId: 'EM' })
    expect(s.address).toEqual({ line1: 'Main 1', line2: 'Floor 2', line3: 'Hall 3', city: 'Berlin', postCode: '10115', countrySubdivision: 'BE', countryCode: 'DE' })
    expect(s.contact).toMatchObject({ name: 'Jane', telephone: '+49 30 1', email: 'jane@example.com' })
    expect(inv.buyer.identifiers).toEqual([{ value: 'B-1' }])
    expect(inv.buyer.electronicAddress).toEqual({ value: '991-1234-56', schemeId: '0204' })
    expect(inv.payee).toMatchObject({ name: 'Payee Ltd', identifier: { value: 'P-1' }, legalRegistrationId: { value: 'PL-1' } })
    expect(inv.sellerTaxRepresentative).toMatchObject({ name: 'Rep BV', vatIdentifier: 'NL999999999B01', address: { countryCode: 'NL' } })
    expect(inv.delivery).toMatchObject({ partyName: 'Dock 4', actualDeliveryDate: '2024-02-20', locationId: { value: '5790000000001', schemeId: '0088' }, address: { city: 'Kiel' } })
    expect(inv.invoicingPeriod).toMatchObject({ startDate: '2024-02-01', endDate: '2024-02-29' })
  })

  it('reads payment means with the mandate (BT-89, BT-91), BT-83 and the SEPA creditor id (BT-90)', () => {
    const pi = inv.paymentInstructions
    expect(pi?.remittanceInformation).toBe('RF18539007547034')
    expect(pi?.directDebit).toEqual({ mandateReference: 'MANDATE-1', creditorId: 'DE98ZZZ09999999999' })
    expect(pi?.means).toHaveLength(1)
    expect(pi?.means[0]).toMatchObject({ typeCode: '59', text: 'SEPA direct debit', debitedAccountId: 'DE02120300000000202051', creditTransfers: [] })
  })

  it('keeps document-level allowances and charges (Mustang 2.24 loses them)', () => {
    const [a, c] = inv.allowancesAndCharges
    expect(a).toMatchObject({ isCharge: false, vatCategoryCode: 'S', reason: 'Discount', reasonCode: '95' })
    expect(a?.amount.toString()).toBe('10')
    expect(a?.baseAmount?.toString()).toBe('100')
    expect(a?.percentage?.toString()).toBe('10')
    expect(a?.vatRate?.toString()).toBe('19')
    expect(c).toMatchObject({ isCharge: true, reason: 'Freight' })
  })

  it('reads totals, BT-110 in the document currency and BT-111 in the accounting currency', () => {
    const t = inv.totals
    expect(t.invoiceTotalVatAmount?.toString()).toBe('18.05')
    expect(t.invoiceTotalVatAmountInAccountingCurrency?.toString()).toBe('19.5')
    expect(t.paidAmount?.toString()).toBe('3.05')
    expect(t.amountDueForPayment.toString()).toBe('110')
    expect(inv.vatBreakdown).toHaveLength(1)
    expect(inv.vatBreakdown[0]?.taxableAmount.toString()).toBe('95')
  })

  it('reads a line with every BG-25 term and ignores unknown elements', () => {
    const l = inv.lines[0]
    expect(l?.id).toBe('1')
    expect(l?.note).toBe('Line note')
    expect(l?.quantity.toString()).toBe('10')
    expect(l?.unitCode).toBe('HUR')
    expect(l?.orderLineReference).toBe('OL-3')
    expect(l?.buyerAccountingReference).toBe('L-ACC')
    expect(l?.objectIdentifier).toEqual({ value: 'LOBJ-1', schemeId: 'ABZ' })
    expect(l?.period).toMatchObject({ startDate: '2024-02-01', endDate: '2024-02-10' })
    expect(l?.allowances.map((a) => a.reasonCode)).toEqual(['95'])
    expect(l?.charges.map((a) => a.reason)).toEqual(['Packing'])
    expect(l?.price.netPrice.toString()).toBe('10')
    expect(l?.price.priceDiscount?.toString()).toBe('2')
    expect(l?.price.grossPrice?.toString()).toBe('12')
    expect(l?.price.baseQuantity?.toString()).toBe('1')
    expect(l?.price.baseQuantityUnitCode).toBe('HUR')
    expect(l?.vat.categoryCode).toBe('S')
    expect(l?.item).toMatchObject({
      name: 'Consulting',
      description: 'Consulting hours',
      buyerId: 'BUY-1',
      sellerId: 'SEL-1',
      standardId: { value: '4012345000009', schemeId: '0160' },
      countryOfOrigin: 'FR',
      classifications: [{ value: '73110000', schemeId: 'STI', schemeVersion: '19.0' }],
      attributes: [{ name: 'Colour', value: 'Blue' }],
    })
  })
})

describe('readUbl: CreditNote', () => {
  const cn = read(UBL_CREDIT_NOTE)

  it('reads CreditNoteTypeCode, CreditedQuantity, BT-9 from PaymentMeans and BT-11 from document type 50', () => {
    expect(cn.typeCode).toBe('381')
    expect(cn.source?.syntax).toBe('UBL-CreditNote')
    expect(cn.lines[0]?.quantity.toString()).toBe('2')
    expect(cn.dueDate).toBe('2024-05-02')
    expect(cn.projectReference).toBe('PRJ-CN')
    expect(cn.supportingDocuments).toEqual([])
    expect(cn.paymentInstructions?.means[0]?.creditTransfers).toEqual([
      { accountId: 'DE75512108001245126199', accountName: 'S', serviceProviderId: 'SOGEDEFFXXX' },
    ])
  })
})

describe('readUbl: bad input', () => {
  it('refuses a root that is not a UBL Invoice or CreditNote, naming it', () => {
    const doc = parseXml('<CrossIndustryInvoice xmlns="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>')
    expect(() => readUbl(doc)).toThrow(EInvoiceError)
    expect(() => readUbl(doc)).toThrow(/CrossIndustryInvoice .* is not a UBL 2.1 Invoice or CreditNote/)
  })

  it('does not take an Invoice element in a foreign namespace', () => {
    expect(() => read('<Invoice xmlns="urn:example"/>')).toThrow(/not a UBL 2.1 Invoice/)
  })

  it('records unreadable values with their position and treats them as absent', () => {
    const broken = UBL_INVOICE.replace('<cbc:PrepaidAmount currencyID="EUR">3.05</cbc:PrepaidAmount>', '<cbc:PrepaidAmount currencyID="EUR">3,05</cbc:PrepaidAmount>')
      .replace('<cbc:DueDate>2024-03-31</cbc:DueDate>', '<cbc:DueDate>2024-02-30</cbc:DueDate>')
    const inv = read(broken)
    expect(inv.totals.paidAmount).toBeUndefined()
    expect(inv.dueDate).toBeUndefined()
    const problems = inv.source?.problems ?? []
    expect(problems.map((p) => p.path)).toEqual(['/ubl:Invoice/cbc:DueDate', '/ubl:Invoice/cac:LegalMonetaryTotal/cbc:PrepaidAmount'])
    expect(problems[1]?.message).toContain('"3,05"')
    expect(problems[1]?.line).toBeGreaterThan(1)
  })

  it('lists missing mandatory terms instead of inventing values', () => {
    const inv = read(UBL_INVOICE.replace('<cbc:ID>INV-1</cbc:ID>', '').replace(/<cbc:PayableAmount[^<]*<\/cbc:PayableAmount>/, ''))
    expect(inv.invoiceNumber).toBe('')
    expect(inv.source?.absentTerms).toEqual(expect.arrayContaining(['BT-1', 'BT-115']))
  })
})
