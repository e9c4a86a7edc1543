import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { validateXml } from '../../src/validate/index.js'

// A self-made EN 16931 CII invoice; refcheck: valid (the variants below were checked with refcheck too).
const VALID = readFileSync(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url), 'utf8')

const variant = (from: string, to: string): string => {
  expect(VALID).toContain(from)
  return VALID.replace(from, to)
}

// The CEN layer's errors; the Factur-X EN 16931 layer repeats most business rules (see facturx tests).
const errorIds = (xml: string): string[] =>
  validateXml(xml, { ignoreNotices: true })
    .findings.filter((f) => f.layer !== 'facturx' && (f.severity === 'fatal' || f.severity === 'error'))
    .map((f) => f.ruleId)
    .sort()

describe('validateXml', () => {
  it('accepts a valid EN 16931 CII invoice', () => {
    const result = validateXml(VALID)
    expect(result.valid).toBe(true)
    expect(result.syntax).toBe('CII')
    expect(result.profile).toBe('EN16931')
    // The empty ApplicableHeaderTradeDelivery draws the Factur-X layer's PEPPOL-EN16931-R008 warning only.
    expect(result.findings.filter((f) => f.advisory !== true).map((f) => [f.layer, f.ruleId, f.severity])).toEqual([['facturx', 'PEPPOL-EN16931-R008', 'warning']])
  })

  it('runs the XRechnung rules as notices on EN 16931 CII unless ignoreNotices is set', () => {
    const notices = validateXml(VALID).findings.filter((f) => f.advisory === true)
    expect(notices.map((f) => f.ruleId)).toContain('BR-DE-15')
    expect(notices.every((f) => f.severity === 'information' && f.layer === 'xrechnung')).toBe(true)
    expect(validateXml(VALID, { ignoreNotices: true }).findings.filter((f) => f.layer !== 'facturx')).toEqual([])
  })

  it('gives the same findings when documents of other plans and ignoreNotices come in between', () => {
    // The pattern list of a plan (rules, then notices) is kept per combination of rule sets: going
    // back and forth between plans must give each its own list and split point.
    const ids = (r: ReturnType<typeof validateXml>): string[] => r.findings.map((f) => `${f.layer}:${f.ruleId}:${f.severity}:${f.location.line ?? 0}`)
    const xrechnung = VALID.replace('urn:cen.eu:en16931:2017<', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0<')
    const basic = VALID.replace('urn:cen.eu:en16931:2017<', 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic<')
    const first = { all: ids(validateXml(VALID)), quiet: ids(validateXml(VALID, { ignoreNotices: true })), xr: ids(validateXml(xrechnung)), basic: ids(validateXml(basic)) }
    expect(first.all.length).toBeGreaterThan(first.quiet.length)
    expect(first.xr.some((f) => f.startsWith('xrechnung:'))).toBe(true)
    for (let i = 0; i < 2; i++) {
      expect(ids(validateXml(xrechnung))).toEqual(first.xr)
      expect(ids(validateXml(VALID, { ignoreNotices: true }))).toEqual(first.quiet)
      expect(ids(validateXml(VALID))).toEqual(first.all)
      expect(ids(validateXml(basic))).toEqual(first.basic)
      expect(ids(validateXml(VALID))).toEqual(first.all)
    }
  })

  it('names the layers it checks, all implemented', () => {
    const { layers } = validateXml(VALID)
    expect(layers.map((l) => l.name)).toEqual(['xsd', 'en16931', 'facturx'])
    expect(layers.filter((l) => !l.implemented).map((l) => l.name)).toEqual([])
  })

  it('reports BR-CO-10 and BR-CO-13 with expected and found amounts', () => {
    const result = validateXml(variant('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51'))
    expect(result.valid).toBe(false)
    expect(errorIds(variant('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51'))).toEqual(['BR-CO-10', 'BR-CO-13'])
    const co10 = result.findings.find((f) => f.ruleId === 'BR-CO-10' && f.layer === 'en16931')
    expect(co10?.params).toMatchObject({ expected: '345.5', found: '345.51' })
    expect(co10?.message).toContain('[BR-CO-10]')
    expect(co10?.message).toContain('345.51')
  })

  it('reports BR-DEC-23 for three decimals, with the element position', () => {
    const xml = variant('<ram:LineTotalAmount>45.50</ram:LineTotalAmount>', '<ram:LineTotalAmount>45.500</ram:LineTotalAmount>')
    const result = validateXml(xml, { ignoreNotices: true })
    expect(errorIds(xml)).toEqual(['BR-DEC-23'])
    const f = result.findings.find((x) => x.layer === 'en16931')
    expect(f?.location.line).toBeGreaterThan(1)
    expect(f?.location.path).toContain('ram:IncludedSupplyChainTradeLineItem[2]')
  })

  it('reports BR-CL-04 and BR-CO-15 for an unknown currency', () => {
    expect(errorIds(variant('<ram:InvoiceCurrencyCode>EUR', '<ram:InvoiceCurrencyCode>EURO'))).toEqual(['BR-CL-04', 'BR-CO-15'])
  })

  it('reports BR-S-08, BR-S-09 and BR-CO-17 for a wrong taxable amount', () => {
    expect(errorIds(variant('<ram:BasisAmount>300.00', '<ram:BasisAmount>310.00'))).toEqual(['BR-CO-17', 'BR-S-08', 'BR-S-09'])
  })

  it('matches lines to VAT breakdowns by rate as decimals (19 and 19.00) among a hundred rates, and locates each finding', () => {
    // 300 lines (the fixture's first, 300.00 each) under 100 rates, every other one written with
    // decimals; one breakdown per rate. Breakdowns 1 and 77 have a wrong taxable amount.
    const start = VALID.indexOf('<ram:IncludedSupplyChainTradeLineItem>')
    const lineEnd = VALID.indexOf('</ram:IncludedSupplyChainTradeLineItem>') + '</ram:IncludedSupplyChainTradeLineItem>'.length
    const end = VALID.indexOf('<ram:ApplicableHeaderTradeAgreement>')
    const line = VALID.slice(start, lineEnd)
    const rateText = (i: number): string => (i % 2 === 0 ? String((i % 100) + 1) : `${(i % 100) + 1}.00`)
    let lines = ''
    for (let i = 0; i < 300; i++) lines += line.replace('<ram:LineID>1<', `<ram:LineID>${i + 1}<`).replace('<ram:RateApplicablePercent>19<', `<ram:RateApplicablePercent>${rateText(i)}<`)
    const settlement = VALID.indexOf('<ram:ApplicableHeaderTradeSettlement>')
    const taxStart = VALID.indexOf('<ram:ApplicableTradeTax>', settlement)
    const taxEnd = VALID.lastIndexOf('</ram:ApplicableTradeTax>') + '</ram:ApplicableTradeTax>'.length
    const oneTax = VALID.slice(taxStart, VALID.indexOf('</ram:ApplicableTradeTax>', taxStart) + '</ram:ApplicableTradeTax>'.length)
    let breakdowns = ''
    for (let r = 1; r <= 100; r++) {
      const basis = r === 1 || r === 77 ? '901.00' : '900.00'
      breakdowns += oneTax
        .replace(/<ram:CalculatedAmount>[^<]*</, `<ram:CalculatedAmount>${(9 * r).toFixed(2)}<`)
        .replace(/<ram:BasisAmount>[^<]*</, `<ram:BasisAmount>${basis}<`)
        .replace(/<ram:RateApplicablePercent>[^<]*</, `<ram:RateApplicablePercent>${r % 3 === 0 ? `${r}.0` : r}<`)
    }
    const xml = VALID.slice(0, start) + lines + VALID.slice(end, taxStart) + breakdowns + VALID.slice(taxEnd)
    const br08 = validateXml(xml, { ignoreNotices: true }).findings.filter((f) => f.ruleId === 'BR-S-08')
    const path = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax'
    // Both the CEN layer and Factur-X's copy of the rule; the CEN one on the breakdown's BT-116.
    expect(br08.map((f) => [f.layer, f.location.path.replace(path, '…')]).sort()).toEqual([
      ['en16931', '/BG-23[1]/BT-116'],
      ['en16931', '/BG-23[77]/BT-116'],
      ['facturx', '…[1]/ram:CategoryCode'],
      ['facturx', '…[77]/ram:CategoryCode'],
    ])
  })

  it('keeps CII-SR warnings as warnings (the invoice stays valid for the CEN layer)', () => {
    const result = validateXml(
      variant('<rsm:ExchangedDocumentContext>', '<rsm:ExchangedDocumentContext><ram:TestIndicator><udt:Indicator>true</udt:Indicator></ram:TestIndicator>'),
    )
    expect(result.findings.filter((f) => f.layer === 'en16931').map((f) => [f.ruleId, f.severity])).toEqual([['CII-SR-002', 'warning']])
    // The Factur-X EN16931 schema has no TestIndicator, so the document as a whole is invalid.
    expect(result.findings.filter((f) => f.layer === 'xsd').map((f) => f.ruleId)).toEqual(['xsd:facturx-EN16931'])
    expect(result.valid).toBe(false)
  })

  it('refuses XML that is not well-formed with the position', () => {
    expect(() => validateXml('<rsm:CrossIndustryInvoice')).toThrow(EInvoiceError)
    try {
      validateXml('<a><b></a>')
    } catch (err) {
      expect((err as EInvoiceError).errorCode).toBe('INVALID_XML')
      expect((err as EInvoiceError).message).toMatch(/line 1/)
    }
  })

  it('refuses XML of another kind', () => {
    expect(() => validateXml('<order xmlns="urn:example"/>')).toThrow(/not an invoice/)
  })
})
