import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CEN_CII_PROBE } from '../../src/validate/probe/tables/cen-cii-probe.js'
import { CEN_UBL_PROBE } from '../../src/validate/probe/tables/cen-ubl-probe.js'
import { XR_CII_PROBE } from '../../src/validate/probe/tables/xr-cii-probe.js'
import { XR_UBL_PROBE } from '../../src/validate/probe/tables/xr-ubl-probe.js'
import { XR_LEGACY_PROBES } from '../../src/validate/probe/tables/xr-legacy-probe.js'
import { compilePattern } from '../../src/validate/schematron/pattern.js'
import { XPATH_NAMESPACES } from '../../src/validate/syntax/paths.js'
import { EVALUATION_RULE_ID, compileAllRows } from '../../src/validate/schematron/rule-table.js'
import { parseXml } from '../../src/xml/index.js'
import type { XmlDocument, XmlElement } from '../../src/xml/index.js'
import type { ProbeTable } from '../../src/validate/probe/evaluation-probe.js'
import { validateXml } from '../../src/validate/validate-xml.js'
import { CORPUS_DIR, hasCorpus } from '../helpers/corpus.js'

// The probe of the official tests that can stop with a dynamic error (src/validate/probe/).

describe('probe tables', () => {
  it('parse and compile every row and context (a table entry the evaluator cannot run would fail a validation)', () => {
    // CII 2.2 and 2.3 share a table.
    const legacy = [...new Set(Object.values(XR_LEGACY_PROBES).flatMap((v) => [v.CII, v.UBL]))]
    expect(legacy).toHaveLength(9)
    for (const t of [CEN_CII_PROBE, CEN_UBL_PROBE, XR_CII_PROBE, XR_UBL_PROBE, ...legacy]) {
      expect(compileAllRows(t, XPATH_NAMESPACES)).toBe(t.rows.length)
      expect(t.names).toHaveLength(t.rows.length)
    }
  })
})

const elements = (el: XmlElement): XmlElement[] => [el, ...el.children.flatMap(elements)]

describe.skipIf(!hasCorpus)('probe contexts', () => {
  it('match every element of a CII and a UBL invoice without an error (the engine matches child and // steps only)', () => {
    const docs = {
      CII: parseXml(readFileSync(join(CORPUS_DIR, 'cen-en16931/cii/examples/CII_business_example_01.xml'))),
      UBL: parseXml(readFileSync(join(CORPUS_DIR, 'cen-en16931/ubl/examples/guide-example1.xml'))),
    }
    const pairs: [ProbeTable | undefined, XmlDocument][] = [[CEN_CII_PROBE, docs.CII], [XR_CII_PROBE, docs.CII], [CEN_UBL_PROBE, docs.UBL], [XR_UBL_PROBE, docs.UBL]]
    for (const v of Object.values(XR_LEGACY_PROBES)) pairs.push([v.CII, docs.CII], [v.UBL, docs.UBL])
    const tables = pairs.flatMap(([table, doc]) => (table === undefined ? [] : [[table, doc] as const]))
    for (const [table, doc] of tables) {
      const all = elements(doc.root)
      for (const [, context] of table.contexts) {
        const m = compilePattern(context, XPATH_NAMESPACES)
        expect(() => all.filter((el) => m.matches(el))).not.toThrow()
      }
    }
  })
})

describe.skipIf(!hasCorpus)('the KoSIT XRechnung tests stop on two values where they take one', () => {
  const file = join(CORPUS_DIR, 'kosit-xrechnung-testsuite/src/test/business-cases/standard/03.02a-INVOICE_uncefact.xml')

  it('a seller contact with two telephone numbers stops BR-DE-27 (refcheck: the XRechnung transform fails)', () => {
    const xml = readFileSync(file, 'utf8')
    const m = /<ram:CompleteNumber>.*?<\/ram:CompleteNumber>/s.exec(xml)
    if (m === null) throw new Error('no telephone number in the fixture')
    const doubled = xml.slice(0, m.index + m[0].length) + m[0] + xml.slice(m.index + m[0].length)
    const f = validateXml(Buffer.from(doubled, 'utf8')).findings.find((x) => x.ruleId === EVALUATION_RULE_ID)
    expect(f?.layer).toBe('xrechnung')
    expect(f?.message).toMatch(/XRechnung rule BR-DE-27 cannot be evaluated on ram:DefinedTradeContact: normalize-space\(\) expects one value, got 2/)
  })

  it('the same invoice as given stops nothing', () => {
    expect(validateXml(readFileSync(file)).findings.some((x) => x.ruleId === EVALUATION_RULE_ID)).toBe(false)
  })
})

// One element written twice where an official test takes one value (refcheck on each variant: the
// layers named stop, with no rule failed). Found by block mutations (scripts/mutation-check.mjs --blocks).
describe.skipIf(!hasCorpus)('a doubled account or tax scheme stops the official tests that take one value', () => {
  const STANDARD = 'kosit-xrechnung-testsuite/src/test/business-cases/standard'
  const twice = (element: string) => (line: string): string => line.replace(new RegExp(`(<${element}>[^<]*</${element}>)`), '$1$1')
  const cases: [name: string, file: string, line: number, change: (line: string) => string, stops: Record<string, RegExp>][] = [
    ['CII: two IBANs of a SEPA credit transfer (BR-DE-19 replaces in one value)', `${STANDARD}/01.02a-INVOICE_uncefact.xml`, 133, twice('ram:IBANID'), { en16931: /BR-/, xrechnung: /BR-DE-19 .*replace\(\) expects one value, got 2/ }],
    ['CII: two IBANs of a SEPA direct debit (BR-DE-20)', `${STANDARD}/03.04a-INVOICE_uncefact.xml`, 420, twice('ram:IBANID'), { xrechnung: /BR-DE-20 .*replace\(\) expects one value, got 2/ }],
    ['UBL: two payee account ids (BR-DE-19)', `${STANDARD}/01.02a-INVOICE_ubl.xml`, 86, twice('cbc:ID'), { en16931: /BR-50/, xrechnung: /BR-DE-19 .*replace\(\)/ }],
    ['UBL: two payer account ids of a mandate (BR-DE-20)', `${STANDARD}/03.04a-INVOICE_ubl.xml`, 85, twice('cbc:ID'), { xrechnung: /BR-DE-20 .*replace\(\)/ }],
    ['UBL: two invoice type codes (BR-04; KoSIT BR-DE-26 stops before BR-DE-17)', `${STANDARD}/01.02a-INVOICE_ubl.xml`, 9, twice('cbc:InvoiceTypeCode'), { en16931: /BR-04 /, xrechnung: /normalize-space\(\) expects one value, got 2/ }],
    ['CII CVD: a clean-vehicle characteristic with two values (BR-DE-CVD-05)', 'kosit-xrechnung-schematron/test/instances/cii/cii-br-de-cvd-03-04-05-06-test.xml', 57, twice('ram:Value'), { xrechnung: /BR-DE-CVD-05 .*normalize-space\(\) expects one value, got 2/ }],
    ['UBL CVD: the same on an additional item property', 'kosit-xrechnung-schematron/test/instances/ubl-inv/ubl-inv-br-de-cvd-03-04-05-06-test.xml', 166, twice('cbc:Value'), { xrechnung: /BR-DE-CVD-05 .*normalize-space\(\) expects one value, got 2/ }],
    [
      'UBL: a line tax category with two tax schemes (BR-CO-04 takes the boolean value of two comparisons)',
      `${STANDARD}/01.02a-INVOICE_ubl.xml`,
      127,
      (line) => line.replace('</cac:TaxScheme>', '</cac:TaxScheme><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>'),
      { en16931: /BR-CO-04 .*boolean value of a sequence of several values/ },
    ],
  ]
  for (const [name, file, line, change, stops] of cases) {
    it(name, () => {
      const lines = readFileSync(join(CORPUS_DIR, file), 'utf8').split('\n')
      const changed = change(lines[line - 1] ?? '')
      expect(changed).not.toBe(lines[line - 1])
      lines[line - 1] = changed
      const found = validateXml(Buffer.from(lines.join('\n'), 'utf8')).findings.filter((x) => x.ruleId === EVALUATION_RULE_ID)
      expect(found.map((f) => f.layer).sort()).toEqual(Object.keys(stops).sort())
      for (const f of found) expect(f.message).toMatch(stops[f.layer] as RegExp)
    })
  }
})

describe.skipIf(!hasCorpus)('a doubled tax scheme: the official exists() stops at its first match', () => {
  // 01.10a recategorised to K: the seller's VAT scheme (line 35 ends its TaxScheme) comes before a
  // second scheme (line 41). refcheck on both variants.
  const k = (): string[] =>
    readFileSync(join(CORPUS_DIR, 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.10a-INVOICE_ubl.xml'), 'utf8').replaceAll('<cbc:ID>S</cbc:ID>', '<cbc:ID>K</cbc:ID>').split('\n')

  it('the second scheme written twice stops nothing: BR-IC-02 found the VAT scheme first', () => {
    const lines = k()
    expect(lines[40]?.trim()).toBe('</cac:TaxScheme>')
    lines[40] = '</cac:TaxScheme><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme>'
    const r = validateXml(Buffer.from(lines.join('\n'), 'utf8'))
    expect(r.findings.some((x) => x.ruleId === EVALUATION_RULE_ID)).toBe(false)
    expect(r.findings.filter((x) => x.layer === 'en16931' && x.severity === 'fatal').map((x) => x.ruleId).sort()).toEqual(['BR-IC-02', 'BR-IC-05', 'BR-IC-09', 'BR-IC-10', 'BR-IC-11'])
  })

  it('the VAT scheme written twice stops BR-IC-02 (its predicate is two booleans on the first candidate)', () => {
    const lines = k()
    expect(lines[34]?.trim()).toBe('</cac:TaxScheme>')
    lines[34] = '</cac:TaxScheme><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>'
    const stops = validateXml(Buffer.from(lines.join('\n'), 'utf8')).findings.filter((x) => x.ruleId === EVALUATION_RULE_ID)
    expect(stops.map((x) => `${x.layer} ${x.message}`)).toEqual([expect.stringMatching(/^en16931 .*BR-IC-02 .*boolean value of a sequence/)])
  })
})

// An element doubled where the schema allows it: KoSIT BR-DE-18 reads the text after the last
// #…# of every payment terms' first description with one matches() (refcheck: the XRechnung
// transform stops on the XSD-valid CII, and on the UBL credit note, whose schema takes one).
describe.skipIf(!hasCorpus)('two payment terms with Skonto lines stop BR-DE-18', () => {
  const INSTANCES = 'kosit-xrechnung-schematron/test/instances'
  const doubled = (file: string, from: number, to: number): string => {
    const lines = readFileSync(join(CORPUS_DIR, INSTANCES, file), 'utf8').split('\n')
    const block = lines.slice(from - 1, to)
    return [...lines.slice(0, to), ...block, ...lines.slice(to)].join('\n')
  }
  const stops = (xml: string): string[] => validateXml(Buffer.from(xml, 'utf8')).findings.filter((x) => x.ruleId === EVALUATION_RULE_ID).map((x) => `${x.layer} ${x.message}`)

  it('CII (two ram:SpecifiedTradePaymentTerms are XSD-valid)', () => {
    const xml = doubled('cii/cii-br-de-18-freespace-test.xml', 137, 148)
    expect(validateXml(Buffer.from(xml, 'utf8')).findings.filter((x) => x.layer === 'xsd')).toEqual([])
    expect(stops(xml)).toEqual([expect.stringMatching(/^xrechnung .*BR-DE-18 .*matches\(\) expects one value, got 2/)])
  })

  it('UBL', () => {
    expect(stops(doubled('ubl-cn/ubl-cn-br-de-18-freespace-test.xml', 173, 188))).toEqual([expect.stringMatching(/^xrechnung .*BR-DE-18 /)])
  })

  it('the same files as given stop nothing', () => {
    for (const file of ['cii/cii-br-de-18-freespace-test.xml', 'ubl-cn/ubl-cn-br-de-18-freespace-test.xml']) {
      expect(stops(readFileSync(join(CORPUS_DIR, INSTANCES, file), 'utf8'))).toEqual([])
    }
  })

  it('UBL BR-56: a tax representative scheme written twice (one PartyTaxScheme) stops the CEN rules', () => {
    const lines = readFileSync(join(CORPUS_DIR, INSTANCES, 'ubl-cn/ubl-cn-br-de-18-test.xml'), 'utf8').split('\n')
    expect(lines[137]?.trim()).toBe('</cac:TaxScheme>')
    lines[137] = '</cac:TaxScheme><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>'
    expect(stops(lines.join('\n'))).toEqual([expect.stringMatching(/^en16931 .*BR-56 .*boolean value of a sequence/)])
  })
})

describe.skipIf(!hasCorpus)('a comment inside a value gives text() two nodes', () => {
  it('a line start date split by a comment stops PEPPOL-EN16931-R110 (xs:date(text()); refcheck: the XRechnung transform fails)', () => {
    const file = join(CORPUS_DIR, 'kosit-xrechnung-testsuite/src/test/business-cases/standard/01.07a-INVOICE_ubl.xml')
    const xml = readFileSync(file, 'utf8')
    const line = /<cac:InvoiceLine>[\s\S]*?<cbc:StartDate>2\d{3}-/.exec(xml)
    if (line === null) throw new Error('test setup: no line period in the fixture')
    const at = line.index + line[0].length
    const split = xml.slice(0, at) + '<!---->' + xml.slice(at)
    const stops = validateXml(Buffer.from(split, 'utf8')).findings.filter((x) => x.ruleId === EVALUATION_RULE_ID)
    expect(stops.map((x) => `${x.layer} ${x.message}`)).toEqual([expect.stringMatching(/^xrechnung .*PEPPOL-EN16931-R110 .*xs:date\(\) expects one value, got 2/)])
  })
})

