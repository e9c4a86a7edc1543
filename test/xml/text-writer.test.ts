/** The streaming XmlTextWriter writes the bytes serializeXml writes for the same tree. */
import { describe, expect, it } from 'vitest'
import { type XmlNode, el, serializeXml } from '../../src/xml/index.js'
import { XmlTextWriter, attr } from '../../src/xml/text-writer.js'

const NAMESPACES = { rsm: 'urn:r', ram: 'urn:a', udt: 'urn:u' }

/** Streams a tree (text-only or children-only elements, as the syntax writers produce). */
function stream(w: XmlTextWriter, node: XmlNode): void {
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => attr(k, v))
    .join('')
  if (node.children === undefined) {
    w.text(node.name, node.text, attrs)
    return
  }
  w.open(node.name, attrs)
  for (const c of node.children) if (c) stream(w, c)
  w.close()
}

function viaWriter(root: XmlNode, comment?: string): string {
  const w = new XmlTextWriter(root.name, NAMESPACES, comment)
  for (const c of root.children ?? []) if (c) stream(w, c)
  return w.finish()
}

describe('XmlTextWriter', () => {
  it('matches serializeXml: nesting, empty elements, escaping, attributes, comment', () => {
    const tree = el(
      'rsm:Doc',
      {},
      el('ram:Empty', {}),
      el('ram:EmptyText', { unitCode: 'H87' }, ''),
      el('ram:Text', { schemeID: 'a"b&<c>\t\n\r' }, 'x & y < z > w\r\n\u0001 \uFFFE'),
      el('ram:Outer', {}, el('ram:Inner', {}, el('ram:Leaf', {}, 'deep')), el('ram:Skipped', { attr: undefined })),
      el('ram:Last', {}, '1.00'),
    )
    const comment = ' made -- by x- '
    expect(viaWriter(tree, comment)).toBe(serializeXml(tree, { namespaces: NAMESPACES, comment }))
    expect(viaWriter(tree)).toBe(serializeXml(tree, { namespaces: NAMESPACES }))
  })

  it('leaves out an optional element that stays empty, and writes it once content arrives', () => {
    const w = new XmlTextWriter('rsm:Doc', NAMESPACES)
    w.openOptional('ram:Gone')
    w.leaf('ram:Blank', ' ')
    w.openOptional('ram:AlsoGone')
    w.close()
    w.close()
    w.openOptional('ram:Kept')
    w.openOptional('ram:Inner')
    w.leaf('ram:ID', 'A1', attr('schemeID', 'EM'))
    w.close()
    w.close()
    w.openOptional('ram:KeptForEmptyChild')
    w.open('ram:Required')
    w.close()
    w.close()
    const expected = serializeXml(
      el(
        'rsm:Doc',
        {},
        el('ram:Kept', {}, el('ram:Inner', {}, el('ram:ID', { schemeID: 'EM' }, 'A1'))),
        el('ram:KeptForEmptyChild', {}, el('ram:Required', {})),
      ),
      { namespaces: NAMESPACES },
    )
    expect(w.finish()).toBe(expected)
  })

  it('writes an attribute only when it has a value, escaped', () => {
    expect(attr('a', undefined)).toBe('')
    expect(attr('a', 'x"y')).toBe(' a="x&quot;y"')
  })
})
