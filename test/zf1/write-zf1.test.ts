/** ZUGFeRD 1.0 writer: reviewed snapshots (XSD-valid per refcheck), JSON → ZF1 → read round trip, bad input. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { readInvoice } from '../../src/read-invoice.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { NS, child, childrenNamed, parseXml } from '../../src/xml/index.js'
import { modelDifferences } from '../helpers/model-diff.js'

const SNAPSHOTS = join(PACKAGE_ROOT, 'test', 'snapshots', 'zf1')
/** Set UPDATE_SNAPSHOTS=1 to rewrite them, then review the diff and run refcheck on them. */
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1'
const SAMPLES = ['invoice', 'multi-rate', 'credit-note', 'reverse-charge', 'intra-community', 'exempt', 'zero-rated', 'xrechnung', 'extended']
const PROFILES = ['BASIC', 'COMFORT', 'EXTENDED'] as const
const sample = (name: string) => readFileSync(join(PACKAGE_ROOT, 'samples', `${name}.json`), 'utf8')
const zf1 = (name: string, profile: string) => invoiceJsonToXml(sample(name), { format: 'zf', profile, version: 1 })

/** Business terms ZUGFeRD 1.0 has no element for (any profile), as model paths. */
const NOT_IN_ZF1: readonly RegExp[] = [
  /\.electronicAddress/, // BT-34 / BT-49
  /\.legalRegistrationId/, // BT-30 / BT-47 / BT-61: no SpecifiedLegalOrganization
  /\.tradingName/, // BT-28
  /\.exemptionReasonCode/, // BT-121: ZF1 has the reason text only
  /^\$\.salesOrderReference/, // BT-14
  /^\$\.precedingInvoices/, // BG-3
  /^\$\.delivery\.party:/, // what a full ship-to party holds beyond BT-70/71/BG-15 and address
  /^\$\.lines\.\d+\.additionalReferences/,
]
/** Mandatory in ZF1: HeaderExchangedDocument/Name gets Mustang's RECHNUNG when the model has no title. */
const ADDED_BY_ZF1 = /^\$\.extension\.documentName/
/** Profile content rules (src/zf1/content-rules.ts). */
const LEFT_OUT: Readonly<Record<(typeof PROFILES)[number], readonly RegExp[]>> = {
  BASIC: [
    /\.categoryCode|\.vatCategoryCode/,
    /\.exemptionReason/,
    /^\$\.lines\.\d+\.(price|vat|note|allowances|charges)/,
    /\.contact/,
    /^\$\.(buyerReference|paymentTermsText|purchaseOrderReference)/,
    /^\$\.paymentInstructions\.means\.\d+\.(typeCode|text|creditTransfers\.\d+\.accountName)/,
    /^\$\.delivery\.(partyName|address)/,
    /^\$\.extension\.paymentTerms/,
    /^\$\.lines\.\d+\.(item\.description|orderLineReference)/,
    /^\$\.invoicingPeriod/,
    /^\$\.delivery\.(ultimateShipTo|deliveryTermsCode)/,
    /^\$\.lines\.\d+\.item\.countryOfOrigin/,
    /^\$\.(contractReference|payee)/,
    /^\$\.delivery\.locationId/,
  ],
  COMFORT: [
    /^\$\.lines\.\d+\.(allowances|charges|vat\.exemptionReason|item\.countryOfOrigin)/,
    /^\$\.extension\.paymentTerms/,
    /^\$\.delivery\.(ultimateShipTo|deliveryTermsCode)/,
    /\.contact\.fax/,
  ],
  EXTENDED: [],
}

describe('ZUGFeRD 1 snapshots (reviewed, XSD-valid per refcheck)', () => {
  if (UPDATE) mkdirSync(SNAPSHOTS, { recursive: true })
  for (const name of SAMPLES) {
    for (const profile of PROFILES) {
      it(`${name} as ${profile} equals test/snapshots/zf1/${name}.${profile}.xml`, () => {
        const xml = zf1(name, profile).xml
        const file = join(SNAPSHOTS, `${name}.${profile}.xml`)
        if (UPDATE) writeFileSync(file, xml)
        expect(existsSync(file), `${file} is missing: run with UPDATE_SNAPSHOTS=1 and review it`).toBe(true)
        expect(xml).toBe(readFileSync(file, 'utf8'))
      })
    }
  }
})

describe('ZUGFeRD 1 round trip: JSON → model → writeZf1 → readZf1', () => {
  for (const name of SAMPLES) {
    for (const profile of PROFILES) {
      it(`${name} as ${profile} reads back to the same business terms the profile carries`, () => {
        const { xml, model } = zf1(name, profile)
        const back = readInvoice(xml)
        expect(back.source?.syntax).toBe('ZUGFeRD1')
        const ignored = [...NOT_IN_ZF1, ADDED_BY_ZF1, /^\$\.specificationIdentifier/, ...LEFT_OUT[profile]]
        expect(modelDifferences(model, back).filter((d) => !ignored.some((re) => re.test(d)))).toEqual([])
      })
    }
  }

  it('keeps the totals and VAT breakdown exactly (EXTENDED, several rates)', () => {
    const { xml, model } = zf1('multi-rate', 'EXTENDED')
    const back = readInvoice(xml)
    expect(back.totals.amountDueForPayment.toFixed(2)).toBe(model.totals.amountDueForPayment.toFixed(2))
    expect(back.vatBreakdown.map((v) => [v.rate?.toFixed(2), v.taxAmount.toFixed(2)])).toEqual(
      model.vatBreakdown.map((v) => [v.rate?.toFixed(2), v.taxAmount.toFixed(2)]),
    )
  })
})

describe('ZUGFeRD 1 document shape (behaviour doc §3.6)', () => {
  it('writes CrossIndustryDocument with the ZF1 namespaces, Name RECHNUNG, currencyID amounts, ApplicablePercent', () => {
    const xml = zf1('invoice', 'COMFORT').xml
    const root = parseXml(xml).root
    expect([root.ns, root.local]).toEqual([NS.zf1rsm, 'CrossIndustryDocument'])
    expect(xml).toContain('<ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID>')
    expect(xml).toContain('<ram:Name>RECHNUNG</ram:Name>')
    expect(xml).toMatch(/<ram:GrandTotalAmount currencyID="EUR">\d+\.\d\d<\/ram:GrandTotalAmount>/)
    expect(xml).toContain('<ram:ApplicablePercent>19.00</ram:ApplicablePercent>')
    const tx = child(root, NS.zf1rsm, 'SpecifiedSupplyChainTradeTransaction')!
    // Lines come after the header settlement in ZUGFeRD 1.
    expect(tx.children.map((c) => c.local).slice(0, 3)).toEqual([
      'ApplicableSupplyChainTradeAgreement',
      'ApplicableSupplyChainTradeDelivery',
      'ApplicableSupplyChainTradeSettlement',
    ])
    expect(childrenNamed(tx, NS.zf1ram, 'IncludedSupplyChainTradeLineItem').length).toBeGreaterThan(0)
  })

  it('leaves VAT category codes and line prices out of BASIC', () => {
    const xml = zf1('invoice', 'BASIC').xml
    expect(xml).not.toContain('CategoryCode')
    expect(xml).not.toContain('NetPriceProductTradePrice')
    expect(zf1('invoice', 'COMFORT').xml).toContain('<ram:CategoryCode>S</ram:CategoryCode>')
  })

  it('is the same XML for zf 1 profile names in any spelling', () => {
    expect(invoiceJsonToXml(sample('invoice'), { format: 'ZF', profile: 'comfort', version: 1 }).xml).toBe(zf1('invoice', 'COMFORT').xml)
  })
})

describe('ZUGFeRD 1 bad input', () => {
  it('rejects a generation-2 profile for zf 1 and lists the valid combinations', () => {
    let error: unknown
    try {
      invoiceJsonToXml(sample('invoice'), { format: 'zf', profile: 'EN16931', version: 1 })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(EInvoiceError)
    expect((error as EInvoiceError).errorCode).toBe('INVALID_PARAMETER')
    expect((error as EInvoiceError).message).toContain('zf 1: BASIC, COMFORT, EXTENDED')
  })

  it('rejects an invoice without number with the field name, as for CII', () => {
    const invoice = { issueDate: '2026-01-01', zfitems: [{ price: 1, quantity: 1, product: { name: 'x', vatpercent: 19 } }] }
    expect(() => invoiceJsonToXml(JSON.stringify(invoice), { format: 'zf', profile: 'BASIC', version: 1 })).toThrow(
      'number: missing; the invoice number (BT-1) is mandatory',
    )
  })
})
