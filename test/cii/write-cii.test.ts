/**
 * The CII writer on invoice JSON: payment terms blocks, exact allowance/charge percentages and
 * default line allowance/charge reasons, each checked against the official rules (validateXml
 * runs the same EN 16931, Factur-X and XRechnung rules as refcheck).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { invoiceJsonToXml, invoiceToXml } from '../../src/operations/invoice-to-xml.js'
import { readInvoice } from '../../src/read-invoice.js'
import { validateXml } from '../../src/validate/index.js'
import { isInvalidating } from '../../src/validate/types.js'
import { PACKAGE_ROOT } from '../../src/version.js'

/** samples/invoice.json: valid in every profile, so any rule that fails is the variant's. */
const sample = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'), 'utf8')) as Record<string, unknown>
const failedRules = (xml: string) => [...new Set(validateXml(xml).findings.filter((f) => isInvalidating(f.severity)).map((f) => f.ruleId))]
const write = (invoice: object, profile: string, format = 'fx') => invoiceToXml(invoice, { format, profile }).xml
/** The text of every `ram:<name>` element, in document order. */
const texts = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1])

const LINE_PROFILES = ['BASIC', 'EN16931', 'EXTENDED', 'XRECHNUNG']

describe('CII writer: payment terms from paymentTerms / extendedPaymentTerms', () => {
  // /tmp/hunt-calc/pt2.json: the sample without dueDate and paymentTermDescription, terms given as objects.
  const { dueDate: _d, paymentTermDescription: _t, ...withoutTerms } = sample
  const invoice = {
    ...withoutTerms,
    paymentTerms: { description: '3% Skonto bis 12.11.2026, netto bis 02.12.2026', dueDate: '2026-12-02' },
    extendedPaymentTerms: [
      { description: 'Skonto', discountTerms: { basePeriodMeasure: 10, basePeriodUnitCode: 'DAY', calculationPercentage: 3 } },
    ],
  }

  it('writes every block with its discount terms in EXTENDED (BR-CO-25 failed when none was written)', () => {
    const xml = write(invoice, 'EXTENDED')
    expect(texts(xml, 'Description')).toContain('3% Skonto bis 12.11.2026, netto bis 02.12.2026')
    expect(texts(xml, 'Description')).toContain('Skonto')
    expect(xml).toContain('<udt:DateTimeString format="102">20261202</udt:DateTimeString>')
    expect(xml).toContain('<ram:BasisPeriodMeasure unitCode="DAY">10</ram:BasisPeriodMeasure>')
    expect(xml).toContain('<ram:CalculationPercent>3.000</ram:CalculationPercent>')
    expect(xml.match(/<ram:SpecifiedTradePaymentTerms>/g)).toHaveLength(2)
    expect(failedRules(xml)).toEqual([])
    const back = readInvoice(xml)
    expect(back.paymentTermsText).toBe('3% Skonto bis 12.11.2026, netto bis 02.12.2026')
    expect(back.dueDate).toBe('2026-12-02')
    expect(back.extension?.paymentTerms?.[1]?.discount?.calculationPercent?.toString()).toBe('3')
  })

  it('writes one block with every text and the due date in BASIC and EN 16931, #SKONTO# lines in XRechnung', () => {
    for (const profile of ['BASICWL', 'BASIC', 'EN16931', 'XRECHNUNG']) {
      const xml = write(invoice, profile)
      expect(xml.match(/<ram:SpecifiedTradePaymentTerms>/g), profile).toHaveLength(1)
      expect(texts(xml, 'Description')[0], profile).toMatch(/^3% Skonto bis 12\.11\.2026, netto bis 02\.12\.2026\nSkonto(\n|$)/)
      expect(xml, profile).toContain('<udt:DateTimeString format="102">20261202</udt:DateTimeString>')
      expect(failedRules(xml), profile).toEqual([])
      const back = readInvoice(xml)
      expect(back.dueDate, profile).toBe('2026-12-02')
      expect(back.paymentTermsText, profile).toMatch(/^3% Skonto bis 12\.11\.2026, netto bis 02\.12\.2026\nSkonto/)
    }
    // Mustang's discount basis: the grand total.
    expect(write(invoice, 'XRECHNUNG')).toContain('Skonto\n#SKONTO#TAGE=10#PROZENT=3.00#BASISBETRAG=372.23#\n</ram:Description>')
    expect(write(invoice, 'EN16931')).not.toContain('SKONTO#')
  })

  it('keeps paymentTermDescription and dueDate beside the terms, and writes a repeated first block once', () => {
    const both = { ...sample, paymentTerms: invoice.paymentTerms, extendedPaymentTerms: [invoice.paymentTerms, ...invoice.extendedPaymentTerms] }
    const en = write(both, 'EN16931')
    expect(texts(en, 'Description')[0]).toBe(`${String(sample.paymentTermDescription)}\n3% Skonto bis 12.11.2026, netto bis 02.12.2026\nSkonto`)
    expect(failedRules(en)).toEqual([])
    const ext = write(both, 'EXTENDED')
    expect(texts(ext, 'Description').slice(0, 3)).toEqual([
      String(sample.paymentTermDescription),
      '3% Skonto bis 12.11.2026, netto bis 02.12.2026',
      'Skonto',
    ])
    expect(ext.match(/<ram:SpecifiedTradePaymentTerms>/g)).toHaveLength(3)
    expect(failedRules(ext)).toEqual([])
  })

  it('writes a discount with a basis date in EXTENDED only: no #SKONTO# line without days (BR-DE-18)', () => {
    const dated = {
      ...withoutTerms,
      extendedPaymentTerms: [
        { description: 'Netto 30', dueDate: '2026-12-02' },
        { description: '1,5 % bis 05.11.', discountTerms: { baseDate: '2026-11-02', calculationPercentage: 1.5 } },
      ],
    }
    const ext = write(dated, 'EXTENDED')
    expect(ext).toMatch(/<ram:BasisDateTime>\s*<udt:DateTimeString format="102">20261102<\/udt:DateTimeString>/)
    expect(failedRules(ext)).toEqual([])
    const xr = write(dated, 'XRECHNUNG')
    expect(xr).not.toContain('#SKONTO#')
    expect(failedRules(xr)).toEqual([])
  })
})

describe('CII writer: allowance and charge percentages are written exactly (BT-94, BT-101, BT-138, BT-143)', () => {
  // /tmp/hunt-calc/d1.json and d2.json: 2.125 % of 1000.00 is 21.25 (2.13 % would be 21.30).
  const invoice = {
    ...sample,
    zfitems: [
      { price: 1000, quantity: 1, product: { name: 'Wartung', unit: 'C62', vatpercent: 19 } },
      {
        price: 110,
        quantity: 16,
        product: { name: 'Support', unit: 'HUR', vatpercent: 19 },
        itemAllowances: [{ percent: 33.333, reason: 'Rahmenvertrag' }],
      },
      {
        price: 50,
        quantity: 2,
        product: { name: 'Anfahrt', unit: 'C62', vatpercent: 19 },
        itemCharges: [{ percent: 7.5, reason: 'Express' }],
      },
    ],
    zfallowances: [{ percent: 2.125, taxPercent: 19, categoryCode: 'S', reason: 'Rabatt' }],
    zfcharges: [],
  }

  it('writes 2.125 and 33.333 as given and 7.5 as 7.50, valid in every profile with lines (PEPPOL-EN16931-R040)', () => {
    for (const [format, profile] of [...LINE_PROFILES.map((p) => ['fx', p]), ['xr', 'XRECHNUNG']] as const) {
      const xml = write(invoice, profile, format)
      expect(texts(xml, 'CalculationPercent'), profile).toEqual(['33.333', '7.50', '2.125'])
      expect(xml, profile).toContain('<ram:ActualAmount>586.66</ram:ActualAmount>')
      expect(failedRules(xml), profile).toEqual([])
    }
  })

  it('writes the percentage of an EXTENDED gross price adjustment exactly too', () => {
    const product = { name: 'Ware', unit: 'C62', vatpercent: 19, allowances: [{ percent: 2.125, reason: 'Aktion' }] }
    const xml = write({ ...sample, zfitems: [{ price: 80, quantity: 3, product }], zfcharges: [] }, 'EXTENDED')
    expect(texts(xml, 'CalculationPercent')).toEqual(['2.125'])
    expect(failedRules(xml)).toEqual([])
  })
})

describe('CII writer: line allowances and charges without a reason get the default reason (BR-42, BR-44)', () => {
  // /tmp/hunt-calc/lr.json, with a charge too.
  const invoice = {
    ...sample,
    zfitems: [
      {
        price: 100,
        quantity: 1,
        product: { name: 'Papier', unit: 'H87', vatpercent: 19 },
        itemAllowances: [{ totalAmount: 5 }],
        itemCharges: [{ totalAmount: 2 }],
      },
      { price: 10, quantity: 1, product: { name: 'Stift', unit: 'H87', vatpercent: 19 }, itemAllowances: [{ totalAmount: 1, reasonCode: '95' }] },
    ],
  }

  it('writes "Allowance" / "Charge" when neither reason nor code is given, as on the document level', () => {
    for (const [format, profile] of [...LINE_PROFILES.map((p) => ['fx', p]), ['xr', 'XRECHNUNG']] as const) {
      const xml = write(invoice, profile, format)
      const line = xml.slice(0, xml.indexOf('<ram:ApplicableHeaderTradeAgreement>'))
      expect(texts(line, 'Reason'), profile).toEqual(['Allowance', 'Charge'])
      expect(texts(line, 'ReasonCode'), profile).toEqual(['95'])
      expect(failedRules(xml), profile).toEqual([])
    }
  })
})

describe('ZUGFeRD 1 and Order-X write allowance percentages exactly too', () => {
  it.each([
    ['zf', 'EXTENDED', 1],
    ['zf', 'COMFORT', 1],
    ['ox', 'COMFORT', 1],
    ['ox', 'EXTENDED', 1],
  ])('%s %s', (format, profile, version) => {
    const payload = {
      number: 'P-1',
      issueDate: '2026-11-02',
      sender: { name: 'S', country: 'DE', vatID: 'DE123456789', location: 'B', zip: '1' },
      recipient: { name: 'R', country: 'DE' },
      zfitems: [{ price: 1000, quantity: 1, product: { name: 'Wartung', unit: 'C62', vatpercent: 19 } }],
      zfallowances: [{ percent: 2.125, taxPercent: 19, categoryCode: 'S', reason: 'Rabatt' }],
    }
    const { xml } = invoiceJsonToXml(JSON.stringify(payload), { format, profile, version })
    expect(xml).toContain('<ram:CalculationPercent>2.125</ram:CalculationPercent>')
    expect(xml).not.toContain('2.13')
  })
})
