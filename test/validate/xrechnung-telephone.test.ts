/**
 * BR-DE-27's pattern `.*([0-9].*){3,}.*` (XPath `matches`, unanchored, `.` stopping at LF and CR)
 * counted in one pass: as a RegExp its nested `.*` backtracked polynomially on a long number with
 * two digits. Verdicts checked with refcheck on CII and UBL variants of 01.02a (see
 * xrechnung.test.ts for the rule through validate, where normalize-space comes first).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { validateXml } from '../../src/validate/index.js'
import { TELEPHONE } from '../../src/validate/xrechnung/common.js'

describe('BR-DE-27 telephone pattern', () => {
  it('wants three ASCII digits within one line, as the XPath pattern does', () => {
    const cases: [string, boolean][] = [
      ['123', true],
      ['12', false],
      ['a1b2c3d', true],
      ['[012-3456789]', true],
      ['1 2\t3', true],
      ['\u0661\u0662\u0663', false], // Arabic-Indic digits are not [0-9]
      ['\uff11\uff12\uff13', false], // nor are full-width ones
      ['12\n3', false], // `.` stops at LF …
      ['1\r23', false], // … and at CR
      ['\n\n123\n', true],
      ['1\u20282\u20293', true], // U+2028 and U+2029 are no line ends for XPath
      ['', false],
    ]
    for (const [value, matches] of cases) expect(TELEPHONE.test(value), JSON.stringify(value)).toBe(matches)
  })

  // The RegExp took 57 s at this size (it grows ~4.5 times per doubling); a regression shows as the
  // test's time limit, not as a timed assertion.
  it('decides a long number with two digits (the RegExp took 57 s at 64,000 characters)', { timeout: 30_000 }, () => {
    const value = `1${'a'.repeat(32_000)}1${'a'.repeat(32_000)}`
    expect(TELEPHONE.test(value)).toBe(false)
    expect(TELEPHONE.test(`${value}1`)).toBe(true)
  })

  it('validates an XRechnung whose seller telephone is 64,001 characters with two digits (57 s before), reporting BR-DE-27', { timeout: 30_000 }, () => {
    // The native rule and the probe's XPath fn:matches both count the digits (schematron/xpath-regex.ts).
    const sample = readFileSync('samples/xrechnung.json', 'utf8').replace('"+49 221 4567890"', JSON.stringify(`1${'a'.repeat(32_000)}1${'a'.repeat(32_000)}`))
    const { xml } = invoiceJsonToXml(sample, { format: 'xr', profile: 'XRECHNUNG', version: 3 })
    const result = validateXml(xml)
    expect(result.findings.filter((f) => f.ruleId === 'BR-DE-27').map((f) => f.severity)).toEqual(['warning'])
  })
})
