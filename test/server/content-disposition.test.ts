import { describe, expect, it } from 'vitest'
import { contentDisposition } from '../../src/server/content-disposition.js'

describe('contentDisposition (RFC 6266, RFC 8187)', () => {
  it('gives a printable ASCII name as a quoted-string', () => {
    expect(contentDisposition('invoice.pdf')).toBe('inline; filename="invoice.pdf"')
    expect(contentDisposition("a 'b' (c).xml")).toBe(`inline; filename="a 'b' (c).xml"`)
  })

  it('adds filename* with the UTF-8 bytes of any other name, and an ASCII stand-in for filename', () => {
    expect(contentDisposition('Rechnung-ü€ q.xml')).toBe(`inline; filename="Rechnung-__ q.xml"; filename*=UTF-8''Rechnung-%C3%BC%E2%82%AC%20q.xml`)
    // Characters encodeURIComponent leaves alone but RFC 8187 does not allow: ' ( )
    expect(contentDisposition("é'().pdf")).toBe(`inline; filename="_'().pdf"; filename*=UTF-8''%C3%A9%27%28%29.pdf`)
    // One stand-in per character, even outside the BMP.
    expect(contentDisposition('🧾.pdf')).toBe(`inline; filename="_.pdf"; filename*=UTF-8''%F0%9F%A7%BE.pdf`)
  })

  it('keeps line breaks and other controls out of the header and out of the name', () => {
    const value = contentDisposition('a\r\nb\tc\u0000.xml')
    expect(value).toBe('inline; filename="a__b_c_.xml"')
    expect(value).toMatch(/^[\x20-\x7e]*$/)
    // An attachment named evil<NUL>.xml was answered with filename*=UTF-8''evil%00.xml.
    expect(contentDisposition('evil\u0000.xml')).toBe('inline; filename="evil_.xml"')
    // DEL, C1 controls and bidirectional overrides (a name that reads as something else) too.
    expect(contentDisposition('a\u007fb\u0085c\u202Elmx.exe')).toBe(`inline; filename="a_b_c_lmx.exe"`)
  })

  it("suggests the attachment's base name, never a path (RFC 6266 §4.3), as detach --out-dir writes it", () => {
    // An embedded file named ../../../../tmp/x/pwned.xml was suggested with its path.
    expect(contentDisposition('../../../../tmp/audit/a-hostile/pwned.xml')).toBe('inline; filename="pwned.xml"')
    expect(contentDisposition('/etc/passwd')).toBe('inline; filename="passwd"')
    expect(contentDisposition('..\\..\\evil.xml')).toBe('inline; filename="evil.xml"')
    expect(contentDisposition('C:\\Users\\x\\factur-x.xml')).toBe('inline; filename="factur-x.xml"')
    expect(contentDisposition('..')).toBe('inline; filename="attachment"')
    expect(contentDisposition('')).toBe('inline; filename="attachment"')
    expect(contentDisposition('.hidden.xml')).toBe('inline; filename="hidden.xml"')
    // What Windows refuses in a file name; `"` and `\` so never need escaping.
    expect(contentDisposition('a "b" <c>|d?*:.xml')).toBe('inline; filename="a _b_ _c__d___.xml"')
  })

  it('survives a lone surrogate (a broken UTF-16 name from a PDF) instead of throwing', () => {
    expect(contentDisposition('a\ud800.xml')).toBe(`inline; filename="a_.xml"; filename*=UTF-8''a%EF%BF%BD.xml`)
  })
})
