/**
 * ciitoubl of a CII without a line UBL can write (Factur-X MINIMUM / BASIC WL) is refused, and a
 * BG-24 attachment with empty content keeps its MIME code and file name (audit findings).
 */
import { describe, expect, it } from 'vitest'
import { ciiToUbl } from '../../src/operations/cii-to-ubl.js'
import { validateXml } from '../../src/validate/index.js'
import { isInvalidating } from '../../src/validate/types.js'
import { NS, child, childrenNamed, parseXml } from '../../src/xml/index.js'
import { einvoiceErrorOfSync } from '../helpers/einvoice-error.js'

const LINE = (id: string, status = '') => `
    <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID>${status}</ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Widget</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>50</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">2</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`

function cii(lines: string, documents = '', guideline = 'urn:cen.eu:en16931:2017'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${guideline}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>R-1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240601</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Seller</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Buyer</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty>${documents}
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax><ram:CalculatedAmount>19</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20240701</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>100</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">19</ram:TaxTotalAmount><ram:GrandTotalAmount>119</ram:GrandTotalAmount><ram:DuePayableAmount>119</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`
}

const errorOf = einvoiceErrorOfSync

const failedRules = (xml: string): string[] => [...new Set(validateXml(xml).findings.filter((f) => isInvalidating(f.severity)).map((f) => f.ruleId))]

describe('ciitoubl: a CII without a line UBL can write', () => {
  it('refuses a CII without lines (Factur-X BASIC WL): UBL needs an InvoiceLine (BR-16)', () => {
    const e = errorOf(() => ciiToUbl(cii('', '', 'urn:factur-x.eu:1p0:basicwl')))
    expect(e.errorCode).toBe('UNSUPPORTED_DOCUMENT')
    expect(e.message).toMatch(/^the CII has no invoice line .*BR-16/)
  })

  it('refuses a CII whose only line is a GROUP line without sub-lines (counted nowhere, not written)', () => {
    const e = errorOf(() => ciiToUbl(cii(LINE('1', '<ram:LineStatusReasonCode>GROUP</ram:LineStatusReasonCode>'))))
    expect(e.errorCode).toBe('UNSUPPORTED_DOCUMENT')
    expect(e.message).toMatch(/GROUP or INFORMATION line without sub-lines/)
    // One line that counts is enough.
    expect(failedRules(ciiToUbl(cii(LINE('1'))).xml)).toEqual([])
  })
})

describe('ciitoubl: BG-24 attachment with empty content (BT-125)', () => {
  const documents = `
      <ram:AdditionalReferencedDocument><ram:IssuerAssignedID>T-1</ram:IssuerAssignedID><ram:TypeCode>50</ram:TypeCode></ram:AdditionalReferencedDocument>
      <ram:AdditionalReferencedDocument><ram:IssuerAssignedID>Abrechnung 2010</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>Betriebskosten</ram:Name>
        <ram:AttachmentBinaryObject mimeCode="application/pdf" filename="Betriebskosten.pdf"></ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>
      <ram:AdditionalReferencedDocument><ram:IssuerAssignedID>Anlage</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode>
        <ram:AttachmentBinaryObject mimeCode="text/csv" filename="a.csv">YSxi</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>`

  it('keeps the MIME code and file name as an empty EmbeddedDocumentBinaryObject (valid UBL), without a warning', () => {
    const result = ciiToUbl(cii(LINE('1'), documents))
    const refs = childrenNamed(parseXml(result.xml).root, NS.cac, 'AdditionalDocumentReference')
    const binaries = refs.map((r) => child(child(r, NS.cac, 'Attachment') ?? r, NS.cbc, 'EmbeddedDocumentBinaryObject'))
    // BT-17 (TypeCode 50) is an OriginatorDocumentReference: the two BG-24 documents remain.
    expect(binaries.map((b) => b?.attributes.map((a) => `${a.local}=${a.value}`))).toEqual([
      ['mimeCode=application/pdf', 'filename=Betriebskosten.pdf'],
      ['mimeCode=text/csv', 'filename=a.csv'],
    ])
    expect(binaries[0]?.text).toBe('')
    expect(binaries[1]?.text).toBe('YSxi')
    expect(result.warnings.filter((w) => /attachment|BT-125/.test(w))).toEqual([])
    expect(failedRules(result.xml)).toEqual([])
    // The model keeps no attachment without content, as the readers of both syntaxes do.
    expect(result.invoice.supportingDocuments.map((d) => d.attachment?.filename)).toEqual([undefined, 'a.csv'])
  })
})
