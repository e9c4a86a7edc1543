/**
 * ISO 19005-3 6.1.6, 6.1.7.1 and 6.1.9: the written form of objects, streams and hexadecimal
 * strings, judged on the bytes. Each variant changes bytes in place (same length), so offsets and
 * the cross-reference table stay right and only the rule under test is broken.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
const latin1 = new TextDecoder('latin1')

let facturx: Uint8Array

/** The file with the first match of `pattern` replaced by `to` (same length). */
function patched(pdf: Uint8Array, pattern: RegExp, to: (match: string) => string): Uint8Array {
  const text = latin1.decode(pdf)
  const m = pattern.exec(text)
  if (m === null) throw new Error(`test setup: ${String(pattern)} is not in the file`)
  const replacement = to(m[0])
  if (replacement.length !== m[0].length) throw new Error('test setup: the replacement must keep the length')
  const out = new Uint8Array(pdf)
  for (let i = 0; i < replacement.length; i++) out[m.index + i] = replacement.charCodeAt(i)
  return out
}

const syntaxIds = (r: { findings: readonly { ruleId: string }[] }): string[] => r.findings.map((f) => f.ruleId).filter((id) => id.startsWith('PDFA-SYNTAX'))

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

describe('validatePdf: object syntax (ISO 19005-3 6.1.6, 6.1.7.1, 6.1.9)', () => {
  it('finds nothing in a file einvoice wrote', async () => {
    const r = await validatePdf(facturx)
    expect(syntaxIds(r)).toEqual([])
    expect(r.pdfaValid).toBe(true)
  })

  it('reports endstream that does not follow a line end (as qpdf writes streams without --newline-before-endstream)', async () => {
    // `data\nendstream` → `data endstream`: the data now ends with a space and no line end precedes endstream.
    const r = await validatePdf(patched(facturx, /\nendstream/, () => ' endstream'))
    expect(syntaxIds(r)).toContain('PDFA-SYNTAX-STREAM')
    expect(r.findings.find((f) => f.ruleId === 'PDFA-SYNTAX-STREAM')?.message).toContain('endstream does not follow a line end')
    expect(r.pdfaValid).toBe(false)
  })

  it('reports a stream keyword followed by a CR alone', async () => {
    const r = await validatePdf(patched(facturx, />>\nstream\n/, () => '>>\nstream\r'))
    expect(syntaxIds(r)).toContain('PDFA-SYNTAX-STREAM')
    expect(r.pdfaValid).toBe(false)
  })

  it('reports a /Length that does not count the stream data', async () => {
    const r = await validatePdf(patched(facturx, /\/Length (\d+)/, (m) => m.replace(/\d$/, (d) => String((Number(d) + 1) % 10))))
    expect(syntaxIds(r)).toEqual(['PDFA-SYNTAX-LENGTH'])
    expect(r.findings.find((f) => f.ruleId === 'PDFA-SYNTAX-LENGTH')?.clause).toBe('6.1.7.1')
    expect(r.pdfaValid).toBe(false)
  })

  it('reports an object header with two spaces or without a line end after obj', async () => {
    const spaced = await validatePdf(patched(facturx, /\n(\d+) 0 obj\n/, (m) => m.replace(' 0 obj\n', '  0 obj')))
    expect(syntaxIds(spaced)).toEqual(['PDFA-SYNTAX-OBJECT'])
    expect(spaced.findings.find((f) => f.ruleId === 'PDFA-SYNTAX-OBJECT')?.message).toMatch(/2 white-space characters separate the object and generation numbers.*obj is not followed by a line end/)
    expect(spaced.pdfaValid).toBe(false)
  })

  it('reports a hexadecimal string with a character that is not a hex digit', async () => {
    const r = await validatePdf(patched(facturx, /\/ID \[\s*<[0-9a-fA-F]+/, (m) => `${m.slice(0, -1)}Z`))
    expect(syntaxIds(r)).toEqual(['PDFA-SYNTAX-HEX'])
    expect(r.pdfaValid).toBe(false)
  })
})
