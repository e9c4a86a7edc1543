import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CEN_CII_PROBE } from '../../src/validate/probe/tables/cen-cii-probe.js'
import { CEN_UBL_PROBE } from '../../src/validate/probe/tables/cen-ubl-probe.js'
import { XR_CII_PROBE } from '../../src/validate/probe/tables/xr-cii-probe.js'
import { XR_UBL_PROBE } from '../../src/validate/probe/tables/xr-ubl-probe.js'
import { compilePattern } from '../../src/validate/schematron/pattern.js'
import { XPATH_NAMESPACES } from '../../src/validate/syntax/paths.js'
import { EVALUATION_RULE_ID, compileAllRows } from '../../src/validate/schematron/rule-table.js'
import { parseXml } from '../../src/xml/index.js'
import type { XmlElement } from '../../src/xml/index.js'
import { validateXml } from '../../src/validate/validate-xml.js'
import { CORPUS_DIR, hasCorpus } from '../helpers/corpus.js'

// The probe of the official tests that can stop with a dynamic error (src/validate/probe/).

describe('probe tables', () => {
  it('parse and compile every row and context (a table entry the evaluator cannot run would fail a validation)', () => {
    for (const t of [CEN_CII_PROBE, CEN_UBL_PROBE, XR_CII_PROBE, XR_UBL_PROBE]) {
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
    const tables = [[CEN_CII_PROBE, docs.CII], [XR_CII_PROBE, docs.CII], [CEN_UBL_PROBE, docs.UBL], [XR_UBL_PROBE, docs.UBL]] as const
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
