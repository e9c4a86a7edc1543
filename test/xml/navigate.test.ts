/** Navigation by namespace URI + local name, element paths, and the required-content accessors. */
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { NS, attr, child, childText, childrenNamed, elementPath, namespaceOf, parseXml, requireChild, requireText } from '../../src/xml/index.js'
import type { XmlElement } from '../../src/xml/index.js'

// Prefixes on purpose unlike the canonical ones: navigation and paths must not depend on them.
const XML = `<a:CrossIndustryInvoice xmlns:a="${NS.rsm}" xmlns:b="${NS.ram}" xmlns:o="urn:other">
  <a:ExchangedDocument><b:ID> INV-1 </b:ID><b:Blank>  </b:Blank></a:ExchangedDocument>
  <a:SupplyChainTradeTransaction>
    <b:IncludedSupplyChainTradeLineItem><b:LineID>1</b:LineID></b:IncludedSupplyChainTradeLineItem>
    <o:IncludedSupplyChainTradeLineItem/>
    <b:IncludedSupplyChainTradeLineItem><b:LineID>2</b:LineID>
      <b:Amount currencyID="EUR" o:currencyID="USD">10.00</b:Amount></b:IncludedSupplyChainTradeLineItem>
  </a:SupplyChainTradeTransaction>
</a:CrossIndustryInvoice>`

const { root } = parseXml(XML)
const doc = child(root, NS.rsm, 'ExchangedDocument') as XmlElement
const tx = child(root, NS.rsm, 'SupplyChainTradeTransaction') as XmlElement
const lines = childrenNamed(tx, NS.ram, 'IncludedSupplyChainTradeLineItem')
const amount = child(lines[1] as XmlElement, NS.ram, 'Amount') as XmlElement

describe('child / childrenNamed', () => {
  it('match by namespace URI and local name, never by prefix', () => {
    expect(doc.qname).toBe('a:ExchangedDocument')
    expect(lines.map((l) => childText(l, NS.ram, 'LineID'))).toEqual(['1', '2'])
    expect(childrenNamed(tx, 'urn:other', 'IncludedSupplyChainTradeLineItem')).toHaveLength(1)
  })

  it('return undefined / [] when nothing matches (same local name, other namespace included)', () => {
    expect(child(root, NS.ram, 'ExchangedDocument')).toBeUndefined()
    expect(child(root, NS.rsm, 'Nope')).toBeUndefined()
    expect(childrenNamed(doc, NS.rsm, 'ID')).toEqual([])
  })
})

describe('childText', () => {
  it('trims the text of the first such child', () => {
    expect(childText(doc, NS.ram, 'ID')).toBe('INV-1')
  })

  it('is undefined for a blank or absent child', () => {
    expect(childText(doc, NS.ram, 'Blank')).toBeUndefined()
    expect(childText(doc, NS.ram, 'Missing')).toBeUndefined()
  })
})

describe('attr', () => {
  it('finds an unprefixed attribute by default and a namespaced one by URI', () => {
    expect(attr(amount, 'currencyID')).toBe('EUR')
    expect(attr(amount, 'currencyID', 'urn:other')).toBe('USD')
  })

  it('is undefined for an absent attribute or a wrong namespace', () => {
    expect(attr(amount, 'schemeID')).toBeUndefined()
    expect(attr(amount, 'currencyID', NS.ram)).toBeUndefined()
  })
})

describe('elementPath', () => {
  it('uses canonical prefixes and positions among same-named siblings', () => {
    expect(elementPath(amount)).toBe(
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]/ram:Amount',
    )
    expect(elementPath(lines[0] as XmlElement)).toBe('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[1]')
  })

  it('keeps the written name for unknown namespaces and adds no index to a unique element', () => {
    const other = childrenNamed(tx, 'urn:other', 'IncludedSupplyChainTradeLineItem')[0] as XmlElement
    expect(elementPath(other)).toBe('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/o:IncludedSupplyChainTradeLineItem')
    expect(elementPath(root)).toBe('/rsm:CrossIndustryInvoice')
  })

  it('gives the same positions under a parent of many children (counted once for all of them)', () => {
    // 100 line items with another namespace's twin after every tenth, and one unique element at the end.
    let kids = ''
    for (let i = 1; i <= 100; i++) kids += `<b:IncludedSupplyChainTradeLineItem><b:LineID>${i}</b:LineID></b:IncludedSupplyChainTradeLineItem>${i % 10 === 0 ? '<o:IncludedSupplyChainTradeLineItem/>' : ''}`
    const big = parseXml(`<a:CrossIndustryInvoice xmlns:a="${NS.rsm}" xmlns:b="${NS.ram}" xmlns:o="urn:other"><a:SupplyChainTradeTransaction>${kids}<b:Unique/></a:SupplyChainTradeTransaction></a:CrossIndustryInvoice>`)
    const parent = big.root.children[0] as XmlElement
    expect(parent.children.length).toBe(111)
    const base = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/'
    // Asked out of document order, and twice.
    for (const i of [77, 1, 100, 77]) expect(elementPath(childrenNamed(parent, NS.ram, 'IncludedSupplyChainTradeLineItem')[i - 1] as XmlElement)).toBe(`${base}ram:IncludedSupplyChainTradeLineItem[${i}]`)
    expect(elementPath(childrenNamed(parent, 'urn:other', 'IncludedSupplyChainTradeLineItem')[3] as XmlElement)).toBe(`${base}o:IncludedSupplyChainTradeLineItem[4]`)
    expect(elementPath(parent.children[110] as XmlElement)).toBe(`${base}ram:Unique`)
    expect(elementPath(childrenNamed(childrenNamed(parent, NS.ram, 'IncludedSupplyChainTradeLineItem')[40] as XmlElement, NS.ram, 'LineID')[0] as XmlElement)).toBe(`${base}ram:IncludedSupplyChainTradeLineItem[41]/ram:LineID`)
  })

  it('writes UBL roots with the prefixes of the official rules (ubl:, cn:)', () => {
    const inv = parseXml(`<Invoice xmlns="${NS.ublInvoice}" xmlns:cbc="${NS.cbc}"><cbc:ID/></Invoice>`).root
    expect(elementPath(inv.children[0] as XmlElement)).toBe('/ubl:Invoice/cbc:ID')
    expect(elementPath(parseXml(`<CreditNote xmlns="${NS.ublCreditNote}"/>`).root)).toBe('/cn:CreditNote')
  })
})

describe('requireChild / requireText', () => {
  it('return the child or its trimmed text when present', () => {
    expect(requireChild(root, NS.rsm, 'ExchangedDocument')).toBe(doc)
    expect(requireText(doc, NS.ram, 'ID')).toBe('INV-1')
  })

  it('throw an EInvoiceError naming the path, line and column when absent or blank', () => {
    expect(() => requireChild(doc, NS.ram, 'TypeCode')).toThrow(EInvoiceError)
    try {
      requireText(doc, NS.ram, 'Blank')
    } catch (err) {
      expect(err).toMatchObject({
        errorCode: 'UNSUPPORTED_DOCUMENT',
        message: 'line 2, column 3: /rsm:CrossIndustryInvoice/rsm:ExchangedDocument has no text in ram:Blank',
        details: { path: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:Blank', line: '2', column: '3' },
      })
      return
    }
    throw new Error('requireText accepted a blank element')
  })
})

// For QName values (xsi:type): the declarations of the element and its ancestors, innermost first.
describe('namespaceOf', () => {
  it('resolves a prefix where the element stands, the default namespace, xml, and nothing else', () => {
    const { root: r } = parseXml('<a:R xmlns:a="urn:a" xmlns:b="urn:b"><a:S xmlns:b="urn:b2" xmlns="urn:d"><a:T xmlns=""/></a:S><a:U/></a:R>')
    const s = r.children[0] as XmlElement
    const t = s.children[0] as XmlElement
    const u = r.children[1] as XmlElement
    expect(r.namespaces).toEqual(['a', 'urn:a', 'b', 'urn:b'])
    expect(u.namespaces).toBeUndefined()
    expect(namespaceOf(s, 'b')).toBe('urn:b2')
    expect(namespaceOf(u, 'b')).toBe('urn:b')
    expect(namespaceOf(t, 'a')).toBe('urn:a')
    expect(namespaceOf(s, '')).toBe('urn:d')
    expect(namespaceOf(t, '')).toBe('')
    expect(namespaceOf(u, '')).toBe('')
    expect(namespaceOf(u, 'xml')).toBe('http://www.w3.org/XML/1998/namespace')
    expect(namespaceOf(u, 'zz')).toBeUndefined()
  })
})
