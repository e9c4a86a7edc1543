/** PDF findings quote values from the file in bounded excerpts and keep the checker's own lists whole. */
import { describe, expect, it } from 'vitest'
import { pdfFinding } from '../../../src/validate/pdf/pdf-rules.js'

describe('pdfFinding messages', () => {
  it('excerpts a huge value found in the file, keeping the whole value in params', () => {
    const found = '9'.repeat(300_000)
    const f = pdfFinding('PDFA-ID-PART', 'XMP', { found })
    expect(f.message).toBe(`[PDFA-ID-PART] pdfaid:part must be 3 for a PDF/A-3 file; found ${'9'.repeat(200)}… (300000 characters) (ISO 19005-3 6.6.4)`)
    expect(f.params['found']).toBe(found)
  })

  it("keeps the checker's own list whole, and bounds only a message that would be huge", () => {
    const problems = Array.from({ length: 40 }, (_, i) => `object ${i} 0: CR without LF`).join(', ')
    expect(problems.length).toBeGreaterThan(200)
    expect(pdfFinding('PDFA-SYNTAX-STREAM', 'file', { count: '40', problems }).message).toContain(`(${problems})`)
    const huge = pdfFinding('PDFA-SYNTAX-STREAM', 'file', { count: '1', problems: 'x'.repeat(100_000) }).message
    expect(huge.length).toBeLessThan(8200)
    expect(huge.endsWith('(ISO 19005-3 6.1.7.1)')).toBe(true)
  })
})
