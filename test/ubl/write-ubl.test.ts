import { describe, expect, it } from 'vitest'
import { Decimal } from '../../src/model/decimal.js'
import { readUbl } from '../../src/ubl/read-ubl.js'
import { ublDroppedContent } from '../../src/ubl/write-dropped.js'
import { writeUbl } from '../../src/ubl/write-ubl.js'
import { NS, type XmlElement, parseXml } from '../../src/xml/index.js'
import { modelDifferences } from '../helpers/model-diff.js'
import { UBL_CREDIT_NOTE, UBL_INVOICE, minimalInvoice } from './fixtures.js'

const d = (s: string) => new Decimal(s)

/** Local names of the root's children in document order, consecutive repeats collapsed. */
function topLevel(xml: string): string[] {
  const names = parseXml(xml).root.children.map((c) => c.local)
  return names.filter((n, i) => n !== names[i - 1])
}

function all(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap(all)]
}

describe('writeUbl', () => {
  it('writes an Invoice in the UBL 2.1 XSD sequence with canonical prefixes', () => {
    const xml = writeUbl(readUbl(parseXml(UBL_INVOICE)))
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac=')).toBe(true)
    expect(topLevel(xml)).toEqual([
      'CustomizationID', 'ProfileID', 'ID', 'IssueDate', 'DueDate', 'InvoiceTypeCode', 'Note', 'DocumentCurrencyCode',
      'TaxCurrencyCode', 'AccountingCost', 'BuyerReference', 'InvoicePeriod', 'OrderReference', 'BillingReference',
      'DespatchDocumentReference', 'ReceiptDocumentReference', 'OriginatorDocumentReference', 'ContractDocumentReference',
      'AdditionalDocumentReference', 'ProjectReference', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty',
      'TaxRepresentativeParty', 'Delivery', 'PaymentMeans', 'PaymentTerms', 'AllowanceCharge', 'TaxTotal',
      'LegalMonetaryTotal', 'InvoiceLine',
    ])
    expect(xml).toContain('<cbc:Note>#AAI#General note</cbc:Note>')
    expect(xml).toContain('<cbc:TaxAmount currencyID="USD">19.50</cbc:TaxAmount>')
  })

  it('round-trips the reader fixture without losing a term', () => {
    const first = readUbl(parseXml(UBL_INVOICE))
    expect(modelDifferences(first, readUbl(parseXml(writeUbl(first))))).toEqual([])
    const cn = readUbl(parseXml(UBL_CREDIT_NOTE))
    expect(modelDifferences(cn, readUbl(parseXml(writeUbl(cn))))).toEqual([])
  })

  it('writes a CreditNote for credit note type codes, with BT-9 in PaymentMeans and BT-11 as type 50', () => {
    const cn = readUbl(parseXml(UBL_CREDIT_NOTE))
    const xml = writeUbl(cn)
    const root = parseXml(xml).root
    expect(root.ns).toBe(NS.ublCreditNote)
    expect(topLevel(xml)).toEqual([
      'CustomizationID', 'ID', 'IssueDate', 'CreditNoteTypeCode', 'DocumentCurrencyCode', 'AdditionalDocumentReference',
      'AccountingSupplierParty', 'AccountingCustomerParty', 'PaymentMeans', 'TaxTotal', 'LegalMonetaryTotal', 'CreditNoteLine',
    ])
    expect(xml).not.toContain('<cbc:DueDate>')
    expect(xml).toMatch(/<cbc:PaymentMeansCode>30<\/cbc:PaymentMeansCode>\s*<cbc:PaymentDueDate>2024-05-02<\/cbc:PaymentDueDate>/)
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity>')
    expect(xml).toMatch(/<cbc:ID>PRJ-CN<\/cbc:ID>\s*<cbc:DocumentTypeCode>50<\/cbc:DocumentTypeCode>/)
  })

  it.each([['81'], ['261'], ['381'], ['396'], ['532']])('type code %s makes a CreditNote', (code) => {
    expect(parseXml(writeUbl(minimalInvoice({ typeCode: code }))).root.local).toBe('CreditNote')
  })

  it.each([['380'], ['384'], ['389'], ['875'], ['326']])('type code %s makes an Invoice', (code) => {
    expect(parseXml(writeUbl(minimalInvoice({ typeCode: code }))).root.local).toBe('Invoice')
  })

  it('keeps the source BT-24 by default and lets options override BT-24 and BT-23', () => {
    const xr = minimalInvoice({ specificationIdentifier: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0' })
    expect(writeUbl(xr)).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>')
    const over = writeUbl(xr, { customizationId: 'urn:peppol', profileId: 'urn:profile' })
    expect(over).toContain('<cbc:CustomizationID>urn:peppol</cbc:CustomizationID>')
    expect(over).toContain('<cbc:ProfileID>urn:profile</cbc:ProfileID>')
  })

  it('maps the CII BT-8 code (UNTDID 2475) to UBL (UNTDID 2005)', () => {
    const inv = minimalInvoice()
    inv.vatBreakdown[0] = { ...inv.vatBreakdown[0]!, dueDateTypeCode: '72' }
    expect(writeUbl(inv)).toMatch(/<cac:InvoicePeriod>\s*<cbc:DescriptionCode>432<\/cbc:DescriptionCode>/)
    expect(writeUbl(minimalInvoice({ vatPointDateCode: '5' }))).toContain('<cbc:DescriptionCode>3</cbc:DescriptionCode>')
  })

  it('writes amounts with currencyID and two decimals, quantities as given, no empty elements', () => {
    const xml = writeUbl(minimalInvoice({ buyer: { identifiers: [], name: '  ', address: { countryCode: 'DE', city: '' } } }))
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">119.00</cbc:PayableAmount>')
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="C62">2</cbc:InvoicedQuantity>')
    expect(xml).toContain('<cbc:Percent>19.00</cbc:Percent>')
    const empty = all(parseXml(xml).root).filter((e) => e.children.length === 0 && e.text.trim() === '')
    expect(empty.map((e) => e.qname)).toEqual([])
  })

  it('leaves out aggregates whose every leaf is blank, nested ones too, but keeps the required cac:Party', () => {
    const xml = writeUbl(
      minimalInvoice({
        buyer: { name: ' ', identifiers: [{ value: '' }], address: { countryCode: ' ', line3: '' }, contact: { name: '', department: ' ' } },
        delivery: { partyName: ' ', locationId: { value: '' }, address: { countryCode: '' } },
        precedingInvoices: [{ id: ' ' }],
        purchaseOrderReference: '',
      }),
    )
    expect(xml).toMatch(/<cac:AccountingCustomerParty>\n {4}<cac:Party\/>\n {2}<\/cac:AccountingCustomerParty>/)
    for (const name of ['Delivery', 'BillingReference', 'OrderReference', 'Contact', 'AddressLine']) expect(xml).not.toContain(`<cac:${name}`)
    expect(parseXml(xml).root.local).toBe('Invoice')
  })

  it('writes amounts with at least two decimals, all the decimals they have, and zero without a sign', () => {
    const inv = minimalInvoice()
    inv.totals = { ...inv.totals, paidAmount: d('-0'), roundingAmount: d('0.005'), sumOfAllowances: d('1.5'), sumOfCharges: d('-12') }
    const xml = writeUbl(inv)
    expect(xml).toContain('<cbc:PrepaidAmount currencyID="EUR">0.00</cbc:PrepaidAmount>')
    expect(xml).toContain('<cbc:PayableRoundingAmount currencyID="EUR">0.005</cbc:PayableRoundingAmount>')
    expect(xml).toContain('<cbc:AllowanceTotalAmount currencyID="EUR">1.50</cbc:AllowanceTotalAmount>')
    expect(xml).toContain('<cbc:ChargeTotalAmount currencyID="EUR">-12.00</cbc:ChargeTotalAmount>')
  })

  it('writes BT-83 in every PaymentMeans, one per account, and the mandate once', () => {
    const xml = writeUbl(
      minimalInvoice({
        paymentInstructions: {
          remittanceInformation: 'REF-1',
          means: [{ typeCode: '58', creditTransfers: [{ accountId: 'DE02100100109307118603' }, { accountId: 'DE02120300000000202051' }] }],
          directDebit: { mandateReference: 'M-9', creditorId: 'DE98ZZZ09999999999' },
        },
      }),
    )
    expect(xml.match(/<cac:PaymentMeans>/g)).toHaveLength(2)
    expect(xml.match(/<cbc:PaymentID>REF-1<\/cbc:PaymentID>/g)).toHaveLength(2)
    expect(xml.match(/<cac:PaymentMandate>/g)).toHaveLength(1)
    expect(xml).toContain('<cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID>')
  })

  it('writes a gross price without discount with BT-147 = gross − net (the XSD requires an Amount)', () => {
    const inv = minimalInvoice()
    inv.lines[0]!.price = { netPrice: d('50'), grossPrice: d('60') }
    expect(writeUbl(inv)).toMatch(/<cbc:Amount currencyID="EUR">10.00<\/cbc:Amount>\s*<cbc:BaseAmount currencyID="EUR">60.00<\/cbc:BaseAmount>/)
  })

  it('restores the line break BR-DE-18 requires after the last Skonto line', () => {
    const xml = writeUbl(minimalInvoice({ paymentTermsText: '#SKONTO#TAGE=7#PROZENT=2.00#' }))
    expect(xml).toContain('<cbc:Note>#SKONTO#TAGE=7#PROZENT=2.00#\n</cbc:Note>')
    expect(writeUbl(minimalInvoice({ paymentTermsText: 'net 30' }))).toContain('<cbc:Note>net 30</cbc:Note>')
  })

  it('is deterministic', () => {
    const inv = readUbl(parseXml(UBL_INVOICE))
    expect(writeUbl(inv)).toBe(writeUbl(readUbl(parseXml(UBL_INVOICE))))
  })

  it('reports what UBL cannot carry, and nothing for a plain invoice', () => {
    expect(ublDroppedContent(minimalInvoice())).toEqual([])
    const inv = minimalInvoice({ buyer: { identifiers: [{ value: 'a' }, { value: 'b' }] }, extension: { documentName: 'RECHNUNG' } })
    expect(ublDroppedContent(inv)).toEqual([
      'not in the UBL output: buyer identifiers after the first (BT-46 occurs once, UBL-SR-16)',
      'not in the UBL output: EXTENDED document name',
    ])
  })
})
