/**
 * An invoice with an empty list of lines: calculated as Mustang 2.24 calculates it (the totals are
 * the document-level charges and allowances); written as XML only where the profile has no lines.
 */
import { describe, expect, it } from 'vitest'
import { calculateInvoiceJsonText } from '../../src/calc/calculate-invoice.js'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'

const payload = JSON.stringify({
  number: 'X',
  issueDate: '2026-11-01',
  sender: { name: 'S', country: 'DE', vatID: 'DE123456789', location: 'B', zip: '1' },
  recipient: { name: 'R', country: 'DE' },
  zfitems: [],
  zfcharges: [{ totalAmount: 10, taxPercent: 19, reason: 'Fee' }],
})

describe('an invoice without lines', () => {
  it('is calculated as Mustang does: the charge is the whole invoice', () => {
    const out = JSON.parse(calculateInvoiceJsonText(payload)) as Record<string, unknown>
    expect(out).toMatchObject({ lineTotalAmount: 0, taxBasis: 10, grandTotal: 11.9, duePayable: 11.9, vattotal: 1.9 })
    expect(out).not.toHaveProperty('zfitems')
    expect((out['calculation'] as { taxDetails: unknown[] }).taxDetails).toEqual([{ basis: 10, calculated: 1.9, applicablePercent: 19, categoryCode: 'S', documentCode: 'S' }])
  })

  it.each(['MINIMUM', 'BASICWL'])('is written for %s, which has no lines', (profile) => {
    const { xml } = invoiceJsonToXml(payload, { format: 'fx', profile, version: 2 })
    expect(xml).toContain('<ram:GrandTotalAmount>11.90</ram:GrandTotalAmount>')
    expect(xml).not.toContain('IncludedSupplyChainTradeLineItem')
  })

  it.each([
    ['fx', 'BASIC', 2],
    ['fx', 'EN16931', 2],
    ['xr', 'XRECHNUNG', 3],
    ['zf', 'COMFORT', 1],
    ['ox', 'BASIC', 1],
  ])('is refused for %s %s, whose invoices need a line (BR-16)', (format, profile, version) => {
    expect(() => invoiceJsonToXml(payload, { format, profile, version })).toThrow(
      `zfitems: empty; an invoice of profile ${profile} needs at least one line (BR-16); MINIMUM and BASIC WL carry none`,
    )
  })
})
