import { describe, expect, it } from 'vitest'
import { priceFromNetAmount } from '../../src/cii/read-zf1-lines.js'
import { invoiceToJson } from '../../src/json/from-model.js'
import { Decimal } from '../../src/model/decimal.js'
import type { InvoiceLine } from '../../src/model/invoice.js'
import { readInvoice } from '../../src/read-invoice.js'

/** A ZUGFeRD 1 document of the given profile with `settlement` and `lines` (IncludedSupplyChainTradeLineItem contents). */
function zf1(settlement: string, lines: readonly string[], profile = 'basic'): string {
  return `<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:${profile}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument><ram:ID>Z-1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20140701</udt:DateTimeString></ram:IssueDateTime></rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement><ram:SellerTradeParty><ram:Name>S</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>B</ram:Name></ram:BuyerTradeParty></ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${settlement}</ram:ApplicableSupplyChainTradeSettlement>
    ${lines.map((l) => `<ram:IncludedSupplyChainTradeLineItem>${l}</ram:IncludedSupplyChainTradeLineItem>`).join('\n    ')}
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`
}

const tax = (rate: string, basis: string, vat: string, category = '') =>
  `<ram:ApplicableTradeTax><ram:CalculatedAmount currencyID="EUR">${vat}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount currencyID="EUR">${basis}</ram:BasisAmount>${category}<ram:ApplicablePercent>${rate}</ram:ApplicablePercent></ram:ApplicableTradeTax>`
const totals = (lineTotal: string, vat: string, grand: string) =>
  `<ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">${lineTotal}</ram:LineTotalAmount><ram:TaxTotalAmount currencyID="EUR">${vat}</ram:TaxTotalAmount><ram:GrandTotalAmount currencyID="EUR">${grand}</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>`
/** A BASIC line: quantity, name and (when given) its net amount; no price, no VAT. */
const basicLine = (quantity: string | undefined, amount: string | undefined, id?: string) =>
  (id === undefined ? '' : `<ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID></ram:AssociatedDocumentLineDocument>`) +
  (quantity === undefined ? '' : `<ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">${quantity}</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>`) +
  (amount === undefined
    ? ''
    : `<ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">${amount}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>`) +
  '<ram:SpecifiedTradeProduct><ram:Name>Thing</ram:Name></ram:SpecifiedTradeProduct>'

const prices = (lines: readonly InvoiceLine[]) => lines.map((l) => l.price.netPrice.toString())

describe('ZUGFeRD 1 lines without net price or VAT (BASIC)', () => {
  it('derives the net price from the line net amount and lends the single breakdown rate', () => {
    const inv = readInvoice(zf1(tax('19.0', '240.00', '45.60') + totals('240.00', '45.60', '285.60'), [basicLine('2', '40.00'), basicLine('5', '200.00'), basicLine('1', '0.00')]))
    expect(prices(inv.lines)).toEqual(['20', '40', '0'])
    expect(inv.lines.map((l) => [l.vat.categoryCode, l.vat.rate?.toString()])).toEqual([['', '19'], ['', '19'], ['', '19']])
    // The document still lacks the terms; parse's JSON gets the derived price and rate.
    expect(inv.source?.absentTerms).toEqual(expect.arrayContaining(['BT-146', 'BT-151']))
    const item = invoiceToJson(inv).zfitems?.[0]
    expect(item?.price?.toString()).toBe('20')
    expect(item?.product?.vatpercent?.toString()).toBe('19')
    // Several rates in the breakdown, or none: the line's rate is not known.
    const several = readInvoice(zf1(tax('19', '10.00', '1.90') + tax('7', '10.00', '0.70') + totals('20.00', '2.60', '22.60'), [basicLine('1', '10.00'), basicLine('1', '10.00')]))
    expect(several.lines.map((l) => l.vat.rate)).toEqual([undefined, undefined])
    const none = readInvoice(zf1(totals('100', '19', '119'), [basicLine('1', '100')]))
    expect(none.lines[0]?.vat.rate).toBeUndefined()
  })

  it('takes the breakdown category with its rate, and keeps a price and a VAT a line states (COMFORT)', () => {
    const stated =
      '<ram:SpecifiedSupplyChainTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount currencyID="EUR">4.5000</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedSupplyChainTradeAgreement>' +
      '<ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">2</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>' +
      '<ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>AE</ram:CategoryCode><ram:ApplicablePercent>0</ram:ApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">10.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>' +
      '<ram:SpecifiedTradeProduct><ram:Name>Thing</ram:Name></ram:SpecifiedTradeProduct>'
    const category = '<ram:CategoryCode>S</ram:CategoryCode>'
    const inv = readInvoice(zf1(tax('7.00', '20.00', '1.40', category) + totals('20.00', '1.40', '21.40'), [basicLine('4', '10.00'), stated], 'comfort'))
    expect(inv.lines.map((l) => [l.price.netPrice.toString(), l.vat])).toEqual([
      ['2.5', { categoryCode: 'S', rate: new Decimal(7) }],
      ['4.5', { categoryCode: 'AE', rate: new Decimal(0) }],
    ])
  })

  it("derives the one missing line net amount from BT-106, and then its price (Konik's acme invoice)", () => {
    const inv = readInvoice(zf1(totals('100', '19', '119'), [basicLine('1', undefined)]))
    expect(inv.lines[0]?.netAmount.toString()).toBe('100')
    expect(inv.lines[0]?.price.netPrice.toString()).toBe('100')
    const two = readInvoice(zf1(totals('100', '19', '119'), [basicLine('3', '40'), basicLine('2', undefined)]))
    expect(two.lines.map((l) => l.netAmount.toString())).toEqual(['40', '60'])
    expect(prices(two.lines)).toEqual(['13.3333', '30'])
    // Nothing that the document does not tell. Two lines without a net amount: neither is known, so neither is priced.
    const both = readInvoice(zf1(totals('100', '19', '119'), [basicLine('1', undefined), basicLine('1', undefined)]))
    expect(both.lines.map((l) => [l.netAmount.toString(), l.price.netPrice.toString()])).toEqual([['0', '0'], ['0', '0']])
    // A text-only line (no quantity) takes no share of BT-106.
    const text = readInvoice(zf1(totals('10', '1.9', '11.9'), [basicLine(undefined, undefined), basicLine('1', '10')]))
    expect(text.lines[0]?.netAmount.toString()).toBe('0')
    // A quantity of 0 gives no price.
    const zero = readInvoice(zf1(totals('10', '1.9', '11.9'), [basicLine('0', '10')]))
    expect(zero.lines[0]?.price.netPrice.toString()).toBe('0')
  })
})

describe('priceFromNetAmount', () => {
  const line = (netAmount: string, quantity: string, baseQuantity?: string, allowance?: string): Parameters<typeof priceFromNetAmount>[0] => ({
    netAmount: new Decimal(netAmount),
    quantity: new Decimal(quantity),
    allowances: allowance === undefined ? [] : [{ isCharge: false, amount: new Decimal(allowance) }],
    charges: [],
    price: baseQuantity === undefined ? { netPrice: new Decimal(0) } : { netPrice: new Decimal(0), baseQuantity: new Decimal(baseQuantity) },
  })

  it('rounds to 4 decimals as Mustang does, and further only where 4 do not give the amount back', () => {
    expect(priceFromNetAmount(line('100.00', '3'))?.toString()).toBe('33.3333')
    expect(priceFromNetAmount(line('333.33', '1000'))?.toString()).toBe('0.33333')
  })

  it('counts the base quantity and the line allowances', () => {
    expect(priceFromNetAmount(line('45.00', '10', '100'))?.toString()).toBe('450')
    expect(priceFromNetAmount(line('90.00', '2', undefined, '10'))?.toString()).toBe('50')
  })
})

describe('line ids', () => {
  it('numbers a line without LineID so that it shares no id with another line', () => {
    const inv = readInvoice(zf1(totals('30', '0', '30'), [basicLine('1', '0'), basicLine('1', '10', '1'), basicLine('1', '20', '2')]))
    expect(inv.lines.map((l) => l.id)).toEqual(['3', '1', '2'])
    const none = readInvoice(zf1(totals('30', '0', '30'), [basicLine('1', '10'), basicLine('1', '20')]))
    expect(none.lines.map((l) => l.id)).toEqual(['1', '2'])
  })
})
