/** parseXml on well-formed input: tree shape, namespaces by URI, positions, verbatim text. */
import { describe, expect, it } from 'vitest'
import { NS, child, leadingTextOf, parseXml } from '../../src/xml/index.js'
import type { XmlElement } from '../../src/xml/index.js'

const CII_HEAD =
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
  ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">'

describe('parseXml: tree', () => {
  it('resolves element and attribute namespaces by URI and drops xmlns declarations from attributes', () => {
    const { root } = parseXml(
      '<a:Invoice xmlns:a="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:b="urn:b" b:x="1" y="2"/>',
    )
    expect(root).toMatchObject({ ns: NS.ublInvoice, local: 'Invoice', qname: 'a:Invoice' })
    expect(root.attributes).toEqual([
      { ns: 'urn:b', local: 'x', qname: 'b:x', value: '1' },
      { ns: '', local: 'y', qname: 'y', value: '2' },
    ])
  })

  it('puts unprefixed elements in the default namespace and leaves unprefixed attributes in none', () => {
    const { root } = parseXml('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID schemeID="0088">1</ID></Invoice>')
    const id = root.children[0] as XmlElement
    expect(id.ns).toBe(NS.ublInvoice)
    expect(id.attributes[0]).toEqual({ ns: '', local: 'schemeID', qname: 'schemeID', value: '0088' })
  })

  it('gives element children in document order with parent links', () => {
    const { root } = parseXml('<r><a/><b/><a/></r>')
    expect(root.children.map((c) => c.local)).toEqual(['a', 'b', 'a'])
    expect(root.children.every((c) => c.parent === root)).toBe(true)
    expect(root.parent).toBeUndefined()
  })

  it('gives leaves empty children and attributes', () => {
    const { root } = parseXml('<r/>')
    expect(root.children).toEqual([])
    expect(root.attributes).toEqual([])
    expect(root.text).toBe('')
  })

  it('collects processing instructions with their line', () => {
    const doc = parseXml('<?xml version="1.0"?>\n<?xml-stylesheet href="a.xsl"?>\n<r><?app\nx?></r>')
    expect(doc.processingInstructions).toEqual([
      { target: 'xml-stylesheet', body: 'href="a.xsl"', line: 2 },
      { target: 'app', body: 'x', line: 3 },
    ])
  })

  it('reports no processing instructions when there are none (the XML declaration is not one)', () => {
    expect(parseXml('<?xml version="1.0" encoding="UTF-8"?><r/>').processingInstructions).toEqual([])
  })
})

describe('parseXml: text is kept verbatim', () => {
  it('keeps leading zeros, trailing zeros and surrounding space', () => {
    const { root } = parseXml(`${CII_HEAD}<ram:A> 0012.50 </ram:A><ram:B>001</ram:B><ram:C>1E3</ram:C></rsm:CrossIndustryInvoice>`)
    expect(root.children.map((c) => c.text)).toEqual([' 0012.50 ', '001', '1E3'])
  })

  it('concatenates text and CDATA and resolves predefined entities and character references', () => {
    const { root } = parseXml('<r>a &amp; <![CDATA[<b> & ]]>&#x20AC;&#8364;&lt;</r>')
    expect(root.text).toBe('a & <b> & €€<')
  })

  it('keeps only direct character data on the parent (whitespace between children included)', () => {
    const { root } = parseXml('<r>\n  <a>x</a>\n</r>')
    expect(root.text).toBe('\n  \n')
    expect(root.children[0]?.text).toBe('x')
  })

  it('normalises line ends as XML requires (CR LF → LF)', () => {
    expect(parseXml('<r>a\r\nb\rc</r>').root.text).toBe('a\nb\nc')
  })

  it('keeps attribute values with entities resolved', () => {
    expect(parseXml('<r a="x &quot;y&quot; &amp; 1.50"/>').root.attributes[0]?.value).toBe('x "y" & 1.50')
  })
})

describe('parseXml: positions', () => {
  it('gives the 1-based line and column of the start tag', () => {
    const { root } = parseXml(`<?xml version="1.0"?>\n${CII_HEAD}\n  <ram:A>1</ram:A>\n    <ram:B/></rsm:CrossIndustryInvoice>`)
    expect([root.line, root.column]).toEqual([2, 1])
    expect(root.children.map((c) => [c.qname, c.line, c.column])).toEqual([
      ['ram:A', 3, 3],
      ['ram:B', 4, 5],
    ])
  })

  it('places a start tag whose attributes span lines at its "<"', () => {
    const { root } = parseXml('<r>\n  <a\n    x="1"\n    y="2"/><b/></r>')
    expect(root.children.map((c) => [c.local, c.line, c.column])).toEqual([
      ['a', 2, 3],
      ['b', 4, 12],
    ])
  })

  it('counts CR LF and a lone CR as one line end', () => {
    const { root } = parseXml('<r>\r\n<a/>\r<b\r\n/></r>')
    expect(root.children.map((c) => [c.line, c.column])).toEqual([
      [2, 1],
      [3, 1],
    ])
  })

  it('counts columns on one very long line', () => {
    const items = '<i/>'.repeat(5000)
    const { root } = parseXml(`<r>${items}</r>`)
    expect(root.children[4999]).toMatchObject({ line: 1, column: 4 + 4999 * 4 })
  })

  it('does not count a BOM as a column', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<r><a/></r>')])
    expect(parseXml(bytes).root.children[0]).toMatchObject({ line: 1, column: 4 })
  })
})

describe('parseXml: input forms', () => {
  it('accepts bytes with a UTF-8 BOM, and a string starting with U+FEFF', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<r>Müller</r>')])
    expect(parseXml(bytes).root.text).toBe('Müller')
    expect(parseXml('\uFEFF<r>x</r>').root.text).toBe('x')
  })

  it('accepts UTF-8 and US-ASCII encoding declarations in any case', () => {
    for (const enc of ['UTF-8', 'utf-8', 'UTF8', 'US-ASCII', 'ascii']) {
      expect(parseXml(`<?xml version="1.0" encoding="${enc}"?><r/>`).root.local).toBe('r')
    }
  })

  it('decodes multi-byte UTF-8 exactly (umlauts, €, astral characters)', () => {
    expect(parseXml(Buffer.from('<r>Größe 5 € 😀</r>', 'utf8')).root.text).toBe('Größe 5 € 😀')
  })

  it('decodes large UTF-8 input the same way as small (a 4 MB document takes the other decoder)', () => {
    const body = 'Größe 5 € 😀 '.repeat(300_000)
    const bytes = Buffer.from(`<r>${body}</r>`, 'utf8')
    expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024)
    expect(parseXml(bytes).root.text).toBe(body)
    const broken = Buffer.concat([bytes.subarray(0, 5_000_000), Buffer.from([0xff]), bytes.subarray(5_000_000)])
    expect(() => parseXml(broken)).toThrow(/not UTF-8: invalid byte 0xFF at byte offset 5000000/)
  })

  it('keeps the indentation between tags as text, line ends normalised, and counts its lines', () => {
    const { root } = parseXml('<r>\r\n  <a/>\r  <b/>\n\n <c/>  <!--x-->\r\n</r>')
    expect(root.text).toBe('\n  \n  \n\n   \n')
    expect(root.children.map((c) => [c.line, c.column])).toEqual([[2, 3], [3, 3], [5, 2]])
  })

  it('accepts a document exactly at the byte limit', () => {
    const xml = '<r>é</r>' // 9 bytes in UTF-8
    expect(parseXml(xml, { maxBytes: 9 }).root.text).toBe('é')
    expect(parseXml(Buffer.from(xml), { maxBytes: 9 }).root.text).toBe('é')
  })

  it('accepts nesting exactly at the depth limit and elements exactly at the count limit', () => {
    expect(parseXml('<a><b><c/></b></a>', { maxDepth: 3 }).root.local).toBe('a')
    expect(parseXml('<a><b/><c/></a>', { maxElements: 3 }).root.children).toHaveLength(2)
  })

  it('resolves the same name anew wherever the bindings change, and in each document', () => {
    const xml = (u: string) =>
      `<a:r xmlns:a="${u}" xmlns="d1"><a:x/><a:y xmlns:a="u2" xmlns="d2"><a:x/><x/></a:y><a:z xmlns:a="u3"/><a:x/><x/></a:r>`
    const flat = (u: string) => {
      const out: string[] = []
      const walk = (el: XmlElement) => {
        out.push(`${el.local}=${el.ns}`)
        el.children.forEach(walk)
      }
      walk(parseXml(xml(u)).root)
      return out.join(' ')
    }
    expect(flat('u1')).toBe('r=u1 x=u1 y=u2 x=u2 x=d2 z=u3 x=u1 x=d1')
    expect(flat('v1')).toBe('r=v1 x=v1 y=u2 x=u2 x=d2 z=u3 x=v1 x=d1')
  })

  it('finds children by URI whatever the prefix', () => {
    const { root } = parseXml(
      '<x:CrossIndustryInvoice xmlns:x="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><x:ExchangedDocument/></x:CrossIndustryInvoice>',
    )
    expect(child(root, NS.rsm, 'ExchangedDocument')?.qname).toBe('x:ExchangedDocument')
  })
})

describe('parseXml: the text before the first child element (leadingTextOf)', () => {
  const ids = (xml: string) => parseXml(`<r>${xml}</r>`).root.children.map((el) => leadingTextOf(el))

  it('is all of the text without a child, the part before the first child with one, comments and CDATA joined', () => {
    expect(ids('<a>x y</a><a>urn:<x/>rest</a><a><x/>urn</a><a>u<!--c-->r<![CDATA[n]]><x/>y<z/></a><a>\n  <x/>t</a><a/>')).toEqual([
      'x y', 'urn:', '', 'urn', '', '',
    ])
  })
})
