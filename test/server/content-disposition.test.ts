import { describe, expect, it } from 'vitest'
import { contentDisposition } from '../../src/server/content-disposition.js'

describe('contentDisposition (RFC 6266, RFC 8187)', () => {
  it('gives a printable ASCII name as a quoted-string, " and \\ escaped', () => {
    expect(contentDisposition('invoice.pdf')).toBe('inline; filename="invoice.pdf"')
    expect(contentDisposition('a "b" c\\d.xml')).toBe('inline; filename="a \\"b\\" c\\\\d.xml"')
  })

  it('adds filename* with the UTF-8 bytes of any other name, and an ASCII stand-in for filename', () => {
    expect(contentDisposition('Rechnung-ü€ "q".xml')).toBe(`inline; filename="Rechnung-__ \\"q\\".xml"; filename*=UTF-8''Rechnung-%C3%BC%E2%82%AC%20%22q%22.xml`)
    // Characters encodeURIComponent leaves alone but RFC 8187 does not allow: ' ( ) *
    expect(contentDisposition("é'(*).pdf")).toBe(`inline; filename="_'(*).pdf"; filename*=UTF-8''%C3%A9%27%28%2A%29.pdf`)
    // One stand-in per character, even outside the BMP.
    expect(contentDisposition('🧾.pdf')).toBe(`inline; filename="_.pdf"; filename*=UTF-8''%F0%9F%A7%BE.pdf`)
  })

  it('keeps line breaks and other controls out of the header', () => {
    const value = contentDisposition('a\r\nb\tc\u0000.xml')
    expect(value).toBe(`inline; filename="a__b_c_.xml"; filename*=UTF-8''a%0D%0Ab%09c%00.xml`)
    expect(value).toMatch(/^[\x20-\x7e]*$/)
  })

  it('survives a lone surrogate (a broken UTF-16 name from a PDF) instead of throwing', () => {
    expect(contentDisposition('a\ud800.xml')).toBe(`inline; filename="a_.xml"; filename*=UTF-8''a%EF%BF%BD.xml`)
  })
})
