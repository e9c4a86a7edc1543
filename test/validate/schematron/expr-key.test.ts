import { describe, expect, it } from 'vitest'
import { exprId } from '../../../src/validate/schematron/expr-key.js'
import { parseXPath } from '../../../src/validate/schematron/parser.js'

const NS = { a: 'urn:a', b: 'urn:b', xs: 'http://www.w3.org/2001/XMLSchema' }
const key = (src: string): number => exprId(parseXPath(src, NS))

describe('schematron expression numbers (hash-consing)', () => {
  it('are equal for equal syntax trees, however they were written', () => {
    expect(key("a:L[a:C = 'S']/xs:decimal(a:V)")).toBe(key("a:L[ a:C='S' ]/xs:decimal( a:V )"))
    expect(key('count(//a:X) + 1')).toBe(key('count( //a:X )+1'))
  })

  it('differ whenever the trees differ', () => {
    const distinct = [
      'a:L[1]',
      'a:L[2]',
      'a:L[1.0]',
      'b:L[1]',
      "'a,b'",
      "('a', 'b')",
      "'a'",
      "\"a'\"",
      '//a:L',
      '/a:L',
      'a:L',
      '*:L',
      'a:*',
      'node()',
      '@a:L',
      '../a:L',
      'a:L/a:M',
      'a:L[a:M]',
      '1 - 2',
      '1 - -2',
      '1 div 2',
      'xs:decimal(1)',
      '1 cast as xs:decimal',
      '1 castable as xs:decimal',
      'for $x in a:L return $x',
      'some $x in a:L satisfies $x',
      'every $x in a:L satisfies $x',
      'if (a:L) then 1 else 2',
      'a:L eq 1',
      'a:L = 1',
    ]
    expect(new Set(distinct.map(key)).size).toBe(distinct.length)
  })
})
