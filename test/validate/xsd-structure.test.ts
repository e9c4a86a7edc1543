import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { validateXml } from '../../src/validate/index.js'
import type { Finding } from '../../src/validate/types.js'

// Self-made EN 16931 CII invoice (refcheck: valid against CII D16B and the Factur-X EN16931 XSD).
const VALID = readFileSync(new URL('../fixtures/validate/cii-en16931.xml', import.meta.url), 'utf8')

const variant = (from: string, to: string): string => {
  expect(VALID).toContain(from)
  return VALID.replace(from, to)
}
const xsd = (xml: string): Finding[] => validateXml(xml, { ignoreNotices: true }).findings.filter((f) => f.layer === 'xsd')

describe('XSD-equivalent structure checks', () => {
  it('accepts a schema-valid invoice under CII D16B and the Factur-X EN16931 schema', () => {
    expect(xsd(VALID)).toEqual([])
  })

  it('reports a misplaced element against both schemas, with line and column', () => {
    const xml = variant('<ram:TypeCode>380</ram:TypeCode>', '<ram:IncludedNote><ram:Content>x</ram:Content></ram:IncludedNote><ram:TypeCode>380</ram:TypeCode>')
    const found = xsd(xml)
    expect(found.map((f) => f.ruleId)).toEqual(['xsd:cii-d16b', 'xsd:facturx-EN16931'])
    expect(found[0]?.messageKey).toBe('xsd.unexpected')
    expect(found[0]?.params.element).toBe('ram:IncludedNote')
    expect(found[0]?.location.line).toBeGreaterThan(1)
    expect(found[0]?.location.column).toBeGreaterThan(0)
    expect(validateXml(xml).valid).toBe(false)
  })

  it('reports an element the Factur-X profile does not allow although CII D16B does', () => {
    const xml = variant('<ram:TypeCode>380</ram:TypeCode>', '<ram:Name>Rechnung</ram:Name><ram:TypeCode>380</ram:TypeCode>')
    expect(xsd(xml).map((f) => f.ruleId)).toEqual(['xsd:facturx-EN16931'])
  })

  it('reports a missing required element at its parent', () => {
    const xml = variant('<ram:TypeCode>380</ram:TypeCode>', '')
    const found = xsd(xml)
    expect(found.length).toBeGreaterThan(0)
    expect(found[0]?.params.expected).toContain('TypeCode')
  })

  it('reports a malformed decimal and an impossible date value', () => {
    const bad = xsd(variant('<ram:LineTotalAmount>345.50', '<ram:LineTotalAmount>345,50'))
    expect(bad[0]?.messageKey).toBe('xsd.value')
    expect(bad[0]?.message).toContain('xs:decimal')
  })

  it('reports an attribute the schema does not declare', () => {
    const found = xsd(variant('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode foo="1">380</ram:TypeCode>'))
    expect(found.map((f) => f.messageKey)).toContain('xsd.attribute')
  })

  it('says when a namespace is wrong rather than listing the same name', () => {
    const xml = variant('<udt:DateTimeString format="102">', '<udt:DateTimeString xmlns:udt="urn:example:wrong" format="102">')
    const found = xsd(xml)
    expect(found.some((f) => f.messageKey === 'xsd.namespace')).toBe(true)
  })
})
