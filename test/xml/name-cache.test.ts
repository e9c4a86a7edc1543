import { describe, expect, it } from 'vitest'
import { parseXml } from '../../src/xml/index.js'

describe('shared element names', () => {
  it('hands out the same string objects for the same names across documents', () => {
    const a = parseXml('<p:Invoice xmlns:p="urn:example:a"><p:Line/></p:Invoice>')
    const b = parseXml('<q:Invoice xmlns:q="urn:example:a"><q:Line/></q:Invoice>')
    expect(a.root.qname).toBe('p:Invoice')
    expect(b.root.qname).toBe('q:Invoice')
    // Other prefixes, same local names and namespace URI: the very same strings.
    expect(Object.is(a.root.local, b.root.local)).toBe(true)
    expect(Object.is(a.root.ns, b.root.ns)).toBe(true)
    expect(Object.is(a.root.children[0]?.local, b.root.children[0]?.local)).toBe(true)
  })

  it('tells apart names whose hashes collide', () => {
    // "Aa" and "BB" (and "AaBB", "BBAa") have the same 31-based hash.
    const doc = parseXml('<r><Aa/><BB/><AaBB a:Aa="1" xmlns:a="urn:a"/><BBAa/><Aa/><BB/></r>')
    expect(doc.root.children.map((c) => c.qname)).toEqual(['Aa', 'BB', 'AaBB', 'BBAa', 'Aa', 'BB'])
    expect(doc.root.children[2]?.attributes.map((x) => [x.ns, x.local, x.qname])).toEqual([['urn:a', 'Aa', 'a:Aa']])
  })

  it('keeps prefixed and unprefixed forms of a name apart', () => {
    const doc = parseXml('<Invoice xmlns="urn:d" xmlns:x="urn:x"><x:Invoice/><Invoice/></Invoice>')
    const [prefixed, plain] = doc.root.children
    expect([prefixed?.qname, prefixed?.local, prefixed?.ns]).toEqual(['x:Invoice', 'Invoice', 'urn:x'])
    expect([plain?.qname, plain?.local, plain?.ns]).toEqual(['Invoice', 'Invoice', 'urn:d'])
  })
})
