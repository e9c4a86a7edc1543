import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseJsonText } from '../../src/json/parse-json.js'
import { readCalculatedInvoicePayload } from '../../src/json/read-invoice.js'
import { parseInvoiceToJsonText } from '../../src/parse-invoice.js'

const fixture = readFileSync(new URL('../fixtures/xml/cii-odd-prefixes.xml', import.meta.url), 'utf8')
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk the JSON freely
const json: any = JSON.parse(parseInvoiceToJsonText(fixture))

describe('invoiceToJson (parse output)', () => {
  it('copies the totals as the document states them', () => {
    expect(json).toMatchObject({ lineTotalAmount: 299, taxBasis: 294, vattotal: 36.86, grandTotal: 330.86, duePayable: 300, totalPrepaidAmount: 30.86 })
  })

  it('does not recalculate inconsistent totals', () => {
    const tampered = fixture.replace('<a:GrandTotalAmount>330.86</a:GrandTotalAmount>', '<a:GrandTotalAmount>999.99</a:GrandTotalAmount>')
    expect(JSON.parse(parseInvoiceToJsonText(tampered)).grandTotal).toBe(999.99)
  })

  it('leaves out totals the document does not carry', () => {
    const minimum = fixture.replace(/<a:LineTotalAmount>299.00<\/a:LineTotalAmount>/, '')
    const out = JSON.parse(parseInvoiceToJsonText(minimum))
    expect(out.lineTotalAmount).toBeUndefined()
    expect(out.taxBasis).toBe(294)
  })

  it('maps the header in Mustang names', () => {
    expect(json).toMatchObject({
      number: 'INV-0012',
      documentCode: '380',
      issueDate: '2024-03-15',
      dueDate: '2024-03-29',
      deliveryDate: '2024-03-10',
      currency: 'EUR',
      referenceNumber: '04011000-12345-34',
      buyerOrderReferencedDocumentID: 'PO-77',
      contractReferencedDocument: 'C-1',
      specifiedProcuringProjectID: 'PR-1',
      paymentReference: 'INV-0012',
      businessProcessId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      detailedDeliveryPeriodFrom: '2024-03-01',
      tenderReferencedDocument: { issuerAssignedID: 'LOT-3', typeCode: '50' },
      invoiceReferencedDocuments: [{ issuerAssignedID: 'INV-0001', formattedIssueDateTime: '2024-01-01' }],
      additionalReferencedDocuments: [
        { filename: 'timesheet.pdf', mimetype: 'application/pdf', relation: 'Data', description: 'Timesheet', data: 'JVBERi0xLjQK' },
      ],
    })
  })

  it('turns #SKONTO# lines into cash discounts and keeps the rest of BT-20', () => {
    expect(json.paymentTermDescription).toBe('Pay within 14 days')
    expect(json.cashDiscounts).toEqual([{ days: 7, percent: 2 }])
  })

  it('keeps Unicode spaces at the ends of BT-20 (only XML white space is trimmed)', () => {
    for (const space of ['\u00A0', '\uFEFF', '\u2028']) {
      const terms = JSON.parse(parseInvoiceToJsonText(fixture.replace('Pay within 14 days', `Pay within 14 days${space}`)))
      expect(terms.paymentTermDescription).toBe(`Pay within 14 days${space}`)
    }
  })

  it('keeps note subject codes Mustang knows and drops the others', () => {
    expect(json.notesWithSubjectCode).toEqual([{ content: 'Thank you', subjectCode: 'AAI' }, { content: 'Custom code' }])
  })

  it('writes the seller with bank details, ids and both VAT id spellings', () => {
    expect(json.sender).toMatchObject({
      name: 'Lieferant GmbH',
      id: 'SUP-1',
      globalID: '4000001000005',
      globalIDScheme: '0088',
      vatID: 'DE123456789',
      vatid: 'DE123456789',
      taxID: '201/113/40209',
      email: 'sales@example.org',
      street: 'Lieferantenstraße 20',
      zip: '80333',
      location: 'München',
      country: 'DE',
      description: 'Court Munich HRB 1',
      legalOrganisation: { schemedID: { id: 'HRB 1', scheme: '0002' }, tradingBusinessName: 'Lieferant' },
      contact: { name: 'Max', phone: '+49 1', email: 'max@example.org' },
      bankDetails: [
        { iban: 'DE88200800000970375700', bic: 'COBADEFFXXX', accountName: 'Lieferant', paymentMeansCode: '58', paymentMeansInformation: 'SEPA credit transfer' },
      ],
    })
    expect(json.tradeSettlement).toEqual(json.sender.bankDetails)
    // A non-e-mail electronic address has no place in Mustang's TradeParty.
    expect(json.recipient.email).toBeUndefined()
  })

  it('keeps the VAT category of lines and document allowances (Mustang 2.24 loses both)', () => {
    expect(json.zfitems[1].product).toMatchObject({ name: 'Export service', taxCategoryCode: 'E', vatpercent: 0 })
    expect(json.zfallowances).toEqual([
      { totalAmount: 5, percent: 5, basisAmount: 100, taxPercent: 19, categoryCode: 'S', reason: 'Discount', reasonCode: '95' },
    ])
  })

  it('carries a VAT breakdown exemption reason (BT-120/121) on its lines that have none', () => {
    // invoice2xml builds BT-120/121 from the lines: without this a parse → invoice2xml round trip
    // lost them (E) or wrote the category's default (AE, K, G, O; scripts/invoice-roundtrip.mjs).
    expect(json.zfitems[1].product).toMatchObject({ taxCategoryCode: 'E', taxExemptionReason: 'Exempt', taxExemptionReasonCode: 'VATEX-EU-132' })
    expect(json.zfitems[0].product.taxExemptionReason).toBeUndefined()
    const own = fixture.replace('<a:CategoryCode>E</a:CategoryCode><a:RateApplicablePercent>0</a:RateApplicablePercent></a:ApplicableTradeTax>', '<a:ExemptionReason>Own</a:ExemptionReason><a:CategoryCode>E</a:CategoryCode><a:RateApplicablePercent>0</a:RateApplicablePercent></a:ApplicableTradeTax>')
    expect(JSON.parse(parseInvoiceToJsonText(own)).zfitems[1].product).toMatchObject({ taxExemptionReason: 'Own' })
    // A breakdown some of whose lines have a reason was made from them: its other lines stay without.
    const from = own.lastIndexOf('<a:IncludedSupplyChainTradeLineItem>')
    const to = own.indexOf('<a:ApplicableHeaderTradeAgreement>')
    const third = own.slice(from, to).replace('<a:LineID>2</a:LineID>', '<a:LineID>3</a:LineID>').replace('<a:ExemptionReason>Own</a:ExemptionReason>', '')
    const second = own.slice(0, to) + third + own.slice(to)
    expect(JSON.parse(parseInvoiceToJsonText(second)).zfitems.map((i: { product: { taxExemptionReason?: string } }) => i.product.taxExemptionReason)).toEqual([undefined, 'Own', undefined])
    // A line without a rate belongs to its category's breakdown at 0 % (O lines have no rate; the
    // CEN example XRechnung-O.xml gives its O breakdown a 0; scripts/invoice-roundtrip.mjs --corpus).
    const noRate = fixture.replace('<a:CategoryCode>E</a:CategoryCode><a:RateApplicablePercent>0</a:RateApplicablePercent></a:ApplicableTradeTax>', '<a:CategoryCode>E</a:CategoryCode></a:ApplicableTradeTax>')
    expect(noRate).not.toBe(fixture)
    expect(JSON.parse(parseInvoiceToJsonText(noRate)).zfitems[1].product).toMatchObject({ taxCategoryCode: 'E', taxExemptionReason: 'Exempt', taxExemptionReasonCode: 'VATEX-EU-132' })
  })

  it('writes the gross price with its discount as a product allowance', () => {
    const item = json.zfitems[0]
    expect(item).toMatchObject({ id: '1', price: 10, quantity: 20, basisQuantity: 1, lineTotalAmount: 199, notes: ['first line'], buyerOrderReferencedDocumentLineID: '7' })
    expect(item.product.allowances).toEqual([{ totalAmount: 0.1 }])
    expect(item.itemCharges).toEqual([{ totalAmount: 1, reason: 'packing' }])
    expect(item.additionalReferences).toEqual([{ issuerAssignedID: 'OBJ-9', typeCode: '130', referenceTypeCode: 'ABZ' }])
    expect(item.product.classifications).toEqual([{ classCode: { code: '44121', listID: 'STI', listVersionID: '2' }, className: 'Paper' }])
    expect(item.product.attributes).toEqual({ Colour: 'white' })
  })

  it('is read back by our own Invoice JSON reader', () => {
    const payload = readCalculatedInvoicePayload(parseJsonText(parseInvoiceToJsonText(fixture)))
    expect(payload.number).toBe('INV-0012')
    expect(payload.zfitems?.[1]?.product?.taxCategoryCode).toBe('E')
  })
})
