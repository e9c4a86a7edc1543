/**
 * invoice2xml of content a CII profile cannot carry as given (audit findings): several preceding
 * invoices, payment means with different texts, EXTENDED sub-lines without quantity, price or VAT,
 * and an invoice without a VAT breakdown. Each is written valid or refused, never written invalid.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { invoiceJsonToXml, invoiceToXml } from '../../src/operations/invoice-to-xml.js'
import { parseInvoiceToJsonText } from '../../src/parse-invoice.js'
import { validateXml } from '../../src/validate/index.js'
import { isInvalidating } from '../../src/validate/types.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { NS, type XmlElement, child, childText, childrenNamed, parseXml } from '../../src/xml/index.js'
import { corpusPath, hasCorpus, readCorpusFile } from '../helpers/corpus.js'
import { einvoiceErrorOfSync } from '../helpers/einvoice-error.js'

const sample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(PACKAGE_ROOT, 'samples', `${name}.json`), 'utf8')) as Record<string, unknown>

const failedRules = (xml: string): string[] => [...new Set(validateXml(xml).findings.filter((f) => isInvalidating(f.severity)).map((f) => f.ruleId))]

const errorOf = einvoiceErrorOfSync

const settlementOf = (xml: string): XmlElement =>
  child(child(parseXml(xml).root, NS.rsm, 'SupplyChainTradeTransaction') as XmlElement, NS.ram, 'ApplicableHeaderTradeSettlement') as XmlElement

const linesOf = (xml: string): XmlElement[] =>
  childrenNamed(child(parseXml(xml).root, NS.rsm, 'SupplyChainTradeTransaction') as XmlElement, NS.ram, 'IncludedSupplyChainTradeLineItem')

describe('invoice2xml: preceding invoices (BG-3)', () => {
  it('refuses two different preceding invoices in every profile that writes BG-3 (CII D16B has one InvoiceReferencedDocument)', () => {
    const invoice = { ...sample('xrechnung'), invoiceReferencedDocuments: [{ issuerAssignedID: 'R-1' }, { issuerAssignedID: 'R-2' }] }
    for (const [format, profile, version] of [['xr', 'XRECHNUNG', 3], ['fx', 'BASICWL', 2], ['fx', 'EN16931', 2], ['fx', 'EXTENDED', 2]] as const) {
      const e = errorOf(() => invoiceToXml(invoice, { format, profile, version }))
      expect(e.errorCode, profile).toBe('INVALID_PAYLOAD')
      expect(e.message, profile).toMatch(/^invoiceReferencedDocuments: 2 preceding invoices \(BG-3: R-1, R-2\)/)
      expect(e.details, profile).toHaveProperty('invoiceReferencedDocuments')
    }
    // MINIMUM has no BG-3: nothing to refuse.
    expect(invoiceToXml(invoice, { profile: 'MINIMUM' }).xml).not.toContain('InvoiceReferencedDocument')
  })

  it('writes one reference when the legacy id and a list entry name the same invoice', () => {
    const invoice = {
      ...sample('xrechnung'),
      invoiceReferencedDocumentID: 'R-1',
      invoiceReferencedDocuments: [{ issuerAssignedID: 'R-1', formattedIssueDateTime: '2026-01-15' }],
    }
    const xml = invoiceToXml(invoice, { format: 'xr', profile: 'XRECHNUNG', version: 3 }).xml
    const refs = childrenNamed(settlementOf(xml), NS.ram, 'InvoiceReferencedDocument')
    expect(refs).toHaveLength(1)
    expect(childText(refs[0] as XmlElement, NS.ram, 'IssuerAssignedID')).toBe('R-1')
    expect(xml).toContain('<qdt:DateTimeString format="102">20260115</qdt:DateTimeString>')
    expect(failedRules(xml)).toEqual([])
  })
})

describe('invoice2xml: payment means texts (BT-82, CII-SR-468)', () => {
  const withSecondAccount = (text: string | undefined) => {
    const invoice = sample('xrechnung')
    const sender = invoice.sender as { bankDetails: Record<string, unknown>[] }
    sender.bankDetails.push({ iban: 'DE89370400440532013000', ...(text === undefined ? {} : { paymentMeansInformation: text }) })
    return invoice
  }
  const informationOf = (xml: string): (string | undefined)[] =>
    childrenNamed(settlementOf(xml), NS.ram, 'SpecifiedTradeSettlementPaymentMeans').map((m) => childText(m, NS.ram, 'Information'))

  it('writes one text in every payment means: a given text beats the default that only names the code', () => {
    const xml = invoiceToXml(withSecondAccount('Überweisung'), { format: 'xr', profile: 'XRECHNUNG', version: 3 }).xml
    expect(informationOf(xml)).toEqual(['Überweisung', 'Überweisung'])
    expect(failedRules(xml)).toEqual([])
  })

  it('joins different given texts in order, and keeps the default when no other text is given', () => {
    const invoice = withSecondAccount('Überweisung')
    ;(invoice.sender as { bankDetails: Record<string, unknown>[] }).bankDetails[0]!.paymentMeansInformation = 'Bank transfer'
    const joined = invoiceToXml(invoice, { profile: 'EN16931' }).xml
    expect(informationOf(joined)).toEqual(['Bank transfer; Überweisung', 'Bank transfer; Überweisung'])
    expect(failedRules(joined)).toEqual([])
    const defaults = invoiceToXml(withSecondAccount(undefined), { profile: 'EN16931' }).xml
    expect(informationOf(defaults)).toEqual(['SEPA credit transfer', 'SEPA credit transfer'])
  })

  it('refuses payment means of two kinds (a transfer account beside a direct debit): CII has one code (CII-SR-467)', () => {
    const invoice = sample('xrechnung')
    ;(invoice.sender as Record<string, unknown>).debitDetails = [{ iban: 'DE02120300000000202051', mandate: 'M-1' }]
    invoice.creditorReferenceID = 'DE98ZZZ09999999999'
    for (const profile of ['BASIC', 'EN16931', 'EXTENDED'] as const) {
      const err = errorOf(() => invoiceToXml(invoice, { profile }))
      expect(err.errorCode).toBe('INVALID_PAYLOAD')
      expect(err.message).toMatch(/^payment means of 2 kinds \(BT-81 codes 58, 59\), but a CII invoice \(\w+\) has one payment means code \(CII-SR-467\)/)
    }
  })
})

describe('invoice2xml: EXTENDED sub-lines (GROUP, INFORMATION)', () => {
  const invoice = () => {
    const base = sample('invoice')
    const [first, ...rest] = base.zfitems as Record<string, unknown>[]
    return {
      ...base,
      zfitems: [
        { id: 'G1', lineStatusReasonCode: 'GROUP', product: { name: 'Group' }, lineTotalAmount: 198 },
        { ...first, id: 'D1', parentLineID: 'G1', lineStatusReasonCode: 'DETAIL' },
        { id: 'I1', lineStatusReasonCode: 'INFORMATION', product: { name: 'Note line' } },
        ...rest,
      ],
    }
  }

  it('gives a sub-line without quantity, price or rate none of them (no invented VAT category Z, BR-FXEXT-Z-01)', () => {
    const xml = invoiceToXml(invoice(), { profile: 'EXTENDED' }).xml
    const [group, detail, info] = linesOf(xml)
    for (const line of [group, info] as XmlElement[]) {
      expect(child(line, NS.ram, 'SpecifiedLineTradeAgreement')).toBeUndefined()
      expect(child(line, NS.ram, 'SpecifiedLineTradeDelivery')).toBeUndefined()
      expect(child(child(line, NS.ram, 'SpecifiedLineTradeSettlement') as XmlElement, NS.ram, 'ApplicableTradeTax')).toBeUndefined()
    }
    expect(xml).toContain('<ram:LineTotalAmount>198.00</ram:LineTotalAmount>')
    const detailTax = child(child(detail as XmlElement, NS.ram, 'SpecifiedLineTradeSettlement') as XmlElement, NS.ram, 'ApplicableTradeTax') as XmlElement
    expect(childText(detailTax, NS.ram, 'CategoryCode')).toBe('S')
    expect(xml).not.toContain('<ram:CategoryCode>Z</ram:CategoryCode>')
    expect(failedRules(xml)).toEqual([])
  })

  it('keeps what a sub-line does give (quantity, price, rate)', () => {
    const given = invoice()
    given.zfitems[0] = { ...given.zfitems[0], price: 198, quantity: 1, product: { name: 'Group', vatpercent: 19 } }
    const xml = invoiceToXml(given, { profile: 'EXTENDED' }).xml
    const group = linesOf(xml)[0] as XmlElement
    expect(childText(child(group, NS.ram, 'SpecifiedLineTradeDelivery') as XmlElement, NS.ram, 'BilledQuantity')).toBe('1.0000')
    expect(childText(child(child(group, NS.ram, 'SpecifiedLineTradeSettlement') as XmlElement, NS.ram, 'ApplicableTradeTax') as XmlElement, NS.ram, 'CategoryCode')).toBe('S')
    expect(failedRules(xml)).toEqual([])
  })

  const SOURCES = [
    'mustang/validator/src/test/resources/UC10_F202600004_EXTENDED_FX_CII_Commentee.xml',
    'mustang/validator/src/test/resources/X03_01_Abschlagsrechnung_SubInvoiceLine_u_LV_Nr.xml',
  ]
  it.skipIf(!hasCorpus).each(SOURCES)('parse → invoice2xml EXTENDED of %s stays valid', (file) => {
    expect(failedRules(readCorpusFile(file).toString('utf8')), corpusPath(file)).toEqual([])
    const xml = invoiceJsonToXml(parseInvoiceToJsonText(readCorpusFile(file)), { profile: 'EXTENDED' }).xml
    expect(failedRules(xml)).toEqual([])
  })
})

describe('invoice2xml: an invoice without a VAT breakdown', () => {
  it('refuses BASIC WL without lines and without document allowances or charges (ApplicableTradeTax is mandatory, BR-CO-18)', () => {
    const { zfcharges: _charges, ...rest } = sample('invoice')
    const invoice = { ...rest, zfitems: [] }
    const e = errorOf(() => invoiceToXml(invoice, { profile: 'BASICWL' }))
    expect(e.errorCode).toBe('INVALID_PAYLOAD')
    expect(e.message).toMatch(/^zfitems: no VAT breakdown \(BG-23\).*BR-CO-18/)
    // MINIMUM has no breakdown to write; a document charge gives BASIC WL one.
    expect(failedRules(invoiceToXml(invoice, { profile: 'MINIMUM' }).xml)).toEqual([])
    const charged = { ...invoice, zfcharges: [{ totalAmount: 10, taxPercent: 19, categoryCode: 'S', reason: 'Fracht' }] }
    expect(failedRules(invoiceToXml(charged, { profile: 'BASICWL' }).xml)).toEqual([])
  })
})

describe('invoice2xml: text XML cannot carry', () => {
  it('refuses a control character or lone surrogate, naming the field, instead of writing U+FFFD', () => {
    const invoice = sample('invoice')
    invoice.number = 'RE\u0000-1'
    const err = errorOf(() => invoiceToXml(invoice, { profile: 'EN16931' }))
    expect(err.errorCode).toBe('INVALID_PAYLOAD')
    expect(err.message).toBe('number: the character U+0000 (at position 3) cannot be written in XML, which allows no control characters but tab, line feed and carriage return, and no lone surrogate; remove it')
    const named = sample('invoice')
    ;(named.zfitems as { product: { name: string } }[])[1]!.product.name = 'Tr\ud800x'
    expect(errorOf(() => invoiceToXml(named, { profile: 'EN16931' })).message).toMatch(/^zfitems\[1\]\.product\.name: the character U\+D800 \(at position 3\)/)
    // Tab, line feed, carriage return and astral characters are written.
    const fine = sample('invoice')
    fine.number = 'RE\t1\r\n\u{1F9FE}'
    expect(invoiceToXml(fine, { profile: 'EN16931' }).xml).toContain('RE\t1')
  })
})
