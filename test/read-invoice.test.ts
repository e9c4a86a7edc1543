import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../src/errors.js'
import { detectSyntax, readInvoice } from '../src/read-invoice.js'
import { parseXml } from '../src/xml/index.js'

function errorOf(fn: () => unknown): EInvoiceError {
  try {
    fn()
  } catch (err) {
    if (err instanceof EInvoiceError) return err
    throw err
  }
  throw new Error('expected an EInvoiceError')
}

const ZF1 = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument><ram:ID>Z-1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20140701</udt:DateTimeString></ram:IssueDateTime>
    <ram:IncludedNote><ram:Content>line one</ram:Content><ram:Content>line two</ram:Content></ram:IncludedNote></rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement><ram:SellerTradeParty><ram:Name>S</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>B</ram:Name></ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssueDateTime>2014-06-30T00:00:00</ram:IssueDateTime><ram:ID>PO-1</ram:ID></ram:BuyerOrderReferencedDocument></ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax><ram:CalculatedAmount currencyID="EUR">1.90</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount currencyID="EUR">10.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:ApplicablePercent>19.00</ram:ApplicablePercent></ram:ApplicableTradeTax>
      <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">10.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount currencyID="EUR">10.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">1.90</ram:TaxTotalAmount><ram:GrandTotalAmount currencyID="EUR">11.90</ram:GrandTotalAmount><ram:DuePayableAmount currencyID="EUR">11.90</ram:DuePayableAmount></ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
    <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument/>
      <ram:SpecifiedSupplyChainTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount currencyID="EUR">5.0000</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedSupplyChainTradeAgreement>
      <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">2.0000</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:ApplicablePercent>19.00</ram:ApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">10.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>
      <ram:SpecifiedTradeProduct><ram:Name>Thing</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`

const ORDER_X = `<rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:un:unece:uncefact:data:SCRDMCCBDACIOMessageStructure:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:128"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:128">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:order-x.eu:1p0:basic</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>PO-9</ram:ID><ram:TypeCode>220</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="203">202003311232</udt:DateTimeString></ram:IssueDateTime><ram:PurposeCode>9</ram:PurposeCode></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>P</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeDelivery><ram:RequestedQuantity unitCode="C62">6</ram:RequestedQuantity></ram:SpecifiedLineTradeDelivery>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeSettlement><ram:OrderCurrencyCode>EUR</ram:OrderCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>60.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>60.00</ram:TaxBasisTotalAmount><ram:GrandTotalAmount>72.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:SCRDMCCBDACIOMessageStructure>`

describe('readInvoice: syntax detection', () => {
  it('reads a ZUGFeRD 1 CrossIndustryDocument', () => {
    const inv = readInvoice(ZF1)
    expect(inv.source?.syntax).toBe('ZUGFeRD1')
    expect(inv.invoiceNumber).toBe('Z-1')
    expect(inv.notes).toEqual([{ text: 'line one\nline two' }])
    expect(inv.purchaseOrderReference).toBe('PO-1')
    expect(inv.extension?.purchaseOrderIssueDate).toBe('2014-06-30')
    expect(inv.vatBreakdown[0]?.rate?.toString()).toBe('19')
    // ZUGFeRD 1 lines have no LineID: they are numbered in document order.
    expect(inv.lines[0]).toMatchObject({ id: '1', unitCode: 'C62', vat: { categoryCode: 'S' } })
    expect(inv.lines[0]?.quantity.toString()).toBe('2')
    expect(inv.totals.amountDueForPayment.toString()).toBe('11.9')
    expect(inv.source?.absentTerms).toEqual([])
  })

  it('reads an Order-X order with its requested quantity and no amount due', () => {
    const inv = readInvoice(ORDER_X)
    expect(inv.source?.syntax).toBe('Order-X')
    expect(inv).toMatchObject({ invoiceNumber: 'PO-9', typeCode: '220', issueDate: '2020-03-31', currencyCode: 'EUR' })
    expect(inv.extension?.purposeCode).toBe('9')
    expect(inv.lines[0]?.quantity.toString()).toBe('6')
    expect(inv.source?.absentTerms).toContain('BT-115')
    expect(inv.totals.amountDueForPayment.toString()).toBe('72')
  })

  it('names each syntax by its root element', () => {
    expect(detectSyntax(parseXml(ZF1))).toBe('ZUGFeRD1')
    expect(detectSyntax(parseXml(ORDER_X))).toBe('Order-X')
    expect(detectSyntax(parseXml('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>'))).toBe('UBL-CreditNote')
    expect(detectSyntax(parseXml('<a:CrossIndustryInvoice xmlns:a="urn:other"/>'))).toBeUndefined()
  })
})

describe('readInvoice: bad input', () => {
  it('refuses text that is not XML, with line and column', () => {
    const err = errorOf(() => readInvoice('{"number": "1"}'))
    expect(err.errorCode).toBe('INVALID_XML')
    expect(err.message).toMatch(/^line 1, column \d+: /)
    expect(err.details).toMatchObject({ line: '1' })
  })

  it('refuses truncated XML', () => {
    const err = errorOf(() => readInvoice(ZF1.slice(0, 900)))
    expect(err.errorCode).toBe('INVALID_XML')
    expect(err.message).toMatch(/^line \d+, column \d+: /)
  })

  it('refuses empty input', () => {
    expect(errorOf(() => readInvoice(new Uint8Array())).errorCode).toBe('INVALID_XML')
  })

  it('refuses XML of another kind, naming the root and the supported syntaxes', () => {
    const err = errorOf(() => readInvoice('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'))
    expect(err.errorCode).toBe('UNSUPPORTED_DOCUMENT')
    expect(err.message).toContain('line 2, column 1: the root element html in namespace "http://www.w3.org/1999/xhtml"')
    expect(err.message).toContain('supported: CII D16B CrossIndustryInvoice')
    expect(err.message).toContain('UBL 2.1 CreditNote')
  })

  it('refuses a CrossIndustryInvoice in the wrong namespace', () => {
    const err = errorOf(() => readInvoice('<rsm:CrossIndustryInvoice xmlns:rsm="urn:example"/>'))
    expect(err.errorCode).toBe('UNSUPPORTED_DOCUMENT')
    expect(err.details.namespace).toBe('urn:example')
  })

  it('refuses a DOCTYPE with an external entity (XXE)', () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<x>&e;</x>'
    const err = errorOf(() => readInvoice(xxe))
    expect(err.errorCode).toBe('INVALID_XML')
    expect(err.message).toMatch(/^line 2, column 1: DOCTYPE/)
  })

  it('refuses entity expansion bombs', () => {
    const bomb = '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>'
    expect(errorOf(() => readInvoice(bomb)).errorCode).toBe('INVALID_XML')
  })

  it('refuses an undeclared entity without a DOCTYPE', () => {
    expect(errorOf(() => readInvoice('<x>&nbsp;</x>')).errorCode).toBe('INVALID_XML')
  })

  it('points a PDF to extractInvoiceXml', () => {
    const err = errorOf(() => readInvoice(Buffer.from('%PDF-1.7\n%âãÏÓ\n')))
    expect(err.errorCode).toBe('UNSUPPORTED_DOCUMENT')
    expect(err.message).toContain('extractInvoiceXml()')
  })
})
