import { describe, expect, it } from 'vitest'
import { orderxProfile } from '../../../src/validate/orderx/index.js'
import { validateXml } from '../../../src/validate/validate-xml.js'

/** A small Order-X BASIC order (self-made): just enough structure for the profile rules. */
function order(partyInner: string, guideline = 'urn:order-x.eu:1p0:basic'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:128" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:128">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${guideline}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>PO-1</ram:ID><ram:TypeCode>220</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240101</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Seller</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty>${partyInner}</ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
  </rsm:SupplyChainTradeTransaction>
</rsm:SCRDMCCBDACIOMessageStructure>`
}

const oxErrors = (xml: string): string[] =>
  validateXml(xml)
    .findings.filter((f) => f.layer === 'orderx' && f.severity === 'error')
    .map((f) => `${f.ruleId}: ${f.message}`)

describe('Order-X profile layer', () => {
  it('picks the profile from the guideline id, unknown ids as EXTENDED (as the reference does)', () => {
    expect(orderxProfile('urn:order-x.eu:1p0:comfort')).toBe('COMFORT')
    expect(orderxProfile('URN:ORDER-X.EU:1P0:BASIC')).toBe('BASIC')
    expect(orderxProfile('urn:example')).toBe('EXTENDED')
  })

  it('marks the orderx layer as implemented and accepts a buyer with one name', () => {
    const r = validateXml(order('<ram:Name>Buyer</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>'))
    expect(r.layers.find((l) => l.name === 'orderx')?.implemented).toBe(true)
    expect(oxErrors(order('<ram:Name>Buyer</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>')).filter((m) => m.includes('BuyerTradeParty'))).toEqual([])
  })

  it('reports a missing buyer name with the Order-X cardinality rule', () => {
    const errors = oxErrors(order('<ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>'))
    expect(errors.some((m) => m.startsWith('OX-CARDINALITY') && m.includes('ram:Name must occur exactly once in ram:BuyerTradeParty'))).toBe(true)
  })
})
