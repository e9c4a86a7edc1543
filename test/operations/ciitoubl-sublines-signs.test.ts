/**
 * ciitoubl of EXTENDED sub-lines (→ UBL sub-invoice lines, BG-DEX-01) and of credit notes and
 * negative amounts. EN 16931 gives a credit note the same signs in CII and UBL: nothing is swapped
 * (checked with ../shared/tools/refcheck and refxr, see docs/ubl.md).
 */
import { describe, expect, it } from 'vitest'
import type { Invoice, InvoiceLine } from '../../src/model/invoice.js'
import { ciiToUbl } from '../../src/operations/cii-to-ubl.js'
import { readUbl } from '../../src/ubl/read-ubl.js'
import { validateXml } from '../../src/validate/index.js'
import { type XmlElement, parseXml } from '../../src/xml/index.js'
import { hasCorpus, noteIfNoCorpus, readCorpusFile } from '../helpers/corpus.js'
import { modelDifferences } from '../helpers/model-diff.js'

/** UBL needs Price/AllowanceCharge/Amount beside a gross price: BT-147 = gross − net is written. */
const UBL_SYNTAX_GAPS: readonly RegExp[] = [/^\$(\.lines)?\.\d+\.price\.priceDiscount/]

noteIfNoCorpus('operations/ciitoubl-sublines-signs')

function lineItem(id: string, parent: string | undefined, status: string, qty: string, price: string, total: string): string {
  return `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID>${parent === undefined ? '' : `<ram:ParentLineID>${parent}</ram:ParentLineID>`}<ram:LineStatusReasonCode>${status}</ram:LineStatusReasonCode></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Item ${id}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${price}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${qty}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${total}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`
}

/** Factur-X EXTENDED with the sub-lines before their GROUP line, as Mustang's examples have them. */
const CII_SUB_LINES = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>X-1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240601</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    ${lineItem('0101', '01', 'DETAIL', '2', '30', '60.00')}
    ${lineItem('0102', '01', 'DETAIL', '1', '40', '40.00')}
    ${lineItem('01', undefined, 'GROUP', '1', '100', '100.00')}
    ${lineItem('02', undefined, 'DETAIL', '1', '20', '20.00')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Seller</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Buyer</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax><ram:CalculatedAmount>22.80</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>120.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>120.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>120.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">22.80</ram:TaxTotalAmount><ram:GrandTotalAmount>142.80</ram:GrandTotalAmount><ram:DuePayableAmount>142.80</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`

/** Each UBL line element as "ID(sub-lines…)". */
function nesting(el: XmlElement): string[] {
  return el.children
    .filter((c) => /^(Sub)?(Invoice|CreditNote)Line$/.test(c.local))
    .map((c) => {
      const id = c.children.find((x) => x.local === 'ID')?.text ?? '?'
      const subs = nesting(c)
      return subs.length === 0 ? id : `${id}(${subs.join(' ')})`
    })
}

/**
 * The UBL order is parents first; CII may list sub-lines first: compare lines by ID. A top-level
 * DETAIL line counts like one without status (UBL has no status to say it).
 */
function byId(inv: Invoice): Invoice {
  const lines: InvoiceLine[] = [...inv.lines]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((l) => (l.parentLineId === undefined && l.lineStatusReasonCode === 'DETAIL' ? { ...l, lineStatusReasonCode: undefined } : l))
  return { ...inv, lines, notes: inv.notes.map((n) => ({ ...n, text: n.text.trim() })) }
}

function unexplained(cii: Invoice, ubl: Invoice): string[] {
  return modelDifferences(byId(cii), byId(ubl)).filter((d) => !UBL_SYNTAX_GAPS.some((re) => re.test(d)))
}

/** For corpus files with other EXTENDED content (covered by the corpus ciitoubl test): the lines. */
function lineDifferences(cii: Invoice, ubl: Invoice): string[] {
  return modelDifferences(byId(cii).lines, byId(ubl).lines).filter((d) => !UBL_SYNTAX_GAPS.some((re) => re.test(d)))
}

describe('ciitoubl: EXTENDED sub-lines become UBL sub-invoice lines', () => {
  it('nests each sub-line in its parent, keeps every line term and warns about nothing', () => {
    const result = ciiToUbl(CII_SUB_LINES)
    expect(nesting(parseXml(result.xml).root)).toEqual(['01(0101 0102)', '02'])
    expect(result.warnings).toEqual([])
    const ubl = readUbl(parseXml(result.xml))
    expect(unexplained(result.invoice, ubl)).toEqual([])
  })

  it('writes UBL that our validator finds valid (the CII-flat sum would break BR-CO-10 in UBL)', () => {
    const result = validateXml(ciiToUbl(CII_SUB_LINES).xml)
    expect(result.findings.filter((f) => f.severity !== 'information').map((f) => f.ruleId)).toEqual(['UBL-CR-646'])
    expect(result.valid).toBe(true)
  })

  const MUSTANG = 'mustang/library/src/test/resources/subinvoicelines/'
  it.skipIf(!hasCorpus).each([
    [`${MUSTANG}Extended_SubInvoiceLines_Hardware_Bsp2.xml`, ['01(0101 0102)', '02(0201 0202)']],
    [`${MUSTANG}Extended___SubInvoiceLines_Buero_Material_Bsp3__.xml`, ['01(0101 0102 0103)', '02(0201 0202 0203)']],
  ])('corpus %s: valid UBL with the same lines', (file, expected) => {
    const result = ciiToUbl(readCorpusFile(file))
    expect(nesting(parseXml(result.xml).root)).toEqual(expected)
    expect(result.warnings.filter((w) => /line/i.test(w) && !/line references|line parties/.test(w))).toEqual([])
    expect(validateXml(result.xml).valid).toBe(true)
    expect(lineDifferences(result.invoice, readUbl(parseXml(result.xml)))).toEqual([])
  })
})

describe('ciitoubl: credit notes and negative amounts keep their signs', () => {
  const CORRECTION = 'zugferd-corpus/XML-Rechnung/CII/EN16931_Rechnungskorrektur.cii.xml'
  const withType = (code: string) => readCorpusFile(CORRECTION).toString('utf8').replace('<ram:TypeCode>384</ram:TypeCode>', `<ram:TypeCode>${code}</ram:TypeCode>`)

  it.skipIf(!hasCorpus).each([
    ['381', 'CreditNote'],
    ['261', 'CreditNote'],
    ['380', 'Invoice'],
    ['384', 'Invoice'],
  ])('negative amounts with type code %s → a valid UBL %s with the same amounts', (code, root) => {
    const source = withType(code)
    expect(source).toContain(`<ram:TypeCode>${code}</ram:TypeCode>`)
    const result = ciiToUbl(source)
    const doc = parseXml(result.xml)
    expect(doc.root.local).toBe(root)
    const ubl = readUbl(doc)
    expect(ubl.totals.amountDueForPayment.toFixed(2)).toBe('-8.79')
    expect(ubl.lines.map((l) => [l.quantity.toFixed(0), l.netAmount.toFixed(2), l.price.netPrice.toFixed(2)])).toEqual([
      ['-5', '-5.00', '1.00'],
      ['-2', '-2.90', '1.45'],
    ])
    expect(unexplained(result.invoice, ubl)).toEqual([])
    expect(validateXml(result.xml).valid).toBe(true)
  })

  it.skipIf(!hasCorpus)('a credit note with positive amounts stays positive', () => {
    const positive = withType('381').replace(/>-(\d)/g, '>$1')
    const result = ciiToUbl(positive)
    const ubl = readUbl(parseXml(result.xml))
    expect(ubl.totals.amountDueForPayment.toFixed(2)).toBe('8.79')
    expect(ubl.lines.map((l) => l.quantity.toFixed(0))).toEqual(['5', '2'])
    expect(unexplained(result.invoice, ubl)).toEqual([])
    expect(validateXml(result.xml).valid).toBe(true)
  })
})
