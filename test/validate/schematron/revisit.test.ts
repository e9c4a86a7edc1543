import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compile, envAt } from '../../../src/validate/schematron/compile.js'
import { parseXPath } from '../../../src/validate/schematron/parser.js'
import { validateDocument } from '../../../src/validate/validate-xml.js'
import { parseXml } from '../../../src/xml/index.js'

const base = readFileSync(new URL('../../fixtures/validate/cii-en16931.xml', import.meta.url), 'utf8')
const start = base.indexOf('<ram:IncludedSupplyChainTradeLineItem>')
const end = base.indexOf('<ram:ApplicableHeaderTradeAgreement>')
const xml = base.slice(0, start) + base.slice(start, end).repeat(3) + base.slice(end)

// The evaluation state, document node and attribute nodes are kept for the last document only.
describe('a document validated again after another one', () => {
  it('gives the same results for a document visited again after another one', () => {
    const first = parseXml(xml)
    const other = parseXml(base)
    const ns = { ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100' }
    // Attribute nodes and a union: their identities are kept per document.
    const expr = compile(parseXPath('count(//@currencyID | //ram:LineTotalAmount/@currencyID | //ram:ID)', ns))
    const count = (root: typeof first.root): unknown => expr.seq(root, 1, 1, envAt(root))
    const before = [count(first.root), validateDocument(first, 'CII').findings]
    expect([count(other.root), validateDocument(other, 'CII').findings]).not.toEqual(before)
    expect([count(first.root), validateDocument(first, 'CII').findings]).toEqual(before)
  })
})
