/**
 * ISO 19005-3 6.1.6, 6.1.7.1 and 6.1.9: the written form of objects, streams and hexadecimal
 * strings, judged on the bytes. Each variant changes bytes in place (same length), so offsets and
 * the cross-reference table stay right and only the rule under test is broken.
 */
import { readFileSync } from 'node:fs'
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { checkObjectSyntax } from '../../../src/validate/pdf/object-syntax-check.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage } from './builders.js'

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
  it('follows arrays nested deeper than the call stack goes, and judges the objects after them', async () => {
    const doc = await PDFDocument.create()
    const body = (length: number): Uint8Array =>
      new TextEncoder().encode(`%PDF-1.7\n1 0 obj\n${'['.repeat(200_000)}${']'.repeat(200_000)}\nendobj\n2 0 obj\n<< /Length ${length} >>\nstream\nabc\nendstream\nendobj\n`)
    expect(checkObjectSyntax(body(3), doc)).toEqual([])
    expect(checkObjectSyntax(body(4), doc).map((f) => f.ruleId)).toEqual(['PDFA-SYNTAX-LENGTH'])
  })

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

  it('reports an xref keyword followed by a space instead of a line end (6.1.4), at its byte offset', async () => {
    const text = latin1.decode(facturx)
    const at = text.lastIndexOf('\nxref\n') + 1
    expect(at).toBeGreaterThan(0)
    const r = await validatePdf(patched(facturx, /\nxref\n(?![\s\S]*\nxref\n)/, () => '\nxref '))
    const found = r.findings.filter((f) => f.ruleId === 'PDFA-SYNTAX-XREF')
    expect(found.map((f) => f.location)).toEqual([`xref at byte ${at}`])
    expect(found[0]!.message).toContain('xref is followed by')
    expect(r.pdfaValid).toBe(false)
    const ok = await validatePdf(patched(facturx, /\nxref\n(?![\s\S]*\nxref\n)/, () => '\nxref\r'))
    expect(ok.findings.filter((f) => f.ruleId === 'PDFA-SYNTAX-XREF')).toEqual([])
  })

  it('reports a hexadecimal string with a character that is not a hex digit', async () => {
    const r = await validatePdf(patched(facturx, /\/ID \[\s*<[0-9a-fA-F]+/, (m) => `${m.slice(0, -1)}Z`))
    expect(syntaxIds(r)).toEqual(['PDFA-SYNTAX-HEX'])
    expect(r.pdfaValid).toBe(false)
  })
})

describe('validatePdf: stream, graphics-state, image and XObject entries (6.1.7.1, 6.2.5, 6.2.6, 6.2.8, 6.2.9, 6.11)', () => {
  /** The Factur-X file with extra objects on its first page, saved without object streams. */
  async function withObjects(add: (doc: PDFDocument) => void): Promise<Uint8Array> {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    add(doc)
    return doc.save({ useObjectStreams: false })
  }
  const errorIds = (r: { findings: readonly { ruleId: string; severity: string }[] }): string[] => [...new Set(r.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId))].sort()

  it('accepts /TR2 /Default and a standard rendering intent', async () => {
    const r = await validatePdf(
      await withObjects((doc) => {
        const gs = doc.context.register(doc.context.obj({ Type: 'ExtGState', TR2: 'Default', RI: 'Perceptual' }))
        addToPage(doc, 'q /GSok gs Q', { ExtGState: { GSok: gs } })
      }),
    )
    expect(errorIds(r)).toEqual([])
  })

  it('reports /TR, a made-up rendering intent, an interpolated image, a reference XObject, external stream data and /Requirements', async () => {
    const r = await validatePdf(
      await withObjects((doc) => {
        const gs = doc.context.register(doc.context.obj({ Type: 'ExtGState', TR: 'Identity', RI: 'Vivid' }))
        const image = doc.context.register(
          doc.context.stream(new Uint8Array([128]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, BitsPerComponent: 8, ColorSpace: 'DeviceGray', Interpolate: true }),
        )
        const ref = doc.context.register(doc.context.stream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Ref: { F: PDFString.of('other.pdf'), Page: 0 } }))
        const external = doc.context.register(doc.context.stream('', { F: PDFString.of('data.bin') }))
        doc.catalog.set(PDFName.of('Requirements'), doc.context.obj([{ Type: 'Requirement', S: 'EnableJavaScripts' }]))
        doc.catalog.set(PDFName.of('PieceInfo'), external)
        addToPage(doc, 'q /GSx gs /Im0 Do /Fm0 Do Q', { ExtGState: { GSx: gs }, XObject: { Im0: image, Fm0: ref } })
      }),
    )
    expect(errorIds(r)).toEqual(['PDFA-EXTGSTATE', 'PDFA-IMAGE', 'PDFA-RENDERING-INTENT', 'PDFA-REQUIREMENTS', 'PDFA-STREAM-EXTERNAL', 'PDFA-XOBJECT'])
    expect(r.findings.find((f) => f.ruleId === 'PDFA-XOBJECT')?.message).toContain('reference XObject')
    expect(r.pdfaValid).toBe(false)
  })
})
