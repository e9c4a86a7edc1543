import { describe, expect, it } from 'vitest'
import { decimalsWritten, descend } from '../../../src/validate/syntax/tree-helpers.js'
import { codePointLength } from '../../../src/xml/xml-chars.js'
import { type XmlElement, parseXml } from '../../../src/xml/index.js'

const NS = 'urn:t'
const n = (local: string): { ns: string; local: string } => ({ ns: NS, local })
const texts = (els: readonly XmlElement[]): string[] => els.map((e) => e.text)

describe('descend (XPath child steps)', () => {
  // a has one b with two c (one holding two d, one holding one d), a second b with one c, and
  // elements of another namespace that must not match.
  const root = parseXml(
    `<a xmlns="${NS}" xmlns:o="urn:o"><b><c><d>1</d><d>2</d></c><o:c><d>x</d></o:c><c><d>3</d></c></b><b><c><d>4</d></c></b><o:b><c><d>y</d></c></o:b></a>`,
  ).root

  it('collects every match in document order where the path branches, and a single match where it does not', () => {
    expect(texts(descend(root, n('b'), n('c'), n('d')))).toEqual(['1', '2', '3', '4'])
    const [firstB] = descend(root, n('b'))
    expect(descend(root, n('b'))).toHaveLength(2)
    expect(texts(descend(firstB as XmlElement, n('c'), n('d')))).toEqual(['1', '2', '3'])
    const [lastC] = descend(root.children[1] as XmlElement, n('c'))
    expect(texts(descend(lastC as XmlElement, n('d')))).toEqual(['4'])
  })

  it('gives nothing when a step finds nothing, the element itself for no step, and fresh arrays', () => {
    expect(descend(root, n('b'), n('x'), n('d'))).toEqual([])
    expect(descend(root, n('x'))).toEqual([])
    expect(descend(root)).toEqual([root])
    const a = descend(root, n('b'), n('c'))
    a.push(root)
    expect(descend(root, n('b'), n('c'))).toHaveLength(3)
  })
})

describe('string-length() and the decimals tests (code points, after the first point)', () => {
  it('counts a character outside the BMP once and a lone surrogate-free text by its units', () => {
    expect(codePointLength('')).toBe(0)
    expect(codePointLength('A\u{1F600}B')).toBe(3)
    expect(codePointLength('\u{1F600}\u{1F600}')).toBe(2)
    expect(codePointLength('äé€')).toBe(3)
  })

  it("reads substring-after(., '.'): everything after the first point, of a text or an element", () => {
    expect(decimalsWritten('335.0\u{1F600}')).toBe(2)
    expect(decimalsWritten('1.2.345')).toBe(5)
    expect(decimalsWritten('100')).toBe(0)
    expect(decimalsWritten(parseXml('<a>1.500</a>').root)).toBe(3)
  })
})
