import { describe, expect, it } from 'vitest'
import { xpathRegex, xpathRegexSource } from '../../../src/validate/schematron/xpath-regex.js'

describe('XPath regular expressions in JavaScript', () => {
  it('reads \\s as the four XML white-space characters only (an NBSP is content)', () => {
    expect(xpathRegex('^\\s*x$').test(' \t\r\nx')).toBe(true)
    expect(xpathRegex('^\\s*x$').test('\u00a0x')).toBe(false)
    expect(xpathRegex('^[^@\\s]+@').test('a\u00a0b@')).toBe(true)
    expect(xpathRegex('^[^@\\s]+@').test('a b@')).toBe(false)
  })

  it('reads \\d as any Unicode decimal digit and \\w as anything but punctuation, separators and others', () => {
    expect(xpathRegex('^\\d{4}$').test('\u0662\u0660\u0661\u0663')).toBe(true)
    expect(xpathRegex('^\\d$').test('x')).toBe(false)
    expect(xpathRegex('^\\w+$').test('ä€1')).toBe(true)
    expect(xpathRegex('^\\w$').test('.')).toBe(false)
    expect(xpathRegex('^\\S+$').test('a\u00a0b')).toBe(true)
  })

  it('reads \\d as the decimal digits of Unicode 6 (what the reference Saxon 9.9 knows), not of the running JavaScript', () => {
    // Arabic-Indic (1.1), mathematical bold (3.1), Osmanya (4.0), Saurashtra (5.1), Brahmi (6.0), Takri (6.1).
    for (const zero of [0x660, 0x1d7ce, 0x1d7ff - 9, 0x104a0, 0xa8d0, 0x11066, 0x116c0]) expect(xpathRegex('^\\d$').test(String.fromCodePoint(zero + 9))).toBe(true)
    // Digits Unicode added later are no \\d for Saxon: Mro (7.0), Ahom (8.0), Adlam (9.0), Masaram Gondi (10.0), Kawi (15.0).
    for (const zero of [0x16a60, 0x11730, 0x1e950, 0x11d50, 0x11f50]) {
      expect(xpathRegex('^\\d$').test(String.fromCodePoint(zero + 2))).toBe(false)
      expect(xpathRegex('^\\D$').test(String.fromCodePoint(zero + 2))).toBe(true)
      expect(xpathRegex('^[\\d]$').test(String.fromCodePoint(zero + 2))).toBe(false)
    }
    expect(xpathRegex('^[\\d.]+$').test('\u0661.\uff12')).toBe(true)
  })

  it('reads . as any character but a line feed or carriage return (U+2028 and U+2029 included)', () => {
    expect(xpathRegex('^#.+#$').test('#a\u2028b#')).toBe(true)
    expect(xpathRegex('^#.+#$').test('#a\u2029b#')).toBe(true)
    expect(xpathRegex('^#.+#$').test('#a\nb#')).toBe(false)
    expect(xpathRegex('^#.+#$').test('#a\rb#')).toBe(false)
    expect(xpathRegex('^[.]$').test('x')).toBe(false)
    expect(xpathRegex('^\\.$').test('x')).toBe(false)
    // The s flag: . is every character.
    expect(xpathRegex('^#.+#$', 's').test('#a\nb#')).toBe(true)
  })

  it('keeps other escapes as they are', () => {
    expect(xpathRegexSource('\\.\\r?\\n\\-[0-9]')).toBe('\\.\\r?\\n\\-[0-9]')
  })
})
