import { describe, expect, it } from 'vitest'
import { CII_COUNTRY_CODES, CII_VAT_PREFIXES, UBL_COUNTRY_CODES, UBL_VAT_PREFIXES } from '../../src/model/codelists/index.js'
import { hasCorpus } from '../helpers/corpus.js'
import { corpusVariant, errorRules } from '../helpers/rule-variants.js'

// Code lists as each official layer's test reads them, where that differs from the list einvoice
// looked the code up in. Found by an audit of the official artefacts' lists against einvoice's
// and confirmed with `mutation-check --codes` (session 28); expected rule sets are refcheck's.

const CII_B1 = 'cen-en16931/cii/examples/CII_business_example_01.xml'
const UBL4 = 'cen-en16931/ubl/examples/ubl-tc434-example4.xml'
const CVD_CII = 'kosit-xrechnung-testsuite/src/test/technical-cases/cvd/02.01a-cvd_INVOICE_uncefact.xml'
const CVD_UBL = 'kosit-xrechnung-testsuite/src/test/technical-cases/cvd/02.01a-cvd_INVOICE_ubl.xml'

describe('BR-CO-09 takes EL, the prefix of Greek VAT identifiers, which no country list has', () => {
  it('the VAT prefix lists are the syntax country lists plus EL', () => {
    expect(CII_COUNTRY_CODES.has('EL')).toBe(false)
    expect(UBL_COUNTRY_CODES.has('EL')).toBe(false)
    for (const list of [CII_VAT_PREFIXES, UBL_VAT_PREFIXES]) {
      expect(list.has('EL')).toBe(true)
      expect(list.has('GR')).toBe(true)
      expect(list.codes).toHaveLength(252)
    }
    expect(CII_VAT_PREFIXES.has('AN') && !CII_VAT_PREFIXES.has('SS')).toBe(true)
    expect(UBL_VAT_PREFIXES.has('SS') && !UBL_VAT_PREFIXES.has('AN')).toBe(true)
  })
})

describe.skipIf(!hasCorpus)('code lists as the official tests read them (refcheck)', () => {
  const cases: [name: string, file: string, changes: [number, string, string][], expected: string[]][] = [
    ['CII BR-CO-09: a seller VAT identifier EL… passes', CII_B1, [[307, '>NO123456789MVA<', '>EL123456789<']], []],
    ['CII BR-CO-09: XK… still fails', CII_B1, [[307, '>NO123456789MVA<', '>XK123456789<']], ['BR-CO-09']],
    ['UBL BR-CO-09: a seller VAT identifier EL… passes', UBL4, [[39, '>DK16356706<', '>EL16356706<']], []],
    ['UBL BR-CL-08: a note subject of three characters with a space inside the list text (`B A`) passes', UBL4, [[20, '<cbc:Note>', '<cbc:Note>#B A#']], []],
    ['UBL BR-CL-08: a note subject with a leading space (` AA`) passes', UBL4, [[20, '<cbc:Note>', '<cbc:Note># AA#']], []],
    ['UBL BR-CL-08: a subject not found in the list text still fails', UBL4, [[20, '<cbc:Note>', '<cbc:Note>#XYZ#']], ['BR-CL-08']],
    ['CII BR-TMP-CVD-01: a class code with an empty listID is found in concat(\' CVD \', list) (BR-65 and BR-CL-13 fail)', CVD_CII, [[101, 'listID="IB"', 'listID=""']], ['BR-65', 'BR-CL-13']],
    ['UBL BR-TMP-CVD-01: the same (BR-CL-13 fails)', CVD_UBL, [[379, 'listID="IB"', 'listID=""']], ['BR-CL-13']],
    ['UBL BR-TMP-CVD-01: a scheme in neither list still fails', CVD_UBL, [[379, 'listID="IB"', 'listID="QQ"']], ['BR-CL-13', 'BR-TMP-CVD-01']],
  ]
  for (const [name, file, changes, expected] of cases) {
    it(name, () => expect(errorRules(corpusVariant(file, changes))).toEqual(expected))
  }
})
