import { describe, expect, it } from 'vitest'
import { mapStrings, printable, printableStrings, withoutControls } from '../../src/render/pdf-text.js'

// A font with ASCII and U+FFFD only.
const asciiFont = (cp: number): boolean => (cp >= 0x20 && cp < 0x7f) || cp === 0xfffd

describe('printable text for the PDF view', () => {
  it('turns tabs into spaces and drops other control characters, keeping line feeds', () => {
    expect(printable('a\tb\u0000c\u0085d\ne', asciiFont)).toBe('a bcd\ne')
  })

  it('replaces characters the fonts lack, astral ones as one character', () => {
    expect(printable('x 中 😀 y', asciiFont)).toBe('x \ufffd \ufffd y')
    expect(printable('é', (cp) => cp < 0x7f)).toBe('?')
  })

  it('returns the same string when nothing needs changing, and maps a whole view', () => {
    const text = 'Rechnung 2026-0142'
    expect(printable(text, asciiFont)).toBe(text)
    expect(printableStrings({ title: 'a\tb', rows: [['1', 'x\u0001']], n: 3 }, asciiFont)).toEqual({ title: 'a b', rows: [['1', 'x']], n: 3 })
  })
})

describe('text for a styled template', () => {
  it('drops control characters but tab, line feed and carriage return, and keeps the string when there are none', () => {
    expect(withoutControls('a\u0000b\u0007c\u001b[1m\u000c\u007f\u0085\u009f\td\r\ne')).toBe('abc[1m\td\r\ne')
    const text = 'Rechnung 2026-0142 😀'
    expect(withoutControls(text)).toBe(text)
    expect(mapStrings({ a: ['x\u0001'], n: 1, b: null }, withoutControls)).toEqual({ a: ['x'], n: 1, b: null })
  })
})
