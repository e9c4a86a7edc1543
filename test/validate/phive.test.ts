import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runPhive } from '../../src/validate/phive/run-phive.js'
import { KNOWN_VESIDS, detectVes } from '../../src/validate/phive/ves.js'
import { toPhiveJson } from '../../src/validate/report/phive.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

noteIfNoCorpus('validate/phive')

const VALID = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`)
const INVALID = Buffer.from(VALID.toString('utf8').replace('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345.51'))

describe('runPhive', () => {
  it('detects the EN 16931 CII VES from BT-24 and reports success in phive JSON', () => {
    const json = toPhiveJson(runPhive(VALID))
    expect(json.ves).toMatchObject({ vesid: 'eu.cen.en16931:cii:1.3.16', deprecated: false, status: { detectedFromDocument: true } })
    expect(json.success).toBe(true)
    expect(json.interrupted).toBe(false)
    expect(json.results.map((r) => [r.artifactType, r.success])).toEqual([
      ['xsd', 'TRUE'],
      ['schematron-xslt', 'TRUE'],
    ])
    expect(typeof json.durationMS).toBe('number')
  })

  it('reports errors with id, field, location and text; mostSevereErrorLevel ERROR', () => {
    const json = toPhiveJson(runPhive(INVALID, { vesid: 'eu.cen.en16931:cii:1.3.16' }), 'bad.xml')
    expect(json.success).toBe(false)
    expect(json.mostSevereErrorLevel).toBe('ERROR')
    const item = json.results[1]?.items.find((i) => i.errorID === 'BR-CO-10')
    expect(item).toMatchObject({ errorLevel: 'ERROR', errorFieldName: '/BG-22/BT-106', test: 'BR-CO-10' })
    expect(item?.errorText).toContain('345.51')
    expect(json.results[1]?.success).toBe('FALSE')
  })

  it('runs the KoSIT rules for an explicit XRechnung VESID even when BT-24 is not XRechnung', () => {
    const json = toPhiveJson(runPhive(VALID, { vesid: 'de.xrechnung:cii:3.0.2' }))
    const xr = json.results[2]
    expect(xr?.artifactPath).toContain('XRechnung-CII-3.0.2')
    expect(xr?.items.some((i) => i.errorID === 'BR-DE-21')).toBe(true)
    // The Mustang-style notices of the automatic plan are replaced, not repeated.
    const ids = xr?.items.map((i) => `${i.errorID}@${i.errorLocation}`) ?? []
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('fails the XSD step and skips the rest for a VESID of another syntax', () => {
    const json = toPhiveJson(runPhive(VALID, { vesid: 'eu.cen.en16931:ubl:1.3.16' }))
    expect(json.success).toBe(false)
    expect(json.interrupted).toBe(true)
    expect(json.results.map((r) => r.success)).toEqual(['FALSE', 'UNDEFINED'])
    expect(json.results[0]?.items[0]?.errorText).toContain('UBL-Invoice')
  })

  it('refuses an unknown VESID, listing the known ones', () => {
    expect(() => runPhive(VALID, { vesid: 'eu.cen.en16931:cii:9.9' })).toThrowError(expect.objectContaining({ errorCode: 'INVALID_PARAMETER', message: expect.stringContaining('de.xrechnung:ubl-creditnote:3.0.2') as string }) as Error)
  })

  it('refuses input that is not XML', () => {
    expect(() => runPhive(Buffer.from('not xml'))).toThrowError(expect.objectContaining({ errorCode: 'INVALID_XML' }) as Error)
  })

  it('knows the VESIDs of the issue and the Factur-X profiles', () => {
    for (const id of ['eu.cen.en16931:cii:1.3.16', 'eu.cen.en16931:ubl:1.3.16', 'eu.cen.en16931:ubl-creditnote:1.3.16', 'de.xrechnung:cii:3.0.2', 'de.xrechnung:ubl-invoice:3.0.2', 'de.xrechnung:ubl-creditnote:3.0.2']) {
      expect(KNOWN_VESIDS).toContain(id)
    }
    expect(KNOWN_VESIDS.filter((v) => v.startsWith('fr.factur-x:'))).toHaveLength(5)
    expect(detectVes('CII', 'XRECHNUNG')?.vesid).toBe('de.xrechnung:cii:3.0.2')
    expect(detectVes('UBL-CreditNote', 'XRECHNUNG')?.vesid).toBe('de.xrechnung:ubl-creditnote:3.0.2')
    expect(detectVes('CII', 'BASICWL')?.vesid).toBe('fr.factur-x:basicwl:1.0.7')
  })
})

describe.skipIf(!hasCorpus)('an explicit VESID runs that VES, whatever BT-24 declares', () => {
  // A Factur-X EXTENDED invoice the official CEN rules reject (BR-S-08, BR-CO-12, CII-DT-027):
  // named by VESID, the CEN VES had kept EXTENDED's downgrade of those rules to advice and passed.
  const extended = () => readCorpusFile('mustang/library/src/test/resources/factur-x-extended.xml')
  const errors = (vesid: string) =>
    toPhiveJson(runPhive(extended(), { vesid })).results.map((r) => [r.success, [...new Set(r.items.filter((i) => i.errorLevel === 'ERROR').map((i) => i.errorID))].sort()])

  it('the CEN rules as the CEN VES runs them: fatal, not advice', () => {
    expect(errors('eu.cen.en16931:cii:1.3.16')).toEqual([
      ['TRUE', []],
      ['FALSE', ['BR-CO-12', 'BR-S-08', 'CII-DT-027']],
    ])
  })

  it("a Factur-X profile's own XSD and rules", () => {
    expect(errors('fr.factur-x:minimum:1.0.7')).toEqual([
      ['FALSE', ['xsd:facturx-MINIMUM']],
      ['FALSE', ['FX-SCH-A-000026']],
    ])
    expect(errors('fr.factur-x:en16931:1.0.7')[2]).toEqual(['FALSE', ['BR-S-08', 'FX-SCH-A-000556']])
    expect(toPhiveJson(runPhive(extended(), { vesid: 'fr.factur-x:extended:1.0.7' })).success).toBe(true)
  })

  it('the CEN rules on a MINIMUM invoice, which BT-24 alone never runs', () => {
    const json = toPhiveJson(runPhive(readCorpusFile('akretion-factur-x/tests/fixtures/xml/factur-x-minimum.xml'), { vesid: 'eu.cen.en16931:cii:1.3.16' }))
    expect(json.results[1]?.success).toBe('FALSE')
    expect(json.results[1]?.items.map((i) => i.errorID)).toEqual(expect.arrayContaining(['BR-10', 'BR-11', 'BR-16', 'BR-CO-10']))
  })
})

describe.skipIf(!hasCorpus)('runPhive over the corpus XML', () => {
  it('never crashes and agrees with the official verdict where its default VES covers the same layers', () => {
    // XRechnung and EN 16931 UBL: the default VES runs exactly the official layers (XSD, CEN, KoSIT).
    const entries = oracle().filter((e) => (e.syntax === 'UBL-Invoice' || e.syntax === 'UBL-CreditNote' || e.profile === 'XRECHNUNG') && !e.file.endsWith('.pdf'))
    let agree = 0
    for (const e of entries) {
      const json = toPhiveJson(runPhive(readCorpusFile(e)))
      if (json.success === (e.verdict === 'valid')) agree++
    }
    expect(entries.length).toBeGreaterThan(100)
    expect(agree / entries.length).toBeGreaterThanOrEqual(0.95)
  })
})
