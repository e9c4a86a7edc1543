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
