import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateXml } from '../../src/validate/validate-xml.js'
import { CORPUS_DIR, hasCorpus } from '../helpers/corpus.js'

// BR-50/BR-61 as the CEN rules bind them per syntax (src/validate/en16931/payment-account-rules.ts).
// Each variant's expected error rules are the official verdict (refcheck: Saxon with the CEN and
// Factur-X stylesheets), recorded when this test was written. Before, the model-based rules fired
// BR-61 for a CII credit transfer without any account element, BR-50 for a UBL account under a
// non-transfer code, and took NBSP and trailing spaces around the type code as white space.
const errorRules = (xml: string): string[] => [
  ...new Set(
    validateXml(Buffer.from(xml, 'utf8'))
      .findings.filter((f) => (f.severity === 'error' || f.severity === 'fatal') && !f.ruleId.startsWith('xsd:'))
      .map((f) => f.ruleId),
  ),
].sort()

describe.skipIf(!hasCorpus)('BR-50 and BR-61 bound to the syntax', () => {
  const cii = () => readFileSync(join(CORPUS_DIR, 'cen-en16931/cii/examples/CII_example4.xml'), 'utf8')
  const ubl = () => readFileSync(join(CORPUS_DIR, 'cen-en16931/ubl/examples/ubl-tc434-example4.xml'), 'utf8')
  const CII_ACCOUNT = /<ram:PayeePartyCreditorFinancialAccount>\s*<ram:IBANID>DK1212341234123412<\/ram:IBANID>\s*<\/ram:PayeePartyCreditorFinancialAccount>/g
  const UBL_ACCOUNT = /<cac:PayeeFinancialAccount>\s*<cbc:ID>DK1212341234123412<\/cbc:ID>\s*<\/cac:PayeeFinancialAccount>/
  const ciiWith = (account: string, typeCode = '30', all = false): string => {
    let n = 0
    const xml = cii().replace(CII_ACCOUNT, (m) => (all || n++ === 0 ? account : m))
    return typeCode === '30' ? xml : xml.replace('<ram:TypeCode>30</ram:TypeCode>', `<ram:TypeCode>${typeCode}</ram:TypeCode>`)
  }
  const ublWith = (account: string, code = '30'): string =>
    ubl().replace(UBL_ACCOUNT, account).replace('<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>', `<cbc:PaymentMeansCode>${code}</cbc:PaymentMeansCode>`)

  it('starts from invoices without errors', () => {
    expect(errorRules(cii())).toEqual([])
    expect(errorRules(ubl())).toEqual([])
    expect(ciiWith('X')).not.toBe(cii())
    expect(ublWith('X')).not.toBe(ubl())
  })

  it('CII: only account elements of a means typed exactly 30 or 58 are tested', () => {
    // No account element at all: neither rule applies (CII-SR-470 is about the means themselves).
    expect(errorRules(ciiWith('', '30', true))).toEqual(['CII-SR-470'])
    const blank = '<ram:PayeePartyCreditorFinancialAccount><ram:IBANID> </ram:IBANID></ram:PayeePartyCreditorFinancialAccount>'
    expect(errorRules(ciiWith(blank))).toEqual(['BR-50'])
    // A blank IBAN beside a proprietary id is an identifier.
    expect(errorRules(ciiWith('<ram:PayeePartyCreditorFinancialAccount><ram:IBANID> </ram:IBANID><ram:ProprietaryID>12345678</ram:ProprietaryID></ram:PayeePartyCreditorFinancialAccount>'))).toEqual(['CII-SR-470'])
    // '30 ' is not '30' for the CEN rules (the Factur-X layer still reports its own rule).
    expect(errorRules(ciiWith(blank, '30 '))).toEqual(['FX-SCH-A-000609'])
    expect(errorRules(ciiWith('<ram:PayeePartyCreditorFinancialAccount><ram:IBANID></ram:IBANID></ram:PayeePartyCreditorFinancialAccount>', '31'))).toEqual(['CII-SR-467'])
  })

  it('UBL: BR-50 under a code written 30 or 58, BR-61 under a normalised one', () => {
    expect(errorRules(ublWith('<cac:PayeeFinancialAccount><cbc:ID/></cac:PayeeFinancialAccount>'))).toEqual(['BR-50'])
    expect(errorRules(ublWith(''))).toEqual(['BR-61'])
    expect(errorRules(ublWith('<cac:PayeeFinancialAccount><cbc:Name>x</cbc:Name></cac:PayeeFinancialAccount>', ' 30'))).toEqual(['BR-61'])
    // An ID element, even blank, satisfies BR-61; ' 30' is not '30' for BR-50.
    expect(errorRules(ublWith('<cac:PayeeFinancialAccount><cbc:ID> </cbc:ID></cac:PayeeFinancialAccount>', ' 30'))).toEqual([])
    expect(errorRules(ublWith('<cac:PayeeFinancialAccount><cbc:ID/></cac:PayeeFinancialAccount>', '31'))).toEqual([])
    // An NBSP is no white space: the code is no code of the list, and no credit transfer.
    expect(errorRules(ublWith('', '\u00a030'))).toEqual(['BR-CL-16'])
  })
})
