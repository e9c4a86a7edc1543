/**
 * Findings the official rules do not report (found by a hunt comparing warnings too, session 34):
 * the CEN layer's warnings on Factur-X EXTENDED, which runs as advice, and UBL-CR-412 on credit
 * notes, which the official test exempts.
 */
import { describe, expect, it } from 'vitest'
import { validateXml } from '../../src/validate/index.js'
import { corpusText, hasCorpus } from '../helpers/corpus.js'

describe.skipIf(!hasCorpus)('findings the official rules do not report', () => {
  it('turns every CEN finding on Factur-X EXTENDED into an advisory note, warnings included', () => {
    const result = validateXml(corpusText('mustang/library/src/test/resources/factur-x-extended.xml'))
    const cen = result.findings.filter((f) => f.layer === 'en16931')
    expect(cen.map((f) => f.ruleId)).toContain('CII-SR-002')
    expect(cen.filter((f) => f.severity !== 'information' || f.advisory !== true)).toEqual([])
    // The rule's own severity stays readable.
    expect(cen.find((f) => f.ruleId === 'CII-SR-002')?.ruleSeverity).toBe('warning')
  })

  it('does not warn UBL-CR-412 for a credit note\'s PaymentMeans/PaymentDueDate, where BT-9 goes', () => {
    const dueDate = (xml: string): string => xml.replace(/(<cbc:PaymentMeansCode>[^<]*<\/cbc:PaymentMeansCode>)/, '$1<cbc:PaymentDueDate>2013-07-20</cbc:PaymentDueDate>')
    const creditNote = dueDate(corpusText('cen-en16931/ubl/examples/ubl-tc434-creditnote1.xml'))
    expect(creditNote).toContain('</cbc:PaymentMeansCode><cbc:PaymentDueDate>2013-07-20</cbc:PaymentDueDate>')
    const result = validateXml(creditNote)
    expect(result.valid).toBe(true)
    expect(result.findings.map((f) => f.ruleId)).not.toContain('UBL-CR-412')
    // An invoice still gets it (its BT-9 is cbc:DueDate).
    const invoice = dueDate(corpusText('cen-en16931/ubl/examples/ubl-tc434-example3.xml'))
    expect(invoice).toContain('<cbc:PaymentDueDate>2013-07-20</cbc:PaymentDueDate>')
    expect(validateXml(invoice).findings.map((f) => f.ruleId)).toContain('UBL-CR-412')
  })
})
