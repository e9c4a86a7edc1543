/** The scanner behind parseXml on the corners the corpus rarely shows: each rule accepted and refused. */
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { NS, parseXml } from '../../src/xml/index.js'

function refusal(input: string | Uint8Array): string {
  try {
    parseXml(input)
  } catch (err) {
    expect(err).toBeInstanceOf(EInvoiceError)
    return (err as EInvoiceError).message
  }
  throw new Error('parseXml accepted the input')
}

describe('scanner: characters', () => {
  it('accepts a surrogate pair and refuses a lone surrogate in a string, naming it', () => {
    expect(parseXml('<r>\uD83D\uDE00</r>').root.text).toBe('😀')
    expect(refusal('<r>\uD800x</r>')).toBe('line 1, column 4: not well-formed XML: character U+D800 is not allowed in XML 1.0')
    expect(refusal('<r a="\uDC00"/>')).toMatch(/^line 1, column 7: .*U\+DC00/)
  })

  it('reads ASCII bytes and the same text as a string alike', () => {
    const xml = '<r a="1">x &amp; y</r>'
    const { encoding, ...fromBytes } = parseXml(Buffer.from(xml))
    expect(fromBytes).toEqual(parseXml(xml))
    // Bytes say how they were read; a string is text already.
    expect(encoding).toBe('utf-8')
    expect(parseXml(xml).encoding).toBeUndefined()
  })
})

describe('scanner: attributes', () => {
  it('normalises TAB, LF and CR LF in values to one space each, but keeps &#10;', () => {
    expect(parseXml('<r a="x\ty\r\nz\n&#10;"/>').root.attributes[0]?.value).toBe('x y z \n')
  })

  it('allows "]]>" and ">" in a value but refuses "<"', () => {
    expect(parseXml('<r a="]]>"/>').root.attributes[0]?.value).toBe(']]>')
    expect(refusal('<r a="1<2"/>')).toMatch(/^line 1, column 8: .*"<" is not allowed in an attribute value/)
  })

  it('finds duplicates by namespace and local name, also past eight attributes', () => {
    const many = Array.from({ length: 12 }, (_, k) => `a${k}="${k}"`).join(' ')
    expect(parseXml(`<r ${many}/>`).root.attributes).toHaveLength(12)
    expect(refusal(`<r ${many} a3="x"/>`)).toMatch(/duplicate attribute a3/)
    expect(refusal('<r xmlns:p="urn:x" xmlns:q="urn:x" p:a="1" q:a="2"/>')).toMatch(/duplicate attribute q:a/)
  })

  it('refuses unquoted values and attributes without a value', () => {
    expect(refusal('<r a=1/>')).toMatch(/^line 1, column 6: .*unquoted attribute value/)
    expect(refusal('<r a>')).toMatch(/^line 1, column 5: .*attribute a has no value/)
    expect(refusal('<r a/>')).toMatch(/^line 1, column 5: .*disallowed character in attribute name/)
  })
})

describe('scanner: namespaces', () => {
  it('scopes declarations to their element, lets xmlns="" undeclare the default, and knows the xml prefix', () => {
    const { root } = parseXml('<r xmlns="urn:a"><b xmlns="urn:b"><c/></b><d xmlns=""/><e xml:lang="de"/></r>')
    const [b, d, e] = root.children
    expect([root.ns, b?.ns, b?.children[0]?.ns, d?.ns]).toEqual(['urn:a', 'urn:b', 'urn:b', ''])
    expect(e?.attributes[0]).toEqual({ ns: NS.xml, local: 'lang', qname: 'xml:lang', value: 'de' })
  })

  it('keeps white space around a namespace name: the value as normalised is the name (another namespace)', () => {
    const { root } = parseXml('<r xmlns="urn:a " xmlns:p="&#9;urn:p"><p:b/><c xmlns="urn:c\t"/><d xmlns="urn:d&#xA0;"/></r>')
    expect([root.ns, root.children[0]?.ns, root.children[1]?.ns, root.children[2]?.ns]).toEqual(['urn:a ', '\turn:p', 'urn:c ', 'urn:d\u00a0'])
    // Blank is not empty: a prefix bound to one space is bound.
    expect(parseXml('<p:r xmlns:p=" "/>').root.ns).toBe(' ')
  })

  it('refuses a prefix used outside the element that declares it', () => {
    expect(refusal('<r><a xmlns:p="urn:p"/><p:b/></r>')).toMatch(/namespace prefix "p" is not declared/)
  })

  it('refuses reserved bindings and undeclaring a prefix', () => {
    expect(refusal('<r xmlns:xml="urn:x"/>')).toMatch(/prefix xml must be bound/)
    expect(refusal('<r xmlns:p="http://www.w3.org/2000/xmlns/"/>')).toMatch(/no prefix may be bound/)
    expect(refusal('<r xmlns:p=""/>')).toMatch(/cannot undeclare a prefix/)
    expect(refusal('<xmlns:r/>')).toMatch(/prefix xmlns/)
    expect(refusal('<a:b:c xmlns:a="urn:a"/>')).toMatch(/malformed name a:b:c/)
  })
})

describe('scanner: markup', () => {
  it('accepts comments, an empty comment and end tags with white space; refuses "--" in a comment', () => {
    expect(parseXml('<!----><r><!-- a - b --></r >').root.local).toBe('r')
    expect(refusal('<r><!-- a -- b --></r>')).toMatch(/^line 1, column 13: .*"--" is not allowed inside a comment/)
  })

  it('refuses "]]>" in text, CDATA outside the root, and "<!" that starts nothing', () => {
    expect(refusal('<r>a]]>b</r>')).toMatch(/^line 1, column 7: .*"]]>" is not allowed in character data/)
    expect(refusal('<![CDATA[x]]><r/>')).toMatch(/^line 1, column 1: .*text outside the root element/)
    expect(refusal('<r><!ELEMENT r ANY></r>')).toMatch(/^line 1, column 4: .*neither a comment/)
  })

  it('normalises line ends in CDATA and PI bodies', () => {
    const doc = parseXml('<r><![CDATA[a\r\nb\rc]]><?p x\r\ny?></r>')
    expect(doc.root.text).toBe('a\nb\nc')
    expect(doc.processingInstructions).toEqual([{ target: 'p', body: 'x\ny', line: 3 }])
  })

  it('refuses an XML declaration that is not first, malformed, or in another case, and a DOCTYPE after the root', () => {
    expect(refusal(' <?xml version="1.0"?><r/>')).toMatch(/^line 1, column 7: .*only at the very start/)
    expect(refusal('<?xml encoding="UTF-8" version="1.0"?><r/>')).toMatch(/^line 1, column 1: .*malformed XML declaration/)
    expect(refusal('<?xml version="1.0" standalone="maybe"?><r/>')).toMatch(/malformed XML declaration/)
    expect(refusal('<r/><?XML x?>')).toMatch(/target "XML" is reserved/)
    expect(refusal('<r/>\n<!DOCTYPE r>')).toMatch(/^line 2, column 1: DOCTYPE declarations are refused/)
  })

  it('accepts a full XML declaration with single quotes and spaces around "="', () => {
    expect(parseXml("<?xml version = '1.0' encoding='utf-8' standalone='yes' ?><r/>").root.local).toBe('r')
  })
})
