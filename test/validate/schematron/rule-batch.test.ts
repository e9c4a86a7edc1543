import { describe, expect, it } from 'vitest'
import { childPathOf, compileChildPaths } from '../../../src/validate/schematron/child-paths.js'
import { compile, envAt } from '../../../src/validate/schematron/compile.js'
import { parseXPath } from '../../../src/validate/schematron/parser.js'
import { compilePattern } from '../../../src/validate/schematron/pattern.js'
import { type SchematronTable, compileSchematronTable, takeEvaluationFailures } from '../../../src/validate/schematron/rule-table.js'
import { atomize, stringOf } from '../../../src/validate/schematron/values.js'
import type { TreeContext, TreeRule } from '../../../src/validate/types.js'
import { type XmlElement, parseXml } from '../../../src/xml/index.js'

const NS = { a: 'urn:a', b: 'urn:b', xs: 'http://www.w3.org/2001/XMLSchema' }

// Repeated, missing and extra elements; the same local name in another namespace; attributes with
// and without a namespace; mixed and nested text; empty elements.
const XML = `<a:R xmlns:a="urn:a" xmlns:b="urn:b" a:format="x" format="102">
  <a:L id="1" b:id="n"><a:ID>  one </a:ID><a:ID schemeID="VA">two</a:ID><a:P><a:N>x<a:S>y</a:S>z</a:N></a:P><a:C>S</a:C></a:L>
  <a:L><b:ID>other</b:ID><a:P/><a:P><a:N/></a:P><a:C></a:C><a:V>abc</a:V></a:L>
  <a:L id=""><a:ID>3</a:ID><a:P><a:N>1</a:N><a:N>2</a:N><a:N>3</a:N></a:P><a:C>Q</a:C><a:V>1.5</a:V></a:L>
  <a:L id="4"><a:ID schemeID="VA">a</a:ID><a:ID schemeID="VA">b</a:ID><a:P><a:N>Z</a:N></a:P><a:P><a:N>x</a:N></a:P></a:L>
  <a:L id="5"/>
  <b:L id="9"><a:ID>9</a:ID></b:L>
</a:R>`
const doc = parseXml(XML)

const elements = (e: XmlElement, out: XmlElement[] = []): XmlElement[] => {
  out.push(e)
  for (const c of e.children) elements(c, out)
  return out
}
const ALL = elements(doc.root)

const PLAIN = ['.', 'a:ID', 'b:ID', 'a:P/a:N', 'a:P/a:N/a:S', '@id', '@format', '@a:format', '@b:id', 'a:ID/@schemeID', 'a:L/a:P/a:N', 'a:C', 'a:Missing/a:X']

describe('plain child paths counted together (child-paths.ts)', () => {
  it('recognises only `.` and named child steps with an optional named attribute at the end', () => {
    for (const p of PLAIN) expect(childPathOf(parseXPath(p, NS)), p).toBeDefined()
    for (const p of ['a:ID[1]', '*', 'a:*', '@*', '../a:ID', '//a:ID', '/a:R', './a:ID', 'a:ID/..', 'count(a:ID)', 'a:ID | a:C', '@id/a:X', 'a:P//a:N', 'text()', 'node()']) {
      expect(childPathOf(parseXPath(p, NS)), p).toBeUndefined()
    }
  })

  it('gives the count and first string value compiled XPath gives, on every element', () => {
    const paths = PLAIN.map((p) => childPathOf(parseXPath(p, NS)) ?? expect.fail(p))
    const counter = compileChildPaths(
      paths,
      paths.map(() => true),
    )
    const compiled = PLAIN.map((p) => compile(parseXPath(p, NS)))
    for (const el of ALL) {
      const env = envAt(el)
      const counts = counter.counts(el)
      compiled.forEach((c, i) => {
        expect(counts[i], `${PLAIN[i]} on ${el.qname}`).toBe(c.count(el, 1, 1, env))
        const firstNode = c.seq(el, 1, 1, env)[0]
        expect(counter.value(i), `${PLAIN[i]} on ${el.qname}`).toBe(firstNode === undefined ? undefined : stringOf(atomize(firstNode)))
      })
    }
  })
})

// Contexts and rows of every kind; the `max1` row with a predicate, the asserts and the functions
// stay on the general path; `xs:decimal(a:V)` raises a dynamic error on "abc".
const TABLE: SchematronTable = {
  contexts: [
    ['P1', '//a:L'],
    ['P1', '//a:R'],
    ['P2', '//*[not(*) and not(normalize-space())]'],
  ],
  rows: [
    ['R-1', 'e', 0, 'one', 'a:ID'],
    ['R-2', 'e', 0, 'assert', 'count(a:P) <= 1'],
    ['R-3', 'e', 0, 'max1', 'a:ID'],
    ['R-4', 'w', 0, 'max1', 'a:ID[@schemeID="VA"]'],
    ['R-5', 'e', 0, 'min1', 'a:P/a:N'],
    ['R-6', 'e', 0, 'max2', 'a:P/a:N'],
    ['R-7', 'e', 0, 'attr', '@id'],
    ['R-8', 'e', 0, 'code', 'a:C', 1],
    ['R-9', 'e', 0, 'assert', 'not(a:V) or xs:decimal(a:V) > 1'],
    ['R-10', 'r', 0, 'unused', '@b:id'],
    ['R-11', 'r', 0, 'unused', 'b:ID'],
    ['R-12', 'e', 0, 'code', 'a:ID/@schemeID', 2],
    ['R-13', 'e', 0, 'code', 'a:P/a:N', 1],
    ['R-14', 'e', 0, 'assert', 'a:V'],
    ['R-15', 'e', 0, 'max1', 'a:L'],
    ['R-16', 'e', 1, 'max1', 'a:L'],
    ['R-17', 'e', 1, 'one', '@format'],
    ['R-18', 'r', 1, 'unused', '.'],
    ['R-19', 'e', 1, 'code', '.', 1],
    ['R-20', 'e', 2, 'unused', '.'],
  ],
  codeLists: { 1: 'S|Z|x|1', 2: 'FC' },
}

describe('a table context decided in one batch (rule-table.ts)', () => {
  const patterns = compileSchematronTable(TABLE, { layer: 'facturx', namespaces: NS, reportId: 'NOT-USED', summary: (id) => id })
  const ctx: TreeContext = { doc, syntax: 'CII' }
  const groups = patterns.flatMap((p) => p.groups)

  it('fails the same rules in the same order as the rules one by one, with the same evaluation failures', () => {
    const failed = new Set<string>()
    for (const g of groups) {
      expect(g.failing).toBeDefined()
      for (const el of ALL) {
        if (!g.context.matches(el)) continue
        const one = g.rules.filter((r: TreeRule) => !r.test(el, ctx))
        const oneFailures = takeEvaluationFailures(doc.root)
        const batch = g.failing?.(el, ctx) ?? []
        const batchFailures = takeEvaluationFailures(doc.root)
        expect(batch.map((r) => r.id)).toEqual(one.map((r) => r.id))
        expect(batch).toEqual(one)
        expect(batchFailures).toEqual(oneFailures)
        for (const r of batch) failed.add(r.id)
      }
    }
    // Every row but three fails somewhere (R-9 only raises an error, R-15 and R-17 hold), so the
    // comparison above is not vacuous.
    const expected = ['NOT-USED', ...TABLE.rows.map((r) => r[0]).filter((id) => !['R-9', 'R-15', 'R-17', 'R-10', 'R-11', 'R-18'].includes(id))]
    expect([...failed].sort()).toEqual(expected.sort())
  })

  it('records the dynamic error of a general row in the batch too', () => {
    const line = ALL.find((e) => e.local === 'L' && e.children.some((c) => c.local === 'V' && c.text === 'abc')) as XmlElement
    const g = groups[0]
    g?.failing?.(line, ctx)
    const failures = takeEvaluationFailures(doc.root)
    expect(failures.map((f) => [f.ruleId, f.element])).toEqual([['R-9', line]])
  })
})

describe('the empty-leaf context of PEPPOL-EN16931-R008 tested directly (pattern.ts)', () => {
  it('matches exactly the elements compiled XPath matches', () => {
    const m = compilePattern('//*[not(*) and not(normalize-space())]', NS)
    const other = compilePattern('//a:E[not(*) and not(normalize-space())]', NS)
    const d = parseXml(
      `<a:R xmlns:a="urn:a"><a:E/><a:E>  </a:E><a:E>\t\n\r </a:E><a:E> x </a:E><a:E><![CDATA[  ]]></a:E><a:E><!-- note --></a:E><a:E><a:F/></a:E><a:E>  <a:F>t</a:F></a:E><a:G>0</a:G></a:R>`,
    )
    const all = elements(d.root)
    const direct = all.filter((e) => m.where?.(e) ?? expect.fail('a predicate context'))
    expect(direct).toEqual(all.filter((e) => m.matches(e)))
    expect(direct.map((e) => e.local)).toEqual(['E', 'E', 'E', 'E', 'E', 'F'])
    // The same predicate under a named step takes the same direct test.
    expect(all.filter((e) => e.local === 'E' && other.where?.(e) === true)).toEqual(all.filter((e) => other.matches(e)))
  })
})
