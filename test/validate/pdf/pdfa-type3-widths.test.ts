/**
 * 6.2.11.5 for Type 3 fonts, as veraPDF decides it: each shown code's /Widths entry against the
 * wx of its glyph procedure's `d0`/`d1`, both in the font's glyph space (unscaled by /FontMatrix),
 * within 1 unit; a procedure without `d0`/`d1` where veraPDF reads them counts as /MissingWidth.
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFRef } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadPdf } from '../../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage } from './builders.js'

let base: Uint8Array
beforeAll(async () => {
  base = await makePdf({ subset: 'PDF/A-3b' })
})

async function variant(edit: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const { doc } = await loadPdf(base)
  edit(doc)
  return doc.save({ useObjectStreams: false })
}

const widthFindings = (r: { findings: readonly { ruleId: string; message: string }[] }): string[] => r.findings.filter((f) => f.ruleId === 'PDFA-FONT-WIDTHS').map((f) => f.message)

type Type3Spec = { procs: Record<string, string>; widths: number[]; matrix?: number[]; missingWidth?: number; compressed?: boolean }

/** A Type 3 font over codes 97… named a, b, c … in the order of `procs`, /Widths from 97. */
function type3(doc: PDFDocument, spec: Type3Spec): PDFRef {
  const names = Object.keys(spec.procs)
  const procs: Record<string, PDFRef> = {}
  for (const name of names) {
    const content = spec.procs[name]!
    procs[name] = doc.context.register(spec.compressed === true ? doc.context.flateStream(content) : doc.context.stream(content))
  }
  const descriptor =
    spec.missingWidth === undefined
      ? {}
      : { FontDescriptor: doc.context.obj({ Type: 'FontDescriptor', FontName: 'T3', Flags: 4, FontBBox: [0, 0, 1000, 1000], ItalicAngle: 0, Ascent: 1000, Descent: 0, CapHeight: 1000, StemV: 80, MissingWidth: spec.missingWidth }) }
  return doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, 0, 1000, 1000],
      FontMatrix: spec.matrix ?? [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: procs,
      Encoding: { Type: 'Encoding', Differences: [97, ...names.map((n) => PDFName.of(n))] },
      FirstChar: 97,
      LastChar: 96 + spec.widths.length,
      Widths: spec.widths,
      Resources: {},
      ...descriptor,
    } as never),
  )
}

const show = (text: string, mode = 0): string => `BT /T3 12 Tf ${mode} Tr 72 600 Td (${text}) Tj ET`

describe('validatePdf: Type 3 glyph widths (6.2.11.5)', () => {
  const procs = { a: '500 0 d0 0 0 500 500 re f', b: '600 0 0 0 600 700 d1 0 0 600 700 re f' }

  it('accepts /Widths equal to the d0 and d1 widths, also from a compressed procedure', async () => {
    for (const compressed of [false, true]) {
      const pdf = await variant((doc) => addToPage(doc, show('ab'), { Font: { T3: type3(doc, { procs, widths: [500, 600], compressed }) } }))
      expect(widthFindings(await validatePdf(pdf))).toEqual([])
    }
  })

  it('reports a shown code whose /Widths entry differs from its procedure by more than 1 unit', async () => {
    const pdf = await variant((doc) => addToPage(doc, show('ab'), { Font: { T3: type3(doc, { procs, widths: [501, 598] }) } }))
    const messages = widthFindings(await validatePdf(pdf))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('code 98: 598 declared, 600 in the program')
    expect(messages[0]).not.toContain('code 97')
  })

  it('compares in glyph space, unscaled by /FontMatrix, with veraPDF’s tolerance of 1 unit', async () => {
    const unit = { a: '0.5 0 d0 0 0 0.5 0.5 re f' }
    const matrix = [1, 0, 0, 1, 0, 0]
    const close = await variant((doc) => addToPage(doc, show('a'), { Font: { T3: type3(doc, { procs: unit, widths: [1.4], matrix }) } }))
    expect(widthFindings(await validatePdf(close))).toEqual([])
    const far = await variant((doc) => addToPage(doc, show('a'), { Font: { T3: type3(doc, { procs: unit, widths: [2], matrix }) } }))
    expect(widthFindings(await validatePdf(far))[0]).toContain('code 97: 2 declared, 0.5 in the program')
  })

  it('counts a procedure without d0/d1 in veraPDF’s places, or no procedure, as /MissingWidth (0 when absent)', async () => {
    const odd = { a: '0 0 500 500 re f', b: '600 0 d1 0 0 600 700 re f' }
    const none = await variant((doc) => addToPage(doc, show('ab'), { Font: { T3: type3(doc, { procs: odd, widths: [500, 600] }) } }))
    const messages = widthFindings(await validatePdf(none))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('code 97: 500 declared, 0 in the program')
    expect(messages[0]).toContain('code 98: 600 declared, 0 in the program')
    const missing = await variant((doc) => addToPage(doc, show('abc'), { Font: { T3: type3(doc, { procs: odd, widths: [500, 600], missingWidth: 500 }) } }))
    // a and b count as 500; code 99 has no procedure (500) and no /Widths entry (500).
    expect(widthFindings(await validatePdf(missing))).toEqual([expect.stringContaining('code 98: 600 declared, 500 in the program')])
  })

  it('ignores invisible text (rendering mode 3)', async () => {
    const visible = await variant((doc) => addToPage(doc, show('b'), { Font: { T3: type3(doc, { procs, widths: [500, 100] }) } }))
    expect(widthFindings(await validatePdf(visible))).toHaveLength(1)
    const pdf = await variant((doc) => addToPage(doc, show('b', 3), { Font: { T3: type3(doc, { procs, widths: [500, 100] }) } }))
    expect(widthFindings(await validatePdf(pdf))).toEqual([])
  })

  it('pdf2pdfa copies the procedure widths into /Widths unrounded', async () => {
    const unit = { a: '0.5 0 d0 0 0 0.5 0.5 re f' }
    const pdf = await variant((doc) => addToPage(doc, show('a'), { Font: { T3: type3(doc, { procs: unit, widths: [2], matrix: [1, 0, 0, 1, 0, 0] }) } }))
    const out = await pdfToPdfa(pdf, { ghostscript: false })
    expect(widthFindings(await validatePdf(out.pdf))).toEqual([])
    const { doc } = await loadPdf(out.pdf)
    const font = [...doc.context.enumerateIndirectObjects()].map(([, o]) => o).find((o) => o instanceof PDFDict && o.get(PDFName.of('Subtype')) === PDFName.of('Type3')) as PDFDict
    expect(font.lookup(PDFName.of('Widths'), PDFArray).lookup(0, PDFNumber).asNumber()).toBe(0.5)
  })
})

describe('validatePdf: Type 3 glyphs present (6.2.11.4.1)', () => {
  const procs = { a: '500 0 d0 0 0 500 500 re f', b: '600 0 0 0 600 700 d1 0 0 600 700 re f' }
  const glyphFindings = (r: { findings: readonly { ruleId: string; message: string }[] }): string[] => r.findings.filter((f) => f.ruleId === 'PDFA-FONT-GLYPH').map((f) => f.message)

  it('reports a visible code /CharProcs has no procedure for (veraPDF containsCharString), not one in rendering mode 3', async () => {
    const pdf = await variant((doc) => addToPage(doc, show('abc'), { Font: { T3: type3(doc, { procs, widths: [500, 600] }) } }))
    const r = await validatePdf(pdf)
    expect(glyphFindings(r)).toEqual([expect.stringContaining('(code 99)')])
    expect(widthFindings(r)).toEqual([])
    const invisible = await variant((doc) => addToPage(doc, show('abc', 3), { Font: { T3: type3(doc, { procs, widths: [500, 600] }) } }))
    expect(glyphFindings(await validatePdf(invisible))).toEqual([])
    const drawn = await variant((doc) => addToPage(doc, show('ab'), { Font: { T3: type3(doc, { procs, widths: [500, 600] }) } }))
    const ok = await validatePdf(drawn)
    expect(glyphFindings(ok)).toEqual([])
    expect(ok.findings.some((f) => f.ruleId.startsWith('PDFA-FONT'))).toBe(false)
  })
})
