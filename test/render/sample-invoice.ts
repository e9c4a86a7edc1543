/** A small EN 16931 model built in code, for the render unit tests and the benchmark. */
import { Decimal } from '../../src/model/decimal.js'
import type { Invoice, InvoiceLine } from '../../src/model/invoice.js'

const d = (v: string): Decimal => new Decimal(v)

export function sampleLine(n: number): InvoiceLine {
  return {
    id: String(n),
    quantity: d('2'),
    unitCode: 'C62',
    netAmount: d('1234.50'),
    allowances: [],
    charges: [],
    price: { netPrice: d('617.25') },
    vat: { categoryCode: 'S', rate: d('19') },
    item: { name: `Item ${n}`, classifications: [], attributes: [] },
  }
}

export function sampleInvoice(lines = 1): Invoice {
  return {
    invoiceNumber: 'INV-2024-001',
    issueDate: '2024-03-15',
    typeCode: '380',
    currencyCode: 'EUR',
    notes: [{ text: 'Thank you for your order' }],
    specificationIdentifier: 'urn:cen.eu:en16931:2017',
    precedingInvoices: [],
    seller: {
      name: 'Lieferant GmbH',
      identifiers: [],
      vatIdentifier: 'DE123456789',
      address: { line1: 'Lieferantenstraße 20', city: 'München', postCode: '80333', countryCode: 'DE' },
    },
    buyer: { name: 'Kunde AG', identifiers: [], address: { city: 'Paris', postCode: '75001', countryCode: 'FR' } },
    paymentInstructions: { means: [{ typeCode: '58', creditTransfers: [{ accountId: 'DE02120300000000202051' }] }] },
    dueDate: '2024-04-14',
    allowancesAndCharges: [],
    totals: {
      sumOfLineNetAmounts: d('1234.50').times(lines),
      invoiceTotalWithoutVat: d('1234.50').times(lines),
      invoiceTotalVatAmount: d('234.555').times(lines).toDecimalPlaces(2),
      invoiceTotalWithVat: d('1469.055').times(lines).toDecimalPlaces(2),
      amountDueForPayment: d('1469.055').times(lines).toDecimalPlaces(2),
    },
    vatBreakdown: [
      { categoryCode: 'S', rate: d('19'), taxableAmount: d('1234.50').times(lines), taxAmount: d('234.555').times(lines).toDecimalPlaces(2) },
    ],
    supportingDocuments: [],
    lines: Array.from({ length: lines }, (_, i) => sampleLine(i + 1)),
  }
}
