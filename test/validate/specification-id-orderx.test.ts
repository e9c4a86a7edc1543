import { describe, expect, it } from 'vitest'
import { validateXml } from '../../src/validate/validate-xml.js'
import { hasCorpus } from '../helpers/corpus.js'
import { corpusVariant } from '../helpers/rule-variants.js'

// Which rule sets run depends on BT-24 as the reference's plan reads it: the first element of the
// path context / guideline parameter / id in document order, by namespace, and that element's own
// text. Each variant changes a line of an officially valid corpus file; the profile, the schema
// sets that fail and the error rules are refcheck's, recorded when this test was written (session
// 26, the Order-X hunt: `--orderx` runs of scripts/mutation-check.mjs and probes written for them).

const ORDERX_BASIC = 'akretion-factur-x/tests/fixtures/xml/order-x-basic.xml'
const CII_EXAMPLE4 = 'cen-en16931/cii/examples/CII_example4.xml'
const UBL_EXAMPLE4 = 'cen-en16931/ubl/examples/ubl-tc434-example4.xml'

const report = (xml: string) => validateXml(Buffer.from(xml, 'utf8'))
/** The schema sets with an error, and the other layers' error ids, as `layer|id`. */
const failing = (xml: string): string[] => [
  ...new Set(
    report(xml)
      .findings.filter((f) => f.severity === 'error' || f.severity === 'fatal')
      .map((f) => `${f.layer}|${f.ruleId}`),
  ),
].sort()

describe.skipIf(!hasCorpus)('BT-24 is read as the reference plan reads it', () => {
  it('Order-X: a context, guideline parameter or id in another namespace is no guideline id (checked as EXTENDED)', () => {
    for (const [line, from, to, expected] of [
      [9, '<rsm:ExchangedDocumentContext>', '<rsm:ExchangedDocumentContext xmlns:rsm="urn:example:other">', ['xsd|xsd:orderx-EXTENDED']],
      [16, '<ram:GuidelineSpecifiedDocumentContextParameter>', '<ram:GuidelineSpecifiedDocumentContextParameter xmlns:ram="urn:example:other">', ['xsd|xsd:orderx-EXTENDED']],
      // The guideline parameter without its id fails the Order-X count(ram:ID)=1.
      [17, '<ram:ID>urn:order-x.eu:1p0:basic</ram:ID>', '<x:ID xmlns:x="urn:example:other">urn:order-x.eu:1p0:basic</x:ID>', ['orderx|OX-CARDINALITY', 'xsd|xsd:orderx-EXTENDED']],
    ] as const) {
      const xml = corpusVariant(ORDERX_BASIC, [[line, from, to]])
      expect(report(xml).specificationId).toBeUndefined()
      expect(failing(xml)).toEqual(expected)
    }
  })

  it('Order-X: the id is the first of the path in document order, past an id in another namespace or an empty first context', () => {
    const otherIdFirst = corpusVariant(ORDERX_BASIC, [[17, '<ram:ID>', '<x:ID xmlns:x="urn:example:other">urn:order-x.eu:1p0:extended</x:ID><ram:ID>']])
    expect(report(otherIdFirst).specificationId).toBe('urn:order-x.eu:1p0:basic')
    expect(failing(otherIdFirst)).toEqual(['xsd|xsd:orderx-BASIC'])
    const emptyContextFirst = corpusVariant(ORDERX_BASIC, [[9, '<rsm:ExchangedDocumentContext>', '<rsm:ExchangedDocumentContext></rsm:ExchangedDocumentContext><rsm:ExchangedDocumentContext>']])
    expect(report(emptyContextFirst).specificationId).toBe('urn:order-x.eu:1p0:basic')
    expect(failing(emptyContextFirst)).toEqual(['xsd|xsd:orderx-BASIC'])
    const emptyGuidelineFirst = corpusVariant(ORDERX_BASIC, [[16, '<ram:GuidelineSpecifiedDocumentContextParameter>', '<ram:GuidelineSpecifiedDocumentContextParameter/><ram:GuidelineSpecifiedDocumentContextParameter>']])
    expect(report(emptyGuidelineFirst).specificationId).toBe('urn:order-x.eu:1p0:basic')
    expect(failing(emptyGuidelineFirst)).toEqual(['orderx|OX-CARDINALITY', 'xsd|xsd:orderx-BASIC'])
  })

  it('Order-X: the text before the id\'s first child element, as ElementTree reads it (mixed content)', () => {
    const L = '<ram:ID>urn:order-x.eu:1p0:basic</ram:ID>'
    for (const [to, id, schema] of [
      ['<ram:ID><ram:X/>urn:order-x.eu:1p0:basic</ram:ID>', '', 'xsd|xsd:orderx-EXTENDED'],
      ['<ram:ID><ram:X/><![CDATA[urn:order-x.eu:1p0:basic]]></ram:ID>', '', 'xsd|xsd:orderx-EXTENDED'],
      ['<ram:ID>urn:order-x.eu:1p0:<ram:X/>basic</ram:ID>', 'urn:order-x.eu:1p0:', 'xsd|xsd:orderx-EXTENDED'],
      ['<ram:ID>\n  <ram:X/>urn:order-x.eu:1p0:comfort\n</ram:ID>', '', 'xsd|xsd:orderx-EXTENDED'],
      ['<ram:ID>urn:order-x.eu:1p0:<!-- c -->comfort <ram:X/> <ram:Y/>basic</ram:ID>', 'urn:order-x.eu:1p0:comfort', 'xsd|xsd:orderx-COMFORT'],
      ['<ram:ID>\turn:order-x.eu:1p0:comfort\t<ram:X/>\t<ram:X/>&#x20;</ram:ID>', 'urn:order-x.eu:1p0:comfort', 'xsd|xsd:orderx-COMFORT'],
    ] as const) {
      const xml = corpusVariant(ORDERX_BASIC, [[17, L, to]])
      expect(report(xml).specificationId ?? '').toBe(id)
      expect(failing(xml)).toEqual([schema])
    }
  })

  it('CII: an empty guideline parameter before the real one; the Factur-X EN 16931 layer runs', () => {
    const xml = corpusVariant(CII_EXAMPLE4, [[17, '<ram:GuidelineSpecifiedDocumentContextParameter>', '<ram:GuidelineSpecifiedDocumentContextParameter/><ram:GuidelineSpecifiedDocumentContextParameter>']])
    expect(report(xml).specificationId).toBe('urn:cen.eu:en16931:2017')
    // Officially also without BR-01 (see "Known differences": the CII reader takes the first parameter).
    expect(failing(xml).filter((id) => id !== 'en16931|BR-01')).toEqual(['en16931|CII-SR-009', 'facturx|FX-SCH-A-000025', 'facturx|FX-SCH-A-000407', 'xsd|xsd:facturx-EN16931'])
  })

  it("CII and UBL: the id's own text, not the text of an element inside it", () => {
    const cii = corpusVariant(CII_EXAMPLE4, [[18, '2017</ram:ID>', '2017<ram:X>#compliant#urn:factur-x.eu:1p0:basic</ram:X></ram:ID>']])
    expect(report(cii).specificationId).toBe('urn:cen.eu:en16931:2017')
    expect(failing(cii)).toEqual(['facturx|FX-SCH-A-000556', 'xsd|xsd:cii-d16b', 'xsd|xsd:facturx-EN16931'])
    const ubl = corpusVariant(UBL_EXAMPLE4, [[15, '2017</cbc:CustomizationID>', '2017<cbc:X>#compliant#urn:xoev-de:kosit:standard:xrechnung_3.0</cbc:X></cbc:CustomizationID>']])
    expect(report(ubl).specificationId).toBe('urn:cen.eu:en16931:2017')
    expect(failing(ubl)).toEqual(['xsd|xsd:ubl-2.1'])
  })
})
