/**
 * Namespace resolution costs one lookup per prefix, however many prefixes are in scope: resolving
 * by a scan of every binding made declarations quadratic (50,000 on one tag took 15 s), and every
 * prefixed attribute cost as much as the bindings declared after its prefix's.
 */
import { describe, expect, it } from 'vitest'
import { parseXml } from '../../src/xml/parse.js'
import type { XmlElement } from '../../src/xml/types.js'

/** `count` declarations `xmlns:p<from>="urn:<from>"` … */
function declarations(count: number, from = 0): string {
  return Array.from({ length: count }, (_, i) => `xmlns:p${i + from}="urn:${i + from}"`).join(' ')
}

/**
 * The sizes below take well under a second linearly and a minute or more by a scan of all
 * bindings: a regression shows as the test's time limit, not as a timed assertion (speed is the
 * benchmarks' business).
 */
const HANG_GUARD = { timeout: 30_000 }

describe('namespace resolution', () => {
  it('brings a hidden binding back when the element that hid it ends, also for an empty element', () => {
    const { root } = parseXml(
      '<r xmlns:p="urn:1" xmlns="urn:d"><a xmlns:p="urn:2"><p:x/><b xmlns:p="urn:3"><p:x/></b><p:x/></a><p:y/>' +
        '<c xmlns:p="urn:4" p:at="1"/><p:z p:at="2"/><e xmlns=""><f/></e><g/></r>',
    )
    const [a, y, c, z, e, g] = root.children as XmlElement[]
    const [x1, b, x3] = a?.children as XmlElement[]
    expect([x1?.ns, b?.children[0]?.ns, x3?.ns, y?.ns, z?.ns]).toEqual(['urn:2', 'urn:3', 'urn:2', 'urn:1', 'urn:1'])
    expect(c?.attributes[0]?.ns).toBe('urn:4')
    expect(z?.attributes[0]?.ns).toBe('urn:1')
    expect([root.ns, e?.ns, e?.children[0]?.ns, g?.ns]).toEqual(['urn:d', '', '', 'urn:d'])
  })

  it('refuses a prefix once the element that declared it has ended', () => {
    expect(() => parseXml('<r><a xmlns:p="urn:1"><p:x/></a><p:y/></r>')).toThrow(/namespace prefix "p" is not declared/)
    expect(() => parseXml(`<r><a ${declarations(3)}/><p1:y/></r>`)).toThrow(/namespace prefix "p1" is not declared/)
  })

  it('reads 100,000 declarations on one tag (a scan of all bindings per declaration: 50,000 took 15 s)', HANG_GUARD, () => {
    const text = `<a ${declarations(100_000)}><p99999:b p0:x="1"/></a>`
    const root = parseXml(text).root
    expect(root.namespaces).toHaveLength(200_000)
    expect(root.children[0]?.ns).toBe('urn:99999')
    expect((root.children[0] as XmlElement).attributes[0]?.ns).toBe('urn:0')
  })

  it('resolves a prefixed attribute without regard to the bindings declared after its prefix', HANG_GUARD, () => {
    // 5,000 bindings and 300,000 such attributes took 7.9 s; this is 8 times that work.
    const text = `<a xmlns:p0="urn:0" ${declarations(40_000, 1)}>${'<b p0:x="1"/>'.repeat(300_000)}</a>`
    const root = parseXml(text).root
    expect(root.children).toHaveLength(300_000)
    expect((root.children[299_999] as XmlElement).attributes[0]?.ns).toBe('urn:0')
  })
})
