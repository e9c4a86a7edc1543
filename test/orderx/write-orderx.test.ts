/** Order-X writer: reviewed snapshots (official-valid per refcheck), JSON → Order-X → read round trip, bad input. */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { writeOrderX } from '../../src/orderx/write-orderx.js'
import { readInvoice } from '../../src/read-invoice.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { NS, child, childrenNamed, parseXml } from '../../src/xml/index.js'
import { modelDifferences } from '../helpers/model-diff.js'

const SNAPSHOTS = join(PACKAGE_ROOT, 'test', 'snapshots', 'orderx')
/** Set UPDATE_SNAPSHOTS=1 to rewrite them, then review the diff and run refcheck on them. */
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1'
const SAMPLES = readdirSync(join(PACKAGE_ROOT, 'samples'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort()
const PROFILES = ['BASIC', 'COMFORT', 'EXTENDED'] as const
const sample = (name: string) => readFileSync(join(PACKAGE_ROOT, 'samples', `${name}.json`), 'utf8')
const ox = (name: string, profile: string, version = 2) => invoiceJsonToXml(sample(name), { format: 'ox', profile, version })

/** A model with content the samples lack (documents, tender/object refs, more parties, line references). */
function richModel() {
  const { model } = ox('extended', 'EXTENDED')
  return {
    ...model,
    projectReference: 'PRJ-1',
    supportingDocuments: [
      { id: 'DOC-1', description: 'Plan', externalUri: 'https://example.com/plan.pdf' },
      { id: 'DOC-2', attachment: { base64: 'aGVsbG8=', mimeCode: 'application/pdf', filename: 'a.pdf' } },
    ],
    tenderOrLotReference: 'LOT-1',
    invoicedObjectIdentifier: { value: 'OBJ', schemeId: 'AWV' },
    extension: {
      ...model.extension,
      testIndicator: true,
      purposeCode: '9',
      invoicee: { name: 'Invoicee AG', identifiers: [], address: { countryCode: 'DE', city: 'Berlin' } },
      invoicer: { name: 'Invoicer GmbH', identifiers: [], address: { countryCode: 'DE' } },
      otherParties: {
        ProductEndUserTradeParty: { name: 'End User', identifiers: [] },
        BuyerAgentTradeParty: { name: 'Agent', identifiers: [] },
        BuyerRequisitionerTradeParty: { name: 'Req', identifiers: [] },
      },
    },
    seller: {
      ...model.seller,
      electronicAddress: { value: 'seller@example.com' },
      identifiers: [{ value: 'S1' }, { value: 'S2' }, { value: '4000001000005', schemeId: '0160' }],
      additionalLegalInformation: 'GF: X',
      additionalContacts: [{ name: 'Second', email: 'b@example.com' }],
    },
    buyer: { ...model.buyer, electronicAddress: { value: 'buyer@example.com' } },
    sellerTaxRepresentative: { name: 'Rep', vatIdentifier: 'DE111' },
    lines: model.lines.map((l) => ({ ...l, additionalReferences: [{ id: 'R1', lineId: '3', typeCode: '916', issueDate: '2026-01-02' }] })),
  }
}

describe('Order-X snapshots (reviewed, official-valid per refcheck)', () => {
  if (UPDATE) mkdirSync(SNAPSHOTS, { recursive: true })
  it('covers every sample', () => {
    expect(SAMPLES.length).toBeGreaterThanOrEqual(10)
  })
  for (const name of SAMPLES) {
    for (const profile of PROFILES) {
      it(`${name} as ${profile} equals test/snapshots/orderx/${name}.${profile}.xml`, () => {
        const xml = ox(name, profile).xml
        const file = join(SNAPSHOTS, `${name}.${profile}.xml`)
        if (UPDATE) writeFileSync(file, xml)
        expect(existsSync(file), `${file} is missing: run with UPDATE_SNAPSHOTS=1 and review it`).toBe(true)
        expect(xml).toBe(readFileSync(file, 'utf8'))
      })
    }
  }
  for (const profile of PROFILES) {
    it(`a model with content the samples lack, as ${profile}, equals test/snapshots/orderx/rich-model.${profile}.xml`, () => {
      const xml = writeOrderX(richModel(), { level: profile })
      const file = join(SNAPSHOTS, `rich-model.${profile}.xml`)
      if (UPDATE) writeFileSync(file, xml)
      expect(existsSync(file), `${file} is missing: run with UPDATE_SNAPSHOTS=1 and review it`).toBe(true)
      expect(xml).toBe(readFileSync(file, 'utf8'))
    })
  }
})

/** Business terms Order-X has no element for (any profile), as model paths, with the reason. */
const NOT_IN_ORDERX: readonly RegExp[] = [
  /^\$\.typeCode/, // BT-3: an order is always TypeCode 220 (Mustang ignores documentCode)
  /^\$\.businessProcessType/, // BT-23: fixed A1 (Mustang)
  /^\$\.dueDate/, // BT-9: no due date in an order (COMFORT puts it into the payment terms text)
  /^\$\.precedingInvoices/, // BG-3: an order references no invoice
  /^\$\.payee/, // BG-10: no PayeeTradeParty in Order-X
  /^\$\.sellerTaxRepresentative/, // BG-11: no SellerTaxRepresentativeTradeParty
  /^\$\.invoicingPeriod/, // BG-14: no BillingSpecifiedPeriod
  /^\$\.paymentInstructions\.(means\.\d+\.(creditTransfers|card|debitedAccountId|payerBic)|remittanceInformation|directDebit)/, // BG-17..19, BT-83: payment means carry type and text only
  /^\$\.extension\.paymentTerms/, // one payment terms text only, no due dates or discounts
  /^\$\.delivery(\.actualDeliveryDate|: \{"actualDeliveryDate":"[\d-]+"\} ≠ undefined)/, // BT-72 is written as RequestedDeliverySupplyChainEvent, which the shared reader does not read
  /^\$\.delivery\.party:/, // the reader keeps a ship-to party as BT-70/71/BG-15 (compared there)
  /^\$\.extension: \{(\}|"paymentTerms":\[[^\]]*\]?\S* ≠ undefined)/, // the reader's empty extension; payment terms blocks (above)
]
/** Profile content rules (src/orderx/content-rules.ts). */
const LEFT_OUT: Readonly<Record<(typeof PROFILES)[number], readonly RegExp[]>> = {
  BASIC: [
    /^\$\.vatBreakdown/,
    /^\$\.lines\.\d+\.(vat|allowances|charges|price\.(grossPrice|priceDiscount|grossPriceAdjustments)|item\.(description|countryOfOrigin|attributes|classifications))/,
    /^\$\.allowancesAndCharges/,
    /^\$\.(salesOrderReference|paymentTermsText|paymentInstructions|projectReference|supportingDocuments)/,
    /\.taxRegistrationId/, // one SpecifiedTaxRegistration per party in BASIC: the VAT id wins
    /\.contact\.fax/,
    /^\$\.delivery\.ultimateShipTo/,
    /^\$\.extension\.(invoicee|invoicer)/,
    /^\$\.totals\.(paidAmount|roundingAmount)/,
  ],
  COMFORT: [
    /^\$\.vatBreakdown/,
    /^\$\.lines\.\d+\.vat\.exemptionReason/,
    /\.contact\.fax/,
    /^\$\.delivery\.ultimateShipTo/,
    /^\$\.extension\.invoicer/,
    /^\$\.totals\.(paidAmount|roundingAmount)/,
  ],
  EXTENDED: [],
}

describe('Order-X round trip: JSON → model → writeOrderX → readOrderX', () => {
  for (const name of SAMPLES) {
    for (const profile of PROFILES) {
      it(`${name} as ${profile} reads back to the same business terms the profile carries`, () => {
        const { xml, model } = ox(name, profile)
        const back = readInvoice(xml)
        expect(back.source?.syntax).toBe('Order-X')
        const ignored = [...NOT_IN_ORDERX, /^\$\.specificationIdentifier/, ...LEFT_OUT[profile]]
        expect(modelDifferences(model, back).filter((d) => !ignored.some((re) => re.test(d)))).toEqual([])
      })
    }
  }

  it('keeps the totals exactly in every profile and the VAT breakdown in EXTENDED (several rates)', () => {
    for (const profile of PROFILES) {
      const { xml, model } = ox('multi-rate', profile)
      const back = readInvoice(xml)
      expect(back.totals.invoiceTotalWithVat.toFixed(2)).toBe(model.totals.invoiceTotalWithVat.toFixed(2))
      expect(back.totals.invoiceTotalVatAmount?.toFixed(2)).toBe(model.totals.invoiceTotalVatAmount?.toFixed(2))
      expect(back.totals.sumOfLineNetAmounts.toFixed(2)).toBe(model.totals.sumOfLineNetAmounts.toFixed(2))
    }
    const { xml, model } = ox('multi-rate', 'EXTENDED')
    expect(readInvoice(xml).vatBreakdown.map((v) => [v.rate?.toFixed(2), v.taxAmount.toFixed(2)])).toEqual(
      model.vatBreakdown.map((v) => [v.rate?.toFixed(2), v.taxAmount.toFixed(2)]),
    )
  })
})

describe('Order-X document shape (behaviour doc §3.7)', () => {
  it('writes SCRDMCCBDACIOMessageStructure with the :128 namespaces, A1, TypeCode 220, OrderCurrencyCode, RequestedQuantity', () => {
    const xml = ox('invoice', 'COMFORT').xml
    const root = parseXml(xml).root
    expect([root.ns, root.local]).toEqual([NS.oxrsm, 'SCRDMCCBDACIOMessageStructure'])
    expect(xml).toContain('xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:128"')
    expect(xml).toContain('<ram:ID>urn:order-x.eu:1p0:comfort</ram:ID>')
    expect(xml).toContain('<ram:ID>A1</ram:ID>')
    expect(xml).toContain('<ram:TypeCode>220</ram:TypeCode>')
    expect(xml).toContain('<ram:OrderCurrencyCode>EUR</ram:OrderCurrencyCode>')
    expect(xml).toMatch(/<ram:TaxTotalAmount currencyID="EUR">\d+\.\d\d<\/ram:TaxTotalAmount>/)
    expect(xml).not.toContain('BilledQuantity')
    const tx = child(root, NS.oxrsm, 'SupplyChainTradeTransaction')!
    const lines = childrenNamed(tx, NS.oxram, 'IncludedSupplyChainTradeLineItem')
    expect(lines.length).toBeGreaterThan(0)
    // Lines come first, then the header agreement, delivery and settlement (as in CII).
    expect(tx.children.map((c) => c.local).slice(lines.length)).toEqual([
      'ApplicableHeaderTradeAgreement',
      'ApplicableHeaderTradeDelivery',
      'ApplicableHeaderTradeSettlement',
    ])
    expect(child(child(lines[0]!, NS.oxram, 'SpecifiedLineTradeDelivery')!, NS.oxram, 'RequestedQuantity')).toBeDefined()
  })

  it('writes the credit note as an order too (TypeCode 220, as Mustang)', () => {
    expect(ox('credit-note', 'BASIC').xml).toContain('<ram:TypeCode>220</ram:TypeCode>')
  })

  it('keeps BASIC small: no VAT, no allowance elements, no gross price, no payment means', () => {
    const xml = ox('invoice-10-lines', 'BASIC').xml
    for (const name of ['ApplicableTradeTax', 'SpecifiedTradeAllowanceCharge', 'GrossPriceProductTradePrice', 'SpecifiedTradeSettlementPaymentMeans', 'InvoiceCurrencyCode']) {
      expect(xml).not.toContain(`<ram:${name}>`)
    }
    expect(xml).toContain('<ram:AllowanceTotalAmount>')
  })

  it('writes the VAT breakdown and InvoiceCurrencyCode only in EXTENDED', () => {
    const comfort = ox('multi-rate', 'COMFORT').xml
    const extended = ox('multi-rate', 'EXTENDED').xml
    expect(comfort).not.toContain('<ram:InvoiceCurrencyCode>')
    expect(extended).toContain('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>')
    expect(extended).toMatch(/<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>/)
    expect(comfort).not.toMatch(/<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>/)
  })

  it("falls back to Mustang's payment terms text from the due date when the model has no BT-20 (COMFORT)", () => {
    const { model } = ox('invoice', 'COMFORT')
    const xml = writeOrderX({ ...model, paymentTermsText: undefined }, { level: 'COMFORT' })
    expect(xml).toContain('<ram:Description>Zahlbar ohne Abzug bis 02.12.2026</ram:Description>')
    expect(writeOrderX({ ...model, paymentTermsText: undefined, dueDate: undefined }, { level: 'COMFORT' })).not.toContain('SpecifiedTradePaymentTerms')
  })

  it('treats version 1 and 2 alike, profiles case-insensitively', () => {
    expect(ox('invoice', 'basic', 1).xml).toBe(ox('invoice', 'BASIC', 2).xml)
    expect(ox('invoice', 'Extended', 1).profile).toMatchObject({ format: 'ox', writer: 'orderx', attachmentFileName: 'order-x.xml' })
  })
})

describe('Order-X bad input', () => {
  const failure = (fn: () => unknown): EInvoiceError => {
    try {
      fn()
    } catch (e) {
      if (e instanceof EInvoiceError) return e
      throw e
    }
    throw new Error('expected an EInvoiceError')
  }

  it('refuses a profile Order-X does not have, listing the valid ones', () => {
    const e = failure(() => ox('invoice', 'EN16931'))
    expect(e.errorCode).toBe('INVALID_PARAMETER')
    expect(e.message).toContain('ox 1|2: BASIC, COMFORT, EXTENDED')
  })

  it('refuses a version other than 1 or 2', () => {
    expect(failure(() => ox('invoice', 'BASIC', 3)).errorCode).toBe('INVALID_PARAMETER')
  })

  it('refuses a line without a unit code, naming the line, and writes nothing', () => {
    const { model } = ox('invoice', 'BASIC')
    const lines = model.lines.map((l, i) => (i === 1 ? { ...l, unitCode: undefined } : l))
    const e = failure(() => writeOrderX({ ...model, lines }, { level: 'BASIC' }))
    expect(e.errorCode).toBe('INVALID_PAYLOAD')
    expect(e.message).toMatch(/^line 2: unit code \(BT-130\)/)
    expect(e.details).toMatchObject({ line: '2', field: 'unitCode' })
  })

  it('refuses parties without what Order-X requires (ship-to name, buyer address), naming them', () => {
    const { model } = ox('invoice', 'COMFORT')
    const noName = { ...model, delivery: { party: { identifiers: [{ value: '4000001000005', schemeId: '0088' }], address: { countryCode: 'DE' } } } }
    const e = failure(() => writeOrderX(noName, { level: 'COMFORT' }))
    expect(e.errorCode).toBe('INVALID_PAYLOAD')
    expect(e.message).toBe('ram:ShipToTradeParty: Order-X requires Name (deliver-to name BT-70 and address BG-15), which the invoice does not give')
    const noAddress = { ...model, buyer: { ...model.buyer, address: undefined } }
    expect(failure(() => writeOrderX(noAddress, { level: 'BASIC' })).details).toEqual({ party: 'ram:BuyerTradeParty', missing: 'PostalTradeAddress' })
  })

  it('writes no VAT element for a blank category (a model read from a BASIC order), rather than an invalid empty code', () => {
    const { model } = ox('invoice', 'COMFORT')
    const lines = model.lines.map((l) => ({ ...l, vat: { categoryCode: '' } }))
    const xml = writeOrderX({ ...model, lines }, { level: 'COMFORT' })
    expect(xml).not.toContain('<ram:CategoryCode></ram:CategoryCode>')
    expect(xml).not.toContain('<ram:CategoryCode/>')
  })

  it('reports bad JSON as such, not as an Order-X problem', () => {
    expect(failure(() => invoiceJsonToXml('{"number": ', { format: 'ox', profile: 'BASIC', version: 2 })).errorCode).toBe('INVALID_JSON')
  })
})
