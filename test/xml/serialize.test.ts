/** el + serializeXml: exact output, escaping, sanitising, determinism, and a parse round trip. */
import { describe, expect, it } from 'vitest'
import { NS, el, escapeXmlAttribute, parseXml, serializeXml } from '../../src/xml/index.js'
import type { XmlElement, XmlNode } from '../../src/xml/index.js'

const namespaces = { rsm: NS.rsm, ram: NS.ram }

describe('el', () => {
  it('turns string children into text and skips undefined / false / null children and undefined attributes', () => {
    const flag = false as boolean
    const node = el('ram:A', { x: '1', y: undefined }, 'a', undefined, flag && el('ram:B'), null, 'b', el('ram:C'))
    expect(node).toEqual({ name: 'ram:A', attrs: { x: '1', y: undefined }, text: 'ab', children: [{ name: 'ram:C' }] })
    expect(serializeXml(node, { namespaces, declaration: false })).toBe(
      `<ram:A xmlns:rsm="${NS.rsm}" xmlns:ram="${NS.ram}" x="1">ab<ram:C/></ram:A>\n`,
    )
  })
})

describe('serializeXml', () => {
  const tree = el(
    'rsm:CrossIndustryInvoice',
    undefined,
    el('rsm:ExchangedDocument', undefined, el('ram:ID', undefined, 'INV-1'), el('ram:TypeCode', undefined, '380')),
    el('ram:Empty'),
    el('ram:Amount', { currencyID: 'EUR' }, '0012.50'),
  )

  it('writes declaration, namespaces in the given order, indentation, <a/> for empty elements and a final newline', () => {
    expect(serializeXml(tree, { namespaces, comment: 'einvoice' })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<rsm:CrossIndustryInvoice xmlns:rsm="${NS.rsm}" xmlns:ram="${NS.ram}">`,
        '  <!--einvoice-->',
        '  <rsm:ExchangedDocument>',
        '    <ram:ID>INV-1</ram:ID>',
        '    <ram:TypeCode>380</ram:TypeCode>',
        '  </rsm:ExchangedDocument>',
        '  <ram:Empty/>',
        '  <ram:Amount currencyID="EUR">0012.50</ram:Amount>',
        '</rsm:CrossIndustryInvoice>',
        '',
      ].join('\n'),
    )
  })

  it('declares a default namespace for the prefix "" and honours indent and declaration options', () => {
    const out = serializeXml(el('Invoice', undefined, el('cbc:ID', undefined, '1')), {
      namespaces: { '': NS.ublInvoice, cbc: NS.cbc },
      declaration: false,
      indent: '\t',
    })
    expect(out).toBe(`<Invoice xmlns="${NS.ublInvoice}" xmlns:cbc="${NS.cbc}">\n\t<cbc:ID>1</cbc:ID>\n</Invoice>\n`)
  })

  it('gives the same bytes for the same input', () => {
    const a = serializeXml(tree, { namespaces })
    const b = serializeXml(structuredClone(tree), { namespaces: { ...namespaces } })
    expect(a).toBe(b)
  })

  it('escapes & < > in text and & < > " plus TAB / LF / CR in attributes', () => {
    const out = serializeXml(el('r', { a: 'x "q" & <b>\t1\n2\r3' }, 'Tom & Jerry <3> "quoted"\r\n'), { namespaces: {}, declaration: false })
    expect(out).toBe('<r a="x &quot;q&quot; &amp; &lt;b&gt;&#9;1&#10;2&#13;3">Tom &amp; Jerry &lt;3&gt; "quoted"&#13;\n</r>\n')
  })

  it('replaces characters XML 1.0 cannot carry by U+FFFD (controls, U+FFFE, lone surrogates) and keeps astral ones', () => {
    const out = serializeXml(el('r', { a: 'x\u0000y' }, 'a\u0001b\u001Fc\uFFFEd\uD800e😀'), { namespaces: {}, declaration: false })
    expect(out).toBe('<r a="x\uFFFDy">a\uFFFDb\uFFFDc\uFFFDd\uFFFDe😀</r>\n')
    expect(escapeXmlAttribute('ok')).toBe('ok')
  })

  it('keeps a comment well-formed whatever it contains', () => {
    const out = serializeXml(el('r'), { namespaces: {}, declaration: false, comment: 'a--b---' })
    expect(out).toBe('<r>\n  <!--a- -b- - - -->\n</r>\n')
    expect(() => parseXml(out)).not.toThrow()
  })

  it('writes text and children together inline, so no whitespace is added to the text', () => {
    const out = serializeXml(el('r', undefined, el('a', undefined, 'x ', el('b', undefined, el('c')), ' y')), { namespaces: {}, declaration: false })
    expect(out).toBe('<r>\n  <a>x  y<b><c/></b></a>\n</r>\n')
  })

  it('refuses an element prefix that is not declared (a writer bug), and accepts one declared locally', () => {
    expect(() => serializeXml(el('rsm:A', undefined, el('cbc:ID')), { namespaces })).toThrow(/prefix "cbc" of element cbc:ID is not declared/)
    expect(() => serializeXml(el('r', { 'x:a': '1' }), { namespaces: {} })).toThrow(/prefix "x" of attribute x:a/)
    expect(serializeXml(el('r', { 'xmlns:x': 'urn:x' }, el('x:a')), { namespaces: {}, declaration: false })).toBe(
      '<r xmlns:x="urn:x">\n  <x:a/>\n</r>\n',
    )
  })

  it('writes what parseXml reads back exactly (text, attributes, namespaces)', () => {
    const texts = ['0012.50', ' padded ', 'a & b < c > d "e" \'f\'', 'line1\nline2\r\nline3', '€ 😀 \t tab']
    const node: XmlNode = el('rsm:R', undefined, ...texts.map((t) => el('ram:T', { v: t }, t)))
    const { root } = parseXml(serializeXml(node, { namespaces }))
    expect(root.ns).toBe(NS.rsm)
    expect(root.children.map((c: XmlElement) => [c.ns, c.text, c.attributes[0]?.value])).toEqual(texts.map((t) => [NS.ram, t, t]))
  })
})
