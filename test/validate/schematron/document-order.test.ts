import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compile, envAt } from '../../../src/validate/schematron/compile.js'
import { attributesOf, compareOrder, documentOf } from '../../../src/validate/schematron/nodes.js'
import { parseXPath } from '../../../src/validate/schematron/parser.js'
import type { Node } from '../../../src/validate/schematron/values.js'
import { type XmlElement, parseXml } from '../../../src/xml/index.js'

const CII = readFileSync(new URL('../../fixtures/validate/cii-en16931.xml', import.meta.url), 'utf8')
const ODD = readFileSync(new URL('../../fixtures/xml/cii-odd-prefixes.xml', import.meta.url), 'utf8')
// Several elements on one line (order by column), empty elements, attributes with and without namespace.
const SMALL = `<a:R xmlns:a="urn:a" xmlns:b="urn:b" a:format="x" format="102"><a:L id="1" b:id="n"><a:ID>1</a:ID><a:ID schemeID="VA">2</a:ID></a:L>
  <a:L/><a:L id="3"><a:P><a:N x="1" y="2"/></a:P></a:L>
<a:L id="4"
  ><a:ID>4</a:ID></a:L></a:R>`

/** Every node of the tree in document order, by a walk (the document node, each element, its attributes, its children). */
function walkOrder(root: XmlElement): Node[] {
  const out: Node[] = [documentOf(root)]
  const visit = (e: XmlElement): void => {
    out.push(e, ...attributesOf(e))
    for (const c of e.children) visit(c)
  }
  visit(root)
  return out
}

/** A fixed shuffle, so a failure can be reproduced. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list]
  let x = seed
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648
    const j = x % (i + 1)
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

// With the whitespace between tags removed the whole document is one line: order by column only.
const DOCUMENTS: [string, string][] = [
  ['CII fixture', CII],
  ['CII fixture on one line', CII.replace(/>\s+</g, '><')],
  ['odd prefixes', ODD],
  ['small', SMALL],
]

describe('document order from start-tag positions (compareOrder)', () => {
  for (const [name, xml] of DOCUMENTS) {
    it(`orders every pair of nodes as a walk of the tree does: ${name}`, () => {
      const order = walkOrder(parseXml(xml).root)
      expect(order.length).toBeGreaterThan(10)
      for (let i = 0; i < order.length; i++) {
        const a = order[i] as Node
        expect(compareOrder(a, a)).toBe(0)
        // All pairs on small trees, a window of neighbours and far nodes on large ones.
        for (let j = i + 1; j < order.length; j += order.length > 200 && j > i + 20 ? 37 : 1) {
          const b = order[j] as Node
          expect(compareOrder(a, b), `${i} before ${j}`).toBeLessThan(0)
          expect(compareOrder(b, a), `${j} after ${i}`).toBeGreaterThan(0)
        }
      }
      for (const seed of [1, 2, 3]) expect(shuffled(order, seed).sort(compareOrder)).toEqual(order)
    })
  }

  it('gives unions and steps from unordered inputs in document order, without duplicates', () => {
    const doc = parseXml(SMALL)
    const env = envAt(doc.root)
    const ns = { a: 'urn:a', b: 'urn:b' }
    const names = (expr: string): string[] =>
      compile(parseXPath(expr, ns))
        .seq(doc.root, 1, 1, env)
        .map((n) => (typeof n === 'object' && n !== null && 'qname' in n ? n.qname : 't' in n && n.t === 'attr' ? `@${n.local}=${n.value}` : JSON.stringify(n)))
    expect(names('//a:N/@y | //a:ID | //@id | //a:L[@id = "3"] | //a:ID')).toEqual(['@id=1', 'a:ID', 'a:ID', 'a:L', '@id=3', '@y=2', '@id=4', 'a:ID'])
    expect(names('(//a:ID | //a:L)/..')).toEqual(['a:R', 'a:L', 'a:L'])
    expect(names('//@* | /a:R')).toEqual(['a:R', '@format=x', '@format=102', '@id=1', '@id=n', '@schemeID=VA', '@id=3', '@x=1', '@y=2', '@id=4'])
  })
})
