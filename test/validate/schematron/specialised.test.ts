import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FACTURX_NAMESPACES } from '../../../src/validate/facturx/index.js'
import { FX_BASIC } from '../../../src/validate/facturx/tables/fx-basic.js'
import { FX_BASICWL } from '../../../src/validate/facturx/tables/fx-basicwl.js'
import { FX_EN16931 } from '../../../src/validate/facturx/tables/fx-en16931.js'
import { FX_EXTENDED } from '../../../src/validate/facturx/tables/fx-extended.js'
import { FX_MINIMUM } from '../../../src/validate/facturx/tables/fx-minimum.js'
import { ORDERX_NAMESPACES } from '../../../src/validate/orderx/index.js'
import { OX_BASIC } from '../../../src/validate/orderx/ox-basic-table.js'
import { OX_COMFORT } from '../../../src/validate/orderx/ox-comfort-table.js'
import { OX_EXTENDED } from '../../../src/validate/orderx/ox-extended-table.js'
import { type Compiled, compile, compileGeneric, envOfRun } from '../../../src/validate/schematron/compile.js'
import { parseXPath } from '../../../src/validate/schematron/parser.js'
import { compilePattern } from '../../../src/validate/schematron/pattern.js'
import type { SchematronTable } from '../../../src/validate/schematron/rule-table.js'
import { Decimal } from '../../../src/model/decimal.js'
import { functionFor } from '../../../src/validate/schematron/functions.js'
import { type Atomic, XPathDynamicError, arithmetic, dec, xpathDivide } from '../../../src/validate/schematron/values.js'
import { type XmlElement, parseXml } from '../../../src/xml/index.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../../helpers/corpus.js'
import { subLineChain } from '../../helpers/sub-line-chain.js'
import { PACKAGE_ROOT } from '../../../src/version.js'

noteIfNoCorpus('validate/schematron/specialised')

// The specialised forms of compile.ts (plain paths, comparisons with literals, child steps with
// boolean predicates, document-wide parts kept per run, memoised parts) must give what the general
// evaluation gives: the same value, or the same dynamic error, for every row of every Factur-X and
// Order-X table on every element its context matches, in corpus documents and in copies whose
// amounts are made odd (white space, exponents, empty, not a number) so that errors occur.

type Outcome = string

function outcome(run: () => unknown): Outcome {
  try {
    return JSON.stringify(run())
  } catch (err) {
    if (err instanceof XPathDynamicError) return `error ${err.code}: ${err.message}`
    throw err
  }
}

const ODD = [' 12.50 ', 'abc', '', '1e2', '-0', '+7', '.5', 'NaN']

/** The document with every number-like text replaced, in turn, by one of the odd values. */
function oddAmounts(xml: string): string {
  let k = 0
  return xml.replace(/>(-?\d+(?:\.\d+)?)</g, () => `>${ODD[k++ % ODD.length]}<`)
}

function elements(e: XmlElement, out: XmlElement[] = []): XmlElement[] {
  out.push(e)
  for (const c of e.children) elements(c, out)
  return out
}

type Pair = { source: string; fast: Compiled; general: Compiled }

const PAIRS = new Map<SchematronTable, { context: string; rows: Pair[] }[]>()

function pairsOf(table: SchematronTable, namespaces: Readonly<Record<string, string>>): { context: string; rows: Pair[] }[] {
  const known = PAIRS.get(table)
  if (known !== undefined) return known
  const cache = new Map<string, Pair>()
  const byContext = table.contexts.map(([, context]) => ({ context, rows: [] as Pair[] }))
  for (const [, , ctx, , source] of table.rows) {
    let p = cache.get(source)
    if (p === undefined) {
      const expr = parseXPath(source, namespaces)
      cache.set(source, (p = { source, fast: compile(expr), general: compileGeneric(parseXPath(source, namespaces)) }))
    }
    byContext[ctx]?.rows.push(p)
  }
  PAIRS.set(table, byContext)
  return byContext
}

/** Compares both forms on every (row, matching element) pair; returns how many pairs were compared. */
function compareOn(xml: string, tables: readonly [SchematronTable, Readonly<Record<string, string>>][]): number {
  const doc = parseXml(xml)
  const all = elements(doc.root)
  let compared = 0
  for (const [table, namespaces] of tables) {
    // One evaluation state per form and document, as in a validation run.
    const fastEnv = envOfRun({}, doc.root)
    const generalEnv = envOfRun({}, doc.root)
    for (const { context, rows } of pairsOf(table, namespaces)) {
      if (rows.length === 0) continue
      const matcher = compilePattern(context, namespaces)
      const locals = matcher.locals === undefined ? undefined : new Set(matcher.locals)
      for (const el of all) {
        if ((locals !== undefined && !locals.has(el.local)) || !matcher.matches(el)) continue
        for (const { source, fast, general } of rows) {
          const where = `${source} on ${el.qname} line ${el.line}`
          expect(outcome(() => fast.bool(el, 1, 1, fastEnv)), where).toBe(outcome(() => general.bool(el, 1, 1, generalEnv)))
          expect(outcome(() => fast.count(el, 1, 1, fastEnv)), where).toBe(outcome(() => general.count(el, 1, 1, generalEnv)))
          compared++
        }
      }
    }
  }
  return compared
}

const FX: [SchematronTable, Readonly<Record<string, string>>][] = [FX_MINIMUM, FX_BASICWL, FX_BASIC, FX_EN16931, FX_EXTENDED].map((t) => [t, FACTURX_NAMESPACES])
const OX: [SchematronTable, Readonly<Record<string, string>>][] = [OX_BASIC, OX_COMFORT, OX_EXTENDED].map((t) => [t, ORDERX_NAMESPACES])

describe.skipIf(!hasCorpus)('specialised compiled expressions agree with the general evaluation', () => {
  const entries = oracle().filter((e) => e.kind === 'invoice' || e.kind === 'order')
  const cii = entries.filter((e) => e.syntax === 'CII' && e.file.endsWith('.xml'))
  // Every sixth CII invoice (about 25, all profiles), every Order-X document.
  const invoices = cii.filter((_, i) => i % 6 === 0)
  const orders = entries.filter((e) => e.syntax === 'Order-X' && e.file.endsWith('.xml'))

  /** Each document as written and with odd amounts; returns how many pairs were compared. */
  const compareOnCorpus = (docs: typeof entries, tables: typeof FX): number => {
    let compared = 0
    for (const e of docs) {
      const xml = readCorpusFile(e).toString('utf8')
      compared += compareOn(xml, tables) + compareOn(oddAmounts(xml), tables)
    }
    return compared
  }

  it('on Factur-X tables over corpus CII invoices, as written and with odd amounts', () => {
    expect(invoices.length).toBeGreaterThan(20)
    expect(compareOnCorpus(invoices, FX)).toBeGreaterThan(50_000)
  }, 300_000)

  it('on Factur-X tables over the sub-line invoices (ParentLineID) and a chain of sub-lines, as written and with odd amounts', () => {
    // Their rules over the line hierarchy are document-wide parts with variables bound inside them
    // (`every $item in //… satisfies …`): kept once per run, they must still equal the general value.
    const withSubLines = cii.filter((e) => readCorpusFile(e).includes('ParentLineID'))
    expect(withSubLines.length).toBeGreaterThanOrEqual(4)
    let compared = compareOnCorpus(withSubLines, FX)
    const chain = subLineChain(12)
    const parentless = chain.replace('<ram:ParentLineID>L5<', '<ram:ParentLineID>X5<')
    const offTotal = chain.replace(/(<ram:LineID>L7<\/ram:LineID>[\s\S]*?<ram:LineTotalAmount>)600\.00/, '$1601.00')
    for (const xml of [chain, parentless, offTotal]) compared += compareOn(xml, FX) + compareOn(oddAmounts(xml), FX)
    expect(compared).toBeGreaterThan(10_000)
  }, 300_000)

  it('on Order-X tables over the corpus orders, as written and with odd amounts', () => {
    expect(orders.length).toBeGreaterThanOrEqual(2)
    expect(compareOnCorpus(orders, OX)).toBeGreaterThan(1_000)
  }, 300_000)
})

describe('keyed selections over a document-wide prefix (BR-S-08 per VAT rate) agree with the general evaluation', () => {
  // Lines and breakdowns under many rates, each written in several forms that are equal as decimals
  // (19, 19.00, 019.0) or are not decimals at all, with categories that the first conjunct filters.
  const FORMS = ['19', '19.00', '019.0', '7', '7.0', '0', '-0', '0.00', '5.5', ' 19 ', 'abc', '', '1e1']
  const base = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`, 'utf8')
  const start = base.indexOf('<ram:IncludedSupplyChainTradeLineItem>')
  const end = base.indexOf('<ram:ApplicableHeaderTradeAgreement>')
  const line = base.slice(start, base.indexOf('</ram:IncludedSupplyChainTradeLineItem>') + '</ram:IncludedSupplyChainTradeLineItem>'.length)
  const settlement = base.indexOf('<ram:ApplicableHeaderTradeSettlement>')
  const tax = /<ram:ApplicableTradeTax>[\s\S]*?<\/ram:ApplicableTradeTax>/.exec(base.slice(settlement))?.[0] ?? expect.fail('no breakdown')
  const rate = (xml: string, r: string): string => xml.replace(/<ram:RateApplicablePercent>[^<]*</, `<ram:RateApplicablePercent>${r}<`)
  const category = (xml: string, c: string): string => xml.replace(/<ram:CategoryCode>[^<]*</, `<ram:CategoryCode>${c}<`)

  const charge = (indicator: string, r: string, amount: string): string =>
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${indicator}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${amount}</ram:ActualAmount><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${r}</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`

  /**
   * `forms` rates on 3 lines each (categories S, S, Z), on one breakdown each and on a document
   * level allowance or charge each, whose indicators take `indicators` in turn.
   */
  function invoice(forms: readonly string[], indicators: readonly string[] = ['true', 'false']): string {
    let lines = ''
    forms.forEach((r, i) => {
      for (const [k, c] of ['S', 'S', 'Z'].entries()) lines += category(rate(line, r), c).replace(/<ram:LineID>[^<]*</, `<ram:LineID>${3 * i + k + 1}<`)
    })
    const breakdowns = forms.map((r) => rate(tax, r)).join('') + forms.map((r, i) => charge(indicators[i % indicators.length] as string, r, `${i + 1}.00`)).join('')
    const head = base.slice(0, start) + lines + base.slice(end)
    const at = head.indexOf(tax, head.indexOf('<ram:ApplicableHeaderTradeSettlement>'))
    return head.slice(0, at) + breakdowns + head.slice(at + tax.length)
  }

  it('with rates equal as decimals but written differently, and with rates that are not decimals (errors)', () => {
    let compared = 0
    for (const forms of [FORMS.slice(0, 9), FORMS, ['19', '7', '0'], Array.from({ length: 40 }, (_, i) => String(i % 20) + (i % 3 === 0 ? '.0' : ''))]) {
      const xml = invoice(forms)
      compared += compareOn(xml, FX) + compareOn(oddAmounts(xml), FX)
    }
    expect(compared).toBeGreaterThan(5_000)
  }, 120_000)

  const LINES = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement'

  /** Compares both evaluations of `source` on every header breakdown; counts the breakdowns with a value worth having (`worth`). */
  function compareOnBreakdowns(source: string, xml: string, worth: (outcome: Outcome) => boolean): number {
    const fast = compile(parseXPath(source, FACTURX_NAMESPACES))
    const general = compileGeneric(parseXPath(source, FACTURX_NAMESPACES))
    const doc = parseXml(xml)
    const fastEnv = envOfRun({}, doc.root)
    const generalEnv = envOfRun({}, doc.root)
    let values = 0
    for (const el of elements(doc.root).filter((e) => e.local === 'ApplicableTradeTax' && e.parent?.local === 'ApplicableHeaderTradeSettlement')) {
      const expected = outcome(() => general.seq(el, 1, 1, generalEnv))
      expect(outcome(() => fast.seq(el, 1, 1, fastEnv)), `${source} on line ${el.line}`).toBe(expected)
      if (!expected.startsWith('error') && expected !== '[]' && worth(expected)) values++
    }
    return values
  }
  it.each([
    // BR-S-08's sum per rate: the key is the second conjunct (a decimal), after a harmless text test.
    `for $rate in ram:RateApplicablePercent/xs:decimal(.) return sum(${LINES}[ram:ApplicableTradeTax/ram:CategoryCode = 'S' and ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate]/ram:SpecifiedTradeSettlementLineMonetarySummation/xs:decimal(ram:LineTotalAmount))`,
    `for $rate in ram:RateApplicablePercent/xs:decimal(.) return count(${LINES}[ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate and ram:ApplicableTradeTax/ram:CategoryCode = 'Z'])`,
    // EXTENDED's form: the key after a conjunct that cannot raise an error (`not(…) or … = 'DETAIL'`).
    `for $rate in ram:RateApplicablePercent/xs:decimal(.) return count(/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[(not(ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode) or ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode = 'DETAIL') and ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode = 'S' and ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate])`,
    // BR-S-08's charges: the key after a conjunct that may raise (an indicator that is no boolean).
    `for $rate in ram:RateApplicablePercent/xs:decimal(.) return sum(/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator=true() and ram:CategoryTradeTax/ram:CategoryCode='S' and ram:CategoryTradeTax/xs:decimal(ram:RateApplicablePercent)=$rate]/xs:decimal(ram:ActualAmount))`,
    // Text keys through a variable, and a constant key.
    `for $c in ram:CategoryCode return count(${LINES}[ram:ApplicableTradeTax/ram:CategoryCode = $c])`,
    `count(${LINES}[ram:ApplicableTradeTax/ram:CategoryCode = 'S' and ram:ApplicableTradeTax/ram:TypeCode = 'VAT'])`,
    // Untyped keys against a decimal: compared as numbers, so not looked up as text.
    `for $rate in ram:RateApplicablePercent/xs:decimal(.) return count(${LINES}[ram:ApplicableTradeTax/ram:CategoryCode = 'S' and ram:ApplicableTradeTax/ram:RateApplicablePercent = $rate])`,
  ])('%s', (source) => {
    let values = 0
    for (const [forms, indicators] of [[FORMS.slice(0, 9), undefined], [FORMS, undefined], [['19', '19.0', '7'], undefined], [FORMS.slice(0, 9), ['true', 'false', 'maybe']]] as const) {
      for (const xml of [invoice(forms, indicators), oddAmounts(invoice(forms, indicators))]) {
        values += compareOnBreakdowns(source, xml, (o) => !o.includes('"v":0}') && !o.includes('"0"'))
      }
    }
    // Some breakdowns select lines (a test where nothing matches would prove little).
    expect(values).toBeGreaterThan(3)
  })

  // With the key as the last conjunct the index alone answers: a line must come back once when two
  // of its taxes or two values of V match, and a line of no such key never.
  it.each([
    `sum(${LINES}[ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = (19, 7)]/ram:SpecifiedTradeSettlementLineMonetarySummation/xs:decimal(ram:LineTotalAmount))`,
    `for $rate in ram:RateApplicablePercent/xs:decimal(.) return count(${LINES}[ram:ApplicableTradeTax/ram:CategoryCode = 'S' and ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate])`,
    // `for` keeps the selection's order (a later step would sort it again).
    `string-join(for $l in ${LINES}[ram:ApplicableTradeTax/ram:CategoryCode = ('Z', 'S')] return $l/../ram:AssociatedDocumentLineDocument/ram:LineID, ',')`,
    `string-join(for $l in ${LINES}[ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = (7, 19)] return $l/../ram:AssociatedDocumentLineDocument/ram:LineID, ',')`,
  ])('a line with two taxes: %s', (source) => {
    const twoTaxes = (xml: string): string => {
      // The second line gets a second tax of another rate and category after its first.
      const at = xml.indexOf('</ram:ApplicableTradeTax>', xml.indexOf('<ram:LineID>2<')) + '</ram:ApplicableTradeTax>'.length
      const taxStart = xml.lastIndexOf('<ram:ApplicableTradeTax>', at)
      return xml.slice(0, at) + category(rate(xml.slice(taxStart, at), '7'), 'Z') + xml.slice(at)
    }
    let values = 0
    for (const xml of [twoTaxes(invoice(['19', '7', '19.0'])), twoTaxes(invoice(['7', '7', '19']))]) values += compareOnBreakdowns(source, xml, () => true)
    expect(values).toBeGreaterThan(3)
  })
})

describe('parts kept once per run are only those that do not read the context item', () => {
  const ram = FACTURX_NAMESPACES['ram'] as string
  const doc = parseXml(
    `<ram:R xmlns:ram="${ram}"><ram:A><ram:ID>x</ram:ID></ram:A><ram:A><ram:ID>y</ram:ID><ram:ID>z</ram:ID></ram:A><ram:A/></ram:R>`,
  )
  const contexts = doc.root.children

  it.each([
    // A path from a primary expression that reads the focus depends on it; one from a variable does not.
    ['count((.)/ram:ID)', [1, 2, 0]],
    ['every $x in (.)/ram:ID satisfies $x != \'z\'', [true, false, true]],
    ['some $a in //ram:A satisfies count($a/ram:ID) = count(ram:ID)', [true, true, true]],
    ['every $a in //ram:A satisfies count($a/ram:ID) < 2', [false, false, false]],
    ['some $i in //ram:ID satisfies normalize-space($i) = normalize-space(ram:ID[1])', [true, true, false]],
  ] as const)('%s', (source, expected) => {
    const fast = compile(parseXPath(source, FACTURX_NAMESPACES))
    const general = compileGeneric(parseXPath(source, FACTURX_NAMESPACES))
    const env = envOfRun({}, doc.root)
    const value = (c: Compiled, el: XmlElement): boolean | number => {
      if (typeof expected[0] === 'boolean') return c.bool(el, 1, 1, env)
      const [n] = c.seq(el, 1, 1, env) as [Atomic]
      return Number(String(n.v))
    }
    expect(contexts.map((el) => value(fast, el))).toEqual(expected)
    expect(contexts.map((el) => value(general, el))).toEqual(expected)
  })
})

describe('decimal arithmetic shortcuts keep decimal.js results', () => {
  const VALUES = ['0', '-0', '1', '-1', '0.005', '12.345', '-12.345', '1234567.891', '99999999999999.999999', '123456789012345678901234567890.123456789', '-0.000000000001', '7e40', '1e-40']
  const same = (a: Atomic, b: Decimal, what: string): void => {
    expect(a.t, what).toBe('dec')
    const v = (a as Atomic & { t: 'dec' }).v
    expect([v.s, v.e, v.d], what).toEqual([b.s, b.e, b.d])
  }

  it('divides by a power of ten (a product with its reciprocal) as the division does', () => {
    for (const x of VALUES) {
      for (const y of ['1', '10', '100', '1000', '10000000', '100000000', '1e20']) {
        same(arithmetic('div', dec(new Decimal(x)), dec(new Decimal(y))), new Decimal(x).dividedBy(new Decimal(y)), `${x} div ${y}`)
      }
      // Other divisors take Saxon's division (xpathDivide), exact where the quotient terminates.
      for (const y of ['3', '0.1', '-100']) {
        same(arithmetic('div', dec(new Decimal(x)), dec(new Decimal(y))), xpathDivide(new Decimal(x), new Decimal(y)), `${x} div ${y}`)
        if (y !== '3') expect(xpathDivide(new Decimal(x), new Decimal(y)).eq(new Decimal(x).dividedBy(new Decimal(y))), `${x} div ${y}`).toBe(true)
      }
    }
  })

  it('rounds integers and takes absolute values of positives as decimal.js does', () => {
    const round = functionFor('round') ?? expect.fail('round')
    const abs = functionFor('abs') ?? expect.fail('abs')
    for (const x of [...VALUES, '2.5', '-2.5', '100', '-100']) {
      same(round({ args: [[dec(new Decimal(x))]], context: undefined })[0] as Atomic, new Decimal(x).toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL), `round(${x})`)
      same(abs({ args: [[dec(new Decimal(x))]], context: undefined })[0] as Atomic, new Decimal(x).abs(), `abs(${x})`)
    }
  })
})

describe('context predicates decided on the element (literal comparisons, empty leaves) agree with compiled XPath', () => {
  /** Whether the element's own and its ancestors' names match one alternative of the context path (names only). */
  const namesMatch = (el: XmlElement, path: NonNullable<ReturnType<typeof compilePattern>['path']>): boolean =>
    path.some(({ absolute, steps }) => {
      let at: XmlElement | undefined = el
      for (let k = steps.length - 1; k >= 0; k--) {
        if (at === undefined || !(steps[k] as readonly { ns: string | undefined; local: string | undefined }[]).some((t) => (t.local === undefined || t.local === at?.local) && (t.ns === undefined || t.ns === at?.ns))) return false
        at = at.parent
      }
      return !absolute || at === undefined
    })

  // Category codes, indicators and scheme identifiers written as the predicates' literals and in
  // forms that must not equal them (padded, lower case, empty) or must (split by a comment, CDATA).
  const base = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`, 'utf8')
  const FORMS = ['S', ' S', 'S ', 's', '', 'AE', 'S<!-- x -->', '<![CDATA[Z]]>', 'E<!-- x -->E']
  const variants = FORMS.map((form, i) =>
    base
      .replace(/<ram:CategoryCode>[^<]*</g, `<ram:CategoryCode>${form}<`)
      .replace(/<udt:Indicator>[^<]*</g, `<udt:Indicator>${['true', 'false', ' true', 'TRUE', ''][i % 5] ?? ''}<`)
      .replace(/schemeID="VA"/g, ['schemeID="VA"', 'schemeID=" VA"', 'schemeID="va"', 'schemeID=""'][i % 4] ?? ''),
  )

  it('on every context with predicates of the Factur-X and Order-X tables', () => {
    let compared = 0
    let matched = 0
    for (const [table, namespaces] of [...FX, ...OX]) {
      for (const [, context] of table.contexts) {
        const matcher = compilePattern(context, namespaces)
        if (matcher.path === undefined || matcher.where === undefined) continue
        for (const xml of variants) {
          for (const el of elements(parseXml(xml).root)) {
            if (!namesMatch(el, matcher.path)) continue
            const general = matcher.matches(el)
            expect(matcher.where(el), `${context} on ${el.qname} line ${el.line}`).toBe(general)
            compared++
            if (general) matched++
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(2_000)
    expect(matched).toBeGreaterThan(100)
  })
})
