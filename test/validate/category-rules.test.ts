import { describe, expect, it } from 'vitest'
import { hasCorpus } from '../helpers/corpus.js'
import { corpusVariant as variant, errorRules } from '../helpers/rule-variants.js'

// VAT category rules whose official tests read differently from the business rule's wording:
// BR-S-01 in CII (uses and breakdowns counted together) and the split-payment rules BR-B-01/02
// (every category and country code of the document). Each variant changes lines of a corpus
// invoice without errors; the expected error rules are refcheck's (Saxon with the CEN and Factur-X
// stylesheets), recorded when this test was written. Found by a mutation run against refcheck:
// einvoice added BR-S-01 to the first variant and had no BR-B rules at all.

const CII_B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
const UBL_G1 = 'cen-en16931/ubl/examples/guide-example1.xml'
// CII_B1's buyer and delivery addresses (all NO); its four S lines and two S breakdowns.
const CII_B1_COUNTRIES = [303, 330, 344, 374]

describe.skipIf(!hasCorpus)('VAT category rules as the official tests read them', () => {
  it('starts from invoices without errors', () => {
    for (const file of [CII_B1, UBL_G1]) expect(errorRules(variant(file, []))).toEqual([])
  })

  const cases: [name: string, file: string, changes: [number, string, string][], expected: string[]][] = [
    // Four S lines and no S breakdown: CII's BR-S-01 passes (4 uses ≥ 2); the two former S
    // breakdowns now fail the E rules.
    ['CII: S lines without an S breakdown pass BR-S-01 when there are two or more', CII_B1, [[413, '>S<', '>E<'], [423, '>S<', '>E<']], ['BR-E-01', 'BR-E-08', 'BR-E-09', 'BR-E-10']],
    ['CII: a B line in an invoice with Norwegian addresses and S lines', CII_B1, [[80, '>S<', '>B<']], ['BR-B-01', 'BR-B-02', 'BR-S-08', 'FX-SCH-A-000619']],
    ['CII: a B line with only Italian addresses still meets S lines (BR-B-02 alone)', CII_B1, [[80, '>S<', '>B<'], ...CII_B1_COUNTRIES.map((l): [number, string, string] => [l, '>NO<', '>IT<'])], ['BR-B-02', 'BR-S-08', 'FX-SCH-A-000619']],
    ['UBL: a B breakdown in a Dutch invoice with S lines', UBL_G1, [[83, '>S<', '>B<']], ['BR-B-01', 'BR-B-02']],
  ]
  for (const [name, file, changes, expected] of cases) {
    it(name, () => expect(errorRules(variant(file, changes))).toEqual(expected))
  }

  // CII compares category codes as written: a code with white space around it is another code.
  const asWritten: [name: string, file: string, changes: [number, string, string][], expected: string[]][] = [
    ['CII: a line written " S" is no S line, so the S breakdown sums short (BR-S-08)', 'kosit-xrechnung-schematron/test/instances/cii/cii-br-de-25-test-bg-19.xml', [[85, '>S<', '> S<']], ['BR-S-08']],
    ['CII: a breakdown written "E " leaves the E line without its one breakdown (BR-E-01)', 'zugferd-corpus/XML-Rechnung/CII/EN16931_Haftpflichtversicherung_Versicherungssteuer.cii.xml', [[223, '>E<', '>E <']], ['BR-E-01', 'FX-SCH-A-000587']],
  ]
  for (const [name, file, changes, expected] of asWritten) {
    it(name, () => expect(errorRules(variant(file, changes))).toEqual(expected))
  }
})
