import { describe, expect, it } from 'vitest'
import { calculatePayload } from '../../src/calc/calculate-invoice.js'
import { EInvoiceError } from '../../src/errors.js'
import { readCalculatedInvoicePayload } from '../../src/json/read-invoice.js'
import { invoicePayloadToModel } from '../../src/json/to-model.js'
import { Decimal, ZERO } from '../../src/model/decimal.js'

function model(json: object) {
  const p = readCalculatedInvoicePayload(json)
  return invoicePayloadToModel(p, calculatePayload(p), { specificationIdentifier: 'urn:cen.eu:en16931:2017' })
}

const line = { price: 10, quantity: 2, product: { name: 'Item', vatpercent: 19 } }
const base = { number: 'A-1', issueDate: '2026-03-01', zfitems: [line] }

describe('CalculatedInvoice → EN 16931 model', () => {
  it('maps the seller with global id, legal organisation, contact, e-mail and both tax registrations', () => {
    const m = model({
      ...base,
      sender: {
        name: 'S GmbH', id: 'LIEF-1', globalID: '4000001123452', globalIDScheme: '0088', vatID: 'DE123456789', taxID: '201/113/40209',
        email: 'r@s.example', legalOrganisation: { schemedID: { scheme: '0002', id: 'HRB 1' }, tradingBusinessName: 'S' },
        contact: { name: 'Anna', phone: '+49 1', email: 'a@s.example', fax: '+49 2' }, street: 'Weg 1', zip: '10115', location: 'Berlin', country: 'DE',
      },
    })
    expect(m.seller).toEqual({
      name: 'S GmbH', tradingName: 'S',
      identifiers: [{ value: 'LIEF-1' }, { value: '4000001123452', schemeId: '0088' }],
      legalRegistrationId: { value: 'HRB 1', schemeId: '0002' },
      vatIdentifier: 'DE123456789', taxRegistrationId: '201/113/40209', additionalLegalInformation: undefined,
      electronicAddress: { value: 'r@s.example', schemeId: 'EM' },
      address: { line1: 'Weg 1', line2: undefined, line3: undefined, city: 'Berlin', postCode: '10115', countryCode: 'DE' },
      contact: { name: 'Anna', telephone: '+49 1', email: 'a@s.example', fax: '+49 2' },
    })
  })

  it('orders notes as Mustang does: coded, plain, REG, subject note', () => {
    const m = model({ ...base, notes: ['plain'], notesWithSubjectCode: [{ content: 'coded', subjectCode: 'AAI' }], ownOrganisationFullPlaintextInfo: 'reg', subjectNote: 'subject' })
    expect(m.notes).toEqual([{ text: 'coded', subjectCode: 'AAI' }, { text: 'plain' }, { text: 'reg', subjectCode: 'REG' }, { text: 'subject' }])
  })

  it('builds payment instructions from bank details and debit details with their defaults', () => {
    const m = model({
      ...base,
      creditorReferenceID: 'DE98ZZZ09999999999',
      sender: { name: 'S', bankDetails: [{ iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }], debitDetails: [{ iban: 'DE89370400440532013000', mandate: 'M-7' }] },
    })
    expect(m.paymentInstructions?.means).toEqual([
      { typeCode: '58', text: 'SEPA credit transfer', creditTransfers: [{ accountId: 'DE02120300000000202051', accountName: undefined, serviceProviderId: 'BYLADEM1001' }] },
      { typeCode: '59', text: 'SEPA direct debit', creditTransfers: [], debitedAccountId: 'DE89370400440532013000' },
    ])
    expect(m.paymentInstructions?.directDebit).toEqual({ mandateReference: 'M-7', creditorId: 'DE98ZZZ09999999999' })
  })

  it('takes totals and the VAT breakdown from the calculation, with default exemption reasons', () => {
    const m = model({ ...base, grandTotal: 1, zfitems: [{ price: 100, quantity: 1, product: { name: 'x', vatpercent: 0, taxCategoryCode: 'K' } }] })
    expect(m.totals.invoiceTotalWithVat.toString()).toBe('100')
    expect(m.vatBreakdown).toMatchObject([{ categoryCode: 'K', exemptionReason: 'Intra-community supply', exemptionReasonCode: 'VATEX-EU-IC' }])
  })

  it('keeps a gross price only when product allowances exist', () => {
    const plain = model(base).lines[0]
    expect(plain?.price.grossPrice).toBeUndefined()
    const gross = model({ ...base, zfitems: [{ ...line, product: { ...line.product, allowances: [{ totalAmount: 0.5 }] } }] }).lines[0]
    expect(gross?.price.grossPrice?.toString()).toBe('10')
    expect(gross?.price.netPrice.toString()).toBe('9.5')
    expect(gross?.price.priceDiscount?.toString()).toBe('0.5')
  })

  it('maps paymentTerms and extendedPaymentTerms to payment terms blocks, BT-20 and BT-9', () => {
    const first = { description: 'Netto 30', dueDate: '2026-04-01' }
    const discount = { description: 'Skonto', discountTerms: { basePeriodMeasure: 10, calculationPercentage: 2.125 } }
    const m = model({ ...base, paymentTerms: first, extendedPaymentTerms: [discount] })
    expect(m.paymentTermsText).toBe('Netto 30\nSkonto')
    expect(m.dueDate).toBe('2026-04-01')
    // The discount is of the grand total (Mustang's BasisAmount); a period without a unit is in days.
    expect(m.extension?.paymentTerms).toEqual([
      { description: 'Netto 30', dueDate: '2026-04-01', discount: undefined },
      {
        description: 'Skonto',
        dueDate: undefined,
        discount: {
          basisDate: undefined,
          basisPeriodMeasure: ZERO.plus(10),
          basisPeriodUnitCode: 'DAY',
          basisAmount: m.totals.invoiceTotalWithVat,
          calculationPercent: new Decimal('2.125'),
        },
      },
    ])
    // Mustang's model lists the first block in extendedPaymentTerms too: written once.
    const repeated = model({ ...base, paymentTerms: first, extendedPaymentTerms: [first, discount] })
    expect(repeated.extension?.paymentTerms).toEqual(m.extension?.paymentTerms)
  })

  it('keeps paymentTermDescription and dueDate as the first block beside the payload terms', () => {
    const terms = { description: 'Netto 30', dueDate: '2026-04-01' }
    const m = model({ ...base, paymentTermDescription: 'Zahlbar sofort', dueDate: '2026-03-15', paymentTerms: terms })
    expect(m.paymentTermsText).toBe('Zahlbar sofort\nNetto 30')
    expect(m.dueDate).toBe('2026-03-15')
    expect(m.extension?.paymentTerms?.map((t) => [t.description, t.dueDate])).toEqual([
      ['Zahlbar sofort', '2026-03-15'],
      ['Netto 30', '2026-04-01'],
    ])
    // Mustang's "Please remit until" stands in only when no text is given anywhere.
    const discountOnly = { discountTerms: { calculationPercentage: 2 } }
    expect(model({ ...base, dueDate: '2026-03-15', paymentTerms: discountOnly }).paymentTermsText).toBe('Please remit until 15.03.2026')
    expect(model({ ...base, dueDate: '2026-03-15', paymentTerms: { description: 'Netto 30' } }).paymentTermsText).toBe('Netto 30')
  })

  it('refuses an attachment without a file name', () => {
    expect(() => model({ ...base, additionalReferencedDocuments: [{ data: 'QUJD' }] })).toThrow(EInvoiceError)
  })
})
