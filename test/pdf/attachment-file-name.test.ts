/** safeFileName: one rule for detach --out-dir and the HTTP Content-Disposition. */
import { describe, expect, it } from 'vitest'
import { safeFileName } from '../../src/pdf/attachment-file-name.js'

describe('safeFileName', () => {
  it('keeps the last path segment without leading dots, and replaces what Windows refuses', () => {
    const cases: [string, string][] = [
      ['factur-x.xml', 'factur-x.xml'],
      ['../../../../tmp/audit/a-hostile/pwned.xml', 'pwned.xml'],
      ['/tmp/pwned_abs.xml', 'pwned_abs.xml'],
      ['..\\..\\evil.xml', 'evil.xml'],
      ['evil\u0000.xml', 'evil_.xml'],
      ['a\r\nb.xml', 'a__b.xml'],
      ['..', 'attachment'],
      ['', 'attachment'],
      ['.', 'attachment'],
      ['/', 'attachment'],
      ['sub/', 'sub'],
      ['.hidden', 'hidden'],
      ['x?.pdf', 'x_.pdf'],
      ['a<b>:c"d|e*.pdf', 'a_b__c_d_e_.pdf'],
      ['Rechnung-ü€.xml', 'Rechnung-ü€.xml'],
    ]
    for (const [name, safe] of cases) expect([name, safeFileName(name)]).toEqual([name, safe])
  })

  it('also replaces DEL, C1 controls, line separators and bidirectional overrides, and trims spaces', () => {
    expect(safeFileName('a\u007f\u009b\u2028b.xml')).toBe('a___b.xml')
    expect(safeFileName('invoice\u202Elmx.exe')).toBe('invoice_lmx.exe')
    expect(safeFileName(' . x.xml ')).toBe('x.xml')
    expect(safeFileName('   ')).toBe('attachment')
  })
})
