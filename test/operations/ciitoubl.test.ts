import { describe, expect, it } from 'vitest'
import { cii2ubl, ciitoubl } from '../../src/operations/ciitoubl.js'
import { getOperation } from '../../src/operations/registry.js'
import { EInvoiceError } from '../../src/errors.js'

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>R-1</ram:ID><ram:TypeCode>381</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240601</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Widget</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>50</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">2</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement><ram:BuyerReference>991-1</ram:BuyerReference>
      <ram:SellerTradeParty><ram:Name>Seller</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>Buyer</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax><ram:CalculatedAmount>19</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>100</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">19</ram:TaxTotalAmount><ram:GrandTotalAmount>119</ram:GrandTotalAmount><ram:DuePayableAmount>119</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`

const run = (xml: string, params: Record<string, string | undefined> = {}) =>
  ciitoubl.run({ inputs: { xml: new TextEncoder().encode(xml) }, params })

async function failure(xml: string): Promise<EInvoiceError> {
  try {
    await run(xml)
  } catch (err) {
    if (err instanceof EInvoiceError) return err
    throw err
  }
  throw new Error('expected an EInvoiceError')
}

describe('ciitoubl operation', () => {
  it('is registered under both names, cii2ubl deprecated, same run function', () => {
    expect(getOperation('ciitoubl')).toStrictEqual({ ...ciitoubl, run: expect.any(Function) })
    expect(getOperation('cii2ubl')).toStrictEqual({ ...cii2ubl, run: expect.any(Function) })
    expect(ciitoubl.deprecated).toBe(false)
    expect(cii2ubl.deprecated).toBe(true)
    expect(cii2ubl.run).toBe(ciitoubl.run)
    expect([ciitoubl.path, cii2ubl.path]).toEqual(['/e-invoice/ciitoubl', '/e-invoice/cii2ubl'])
    expect([ciitoubl.outputMediaType, ciitoubl.errorMediaType, ciitoubl.inputs[0]?.mediaType]).toEqual(['application/xml', 'application/xml', 'application/xml'])
  })

  it('converts a CII credit note to a UBL CreditNote and keeps the XRechnung BT-24', async () => {
    const out = await run(CII)
    expect(out.mediaType).toBe('application/xml')
    const xml = String(out.body)
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"')
    expect(xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>')
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity>')
  })

  it('warns when the UBL will fail BR-CO-15 that the CII binding let pass (BT-112 = BT-109), and not otherwise', async () => {
    expect((await run(CII)).warnings.filter((w) => w.includes('BR-CO-15'))).toEqual([])
    const lenient = CII.replace('<ram:GrandTotalAmount>119</ram:GrandTotalAmount><ram:DuePayableAmount>119', '<ram:GrandTotalAmount>100</ram:GrandTotalAmount><ram:DuePayableAmount>100')
    const warnings = (await run(lenient)).warnings.filter((w) => w.includes('BR-CO-15'))
    expect(warnings).toEqual([expect.stringContaining('BT-112 (100) equals BT-109 although BT-110 is 19')])
    expect(warnings[0]).toContain('expected 119.00')
  })

  it('overrides BT-24 and BT-23 with the query parameters', async () => {
    const xml = String((await run(CII, { customizationId: 'urn:x', profileId: 'urn:p' })).body)
    expect(xml).toContain('<cbc:CustomizationID>urn:x</cbc:CustomizationID>')
    expect(xml).toContain('<cbc:ProfileID>urn:p</cbc:ProfileID>')
  })

  it('says clearly that a ZUGFeRD 1 document is not CII (Mustang writes nothing)', async () => {
    const err = await failure('<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>')
    expect(err.errorCode).toBe('UNSUPPORTED_DOCUMENT')
    expect(err.message).toMatch(/ZUGFeRD 1\.0 CrossIndustryDocument/)
  })

  it('refuses UBL input and other XML with UNSUPPORTED_DOCUMENT', async () => {
    expect((await failure('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).message).toMatch(/already a UBL Invoice/)
    expect((await failure('<note/>')).errorCode).toBe('UNSUPPORTED_DOCUMENT')
  })

  it('refuses input that is not XML, and an empty body', async () => {
    expect((await failure('{"not": "xml"}')).errorCode).toBe('INVALID_XML')
    expect((await failure(CII.slice(0, 400))).errorCode).toBe('INVALID_XML')
    await expect(ciitoubl.run({ inputs: {}, params: {} })).rejects.toThrow(/xml: the input is missing/)
  })
})
