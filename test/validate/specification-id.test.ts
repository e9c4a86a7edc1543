import { describe, expect, it } from 'vitest'
import { validateXml } from '../../src/validate/validate-xml.js'
import { hasCorpus } from '../helpers/corpus.js'
import { corpusVariant, errorRules } from '../helpers/rule-variants.js'

// Where BT-24 is read when the document context holds more than one guideline parameter, or a
// parameter without an id: the official plan (refcheck) takes the first id on the path context /
// parameter / id over all of them, and CEN's BR-01 reads the id of every parameter. Verdicts and
// rule sets are refcheck's, recorded when this test was written (session 26, Factur-X profile hunt).

const XR_CII = 'mustang/validator/src/test/resources/01.01a-INVOICE_uncefact.xml'
const FX_BASIC = 'mustang/library/src/test/resources/cii/Factur-X_basic.xml'
const OX_BASIC = 'akretion-factur-x/tests/fixtures/xml/order-x-basic.xml'
const EMPTY_PARAMETER = '<ram:GuidelineSpecifiedDocumentContextParameter></ram:GuidelineSpecifiedDocumentContextParameter>'

const report = (xml: string) => validateXml(Buffer.from(xml, 'utf8'))
/** The schemas that find the document invalid. */
const xsdRules = (xml: string): string[] => [...new Set(report(xml).findings.filter((f) => f.ruleId.startsWith('xsd:')).map((f) => f.ruleId))].sort()

describe.skipIf(!hasCorpus)('a guideline parameter without an id before the one with BT-24', () => {
  it('XRechnung CII: the XRechnung layer still runs (the empty parameter is an empty element) and BR-01 finds the id', () => {
    const xml = corpusVariant(XR_CII, [[7, '<ram:GuidelineSpecifiedDocumentContextParameter>', `${EMPTY_PARAMETER}<ram:GuidelineSpecifiedDocumentContextParameter>`]])
    expect(report(xml).profile).toBe('XRECHNUNG')
    expect(errorRules(xml)).toEqual(['CII-SR-009', 'PEPPOL-EN16931-R008'])
    expect(xsdRules(xml)).toEqual([])
  })

  it('Factur-X BASIC: the BASIC schema and profile rules run and reject the second parameter; no BR-01', () => {
    const xml = corpusVariant(FX_BASIC, [[7, '<ram:GuidelineSpecifiedDocumentContextParameter>', `${EMPTY_PARAMETER}<ram:GuidelineSpecifiedDocumentContextParameter>`]])
    expect(report(xml).profile).toBe('BASIC')
    expect(errorRules(xml)).toEqual(['CII-SR-009', 'FX-SCH-A-000025', 'FX-SCH-A-000407'])
    expect(xsdRules(xml)).toEqual(['xsd:facturx-BASIC'])
  })

  it('XRechnung CII: a second document context before the first, with a parameter without an id', () => {
    const xml = corpusVariant(XR_CII, [
      [3, '<rsm:ExchangedDocumentContext>', `<rsm:ExchangedDocumentContext>${EMPTY_PARAMETER}</rsm:ExchangedDocumentContext><rsm:ExchangedDocumentContext>`],
    ])
    expect(report(xml).profile).toBe('XRECHNUNG')
    expect(errorRules(xml)).toEqual(['CII-SR-010', 'PEPPOL-EN16931-R001', 'PEPPOL-EN16931-R008'])
  })

  it('Order-X: the profile schema is the BASIC one of the id in the second parameter', () => {
    const xml = corpusVariant(OX_BASIC, [[16, '<ram:GuidelineSpecifiedDocumentContextParameter>', `${EMPTY_PARAMETER}<ram:GuidelineSpecifiedDocumentContextParameter>`]])
    expect(report(xml).specificationId).toBe('urn:order-x.eu:1p0:basic')
    expect(xsdRules(xml)).toEqual(['xsd:orderx-BASIC'])
  })
})

describe.skipIf(!hasCorpus)('the guideline id is looked up in its own namespace', () => {
  it('Order-X: an id in the rsm namespace is none (the EXTENDED schema runs), even before the ram one', () => {
    const wrongNs = corpusVariant(OX_BASIC, [[17, '<ram:ID>urn:order-x.eu:1p0:basic</ram:ID>', '<rsm:ID>urn:order-x.eu:1p0:basic</rsm:ID>']])
    expect(report(wrongNs).specificationId).toBeUndefined()
    expect(xsdRules(wrongNs)).toEqual(['xsd:orderx-EXTENDED'])
    const both = corpusVariant(OX_BASIC, [[17, '<ram:ID>', '<rsm:ID>urn:order-x.eu:1p0:extended</rsm:ID><ram:ID>']])
    expect(report(both).specificationId).toBe('urn:order-x.eu:1p0:basic')
    expect(xsdRules(both)).toEqual(['xsd:orderx-BASIC'])
  })
})

describe.skipIf(!hasCorpus)('an id with a child element: the plan reads its text before the child', () => {
  const FX_MINIMUM = 'mustang/library/src/test/resources/cii/facturFrMinimum.xml'

  it('a child after the whole BASIC id: the BASIC schema and profile rules run', () => {
    const xml = corpusVariant(FX_BASIC, [[8, 'basic</ram:ID>', 'basic<ram:X>y</ram:X></ram:ID>']])
    expect(report(xml).profile).toBe('BASIC')
    expect(errorRules(xml)).toEqual(['FX-SCH-A-000493'])
    expect(xsdRules(xml)).toEqual(['xsd:cii-d16b', 'xsd:facturx-BASIC'])
  })

  it('a child before the MINIMUM id: no id, so the CEN rules run on the MINIMUM content (BR-01 reads the whole id)', () => {
    const xml = corpusVariant(FX_MINIMUM, [[5, '<ram:ID>', '<ram:ID><ram:X/>']])
    expect(report(xml).profile).toBe('OTHER')
    expect(errorRules(xml)).toEqual(['BR-12', 'BR-16', 'BR-CO-10', 'BR-CO-13', 'BR-CO-14', 'BR-CO-16', 'CII-DT-031'])
    expect(xsdRules(xml)).toEqual(['xsd:cii-d16b'])
  })
})
