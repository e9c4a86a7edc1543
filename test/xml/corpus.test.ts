/** parseXml on the real invoices of the shared corpus (CII, UBL, ZUGFeRD 1, Order-X). */
import { describe, expect, it } from 'vitest'
import { NS, child, childText, childrenNamed, parseXml } from '../../src/xml/index.js'
import type { XmlElement } from '../../src/xml/index.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

noteIfNoCorpus('xml corpus')

/** Root element (namespace URI, local name) per oracle syntax. */
const ROOTS: Record<string, [string, string]> = {
  CII: [NS.rsm, 'CrossIndustryInvoice'],
  'UBL-Invoice': [NS.ublInvoice, 'Invoice'],
  'UBL-CreditNote': [NS.ublCreditNote, 'CreditNote'],
  ZUGFeRD1: [NS.zf1rsm, 'CrossIndustryDocument'],
  'Order-X': [NS.oxrsm, 'SCRDMCCBDACIOMessageStructure'],
}

const EXAMPLE4 = 'cen-en16931/cii/examples/CII_example4.xml'

function countElements(el: XmlElement): number {
  let n = 1
  for (const c of el.children) n += countElements(c)
  return n
}

/** Structure without prefixes: what must not change when only the prefixes of a file change. */
function shape(el: XmlElement): unknown {
  return [el.ns, el.local, el.text, el.attributes.map((a) => [a.ns, a.local, a.value]), el.children.map(shape)]
}

describe.skipIf(!hasCorpus)('parseXml on the corpus', () => {
  it('parses every XML invoice of the corpus and finds the root the oracle names', () => {
    const entries = oracle().filter((e) => e.file.endsWith('.xml') && ROOTS[e.syntax] !== undefined)
    expect(entries.length).toBeGreaterThan(400)
    for (const e of entries) {
      const [ns, local] = ROOTS[e.syntax] as [string, string]
      const { root } = parseXml(readCorpusFile(e))
      expect([e.file, root.ns, root.local]).toEqual([e.file, ns, local])
    }
  })

  it('builds as many elements as the file has start tags', () => {
    const bytes = readCorpusFile(EXAMPLE4)
    const text = bytes.toString('utf8').replace(/<!--[\s\S]*?-->/g, '')
    const startTags = text.match(/<[A-Za-z_][^\s/>]*/g) ?? []
    expect(countElements(parseXml(bytes).root)).toBe(startTags.length)
  })

  it('keeps amounts and identifiers exactly as written, with positions pointing at the start tags', () => {
    const bytes = readCorpusFile(EXAMPLE4)
    const lines = bytes.toString('utf8').split(/\r?\n/)
    const { root } = parseXml(bytes)
    const tx = child(root, NS.rsm, 'SupplyChainTradeTransaction') as XmlElement
    const items = childrenNamed(tx, NS.ram, 'IncludedSupplyChainTradeLineItem')
    expect(items.length).toBeGreaterThan(1)
    for (const item of items) {
      expect(lines[item.line - 1]?.slice(item.column - 1)).toMatch(/^<ram:IncludedSupplyChainTradeLineItem\b/)
    }
    const settlement = child(tx, NS.ram, 'ApplicableHeaderTradeSettlement') as XmlElement
    const sums = child(settlement, NS.ram, 'SpecifiedTradeSettlementHeaderMonetarySummation') as XmlElement
    const grand = child(sums, NS.ram, 'GrandTotalAmount') as XmlElement
    expect(lines[grand.line - 1]).toContain(`>${grand.text}<`)
    expect(childText(child(root, NS.rsm, 'ExchangedDocument') as XmlElement, NS.ram, 'TypeCode')).toBe('380')
  })

  it('reads the same tree whatever prefixes a file uses (odd prefixes, default namespace)', () => {
    const original = readCorpusFile(EXAMPLE4).toString('utf8')
    const odd = original.replace(/(<\/?|xmlns:)rsm([:=])/g, '$1a$2').replace(/(<\/?|xmlns:)ram([:=])/g, '$1zz$2')
    const defaulted = original.replace(/(<\/?)rsm:/g, '$1').replace(/xmlns:rsm=/, 'xmlns=')
    expect(odd).toContain('<a:CrossIndustryInvoice')
    expect(defaulted).toContain('<CrossIndustryInvoice')
    const expected = shape(parseXml(original).root)
    expect(shape(parseXml(odd).root)).toEqual(expected)
    expect(shape(parseXml(defaulted).root)).toEqual(expected)
  })

  it('reads UBL written with a default namespace', () => {
    const entry = oracle().find((e) => e.syntax === 'UBL-Invoice' && readCorpusFile(e).includes(`xmlns="${NS.ublInvoice}"`))
    expect(entry).toBeDefined()
    const { root } = parseXml(readCorpusFile(entry as NonNullable<typeof entry>))
    expect(root.qname).toBe('Invoice')
    expect(childText(root, NS.cbc, 'ID')).toBeDefined()
    expect(child(root, NS.cac, 'AccountingSupplierParty')).toBeDefined()
  })

  it('accepts a corpus file that starts with a UTF-8 BOM', () => {
    const entry = oracle().find((e) => e.file.endsWith('.xml') && ROOTS[e.syntax] !== undefined && readCorpusFile(e)[0] === 0xef)
    expect(entry).toBeDefined()
    expect(parseXml(readCorpusFile(entry as NonNullable<typeof entry>)).root.line).toBeGreaterThan(0)
  })
})
