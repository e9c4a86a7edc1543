import { describe, expect, it } from 'vitest'
import { runTreePatterns } from '../../src/validate/engine.js'
import { compileContext, matcherOf, nameMatcher, refine } from '../../src/validate/syntax/paths.js'
import type { ElementMatcher, Finding, TreePattern } from '../../src/validate/types.js'
import { type XmlElement, parseXml } from '../../src/xml/index.js'

const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100'
const XML = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="${RAM}">
  <rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:ID>P</ram:ID><ram:TypeCode>x</ram:TypeCode></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>30</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`

const doc = parseXml(XML)

/** A pattern whose every group fires on the elements it is the context of (rule id = group name). */
function pattern(name: string, contexts: readonly (readonly [id: string, context: ElementMatcher])[]): TreePattern {
  return {
    name,
    groups: contexts.map(([id, context]) => ({ context, rules: [{ id, severity: 'error', layer: 'en16931', test: () => false }] })),
  }
}

const PATTERNS: TreePattern[] = [
  pattern('paths', [
    ['absolute-id', compileContext('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID')],
    ['relative-product-id', compileContext('ram:SpecifiedTradeProduct/ram:ID')],
    ['any-id', compileContext('//ram:ID | //ram:LineID')],
    ['absolute-wrong-depth', compileContext('/rsm:ExchangedDocument/ram:TypeCode')],
    ['payment-30', refine(compileContext('ram:SpecifiedTradeSettlementPaymentMeans'), (el) => el.children.some((c) => c.text === '30'))],
  ]),
  pattern('predicates', [
    ['type-codes-by-name', nameMatcher((ns, local) => ns === RAM && local.endsWith('Code'))],
    ['leaf-predicate', matcherOf(undefined, (el) => el.children.length === 0)],
  ]),
  pattern('root', [['root', compileContext('/rsm:CrossIndustryInvoice')]]),
]

/** The reference semantics: every element, every pattern, the first group whose `matches` holds. */
function naive(patterns: readonly TreePattern[], root: XmlElement): string[] {
  const out: string[] = []
  const visit = (el: XmlElement): void => {
    for (const p of patterns) {
      const g = p.groups.find((x) => x.context.matches(el))
      if (g !== undefined) for (const r of g.rules) out.push(`${r.id}@${el.line}:${el.column}`)
    }
    el.children.forEach(visit)
  }
  visit(root)
  return out
}

const run = (patterns: readonly TreePattern[]): string[] => {
  const findings: Finding[] = []
  runTreePatterns(patterns, { doc, syntax: 'CII' }, findings)
  return findings.map((f) => `${f.ruleId}@${f.location.line ?? 0}:${f.location.column ?? 0}`)
}

describe('rule dispatch (runTreePatterns)', () => {
  it('fires the same groups on the same elements, in the same order, as matching each context', () => {
    const found = run(PATTERNS)
    expect(found).toEqual(naive(PATTERNS, doc.root))
    // The first matching group of a pattern wins: the header ID is absolute-id, not any-id.
    expect(found.filter((f) => f.startsWith('absolute-id'))).toHaveLength(1)
    expect(found.filter((f) => f.startsWith('relative-product-id'))).toHaveLength(1)
    expect(found.filter((f) => f.startsWith('any-id'))).toHaveLength(1)
    expect(found.filter((f) => f.startsWith('payment-30'))).toHaveLength(1)
    expect(found.filter((f) => f.startsWith('type-codes-by-name'))).toHaveLength(4)
    expect(found.filter((f) => f.startsWith('root'))).toHaveLength(1)
  })

  it('never fires an absolute context at another depth, or a refined context whose condition fails', () => {
    const found = run(PATTERNS)
    expect(found.some((f) => f.startsWith('absolute-wrong-depth'))).toBe(false)
    // Only the payment means with type code 30 (the second one) is a context of payment-30.
    const second = doc.root.children[1]?.children[1]?.children[1]
    expect(found).toContain(`payment-30@${second?.line ?? -1}:${second?.column ?? -1}`)
  })

  it('gives the same result on a second document and with the patterns in another list', () => {
    const other = parseXml(XML.replace('<ram:ID>1</ram:ID>', '')).root
    const again: Finding[] = []
    runTreePatterns(PATTERNS, { doc: { root: other, processingInstructions: [] }, syntax: 'CII' }, again)
    expect(again.map((f) => `${f.ruleId}@${f.location.line ?? 0}:${f.location.column ?? 0}`)).toEqual(naive(PATTERNS, other))
    const reordered = [PATTERNS[2], PATTERNS[0]] as TreePattern[]
    expect(run(reordered)).toEqual(naive(reordered, doc.root))
  })

  it('keeps each list its own dispatcher when lists alternate, change in place or differ in one pattern', () => {
    // The engine reuses the dispatcher of the previous run when the list holds the same patterns:
    // a list of the same length with one pattern swapped, or the same array changed since, must not.
    const a = [PATTERNS[0], PATTERNS[1]] as TreePattern[]
    const b = [PATTERNS[0], PATTERNS[2]] as TreePattern[]
    for (let i = 0; i < 3; i++) {
      expect(run(a)).toEqual(naive(a, doc.root))
      expect(run(b)).toEqual(naive(b, doc.root))
      expect(run([...a])).toEqual(naive(a, doc.root))
    }
    const changing = [...a]
    expect(run(changing)).toEqual(naive(a, doc.root))
    changing[1] = PATTERNS[2] as TreePattern
    expect(run(changing)).toEqual(naive(b, doc.root))
    changing.push(PATTERNS[1] as TreePattern)
    expect(run(changing)).toEqual(naive(changing, doc.root))
  })

  it('starts an absolute context at the root only, also below elements no context path reaches', () => {
    // An element whose parent no path passes through has no partial matches, as before the root:
    // a nested element named as the root (UBL extension content holding an Invoice) was taken for
    // the root until the state before the root became a state of its own.
    const nested = parseXml(`<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">
  <x:Content xmlns:x="urn:example:x"><rsm:CrossIndustryInvoice/></x:Content>
</rsm:CrossIndustryInvoice>`)
    const patterns = [PATTERNS[2] as TreePattern]
    const found: Finding[] = []
    runTreePatterns(patterns, { doc: nested, syntax: 'CII' }, found)
    expect(found.map((f) => `${f.ruleId}@${f.location.line ?? 0}:${f.location.column ?? 0}`)).toEqual(naive(patterns, nested.root))
    expect(found).toHaveLength(1)
  })

  it('sends the findings of the patterns after a split to their own list, as two walks would', () => {
    const first: Finding[] = []
    const second: Finding[] = []
    runTreePatterns(PATTERNS, { doc, syntax: 'CII' }, first, { from: 2, out: second })
    const ids = (fs: Finding[]): string[] => fs.map((f) => `${f.ruleId}@${f.location.line ?? 0}:${f.location.column ?? 0}`)
    expect(ids(first)).toEqual(naive(PATTERNS.slice(0, 2), doc.root))
    expect(ids(second)).toEqual(naive(PATTERNS.slice(2), doc.root))
    expect(second).toHaveLength(1)
  })
})
