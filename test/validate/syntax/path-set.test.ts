import { describe, expect, it } from 'vitest'
import { compilePathSet } from '../../../src/validate/syntax/path-set.js'
import { compileChildPath } from '../../../src/validate/syntax/paths.js'
import { parseXml } from '../../../src/xml/index.js'

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:other="urn:example:other">
  <rsm:ExchangedDocument>
    <ram:ID schemeID="X">1</ram:ID>
    <ram:ID>2</ram:ID>
    <ram:IncludedNote><ram:Content>a</ram:Content><ram:Content listID="L">b</ram:Content></ram:IncludedNote>
    <ram:IncludedNote><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>
    <other:ID>3</other:ID>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem><ram:Note listID="M"/></ram:IncludedSupplyChainTradeLineItem>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`

const root = parseXml(XML).root
const exchanged = root.children[0]
if (exchanged === undefined) throw new Error('fixture without ExchangedDocument')

// Every path form the syntax tables use: plain, nested, alternatives, wildcards, attributes and
// document-wide paths, plus paths that select nothing.
const PATHS = [
  'ram:ID',
  'ram:ID/@schemeID',
  '@schemeID',
  'ram:IncludedNote/ram:Content',
  'ram:IncludedNote/ram:Content/@listID',
  'ram:IncludedNote/(ram:Content|ram:SubjectCode)',
  'ram:IncludedNote/*',
  'ram:*',
  '*',
  'ram:Missing',
  'ram:IncludedNote/ram:Missing/ram:Deeper',
  '//ram:Content',
  '//@listID',
  '//ram:IncludedSupplyChainTradeLineItem/ram:Note/@listID',
  '//ram:Nowhere',
]

describe('compilePathSet', () => {
  it('counts every path in one pass exactly as the single-path evaluator does', () => {
    const counts = compilePathSet(PATHS).counts(exchanged)
    const expected = PATHS.map((p) => compileChildPath(p).count(exchanged))
    expect([...counts]).toEqual(expected)
    // Spot checks against the fixture, so a shared mistake of both evaluators shows too.
    expect(expected).toEqual([2, 1, 0, 2, 1, 3, 3, 4, 5, 0, 0, 2, 2, 1, 0])
  })

  it('resets the counts between elements and documents', () => {
    const set = compilePathSet(['ram:ID', '//ram:Content'])
    expect([...set.counts(exchanged)]).toEqual([2, 2])
    const other = parseXml(XML.replace(/<ram:Content[^>]*>[ab]<\/ram:Content>/g, '')).root
    expect([...set.counts(other)]).toEqual([0, 0])
    expect([...set.counts(exchanged)]).toEqual([2, 2])
  })

  it('rejects paths it cannot evaluate faithfully', () => {
    expect(() => compilePathSet(['ram:A/(ram:B|*)'])).toThrow(/mixed wildcard/)
    expect(() => compilePathSet(['nope:Element'])).toThrow(/prefix/)
    expect(() => compilePathSet(['NoPrefix'])).toThrow(/prefix/)
  })
})

describe('compileChildPath some / first', () => {
  it('agree with select for every path form: first is select()[0], some tests in document order and stops', () => {
    for (const p of PATHS) {
      const path = compileChildPath(p)
      const selected = path.select(exchanged)
      expect(path.first(exchanged), p).toBe(selected[0])
      const seen: string[] = []
      const found = path.some(exchanged, (e) => {
        seen.push(e.text)
        return e.text === 'b'
      })
      const stop = selected.findIndex((e) => e.text === 'b')
      expect(found, p).toBe(stop >= 0)
      // Visited in document order, and nothing after the element that decided.
      expect(seen, p).toEqual(selected.slice(0, stop >= 0 ? stop + 1 : selected.length).map((e) => e.text))
    }
    // Spot checks against the fixture.
    expect(compileChildPath('ram:IncludedNote/ram:Content').first(exchanged)?.text).toBe('a')
    expect(compileChildPath('ram:IncludedNote/ram:Content/@listID').first(exchanged)?.text).toBe('b')
    expect(compileChildPath('ram:Missing').first(exchanged)).toBeUndefined()
  })
})
