import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EVALUATION_RULE_ID } from '../../src/validate/schematron/rule-table.js'
import { validateXml } from '../../src/validate/validate-xml.js'
import { CORPUS_DIR, hasCorpus } from '../helpers/corpus.js'
import { corpusVariant, errorRules } from '../helpers/rule-variants.js'

// Where einvoice's CEN rules must read the document as the official tests do, not as the rules'
// wording does. Each variant changes lines of a corpus invoice that the official rules find
// without errors; verdicts and error sets are refcheck's (Saxon with the CEN, KoSIT and Factur-X
// stylesheets), recorded when this test was written. All were found by a mutation run against
// refcheck (session 14), and einvoice called the first six valid.

const XR_CII = 'mustang/validator/src/test/resources/01.01a-INVOICE_uncefact.xml'
const XR_CII_BR_DE_27 = 'kosit-xrechnung-schematron/test/instances/cii/cii-br-de-27-test.xml'
const PEPPOL_UBL = 'cen-en16931/test/testfiles/BIS_Billing_30-Tjanster_Kopiering.xml'
const CONTRACT_CII = 'mustang/library/src/test/resources/test_invoice_contract.xml'
const XR_UBL_BR_DE_1 = 'kosit-xrechnung-schematron/test/instances/ubl-inv/ubl-inv-br-de-1-test.xml'
const XR_CII_03_02 = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/03.02a-INVOICE_uncefact.xml'
const CII_B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
const XR_CII_COMPREHENSIVE = 'kosit-xrechnung-testsuite/src/test/technical-cases/cius/01.02_comprehensive_test_uncefact.xml'

const doubled = (element: string): string => element + element

/** Every layer's stop finding on this document, in report order. */
const stopsOf = (xml: string) => validateXml(Buffer.from(xml, 'utf8')).findings.filter((f) => f.ruleId === EVALUATION_RULE_ID)

/** The one fatal finding of a layer whose official transform stops on this document. */
function stopped(xml: string): { layer: string; message: string } | undefined {
  const r = validateXml(Buffer.from(xml, 'utf8'))
  const f = r.findings.find((x) => x.ruleId === EVALUATION_RULE_ID)
  return f === undefined ? undefined : { layer: f.layer, message: f.message }
}

describe.skipIf(!hasCorpus)('the official CEN tests stop on two values where they take one', () => {
  it('starts from invoices that are valid', () => {
    for (const file of [XR_CII, PEPPOL_UBL]) expect(validateXml(Buffer.from(corpusVariant(file, []), 'utf8')).valid).toBe(true)
  })

  it('CII: a line with two item names (BR-25 takes normalize-space() of one)', () => {
    const name = '<ram:Name>Zeitschrift [...]</ram:Name>'
    const xml = corpusVariant(XR_CII, [[32, name, doubled(name)]])
    const f = stopped(xml)
    expect(f?.layer).toBe('en16931')
    expect(f?.message).toMatch(/EN 16931 rule BR-25 cannot be evaluated on ram:IncludedSupplyChainTradeLineItem: normalize-space\(\) expects one value, got 2/)
    expect(validateXml(Buffer.from(xml, 'utf8')).valid).toBe(false)
  })

  it('CII: a VAT breakdown with two tax amounts (BR-CO-17 casts one)', () => {
    const amount = '<ram:CalculatedAmount>22.04</ram:CalculatedAmount>'
    const f = stopped(corpusVariant(XR_CII_BR_DE_27, [[154, amount, doubled(amount)]]))
    expect(f?.layer).toBe('en16931')
    expect(f?.message).toMatch(/xs:decimal\(\) expects one value, got 2/)
  })

  it('UBL: an invoice period with two end dates (xs:date() of one)', () => {
    const end = '<cbc:EndDate>2006-12-31</cbc:EndDate>'
    const f = stopped(corpusVariant(PEPPOL_UBL, [[159, end, doubled(end)]]))
    expect(f?.layer).toBe('en16931')
    expect(f?.message).toMatch(/xs:date\(\) expects one value, got 2/)
  })

  it('a context predicate that cannot be evaluated is a non-match, not a stop (XSLT 3.0, as Saxon)', () => {
    // `//ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator=false()]/…` on a line
    // allowance's "FALSE": no xs:boolean (XSD-invalid), and the official CEN transform goes on.
    const xml = corpusVariant(XR_CII_COMPREHENSIVE, [[132, '<udt:Indicator>false</udt:Indicator>', '<udt:Indicator>FALSE</udt:Indicator>']])
    expect(stopped(xml)).toBeUndefined()
  })

  it('a value its type rejects stops where an official test casts it (CII: a blank breakdown tax amount)', () => {
    const stops = stopsOf(corpusVariant(CII_B1, [[410, '365.13', ' ']]))
    expect(stops.map((f) => [f.layer, f.params.rule])).toEqual([
      ['facturx', 'BR-CO-17'],
      ['en16931', 'BR-CO-17'],
    ])
    expect(stops[1]?.message).toMatch(/" " is not a decimal number/)
  })

  it('a general comparison casts too (CII BR-27: a blank net price compared with 0)', () => {
    const stops = stopsOf(corpusVariant(CII_B1, [[70, '<ram:ChargeAmount>1273</ram:ChargeAmount>', '<ram:ChargeAmount> </ram:ChargeAmount>']]))
    expect(stops.map((f) => [f.layer, f.params.rule])).toEqual([
      ['facturx', 'BR-27'],
      ['en16931', 'BR-27'],
    ])
  })

  it('a warning casts too (CII-SR-119: a blank gross price allowance indicator compared with false())', () => {
    const stops = stopsOf(corpusVariant(CII_B1, [[64, '<udt:Indicator>false</udt:Indicator>', '<udt:Indicator></udt:Indicator>']]))
    expect(stops.map((f) => [f.layer, f.params.rule])).toEqual([['en16931', 'CII-SR-119']])
  })

  it('UBL: a blank breakdown tax amount stops the CEN rules (BR-CO-14 sums it); a date with an NBSP, which no test casts, does not', () => {
    const blank = corpusVariant('cen-en16931/ubl/examples/guide-example1.xml', [[81, '10.99', ' ']])
    const f = stopped(blank)
    expect(f?.layer).toBe('en16931')
    expect(f?.message).toMatch(/EN 16931 rule BR-CO-14 cannot be evaluated/)
    const issueDate = readFileSync(join(CORPUS_DIR, 'cen-en16931/ubl/examples/guide-example1.xml'), 'utf8').split('\n').findIndex((l) => l.includes('<cbc:IssueDate>'))
    expect(stopped(corpusVariant('cen-en16931/ubl/examples/guide-example1.xml', [[issueDate + 1, '<cbc:IssueDate>', '<cbc:IssueDate>\u00a0']]))).toBeUndefined()
  })

  it('repeated elements the tests read as sets stop nothing', () => {
    // Two seller tax registrations (VA and FC), common in the corpus: BR-56's test runs, no error.
    expect(stopped(corpusVariant(XR_CII, []))).toBeUndefined()
    const amount = '<ram:CalculatedAmount>22.04</ram:CalculatedAmount>'
    expect(stopped(corpusVariant(XR_CII_BR_DE_27, [[154, amount, amount]]))).toBeUndefined()
  })
})

describe.skipIf(!hasCorpus)('CEN rules read on the tree as the official tests do', () => {
  it('CII BR-30: a line period whose end date has no format 102 fails (string comparison of the 102 dates)', () => {
    expect(errorRules(corpusVariant(CONTRACT_CII, [[56, 'format="102"', 'format=""']]))).toContain('BR-30')
  })

  it('CII BR-30: a line period with an empty end date fails', () => {
    const xml = corpusVariant(CONTRACT_CII, [[56, '<udt:DateTimeString format="102">20250112</udt:DateTimeString>', '']])
    expect(errorRules(xml)).toContain('BR-30')
  })

  // XPath orders strings by code point; JavaScript's `<` by UTF-16 unit, which puts a character
  // outside the BMP (a surrogate pair) before U+E000…U+FFFF. Error sets are refcheck's.
  it('CII BR-30 (CEN and Factur-X) and XRechnung R110/R111 compare the date strings in code point order', () => {
    const full = '\uff10' // FULLWIDTH DIGIT ZERO
    const astral = '\u{1d7ce}' // MATHEMATICAL BOLD DIGIT ZERO, a surrogate pair
    const B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
    const line = (start: string, end: string) =>
      validateXml(Buffer.from(corpusVariant(B1, [[85, '20130601', start], [88, '20130601', end]]), 'utf8')).findings
        .filter((f) => f.ruleId === 'BR-30' && (f.severity === 'fatal' || f.severity === 'error')).map((f) => f.layer).sort()
    expect(line(`2013010${full}`, `2013010${astral}`)).toEqual([])
    expect(line(`2013010${astral}`, `2013010${full}`)).toEqual(['en16931', 'facturx'])
    const XR_PERIODS = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/03.05a-INVOICE_uncefact.xml'
    const xr = (changes: [number, string, string][]) =>
      validateXml(Buffer.from(corpusVariant(XR_PERIODS, changes), 'utf8')).findings.filter((f) => f.layer === 'xrechnung' && f.severity === 'fatal').map((f) => f.ruleId)
    // Header start then line 1's start; lines 2 and 3 start on 20160101, before either header start.
    expect(xr([[214, '20160101', `2016010${full}`], [50, '20160101', `2016010${astral}`]])).toEqual(Array(2).fill('PEPPOL-EN16931-R110'))
    expect(xr([[214, '20160101', `2016010${astral}`], [50, '20160101', `2016010${full}`]])).toEqual(Array(3).fill('PEPPOL-EN16931-R110'))
    expect(xr([[217, '20160131', `2016013${astral}`], [53, '20160131', `2016013${full}`]])).toEqual([])
    expect(xr([[217, '20160131', `2016013${full}`], [53, '20160131', `2016013${astral}`]])).toEqual(['PEPPOL-EN16931-R111'])
  })

  it('UBL BR-32: an allowance whose only tax category is of another scheme has no VAT category', () => {
    expect(errorRules(corpusVariant(XR_UBL_BR_DE_1, [[191, '<cbc:ID>VAT</cbc:ID>', '<cbc:ID>M</cbc:ID>']]))).toEqual(['BR-32'])
  })

  // CII_B1: a line allowance (line 95) and charge (102), a document allowance (446), the total
  // VAT amount 365.28 NOK (477), the invoice currency NOK (386).
  const cases: [name: string, changes: [number, string, string][], expected: string[]][] = [
    ['BR-31: a document allowance without amount (the model read it as 0)', [[446, '<ram:ActualAmount>100</ram:ActualAmount>', '']], ['BR-31', 'BR-CO-11', 'BR-S-08', 'FX-SCH-A-000184']],
    ['BR-41: a line allowance without amount', [[95, '<ram:ActualAmount>12</ram:ActualAmount>', '']], ['BR-41', 'FX-SCH-A-000544']],
    ['BR-43: a line charge without amount', [[102, '<ram:ActualAmount>12</ram:ActualAmount>', '']], ['BR-43', 'FX-SCH-A-000547']],
    ['BR-DEC-13: a total VAT amount in the invoice currency with three decimals', [[477, '>365.28<', '>365.281<']], ['BR-CO-14', 'BR-DEC-13']],
    [
      'BR-DEC-15: a tax currency without a total VAT amount in it',
      [[386, '<ram:InvoiceCurrencyCode>NOK</ram:InvoiceCurrencyCode>', '<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode><ram:InvoiceCurrencyCode>NOK</ram:InvoiceCurrencyCode>']],
      ['BR-53', 'BR-DEC-15'],
    ],
    // BR-CO-14 checks only the amounts whose currencyID is the invoice currency.
    ['BR-CO-14: a total VAT amount in another currency is not checked', [[477, '>365.28<', '>365.281<'], [477, 'currencyID="NOK"', 'currencyID="EUR"']], ['BR-CO-15']],
  ]
  for (const [name, changes, expected] of cases) {
    it(`CII ${name}`, () => expect(errorRules(corpusVariant(CII_B1, changes))).toEqual(expected))
  }

  it('CII BR-03: an issue date whose format is not 102 is missing for the official test', () => {
    const xml = corpusVariant('zugferd-corpus/XML-Rechnung/CII/XRECHNUNG_Betriebskostenabrechnung.cii.xml', [[101, 'format="102"', 'format=" "']])
    expect(errorRules(xml)).toContain('BR-03')
  })

  it('CII BR-AG-08 never fails: its test reads the rate one level too high (every over nothing)', () => {
    // The header breakdown of an S invoice turned into M: officially valid (refcheck).
    const xml = corpusVariant('kosit-xrechnung-schematron/test/instances/cii/cii-peppol-en16931-r111.xml', [[164, '<ram:CategoryCode>S</ram:CategoryCode>', '<ram:CategoryCode>M</ram:CategoryCode>']])
    expect(validateXml(Buffer.from(xml, 'utf8')).valid).toBe(true)
  })

  it('CII-DT-097: a date with a leading NBSP fails (XPath regex \\s is XML white space only)', () => {
    expect(errorRules(corpusVariant(XR_CII_03_02, [[18, '>20171211<', '>\u00a020171211<']]))).toEqual(['CII-DT-097'])
  })

  // The reference's Saxon 9.9 knows the digits of Unicode 6: a year that starts with a digit Unicode
  // added later (here Adlam, 9.0) fails the date pattern officially; an Arabic-Indic one passes
  // (refcheck; einvoice took any digit of the running JavaScript's Unicode until session 28).
  it('CII-DT-097: a date whose year starts with an Adlam digit fails (Saxon\'s \\d is Unicode 6)', () => {
    expect(errorRules(corpusVariant(XR_CII_03_02, [[18, '>20171211<', '>\u{1E952}0171211<']]))).toEqual(['CII-DT-097'])
    expect(errorRules(corpusVariant(XR_CII_03_02, [[18, '>20171211<', '>\u06620171211<']]))).toEqual([])
  })

  // XPath orders strings by code point; JavaScript's `<` by UTF-16 unit, where a character outside
  // the BMP (a surrogate pair, D800-DFFF) sorts before U+E000-U+FFFF. The CII period rules compare
  // the 102 texts as strings: a year starting with a mathematical bold 2 (U+1D7D0) against one
  // starting with a full-width 2 (U+FF12), both digits for CII-DT-097 (refcheck for each).
  const BOLD_2 = '\u{1D7D0}'
  const WIDE_2 = '\uFF12'
  const CII_B2 = 'cen-en16931/cii/examples/CII_business_example_02.xml'
  const XR_CII_01_07 = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.07a-INVOICE_uncefact.xml'
  const codePointOrder: [name: string, file: string, changes: [number, string, string][], expected: string[]][] = [
    ['CII BR-29: an end after a start in UTF-16 units but before it in code points fails', CII_B2, [[166, '>20130101<', `>${BOLD_2}0130101<`], [169, '>20130401<', `>${WIDE_2}0130401<`]], ['BR-29']],
    ['CII BR-29: an end after the start in code points passes', CII_B2, [[166, '>20130101<', `>${WIDE_2}0130101<`], [169, '>20130401<', `>${BOLD_2}0130401<`]], []],
    ['CII PEPPOL-EN16931-R111: a line period ending after the invoice period in code points', XR_CII_01_07, [[60, '>20160630<', `>${BOLD_2}0160630<`], [136, '>20160630<', `>${WIDE_2}0160630<`]], ['PEPPOL-EN16931-R111']],
    ['CII PEPPOL-EN16931-R111: a line period ending before the invoice period in code points', XR_CII_01_07, [[60, '>20160630<', `>${WIDE_2}0160630<`], [136, '>20160630<', `>${BOLD_2}0160630<`]], []],
    ['CII PEPPOL-EN16931-R110, BR-29, BR-30: starts compared in code points', XR_CII_01_07, [[57, '>20160601<', `>${WIDE_2}0160601<`], [133, '>20160601<', `>${BOLD_2}0160601<`]], ['BR-29', 'BR-30', 'PEPPOL-EN16931-R110']],
  ]
  for (const [name, file, changes, expected] of codePointOrder) {
    it(name, () => expect(errorRules(corpusVariant(file, changes))).toEqual(expected))
  }

  // BR-CL-24 compares the MIME code as written (no normalize-space): a padded code is not in the
  // list, though it reads the same once trimmed (found by the attribute probes of session 24;
  // einvoice called these valid before).
  const paddedMime: [name: string, file: string, changes: [number, string, string][], expected: string[]][] = [
    ['UBL BR-CL-24: a MIME code with a trailing space', 'kosit-xrechnung-testsuite/src/test/business-cases/standard/02.06a-INVOICE_ubl.xml', [[18, 'mimeCode="application/pdf"', 'mimeCode="application/pdf "']], ['BR-CL-24']],
    ['UBL BR-CL-24: a MIME code with a leading space', 'kosit-xrechnung-testsuite/src/test/business-cases/standard/02.06a-INVOICE_ubl.xml', [[18, 'mimeCode="application/pdf"', 'mimeCode=" application/pdf"']], ['BR-CL-24']],
    ['CII BR-CL-24: a MIME code with a tab (a space once the attribute is read)', 'cen-en16931/cii/examples/huf_example_cii.xml', [[308, 'mimeCode="application/pdf"', 'mimeCode="\tapplication/pdf"']], ['BR-CL-24', 'FX-SCH-A-000287']],
  ]
  for (const [name, file, changes, expected] of paddedMime) {
    it(name, () => expect(errorRules(corpusVariant(file, changes))).toEqual(expected))
  }
  it('BR-CL-24: the unpadded MIME code stays valid', () => {
    expect(errorRules(corpusVariant('kosit-xrechnung-testsuite/src/test/business-cases/standard/02.06a-INVOICE_ubl.xml', []))).toEqual([])
  })

  // Presence, not content: a blank element or attribute is there for these official tests.
  const presence: [name: string, file: string, changes: [number, string, string][], expected: string[]][] = [
    ['UBL BR-62: a blank schemeID is a scheme (only BR-CL-25 rejects its value)', 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.06a-INVOICE_ubl.xml', [[22, 'schemeID="EM"', 'schemeID=" "']], ['BR-CL-25']],
    ['CII BR-AE-10: a blank exemption reason is a reason (only PEPPOL-EN16931-R008 rejects it)', 'mustang/library/src/test/resources/XRechnung_internalRecalcBug.xml', [[129, '<ram:ExemptionReason>Reverse charge</ram:ExemptionReason>', '<ram:ExemptionReason> </ram:ExemptionReason>']], ['PEPPOL-EN16931-R008']],
    ['CII BR-CO-09: an empty VAT identifier has no country prefix', 'zugferd-corpus/XML-Rechnung/CII/EN16931_Einfach_negativePaymentDue.cii.xml', [[192, '>DE123456789<', '><']], ['BR-CO-09']],
    ['UBL BR-55: a preceding invoice reference without its number', 'kosit-xrechnung-schematron/test/instances/ubl-inv/ubl-inv-br-de-26-test.xml', [[22, '<cbc:ID>PRG1502168</cbc:ID>', '']], ['BR-55', 'PEPPOL-EN16931-R008', 'UBL-SR-07']],
    ['UBL BR-56: an empty CompanyID of the tax representative is there (only R008 rejects it)', 'kosit-xrechnung-schematron/test/instances/ubl-inv/ubl-inv-peppol-en16931-r061-1.xml', [[129, '>DE124567<', '><']], ['PEPPOL-EN16931-R008']],
    ['UBL BR-56: a tax representative scheme without ID is no VAT scheme', 'kosit-xrechnung-testsuite/src/test/business-cases/standard/02.03a-INVOICE_ubl.xml', [[138, '<cbc:ID>VAT</cbc:ID>', '']], ['BR-56', 'PEPPOL-EN16931-R008', 'UBL-SR-53']],
    ['CII BR-CO-09: a VAT identifier with a leading space has none either', 'zugferd-corpus/XML-Rechnung/CII/EN16931_Sachversicherung_berechneter_Steuersatz.cii.xml', [[174, '>DE234567891<', '> DE234567891<']], ['BR-CO-09']],
  ]
  for (const [name, file, changes, expected] of presence) {
    it(name, () => expect(errorRules(corpusVariant(file, changes))).toEqual(expected))
  }

  // UBL BR-CO-13 rounds BT-106 − BT-107 + BT-108 only in the branches where a document allowance
  // or charge total is there; without either it compares BT-109 with BT-106 as written (refcheck).
  const UBL_10_TOTALS = 'cen-en16931/ubl/examples/ubl-tc434-example10.xml'
  const coThirteen: [name: string, changes: [number, string, string][], expected: string[]][] = [
    ['no document totals: BT-109 must equal BT-106 unrounded', [[107, '>229.60<', '>229.601<']], ['BR-CO-10', 'BR-CO-13', 'BR-DEC-09', 'UBL-DT-01']],
    ['an allowance total of 0: the difference is rounded', [[107, '>229.60<', '>229.601<'], [109, '</cbc:TaxInclusiveAmount>', '</cbc:TaxInclusiveAmount><cbc:AllowanceTotalAmount currencyID="EUR">0.00</cbc:AllowanceTotalAmount>']], ['BR-CO-10', 'BR-DEC-09', 'UBL-DT-01']],
    ['a charge total of 0: rounded too', [[107, '>229.60<', '>229.601<'], [109, '</cbc:TaxInclusiveAmount>', '</cbc:TaxInclusiveAmount><cbc:ChargeTotalAmount currencyID="EUR">0.00</cbc:ChargeTotalAmount>']], ['BR-CO-10', 'BR-DEC-09', 'UBL-DT-01']],
  ]
  for (const [name, changes, expected] of coThirteen) {
    it(`UBL BR-CO-13, ${name}`, () => expect(errorRules(corpusVariant(UBL_10_TOTALS, changes))).toEqual(expected))
  }

  // UBL BR-O-11…14 count category elements of another code than O: a line or allowance without
  // its category element adds none, one without cbc:ID adds '' (refcheck; found by --blocks runs).
  const UBL_O = 'cen-en16931/ubl/examples/ubl-tc434-example7.xml'
  const withoutLines = (from: number, to: number): [number, string, string][] =>
    Array.from({ length: to - from + 1 }, (_, i): [number, string, string] => [from + i, (lines7[from + i - 1] ?? '').trim(), ''])
  const lines7 = hasCorpus ? corpusVariant(UBL_O, []).split('\n') : []
  const allowance = (category: string): [number, string, string][] => [
    [88, '<cac:TaxTotal>', `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>x</cbc:AllowanceChargeReason><cbc:Amount currencyID="SEK">0.00</cbc:Amount>${category}</cac:AllowanceCharge><cac:TaxTotal>`],
  ]
  const categoryO: [name: string, changes: () => [number, string, string][], expected: string[]][] = [
    ['a line without its category is no line of another category', () => withoutLines(121, 126), ['BR-CO-04', 'BR-O-08', 'UBL-SR-48']],
    ['a line category without cbc:ID is one', () => withoutLines(122, 122), ['BR-CO-04', 'BR-O-08', 'BR-O-12']],
    ['an allowance without its category is none', () => allowance(''), ['BR-32', 'BR-CO-11']],
    ['an allowance category without cbc:ID is one', () => allowance('<cac:TaxCategory><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>'), ['BR-32', 'BR-CO-11', 'BR-O-13']],
  ]
  for (const [name, changes, expected] of categoryO) {
    it(`UBL BR-O-12/13 with an O breakdown: ${name}`, () => expect(errorRules(corpusVariant(UBL_O, changes()))).toEqual(expected))
  }

  // Whole elements deleted (refcheck on each; found by --blocks runs, seed 422).
  const blankLines = (file: string, from: number, to: number): [number, string, string][] => {
    const lines = corpusVariant(file, []).split('\n')
    return Array.from({ length: to - from + 1 }, (_, i): [number, string, string] => [from + i, (lines[from + i - 1] ?? '').trim(), ''])
  }
  it('UBL BR-CO-11/12 run in cac:LegalMonetaryTotal: without it a document allowance is compared with nothing', () => {
    const file = 'kosit-xrechnung-schematron/test/instances/ubl-cn/ubl-cn-br-de-9-test.xml'
    expect(errorRules(corpusVariant(file, blankLines(file, 214, 223)))).toEqual(['BR-CO-15'])
  })
  it('CII BR-CO-15 reads the totals from the root: without the header monetary summation it compares nothing and fails', () => {
    const file = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_uncefact.xml'
    expect(errorRules(corpusVariant(file, blankLines(file, 146, 152)))).toEqual(['BR-CO-15'])
  })
  it('UBL BR-Z-08/BR-E-08 need a line in the document (exists(//cac:CreditNoteLine) …): a credit note without lines fails them', () => {
    const file = 'kosit-xrechnung-visualization/src/test/instances/direct-debit-bt-90-payee_creditnote.xml'
    expect(errorRules(corpusVariant(file, blankLines(file, 277, 351)))).toEqual(['BR-16', 'BR-CO-10', 'BR-E-08', 'BR-S-08', 'BR-Z-08'])
  })

  it('a CII date that is no calendar date (20260230) is a warning: no official rule checks it', () => {
    const r = validateXml(Buffer.from(corpusVariant(XR_CII_03_02, [[18, '>20171211<', '>20260230<']]), 'utf8'))
    expect(r.findings.find((f) => f.ruleId === 'EINVOICE-VALUE')?.severity).toBe('warning')
    expect(r.valid).toBe(true)
  })
})

// A missing document total: the official comparisons that read it compare with nothing and fail
// (the model holds a stand-in derived from the other totals, which could pass them). Expected
// error sets are refcheck's; einvoice reported only BR-12…BR-14 on several of these before.
describe.skipIf(!hasCorpus)('a missing document total fails every official comparison that reads it', () => {
  const CII_Z = 'cen-en16931/cii/examples/CII_business_example_Z.xml'
  const UBL_10 = 'cen-en16931/ubl/examples/ubl-tc434-example10.xml'
  const cases: [name: string, file: string, line: number, element: string, expected: string[]][] = [
    ['CII without BT-106', CII_Z, 187, '<ram:LineTotalAmount>11693.87</ram:LineTotalAmount>', ['BR-12', 'BR-CO-10', 'BR-CO-13']],
    ['CII without BT-109', CII_Z, 188, '<ram:TaxBasisTotalAmount>11693.87</ram:TaxBasisTotalAmount>', ['BR-13', 'BR-CO-13', 'BR-CO-15']],
    ['CII without BT-112', CII_Z, 190, '<ram:GrandTotalAmount>11693.87</ram:GrandTotalAmount>', ['BR-14', 'BR-CO-15', 'BR-CO-16']],
    ['UBL without BT-106', UBL_10, 107, '<cbc:LineExtensionAmount currencyID="EUR">229.60</cbc:LineExtensionAmount>', ['BR-12', 'BR-CO-10', 'BR-CO-13']],
    ['UBL without BT-109', UBL_10, 108, '<cbc:TaxExclusiveAmount currencyID="EUR">229.60</cbc:TaxExclusiveAmount>', ['BR-13', 'BR-CO-13', 'BR-CO-15']],
    ['UBL without BT-112', UBL_10, 109, '<cbc:TaxInclusiveAmount currencyID="EUR">250.33</cbc:TaxInclusiveAmount>', ['BR-14', 'BR-CO-15', 'BR-CO-16']],
  ]
  for (const [name, file, line, element, expected] of cases) {
    it(name, () => expect(errorRules(corpusVariant(file, [[line, element, '']]))).toEqual(expected))
  }

  it('a blank total is there: BR-15 and BR-CO-16 ask for the element (the model holds a stand-in)', () => {
    // Officially the transform then stops on casting the blank (a documented difference); the point
    // here is that the reader's absent term does not make the element missing.
    const rules = errorRules(corpusVariant(CII_Z, [[191, '<ram:DuePayableAmount>11693.87</ram:DuePayableAmount>', '<ram:DuePayableAmount> </ram:DuePayableAmount>']]))
    expect(rules).not.toContain('BR-15')
    expect(rules).not.toContain('BR-CO-16')
  })

  it('CII tests BR-CO-18 on each line: a MINIMUM invoice read under the CEN rules has none to fail', () => {
    const xml = corpusVariant('akretion-factur-x/tests/fixtures/xml/factur-x-minimum.xml', [[12, '<ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID>', '']])
    expect(errorRules(xml)).toEqual(['BR-01', 'BR-10', 'BR-11', 'BR-12', 'BR-16', 'BR-CO-10', 'BR-CO-13', 'BR-CO-14', 'CII-SR-010'])
  })
})

// BR-08/10/19 ask for the address element, blank or not; the country rules BR-09/BR-20 then fail
// alone. Expected error sets are refcheck's; einvoice added BR-08 and BR-19 before.
describe.skipIf(!hasCorpus)('an address without content is still an address', () => {
  const MAX = 'cen-en16931/test/testfiles/Invoice-Max_content.xml'
  /** Lines from..to emptied (each holds one element or tag) and the country code at `country` blanked. */
  const emptied = (from: number, to: number, country: number): [number, string, string][] => {
    // Read when a test runs: the describe body runs even where the corpus is missing and it skips.
    const lines = readFileSync(join(CORPUS_DIR, MAX), 'utf8').split('\n')
    return [
      ...Array.from({ length: to - from + 1 }, (_, i): [number, string, string] => [from + i, (lines[from + i - 1] ?? '').trim(), '']),
      [country, '>SE<', '> <'],
    ]
  }
  it('UBL: a seller address with only a blank country code fails BR-09 alone', () => {
    expect(errorRules(corpusVariant(MAX, emptied(135, 142, 144)))).toEqual(['BR-09', 'BR-CL-14'])
  })
  it('CII: an empty seller address element fails BR-09 alone', () => {
    const B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
    const address = readFileSync(join(CORPUS_DIR, B1), 'utf8').split('\n')
    const emptiedLines = [299, 300, 301, 302, 303, 304].map((n): [number, string, string] => [n, (address[n - 1] ?? '').trim(), ''])
    expect(errorRules(corpusVariant(B1, emptiedLines))).toEqual(['BR-09', 'FX-SCH-A-000035'])
  })
  it('UBL: a tax representative address with only a blank country code fails BR-20 alone', () => {
    expect(errorRules(corpusVariant(MAX, emptied(233, 240, 242)))).toEqual(['BR-20', 'BR-CL-14'])
  })
})

// In CII, an L, M or O breakdown of the VAT type is the context of its category's rules, which
// share a pattern with the general breakdown rules: those (BR-45…48, BR-CO-17, BR-DEC-19/20) never
// see it. A breakdown without its tax amount fails the amount comparisons (BR-O-09). refcheck's
// error sets of XRechnung variants (no Factur-X layer repeating the CEN rules).
describe.skipIf(!hasCorpus)('CII breakdowns that the general breakdown rules do not see', () => {
  const O = 'cen-en16931/cii/examples/XRechnung-O.xml'
  const xrechnung: [number, string, string] = [13, 'urn:cen.eu:en16931:2017', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0']
  const peppol = ['PEPPOL-EN16931-R008', 'PEPPOL-EN16931-R040', 'PEPPOL-EN16931-R101']
  it('an O breakdown amount with three decimals (no BR-DEC-19)', () => {
    expect(errorRules(corpusVariant(O, [xrechnung, [213, '385544.60', '385544.600']]))).toEqual(peppol)
  })
  it('an O breakdown without its tax amount (BR-O-09, no BR-46 or BR-CO-17)', () => {
    expect(errorRules(corpusVariant(O, [xrechnung, [210, '<ram:CalculatedAmount>0.00</ram:CalculatedAmount>', '']]))).toEqual(['BR-O-09', ...peppol])
  })
})

/** The CEN layer's error and fatal findings of `xml`: rule id → how many (XSD findings left out). */
function cenErrorCounts(xml: string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const f of validateXml(Buffer.from(xml, 'utf8')).findings) {
    if (f.layer !== 'en16931' || (f.severity !== 'error' && f.severity !== 'fatal') || f.ruleId.startsWith('xsd:')) continue
    counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1
  }
  return counts
}

// BR-CO-03 in CII asks on each header breakdown the general rules see whether the document has a
// ram:TaxPointDate and a ram:DueDateTypeCode anywhere; the Factur-X layer asks within each
// breakdown. Counts and layers are refcheck's (CEN and Factur-X stylesheets).
describe.skipIf(!hasCorpus)('BR-CO-03 as the official tests read it', () => {
  const B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
  const O = 'cen-en16931/cii/examples/XRechnung-O.xml'
  const pointDateAndCode = '<ram:TaxPointDate><udt:DateString format="102">20210101</udt:DateString></ram:TaxPointDate><ram:DueDateTypeCode>5</ram:DueDateTypeCode>'
  it('a date code on a line and a point date on a breakdown fail once per header breakdown', () => {
    const xml = corpusVariant(B1, [[80, '<ram:CategoryCode>S</ram:CategoryCode>', '<ram:CategoryCode>S</ram:CategoryCode><ram:DueDateTypeCode>5</ram:DueDateTypeCode>']])
    expect(cenErrorCounts(xml)).toEqual({ 'BR-CO-03': 3 })
  })
  it('UBL: a tax point date and an invoice period date code fail once; the code alone does not', () => {
    const G1 = 'cen-en16931/ubl/examples/guide-example1.xml'
    const currency = '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>'
    const period = '<cac:InvoicePeriod><cbc:DescriptionCode>35</cbc:DescriptionCode></cac:InvoicePeriod>'
    expect(cenErrorCounts(corpusVariant(G1, [[19, currency, `<cbc:TaxPointDate>2015-01-09</cbc:TaxPointDate>${currency}${period}`]]))).toEqual({ 'BR-CO-03': 1 })
    expect(cenErrorCounts(corpusVariant(G1, [[19, currency, `${currency}${period}`]]))).toEqual({})
  })
  it('an O breakdown with both is not checked by the CEN rule (its category rule takes it); the Factur-X one fails', () => {
    const xml = corpusVariant(O, [[215, '</ram:ExemptionReasonCode>', `</ram:ExemptionReasonCode>${pointDateAndCode}`]])
    expect(cenErrorCounts(xml)).toEqual({})
    expect(validateXml(Buffer.from(xml, 'utf8')).findings.filter((f) => f.ruleId === 'BR-CO-03').map((f) => f.layer)).toEqual(['facturx'])
  })
})

// The official tests select document allowances and charges by `ChargeIndicator = false()` or
// `true()`: one without an indicator is neither (XSD-invalid; refcheck's CEN error sets).
describe.skipIf(!hasCorpus)('document allowances and charges without a charge indicator', () => {
  it('UBL: a charge without it is left out of BR-CO-12 and BR-S-08, and is no allowance (no BR-CO-11)', () => {
    const xml = corpusVariant('cen-en16931/ubl/examples/ubl-tc434-example3.xml', [[90, '<cbc:ChargeIndicator>true</cbc:ChargeIndicator>', '']])
    expect(Object.keys(cenErrorCounts(xml)).sort()).toEqual(['BR-CO-12', 'BR-S-08'])
  })
  it('CII: an allowance without it is left out of BR-CO-11 and BR-S-08', () => {
    const B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
    const xml = corpusVariant(B1, [
      [443, '<ram:ChargeIndicator>', ''],
      [444, '<udt:Indicator>false</udt:Indicator>', ''],
      [445, '</ram:ChargeIndicator>', ''],
    ])
    expect(Object.keys(cenErrorCounts(xml)).sort()).toEqual(['BR-CO-11', 'BR-S-08', 'CII-SR-463'])
  })
})

// BR-IC-11/12 as written: UBL takes `string-length(…) > 1` and any child of the invoice period, CII
// the presence of the date, period or country elements (refcheck's CEN error sets).
describe.skipIf(!hasCorpus)('BR-IC-11 and BR-IC-12 as the official tests read them', () => {
  const UBL_K = 'zugferd-corpus/XML-Rechnung/UBL/EN16931_Innergemeinschaftliche_Lieferungen.ubl.xml'
  const CII_K = 'zugferd-corpus/XML-Rechnung/CII/EN16931_Innergemeinschaftliche_Lieferungen.cii.xml'
  const noPeriod: [number, string, string][] = [
    [14, '<cac:InvoicePeriod>', ''],
    [15, '<cbc:StartDate>2018-10-01</cbc:StartDate>', ''],
    [16, '<cbc:EndDate>2018-10-31</cbc:EndDate>', ''],
    [17, '</cac:InvoicePeriod>', ''],
  ]
  it('UBL: an invoice period with only its date code will do', () => {
    const xml = corpusVariant(UBL_K, [[15, '<cbc:StartDate>2018-10-01</cbc:StartDate>', '<cbc:DescriptionCode>35</cbc:DescriptionCode>'], [16, '<cbc:EndDate>2018-10-31</cbc:EndDate>', '']])
    expect(cenErrorCounts(xml)).toEqual({})
  })
  it('UBL: a delivery date of more than one character will do, readable or not', () => {
    const xml = corpusVariant(UBL_K, [...noPeriod, [100, '<cac:Delivery>', '<cac:Delivery><cbc:ActualDeliveryDate>\u00a02018-10-31</cbc:ActualDeliveryDate>']])
    expect(cenErrorCounts(xml)).toEqual({})
    expect(cenErrorCounts(corpusVariant(UBL_K, noPeriod))).toEqual({ 'BR-IC-11': 1 })
  })
  it('UBL: a deliver-to country code of two characters as written will do (" D": only the code list fails)', () => {
    const xml = corpusVariant(UBL_K, [[109, '<cbc:IdentificationCode>DE</cbc:IdentificationCode>', '<cbc:IdentificationCode> D</cbc:IdentificationCode>']])
    expect(cenErrorCounts(xml)).toEqual({ 'BR-CL-14': 1 })
  })
  it('CII: a blank deliver-to country is there (BR-57 and the code list fail, BR-IC-12 does not)', () => {
    const xml = corpusVariant(CII_K, [[250, '<ram:CountryID>DE</ram:CountryID>', '<ram:CountryID></ram:CountryID>']])
    expect(cenErrorCounts(xml)).toEqual({ 'BR-57': 1, 'BR-CL-14': 1 })
  })
  it('CII: without a header period or delivery date, BR-IC-11 fails on the K breakdown', () => {
    const lines = readFileSync(join(CORPUS_DIR, CII_K), 'utf8').split('\n')
    const period = [275, 276, 277, 278, 279, 280, 281, 282].map((n): [number, string, string] => [n, (lines[n - 1] ?? '').trim(), ''])
    expect(cenErrorCounts(corpusVariant(CII_K, period))).toEqual({ 'BR-IC-11': 1 })
  })
})

// BR-33/38/42/44 and BR-CO-21…24 ask only for the reason or reason code element: one written
// blank or empty is a reason (refcheck: valid; einvoice called all five invalid before).
describe.skipIf(!hasCorpus)('an allowance or charge reason written blank is a reason', () => {
  const UBL_MAX = 'cen-en16931/test/testfiles/Invoice-Max_content.xml'
  const B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
  it('UBL: a document allowance with a blank reason and no code, a line charge with an empty one', () => {
    expect(cenErrorCounts(corpusVariant(UBL_MAX, [[363, '<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>', ''], [364, '>Discount<', '> <']]))).toEqual({})
    const line = corpusVariant(UBL_MAX, [[471, '<cbc:AllowanceChargeReasonCode>WH</cbc:AllowanceChargeReasonCode>', ''], [472, '<cbc:AllowanceChargeReason>Warehousing</cbc:AllowanceChargeReason>', '<cbc:AllowanceChargeReason/>']])
    expect(cenErrorCounts(line)).toEqual({})
    expect(validateXml(Buffer.from(line, 'utf8')).valid).toBe(true)
  })
  it('UBL: without the elements, BR-33 and BR-CO-21 fail', () => {
    const xml = corpusVariant(UBL_MAX, [[363, '<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>', ''], [364, '<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>', '']])
    expect(cenErrorCounts(xml)).toEqual({ 'BR-33': 1, 'BR-CO-21': 1 })
  })
  it('CII: a line charge reason of one space, a document allowance reason empty, a document charge reason of one tab', () => {
    for (const changes of [
      [[103, '>Testing<', '> <']],
      [[447, '<ram:ReasonCode>95</ram:ReasonCode>', ''], [448, '<ram:Reason>Promotion discount</ram:Reason>', '<ram:Reason/>']],
      [[460, '>Freight<', '>\t<']],
    ] as [number, string, string][][]) {
      const xml = corpusVariant(B1, changes)
      expect(cenErrorCounts(xml)).toEqual({})
      expect(validateXml(Buffer.from(xml, 'utf8')).valid).toBe(true)
    }
  })
})

// BR-53 compares the VAT accounting currency code as written with the currencyID of the VAT totals
// (refcheck's CEN error sets). einvoice trimmed the code and left a blank one out: it missed the
// first three and called the last valid.
describe.skipIf(!hasCorpus)('BR-53 reads the VAT accounting currency as written', () => {
  const CII = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/02.01a-INVOICE_uncefact.xml'
  const UBL = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/02.01a-INVOICE_ubl.xml'
  const cii = (code: string) => cenErrorCounts(corpusVariant(CII, [[218, '>GBP<', `>${code}<`]]))
  const ubl = (code: string) => corpusVariant(UBL, [[12, '>GBP<', `>${code}<`]])
  it('CII: a blank code or one with a space before it has no VAT total in its currency', () => {
    expect(cii(' ')).toEqual({ 'BR-53': 1, 'BR-CL-05': 1, 'BR-DEC-15': 1 })
    expect(cii(' GBP')).toEqual({ 'BR-53': 1, 'BR-DEC-15': 1 })
    expect(cii('EUR')).toEqual({ 'BR-53': 1 })
  })
  it('UBL: a blank code, and GBP with a trailing space (the only error of that invoice)', () => {
    expect(cenErrorCounts(ubl(' '))).toEqual({ 'BR-53': 1, 'BR-CL-05': 1 })
    const trailing = ubl('GBP ')
    expect(cenErrorCounts(trailing)).toEqual({ 'BR-53': 1 })
    expect(validateXml(Buffer.from(trailing, 'utf8')).valid).toBe(false)
  })
})

// UBL BR-S-08 allows ±1 with `xs:decimal(cbc:TaxableAmount + 1) > sum`: the untyped addition is
// an xs:double, whose exact value then decides a difference of exactly 1 (refcheck's verdicts).
// einvoice compared exact decimals and called the first invoice invalid.
describe.skipIf(!hasCorpus)('UBL BR-S-08 tolerance computed in doubles, as the official test does', () => {
  const RABATTE = 'zugferd-corpus/XML-Rechnung/UBL/EN16931_Rabatte.ubl.xml'
  const taxable = (found: string, tax: string, total: string, inclusive: string, payable: string) =>
    corpusVariant(RABATTE, [[141, '>64.4<', `>${found}<`], [142, '>12.24<', `>${tax}<`], [128, '>21.3<', `>${total}<`], [155, '>215.07<', `>${inclusive}<`], [159, '>165.07<', `>${payable}<`]])
  it('64.4 expected, 63.4 found: 63.4 + 1 is 64.400000000000005684… > 64.4, so it passes', () => {
    const xml = taxable('63.4', '12.05', '21.11', '214.88', '164.88')
    expect(cenErrorCounts(xml)).toEqual({})
    expect(validateXml(Buffer.from(xml, 'utf8')).valid).toBe(true)
  })
  it('64.4 expected, 65.4 found: 65.4 − 1 is 64.400000000000005684… , not < 64.4, so it fails', () => {
    expect(cenErrorCounts(taxable('65.4', '12.43', '21.49', '215.26', '165.26'))).toEqual({ 'BR-S-08': 1 })
  })
  it('CII BR-E-08 compares doubles: 0.14 found against lines of 1.14 passes (0.14 + 1 > 1.14), 2.14 fails', () => {
    const E = 'zugferd-corpus/XML-Rechnung/CII/EN16931_Sachversicherung_berechneter_Steuersatz.cii.xml'
    const lines = (basis: string) =>
      corpusVariant(E, [156, 213, 216, 218, 220].map((n): [number, string, string] => [n, '>1163.40<', '>1.14<']).concat([[201, '>1163.40<', `>${basis}<`]]))
    expect(cenErrorCounts(lines('0.14'))).toEqual({})
    expect(validateXml(Buffer.from(lines('0.14'), 'utf8')).valid).toBe(true)
    expect(cenErrorCounts(lines('2.14'))).toEqual({ 'BR-E-08': 1 })
  })
  it('an allowance of 1 without a category: only BR-32 (its S sum is 65.4 against 64.4 found)', () => {
    expect(cenErrorCounts(corpusVariant(RABATTE, [[94, '<cbc:ID>S</cbc:ID>', '']]))).toEqual({ 'BR-32': 1 })
  })
})

// BR-17 asks for the payee's name element and compares its names and ids with the seller's as
// written: UBL `cac:PartyName/cbc:Name` and `cac:PartyIdentification/cbc:ID`, CII `ram:Name`,
// `ram:ID` and the legal organisation id (refcheck's CEN error sets). einvoice got four of these
// seven wrong, one the dangerous way: a UBL payee named like the seller's trading name was valid.
describe.skipIf(!hasCorpus)('BR-17 on the payee party as written', () => {
  const UBL_MAX = 'cen-en16931/test/testfiles/Invoice-Max_content.xml'
  const B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
  const ublPayee = (name: string) => cenErrorCounts(corpusVariant(UBL_MAX, [[217, '>Finansiell Support u.p.a.<', `>${name}<`]]))
  it('UBL: a blank name is a name; the seller\'s trading name is the seller, with a trailing space it is not', () => {
    expect(ublPayee(' ')).toEqual({})
    expect(ublPayee('Global Trade Chain')).toEqual({ 'BR-17': 1 })
    expect(ublPayee('Global Trade Chain ')).toEqual({})
  })
  it('CII: a blank name is a name; the seller\'s name or legal id makes the payee the seller, as written', () => {
    expect(cenErrorCounts(corpusVariant(B1, [[389, '>Ebeneser Scrooge AS<', '> <']]))).toEqual({})
    expect(cenErrorCounts(corpusVariant(B1, [[389, '>Ebeneser Scrooge AS<', '>Salescompany ltd.<']]))).toEqual({ 'BR-17': 1 })
    expect(cenErrorCounts(corpusVariant(B1, [[391, '>989823401<', '>123456789<']]))).toEqual({ 'BR-17': 1 })
    expect(cenErrorCounts(corpusVariant(B1, [[391, '>989823401<', '>123456789 <']]))).toEqual({})
  })
})

// The XRechnung tests that cast a value stop the official XRechnung transform too (refcheck: that
// layer's REFCHECK-TRANSFORM-FAILED). R040 and R120 call the stylesheet's u:slack, R120 reads the
// line's template variables; BR-DEX-02 runs on extension invoices only, whose context compares
// `cbc:CustomizationID[text() = …]`, a text() step einvoice's evaluator had read as child elements.
describe.skipIf(!hasCorpus)('XRechnung tests that cast a value stop that layer', () => {
  const XR_UBL = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_ubl.xml'
  const XR_EXT_UBL = 'kosit-xrechnung-testsuite/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml'
  const XR_CII = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/02.01a-INVOICE_uncefact.xml'
  const layerStops = (xml: string) => stopsOf(xml).map((f) => [f.layer, f.params.rule])
  it('UBL: a blank invoiced quantity (R120)', () => {
    expect(layerStops(corpusVariant(XR_UBL, [[114, '>1</cbc:InvoicedQuantity>', '> </cbc:InvoicedQuantity>']]))).toEqual([['xrechnung', 'PEPPOL-EN16931-R120']])
  })
  it('UBL extension: an empty sub-invoice line amount (BR-DEX-02)', () => {
    expect(layerStops(corpusVariant(XR_EXT_UBL, [[198, '>482.25<', '><']]))).toEqual([['xrechnung', 'BR-DEX-02']])
  })
  it('CII: a blank allowance percentage (R040); a blank amount stops the CEN layer as well', () => {
    expect(layerStops(corpusVariant(XR_CII, [[264, '>0<', '> <']]))).toEqual([['xrechnung', 'PEPPOL-EN16931-R040']])
    expect(layerStops(corpusVariant(XR_CII, [[266, '>0<', '> <']])).map(([layer]) => layer)).toEqual(['en16931', 'xrechnung'])
  })
  it('UBL extension: a blank EndpointID scheme is in the joined EAS list of BR-DEX-07 (only BR-CL-25 fails), XX is not', () => {
    const scheme = (id: string) => validateXml(Buffer.from(corpusVariant(XR_EXT_UBL, [[20, 'schemeID="EM"', `schemeID="${id}"`]]), 'utf8')).findings.filter((f) => f.severity === 'fatal' || f.severity === 'error').map((f) => f.ruleId)
    expect(scheme(' ')).toEqual(['BR-CL-25'])
    expect(scheme('XX')).toEqual(['BR-CL-25', 'BR-DEX-07'])
  })
  it('UBL: an empty line period end fails R111 (xs:date(text()) of no text is empty; the comparison fails)', () => {
    const xml = corpusVariant('kosit-xrechnung-testsuite/src/test/business-cases/standard/02.01a-INVOICE_ubl.xml', [[252, '<cbc:EndDate>2016-12-31</cbc:EndDate>', '<cbc:EndDate></cbc:EndDate>']])
    const xr = validateXml(Buffer.from(xml, 'utf8')).findings.filter((f) => f.layer === 'xrechnung' && f.severity === 'fatal').map((f) => f.ruleId)
    expect(xr).toEqual(['PEPPOL-EN16931-R008', 'PEPPOL-EN16931-R111'])
  })
  it('UBL extension: an empty prepaid or third-party paid amount stops BR-DEX-09, whose rule variables cast them', () => {
    const XR_EXT_PREPAID = 'kosit-xrechnung-testsuite/src/test/business-cases/extension/05.01a-INVOICE_ubl.xml'
    expect(layerStops(corpusVariant(XR_EXT_UBL, [[95, '>10000.0<', '><']]))).toEqual([['en16931', 'BR-CO-16'], ['xrechnung', 'BR-DEX-09']])
    // One of two third-party payments empty: the other makes the rule sum them all.
    expect(layerStops(corpusVariant(XR_EXT_PREPAID, [[88, '>10.00<', '><']]))).toEqual([['xrechnung', 'BR-DEX-09']])
  })
  it('CII: an NBSP before the tax total in accounting currency (R055 compares it with 0); the structure check names the NBSP', () => {
    const xml = corpusVariant(XR_CII, [[302, '>2048.44<', '>\u00a02048.44<']])
    expect(layerStops(xml)).toEqual([['en16931', 'BR-DEC-15'], ['xrechnung', 'PEPPOL-EN16931-R055']])
    const xsd = validateXml(Buffer.from(xml, 'utf8')).findings.find((f) => f.ruleId === 'xsd:cii-d16b')
    expect(xsd?.message).toMatch(/no-break space \(U\+00A0\)/)
  })
})

// Saxon 9.9 compares CII's untyped BR-CO-11/12/14 totals with the computed sum keeping the sign of
// zero (refcheck's verdicts). einvoice called all but the `-0` variant of BR-CO-12 valid.
describe.skipIf(!hasCorpus)('a CII document total written as a negative zero', () => {
  const B2 = 'cen-en16931/cii/examples/CII_business_example_02.xml'
  it('-0.00 against an empty sum fails BR-CO-12, -0 (an integer, like the empty sum) passes', () => {
    const minus = corpusVariant(B2, [[189, '>0.00<', '>-0.00<']])
    expect(cenErrorCounts(minus)).toEqual({ 'BR-CO-12': 1 })
    expect(validateXml(Buffer.from(minus, 'utf8')).findings.find((f) => f.ruleId === 'BR-CO-12')?.messageKey).toBe('BR-CO-signed-zero')
    expect(cenErrorCounts(corpusVariant(B2, [[189, '>0.00<', '>-0<']]))).toEqual({})
  })
  it('-0.00 against the sum of one 0.00 allowance (a double +0) fails BR-CO-11', () => {
    expect(cenErrorCounts(corpusVariant(B2, [[190, '>0.00<', '>-0.00<']]))).toEqual({ 'BR-CO-11': 1 })
  })
  it('BR-S-08: a taxable amount -0.00 or -0 against lines of 0.00 fails (the sum is an xs:decimal 0), 0.00 passes', () => {
    // The three S lines and the breakdown's tax amount made 0.00; BR-CO-10 and BR-CO-14 then fail on the totals.
    const zeroLines: [number, string, string][] = [[54, '>1.26<', '>0.00<'], [82, '>1.26<', '>0.00<'], [110, '>7.48<', '>0.00<'], [158, '>1.90<', '>0.00<']]
    const basis = (text: string) => cenErrorCounts(corpusVariant(B2, [...zeroLines, [160, '>10.00<', `>${text}<`]]))
    expect(basis('0.00')).toEqual({ 'BR-CO-10': 1, 'BR-CO-14': 1 })
    for (const zero of ['-0.00', '-0']) expect(basis(zero)).toEqual({ 'BR-CO-10': 1, 'BR-CO-14': 1, 'BR-S-08': 1 })
    expect(validateXml(Buffer.from(corpusVariant(B2, [...zeroLines, [160, '>10.00<', '>-0.00<']]), 'utf8')).findings.find((f) => f.ruleId === 'BR-S-08')?.messageKey).toBe('vat-08-signed-zero')
  })
  it('BR-CO-14: -0.00 and -0 against the double sum 0.00 of the breakdown tax amounts both fail', () => {
    const XR = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.21a-INVOICE_uncefact.xml'
    for (const zero of ['-0.00', '-0']) expect(cenErrorCounts(corpusVariant(XR, [[160, '>0.00<', `>${zero}<`]]))).toEqual({ 'BR-CO-14': 1 })
    expect(cenErrorCounts(corpusVariant(XR, []))).toEqual({})
  })
  it('BR-CO-14: one breakdown tax amount -0.00 sums to -0.0, which round() keeps negative: a total 0.00 fails, -0.00 passes (BR-AE-09 fails on it, below)', () => {
    const XR = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.21a-INVOICE_uncefact.xml'
    const calculated = (text: string): [number, string, string] => [130, '>0.00<', `>${text}<`]
    expect(cenErrorCounts(corpusVariant(XR, [calculated('-0.00')]))).toEqual({ 'BR-AE-09': 1, 'BR-CO-14': 1 })
    expect(cenErrorCounts(corpusVariant(XR, [calculated('-0.001')]))).toEqual({ 'BR-AE-09': 1, 'BR-CO-14': 1, 'BR-DEC-20': 1 })
    expect(cenErrorCounts(corpusVariant(XR, [calculated('-0.00'), [160, '>0.00<', '>-0.00<']]))).toEqual({ 'BR-AE-09': 1 })
  })
  it('BR-AE-09 (…-09 of the zero-rated categories) compares the tax amount with the integer 0: -0.00 and -0.0 fail, -0 and -00 pass', () => {
    const XR = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.21a-INVOICE_uncefact.xml'
    const both = (text: string): [number, string, string][] => [[130, '>0.00<', `>${text}<`], [160, '>0.00<', `>${text}<`]]
    for (const zero of ['-0.00', '-0.0']) expect(cenErrorCounts(corpusVariant(XR, both(zero)))).toEqual({ 'BR-AE-09': 1 })
    for (const zero of ['-0', '-00']) expect(cenErrorCounts(corpusVariant(XR, both(zero)))).toEqual({})
    const f = validateXml(Buffer.from(corpusVariant(XR, both('-0.00')), 'utf8')).findings.find((x) => x.ruleId === 'BR-AE-09')
    expect(f?.messageKey).toBe('vat-09-signed-zero')
    expect(f?.message).toContain('-0.00')
  })
})

// UBL's BR-x-02 and BR-O-12 look for line categories with `//cac:ClassifiedTaxCategory`, which
// finds those of XRechnung sub-invoice lines too; einvoice read the model's top-level lines only
// and missed BR-IC-02 and BR-O-12 (error sets are refcheck's).
describe.skipIf(!hasCorpus)('UBL: the categories of sub-invoice lines count for BR-x-02 and BR-O-12', () => {
  const XR_EXT_UBL = 'kosit-xrechnung-testsuite/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml'
  const TOP_LINE_CATEGORIES = [105, 262]
  const toO = (line: number): [number, string, string][] => [
    [line, '<cbc:ID>S</cbc:ID>', '<cbc:ID>O</cbc:ID>'],
    [line + 1, '<cbc:Percent>19</cbc:Percent>', ''],
  ]
  /** Breakdown and top-level lines of category O; the sub-invoice lines keep S. */
  const oBreakdown = [...toO(83), ...TOP_LINE_CATEGORIES.flatMap(toO)]
  it('a sub-invoice line of category K: BR-IC-02 (the buyer has no VAT identifier) beside BR-IC-01', () => {
    expect(errorRules(corpusVariant(XR_EXT_UBL, [[123, '<cbc:ID>S</cbc:ID>', '<cbc:ID>K</cbc:ID>']]))).toEqual(['BR-IC-01', 'BR-IC-02'])
  })
  it('an O breakdown with S sub-invoice lines fails BR-O-12; with O sub-invoice lines it does not', () => {
    const subLineS = errorRules(corpusVariant(XR_EXT_UBL, oBreakdown))
    expect(subLineS).toEqual(['BR-CO-17', 'BR-DE-14', 'BR-O-02', 'BR-O-09', 'BR-O-10', 'BR-O-12', 'BR-S-01'])
    const lines = readFileSync(join(CORPUS_DIR, XR_EXT_UBL), 'utf8').split('\n')
    const subLines = lines.flatMap((l, i) => (l.includes('<cbc:ID>S</cbc:ID>') && i + 1 > 98 && !TOP_LINE_CATEGORIES.includes(i + 1) ? toO(i + 1) : []))
    expect(errorRules(corpusVariant(XR_EXT_UBL, [...oBreakdown, ...subLines]))).toEqual(['BR-CO-17', 'BR-DE-14', 'BR-O-02', 'BR-O-09', 'BR-O-10'])
  })
})

// BR-O-05/06/07 are `not(cbc:Percent)` / `not(ram:RateApplicablePercent)`: a rate element written
// blank, empty or unreadable is a rate there. einvoice read the model, where such a rate is absent,
// and missed the rule (error sets are refcheck's; the XSD check rejects all but the 0).
describe.skipIf(!hasCorpus)('a VAT rate element without a readable value is a rate for the O category', () => {
  const UBL_O = 'cen-en16931/ubl/examples/ubl-tc434-example7.xml'
  const CII_B1_E_LINE = 229
  const ALLOWANCE_CATEGORY = 451
  it('UBL: an O line with a rate written NBSP 0, empty, blank, abc or 0 fails BR-O-05', () => {
    for (const rate of ['\u00a00', '', ' ', 'abc', '0']) {
      const xml = corpusVariant(UBL_O, [[122, '<cbc:ID>O</cbc:ID>', `<cbc:ID>O</cbc:ID><cbc:Percent>${rate}</cbc:Percent>`]])
      expect(cenErrorCounts(xml), JSON.stringify(rate)).toEqual({ 'BR-O-05': 1 })
    }
    const unreadable = corpusVariant(UBL_O, [[122, '<cbc:ID>O</cbc:ID>', '<cbc:ID>O</cbc:ID><cbc:Percent>abc</cbc:Percent>']])
    expect(validateXml(Buffer.from(unreadable, 'utf8')).findings.find((f) => f.ruleId === 'BR-O-05')?.params.found).toBe('a rate element without a readable value')
  })
  it('CII: an O line whose rate is NBSP 0, empty or abc fails BR-O-05', () => {
    for (const rate of ['\u00a00', '', 'abc']) {
      const xml = corpusVariant(CII_B1, [[CII_B1_E_LINE, '>E<', '>O<'], [CII_B1_E_LINE + 1, '>0<', `>${rate}<`]])
      expect(cenErrorCounts(xml), JSON.stringify(rate)).toEqual({ 'BR-E-01': 1, 'BR-E-08': 1, 'BR-O-02': 1, 'BR-O-05': 1 })
    }
  })
  it('CII: an O allowance with a blank rate fails BR-O-06', () => {
    const xml = corpusVariant(CII_B1, [[ALLOWANCE_CATEGORY, '>S<', '>O<'], [ALLOWANCE_CATEGORY + 1, '>25<', '> <']])
    expect(Object.keys(cenErrorCounts(xml)).sort()).toEqual(['BR-O-03', 'BR-O-06', 'BR-S-08'])
  })
})

// UBL's BR-29/BR-30 compare `xs:date` values: a year may be negative or have five digits, a time
// zone moves the date's start, and BR-29 runs on sub-invoice lines' periods too. einvoice compared
// the model's YYYY-MM-DD texts and got the verdict wrong on all but the controls (refcheck's verdicts).
describe.skipIf(!hasCorpus)('UBL invoicing periods compared as xs:date values', () => {
  const UBL_PERIOD = 'cen-en16931/ubl/examples/ubl-tc434-example3.xml'
  const XR_EXT_UBL = 'kosit-xrechnung-testsuite/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml'
  const period = (start: string, end: string) =>
    cenErrorCounts(corpusVariant(UBL_PERIOD, [[23, '2013-01-01', start], [24, '2013-04-01', end]]))
  const P = (start: string, end: string): string => `<cac:InvoicePeriod><cbc:StartDate>${start}</cbc:StartDate><cbc:EndDate>${end}</cbc:EndDate></cac:InvoicePeriod>`
  it('negative and five-digit years', () => {
    expect(period('2013-01-01', '-2013-04-01')).toEqual({ 'BR-29': 1 })
    expect(period('-2013-01-01', '-2014-04-01')).toEqual({ 'BR-29': 1 })
    expect(period('-2014-01-01', '-2013-04-01')).toEqual({})
    expect(period('12013-01-01', '2013-04-01')).toEqual({ 'BR-29': 1 })
    expect(period('2013-01-01', '12013-04-01')).toEqual({})
  })
  it('year 0000 and zones up to ±14:59 are dates for the official cast; +00:60 and -00001 stop it', () => {
    expect(period('0000-01-01', '2013-04-01')).toEqual({})
    expect(period('2013-01-01', '0000-01-01')).toEqual({ 'BR-29': 1 })
    expect(period('2013-01-01', '2013-01-01+14:01')).toEqual({ 'BR-29': 1 })
    expect(period('2013-01-01-14:30', '2013-01-01')).toEqual({ 'BR-29': 1 })
    expect(period('2013-01-01', '2013-01-01-14:59')).toEqual({})
    expect(period('2013-01-01+00:60', '2013-04-01')).toEqual({ 'EINVOICE-RULE-EVALUATION': 1 })
    expect(period('-00001-01-01', '2013-04-01')).toEqual({ 'EINVOICE-RULE-EVALUATION': 1 })
  })
  it('time zones: a date starts at midnight of its zone (no zone: UTC)', () => {
    expect(period('2013-04-02+12:00', '2013-04-01-13:00')).toEqual({})
    expect(period('2013-04-01-12:00', '2013-04-01+12:00')).toEqual({ 'BR-29': 1 })
    expect(period('2013-04-01Z', '2013-04-01')).toEqual({})
  })
  it('a line period with a negative year fails BR-30; a sub-invoice line period is checked by BR-29', () => {
    expect(cenErrorCounts(corpusVariant(XR_EXT_UBL, [[101, '</cbc:LineExtensionAmount>', `</cbc:LineExtensionAmount>${P('2020-02-01', '-2020-03-01')}`]]))).toEqual({ 'BR-30': 1 })
    expect(cenErrorCounts(corpusVariant(XR_EXT_UBL, [[119, '</cbc:LineExtensionAmount>', `</cbc:LineExtensionAmount>${P('2020-02-01', '2020-01-01')}`]]))).toEqual({ 'BR-29': 1 })
    expect(cenErrorCounts(corpusVariant(XR_EXT_UBL, [[119, '</cbc:LineExtensionAmount>', `</cbc:LineExtensionAmount>${P('2020-01-01', '2020-02-01')}`]]))).toEqual({})
  })
})

// UBL BR-CO-16 rounds a side only where it is a difference: round(BT-112 − BT-113) with a paid
// amount, round(BT-115 − BT-114) with a rounding amount; the amount due alone is compared as
// written. einvoice rounded it and missed BR-CO-16 on a due amount of three decimals (refcheck).
describe.skipIf(!hasCorpus)('UBL BR-CO-16 compares the amount due as written when there is no rounding amount', () => {
  const UBL_PREPAID = 'zugferd-corpus/XML-Rechnung/UBL/EN16931_Betriebskostenabrechnung.ubl.xml'
  const due = (changes: [number, string, string][]) => cenErrorCounts(corpusVariant(UBL_PREPAID, changes))
  it('18310.63 − 17808 paid: 502.631 due fails BR-CO-16 (and BR-DEC-18), 502.63 passes', () => {
    expect(due([[111, '>502.63<', '>502.631<']])).toEqual({ 'BR-CO-16': 1, 'BR-DEC-18': 1, 'UBL-DT-01': 1 })
    expect(due([])).toEqual({})
  })
  it('18310.634 − 17808 paid is rounded to 502.63: 502.63 due passes BR-CO-16, 502.634 fails', () => {
    const inclusive: [number, string, string] = [107, '>18310.63<', '>18310.634<']
    expect(due([inclusive])).toEqual({ 'BR-CO-15': 1, 'BR-DEC-14': 1, 'UBL-DT-01': 1 })
    expect(due([inclusive, [111, '>502.63<', '>502.634<']])).toEqual({ 'BR-CO-15': 1, 'BR-CO-16': 1, 'BR-DEC-14': 1, 'BR-DEC-18': 1, 'UBL-DT-01': 2 })
  })
})

// XRechnung (Peppol) R110/R111 in UBL: `xs:date(text()) >= xs:date(../../../cac:InvoicePeriod/cbc:StartDate)`.
// einvoice compared the texts, which order like dates only without zones and with four-digit
// years; three of seven variants had the wrong verdict (refcheck's error sets).
describe.skipIf(!hasCorpus)('UBL R110/R111 compare the line period with the invoice period as xs:date values', () => {
  const XR_UBL_PERIODS = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/02.01a-INVOICE_ubl.xml'
  const xr = (changes: [number, string, string][]) =>
    validateXml(Buffer.from(corpusVariant(XR_UBL_PERIODS, changes), 'utf8')).findings.filter((f) => f.layer === 'xrechnung' && f.severity === 'fatal').map((f) => f.ruleId)
  it('a line start at midnight +05:00 is before the invoice start at midnight UTC; at -05:00 it is after', () => {
    expect(xr([[251, '2016-01-01', '2016-01-01+05:00']])).toEqual(['PEPPOL-EN16931-R110'])
    expect(xr([[251, '2016-01-01', '2016-01-01-05:00']])).toEqual([])
  })
  it('a five-digit year ends after the invoice period (R111 on the line), or lets the invoice period end last', () => {
    expect(xr([[252, '2016-12-31', '12016-12-31']])).toEqual(['PEPPOL-EN16931-R111'])
    expect(xr([[16, '2016-12-31', '12016-12-31']])).toEqual([])
  })
})

// CII compares category codes in predicates (`ApplicableTradeTax[ram:CategoryCode != 'O']`), which
// are false when the tax has no CategoryCode element, as `= 'S'` is; an empty element is '' there.
// einvoice's model gave both the code '' and counted an absent one as another category than O.
describe.skipIf(!hasCorpus)('CII: a tax without its CategoryCode element is no category for BR-O-11…14', () => {
  const B2 = 'cen-en16931/cii/examples/CII_business_example_02.xml'
  /** Lines, breakdown and tax amounts of category O (no rates), the breakdown's basis 0.00. */
  const allO: [number, string, string][] = [
    [54, '>1.26<', '>0.00<'], [82, '>1.26<', '>0.00<'], [110, '>7.48<', '>0.00<'], [158, '>1.90<', '>0.00<'], [160, '>10.00<', '>0.00<'],
    ...[50, 78, 106, 161].flatMap((line): [number, string, string][] => [[line, '>S<', '>O<'], [line + 1, '<ram:RateApplicablePercent>19.00</ram:RateApplicablePercent>', '']]),
  ]
  const rules = (changes: [number, string, string][]) => Object.keys(cenErrorCounts(corpusVariant(B2, [...allO, ...changes]))).sort()
  const common = ['BR-CO-10', 'BR-CO-14', 'BR-O-02', 'BR-O-10']
  it('a line without the element: BR-CO-04, not BR-O-11/12; with an empty one: BR-O-11/12', () => {
    expect(rules([[50, '<ram:CategoryCode>O</ram:CategoryCode>', '']])).toEqual([...common, 'BR-CO-04', 'BR-O-13', 'BR-O-14', 'BR-S-01'].sort())
    expect(rules([[50, '<ram:CategoryCode>O</ram:CategoryCode>', '<ram:CategoryCode></ram:CategoryCode>']])).toEqual([...common, 'BR-CL-18', 'BR-O-11', 'BR-O-12', 'BR-O-13', 'BR-O-14', 'BR-S-01'].sort())
  })
  it('the S allowance without the element: no BR-O-13/14 (BR-32 instead); with an empty one: BR-O-13/14', () => {
    expect(rules([[180, '<ram:CategoryCode>S</ram:CategoryCode>', '']])).toEqual([...common, 'BR-32'].sort())
    expect(rules([[180, '<ram:CategoryCode>S</ram:CategoryCode>', '<ram:CategoryCode/>']])).toEqual([...common, 'BR-CL-17', 'BR-O-13', 'BR-O-14'].sort())
  })
})

describe.skipIf(!hasCorpus)('UBL-SR-13: a tax scheme without its ID counts as not VAT (upper-case of no ID is the empty string)', () => {
  const XR_UBL_01_02 = 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.02a-INVOICE_ubl.xml'
  const FC = '<cac:PartyTaxScheme><cbc:CompanyID>201/113/40209</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>'
  it('a seller VAT scheme without ID beside an FC one: refcheck UBL-SR-13 (and SR-53, R008); with the ID or without the FC scheme no SR-13', () => {
    const withFc = (changes: [number, string, string][]): string => corpusVariant(XR_UBL_01_02, [[39, '</cac:PartyTaxScheme>', `</cac:PartyTaxScheme>${FC}`], ...changes])
    expect(errorRules(withFc([]))).toEqual([])
    expect(errorRules(withFc([[37, '<cbc:ID>VAT</cbc:ID>', '']])).sort()).toEqual(['PEPPOL-EN16931-R008', 'UBL-SR-13', 'UBL-SR-53'])
    expect(errorRules(corpusVariant(XR_UBL_01_02, [[37, '<cbc:ID>VAT</cbc:ID>', '']])).sort()).toEqual(['PEPPOL-EN16931-R008', 'UBL-SR-53'])
  })
})

describe.skipIf(!hasCorpus)('UBL BR-64/BR-65 ask only for the attribute (exists(@schemeID), exists(@listID)), not for a value', () => {
  const UBL = 'kosit-xrechnung-schematron/test/instances/ubl-inv/ubl-inv-br-tmp-2-test.xml'
  // Declared plain EN 16931, so no XRechnung or Peppol rule hides the verdict.
  const cen = (changes: [number, string, string][]): string[] => errorRules(corpusVariant(UBL, [[3, '#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', ''], ...changes])).sort()
  const ID = '<cbc:ID schemeID="0088">123456789</cbc:ID>'
  const CODE = '<cbc:ItemClassificationCode listID="IB" listVersionID="88">0721-880X</cbc:ItemClassificationCode>'
  it('refcheck: a blank item identifier or classification code without the attribute fails (einvoice called them valid); an empty attribute passes BR-64/65 (BR-CL-21/13 fail)', () => {
    expect(cen([])).toEqual([])
    expect(cen([[402, ID, '<cbc:ID>  </cbc:ID>']])).toEqual(['BR-64'])
    expect(cen([[402, ID, '<cbc:ID schemeID="">123456789</cbc:ID>']])).toEqual(['BR-CL-21'])
    expect(cen([[408, CODE, '<cbc:ItemClassificationCode> </cbc:ItemClassificationCode>']])).toEqual(['BR-65'])
    expect(cen([[408, CODE, '<cbc:ItemClassificationCode listID="">0721-880X</cbc:ItemClassificationCode>']])).toEqual(['BR-CL-13'])
  })
})

// Saxon 9.9, the official validator's processor, compares an untyped text with a number in the
// order of Java's Double.compare: a zero written with a minus sign and decimals (`-0.00`) is below
// 0 and unequal to it, where XPath calls them equal; `-0` against an integer is compared as an
// integer and equals 0. Found by a run negating the zeros of 451 valid corpus files (10 verdicts
// differed, 7 of them on these CEN rules). Verdicts and error sets are refcheck's.
describe.skipIf(!hasCorpus)('a negative zero written with decimals is below 0 for the official tests', () => {
  const B2 = 'cen-en16931/cii/examples/CII_business_example_02.xml'
  const BZ = 'cen-en16931/cii/examples/CII_business_example_Z.xml'
  const U4 = 'cen-en16931/ubl/examples/ubl-tc434-example4.xml'
  const EXT = 'zugferd-corpus/ZUGFeRDv2/correct/Mustangproject/testout-ZF2PushReverseCharge.xml'
  const errorsByLayer = (xml: string): string[] =>
    [...new Set(validateXml(Buffer.from(xml, 'utf8')).findings.filter((f) => (f.severity === 'error' || f.severity === 'fatal') && !f.ruleId.startsWith('xsd:')).map((f) => `${f.layer}:${f.ruleId}`))].sort()

  it('CII BR-Z-05 (`ram:RateApplicablePercent = 0`): a line rate -0.00 fails, -0 passes', () => {
    expect(cenErrorCounts(corpusVariant(BZ, [[63, '>0.00<', '>-0.00<']]))).toEqual({ 'BR-Z-05': 1 })
    expect(validateXml(Buffer.from(corpusVariant(BZ, [[63, '>0.00<', '>-0.00<']]), 'utf8')).findings.find((f) => f.ruleId === 'BR-Z-05')?.message).toContain('negative zero')
    expect(cenErrorCounts(corpusVariant(BZ, [[63, '>0.00<', '>-0<']]))).toEqual({})
    expect(cenErrorCounts(corpusVariant(BZ, []))).toEqual({})
  })

  it('BR-AG-05 (CII, `>= 0`) and BR-AF-05 (UBL, `(cbc:Percent) >= 0`): a line rate -0.00 fails, -0 passes', () => {
    const m: [number, string, string][] = [62, 90, 118, 178].map((line) => [line, '>Z<', '>M<'])
    expect(cenErrorCounts(corpusVariant(BZ, m))).toEqual({})
    expect(cenErrorCounts(corpusVariant(BZ, [...m, [63, '>0.00<', '>-0.00<']]))).toEqual({ 'BR-AG-05': 1 })
    expect(cenErrorCounts(corpusVariant(BZ, [...m, [63, '>0.00<', '>-0<']]))).toEqual({})
    const l = (rate: string): [number, string, string][] => [[138, '>S<', '>L<'], [139, '>25<', `>${rate}<`]]
    expect(cenErrorCounts(corpusVariant(U4, l('-0.00')))).toEqual({ 'BR-AF-01': 1, 'BR-AF-05': 1, 'BR-S-08': 1 })
    expect(cenErrorCounts(corpusVariant(U4, l('-0')))).toEqual({ 'BR-AF-01': 1, 'BR-S-08': 1 })
  })

  it('CII BR-CO-11: one allowance of -0.00 or -0 sums to the double -0.0, which a total of 0.00 does not equal', () => {
    for (const zero of ['-0.00', '-0']) expect(cenErrorCounts(corpusVariant(B2, [[176, '>0.00<', `>${zero}<`]]))).toEqual({ 'BR-CO-11': 1 })
    expect(cenErrorCounts(corpusVariant(B2, [[176, '>0.00<', '>-0.00<'], [190, '>0.00<', '>-0.00<']]))).toEqual({})
  })

  it('BR-27 (`net price >= 0`): -0.00 fails in CII and UBL, -0 passes', () => {
    expect(cenErrorCounts(corpusVariant(B2, [[41, '>1.2605<', '>-0.00<']]))).toEqual({ 'BR-27': 1 })
    expect(cenErrorCounts(corpusVariant(B2, [[41, '>1.2605<', '>-0<']]))).toEqual({})
    expect(cenErrorCounts(corpusVariant(U4, [[146, '>1.00<', '>-0.00<']]))).toEqual({ 'BR-27': 1 })
    expect(cenErrorCounts(corpusVariant(U4, [[146, '>1.00<', '>-0<']]))).toEqual({})
  })

  // The Factur-X layer runs the official tables through einvoice's XPath evaluator; a mutation run
  // over Factur-X files (seed 9248) found a BASIC WL total VAT amount -0.00 called valid.
  it('Factur-X EXTENDED BR-CO-14 (the Factur-X layer alone decides the verdict): -0.00 and -0 against a sum of 0.00 fail, +0.00 passes', () => {
    for (const zero of ['-0.00', '-0']) {
      const xml = corpusVariant(EXT, [[216, '>0.00<', `>${zero}<`]])
      expect(errorsByLayer(xml)).toEqual(['facturx:BR-CO-14'])
      expect(validateXml(Buffer.from(xml, 'utf8')).valid).toBe(false)
    }
    expect(validateXml(Buffer.from(corpusVariant(EXT, [[216, '>0.00<', '>+0.00<']]), 'utf8')).valid).toBe(true)
    expect(validateXml(Buffer.from(corpusVariant(EXT, []), 'utf8')).valid).toBe(true)
  })

  it('Factur-X EXTENDED: a breakdown tax amount -0.00 sums to -0.0 (fn:sum starts from its first value), so a total of 0.00 fails BR-CO-14', () => {
    expect(errorsByLayer(corpusVariant(EXT, [[201, '>0.00<', '>-0.00<']]))).toEqual(['facturx:BR-AE-09', 'facturx:BR-CO-14'])
  })

  it('Factur-X EN 16931 BR-Z-05 (`ram:RateApplicablePercent = 0`, a comparison with a number literal): -0.00 fails in both layers, -0 passes', () => {
    const B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
    const z = (rate: string): [number, string, string][] => [[80, '>S<', '>Z<'], [81, '>25<', `>${rate}<`]]
    // Breakdowns are left as they were: BR-S-08 and BR-Z-01 fail in both layers either way.
    const both = ['BR-S-08', 'BR-Z-01'].flatMap((id) => [`en16931:${id}`, `facturx:${id}`])
    expect(errorsByLayer(corpusVariant(B1, z('-0.00')))).toEqual([...both, 'en16931:BR-Z-05', 'facturx:BR-Z-05'].sort())
    expect(errorsByLayer(corpusVariant(B1, z('-0')))).toEqual(both.sort())
  })
})

// CII's official tests compute with untyped amounts, so in xs:double, and Saxon 9.9 rounds doubles
// of 2^63 or more lossily (see `roundDouble`): amounts of 16 digits or more get the double verdict.
// Found by a run that scaled every amount of 151 valid corpus files by 10^13 and 10^16 (session 24);
// the error sets are refcheck's. einvoice, computing in decimals, called the first two valid.
describe.skipIf(!hasCorpus)('CII amounts of 16 digits and more compared in doubles, as the official tests do', () => {
  const B2 = 'cen-en16931/cii/examples/CII_business_example_02.xml'
  // Every amount of B2 times 10^16: consistent in decimals.
  const scaled: [number, string, string][] = [
    [54, '>1.26<', '>12600000000000000.00<'],
    [82, '>1.26<', '>12600000000000000.00<'],
    [110, '>7.48<', '>74800000000000000.00<'],
    [158, '>1.90<', '>19000000000000000.00<'],
    [160, '>10.00<', '>100000000000000000.00<'],
    [188, '>10.00<', '>100000000000000000.00<'],
    [191, '>10.00<', '>100000000000000000.00<'],
    [192, '>1.90<', '>19000000000000000.00<'],
    [193, '>11.90<', '>119000000000000000.00<'],
    [194, '>11.90<', '>119000000000000000.00<'],
  ]
  it('BR-S-09: the tax amount - 1, cast to a double, is no longer below basis × rate: the ±1 tolerance vanishes', () => {
    expect(cenErrorCounts(corpusVariant(B2, scaled))).toEqual({ 'BR-S-09': 1 })
  })
  it('BR-S-08 (and BR-CO-10): a line a cent off is equal as a double', () => {
    expect(cenErrorCounts(corpusVariant(B2, [[54, '>1.26<', '>12600000000000000.01<'], ...scaled.slice(1)]))).toEqual({ 'BR-S-09': 1 })
  })
  it('BR-CO-10: the line amounts are summed as doubles before the cast to xs:decimal', () => {
    // 10000000000000001 + 1 + 8 is 10000000000000008 in doubles.
    const xml = corpusVariant(B2, [
      [54, '>1.26<', '>10000000000000001.00<'],
      [82, '>1.26<', '>1.00<'],
      [110, '>7.48<', '>8.00<'],
      [160, '>10.00<', '>10000000000000010.00<'],
      [188, '>10.00<', '>10000000000000010.00<'],
      [191, '>10.00<', '>10000000000000010.00<'],
      [158, '>1.90<', '>1900000000000001.90<'],
      [192, '>1.90<', '>1900000000000001.90<'],
      [193, '>11.90<', '>11900000000000011.90<'],
      [194, '>11.90<', '>11900000000000011.90<'],
    ])
    expect(cenErrorCounts(xml)).toEqual({ 'BR-CO-10': 1 })
  })
  it('BR-CO-11: an allowance total of 18 digits is not its own round(sum * 10 * 10) div 100', () => {
    const big = '>123456789012345678.00<'
    expect(cenErrorCounts(corpusVariant(B2, [[176, '>0.00<', big], [190, '>0.00<', big]]))).toEqual({ 'BR-CO-11': 1, 'BR-CO-13': 1, 'BR-S-08': 1 })
  })
  it('BR-CO-11: an allowance total one unit off at 17 digits is equal as a double', () => {
    const xml = corpusVariant(B2, [[176, '>0.00<', '>10000000000000001.00<'], [190, '>0.00<', '>10000000000000000.00<']])
    expect(cenErrorCounts(xml)).toEqual({ 'BR-CO-13': 1, 'BR-S-08': 1 })
  })
  it('BR-DEC-13: a total VAT amount of 20 digits fails `. = round(. * 100) div 100`, one of 7 passes', () => {
    expect(cenErrorCounts(corpusVariant(B2, [[192, '>1.90<', '>20484375000000000000.00<']]))).toEqual({ 'BR-CO-14': 1, 'BR-CO-15': 1, 'BR-DEC-13': 1 })
    expect(cenErrorCounts(corpusVariant(B2, [[192, '>1.90<', '>2048437.50<']]))).toEqual({ 'BR-CO-14': 1, 'BR-CO-15': 1 })
  })
})

// Found by the session 27 repetition hunt (scripts/mutation-check.mjs --repeat); official sets from refcheck.
describe.skipIf(!hasCorpus)('UBL content the schema allows more than once or elsewhere', () => {
  const UBL4 = 'cen-en16931/ubl/examples/ubl-tc434-example4.xml'
  const cases: [name: string, changes: [number, string, string][], expected: string[]][] = [
    // BR-CO-19's context is every cac:InvoicePeriod that is no line's, BR-CO-20's every line's.
    ['a second, empty invoicing period: BR-CO-19 on it', [[22, '<cac:OrderReference>', '<cac:InvoicePeriod><cbc:StartDate>2017-01-01</cbc:StartDate></cac:InvoicePeriod><cac:InvoicePeriod/><cac:OrderReference>']], ['BR-CO-19', 'UBL-SR-08']],
    ['a second, empty line period: BR-CO-20 on it', [[130, '</cbc:LineExtensionAmount>', '</cbc:LineExtensionAmount><cac:InvoicePeriod><cbc:EndDate>2017-01-31</cbc:EndDate></cac:InvoicePeriod><cac:InvoicePeriod></cac:InvoicePeriod>']], ['BR-CO-20', 'UBL-SR-36']],
    // BR-CL-10 accepts the scheme SEPA below cac:AccountingSupplierParty or cac:PayeeParty only.
    ['a buyer identifier of the scheme SEPA: BR-CL-10', [[58, '<cbc:ID schemeID="0088">5790000436057</cbc:ID>', '<cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID>']], ['BR-CL-10']],
    ['a seller identifier of the scheme SEPA: valid', [[28, '<cbc:ID schemeID="0088">5790000436101</cbc:ID>', '<cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID>']], []],
  ]
  for (const [name, changes, expected] of cases) it(name, () => expect(errorRules(corpusVariant(UBL4, changes))).toEqual(expected))
})
