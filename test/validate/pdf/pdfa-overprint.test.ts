/**
 * Overprint mode with ICCBased CMYK (ISO 19005-3 6.2.4.2 test 2, found missing by the veraPDF
 * PDF/A-3B audit, session 28): where an ICCBased CMYK space fills with /op (or /OP) true, or
 * strokes with /OP true, /OPM must be 0. Each variant adds content to a valid Factur-X file; set
 * EINVOICE_PDFA_DUMP to a folder to keep them.
 */
import { readFileSync } from 'node:fs'
import { PDFDict, PDFDocument, PDFName, type PDFRef, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage, keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
let facturx: Uint8Array

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

/** An ICC v2 output profile header of a CMYK printer (the header is all 6.2.4.2 reads). */
function cmykProfile(): Uint8Array {
  const icc = new Uint8Array(132)
  const put = (at: number, text: string): void => icc.set(Buffer.from(text, 'latin1'), at)
  new DataView(icc.buffer).setUint32(0, icc.length)
  icc[8] = 2
  icc[9] = 0x10
  put(12, 'prtr')
  put(16, 'CMYK')
  put(20, 'Lab ')
  put(36, 'acsp')
  return icc
}

type Parts = {
  content: string
  gs?: Record<string, Record<string, unknown>>
  colourSpaces?: Record<string, 'cmyk' | 'rgb'>
  form?: { content: string; colourSpaces?: Record<string, 'cmyk'> }
  /** A Type 3 font /T3 whose glyph `a` fills with an ICCBased CMYK space after d0 or d1. */
  type3?: 'd0' | 'd1'
}

/** The Factur-X file with `content` appended to its first page, its graphics states and colour spaces as resources. */
async function variant(name: string, parts: Parts): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  const icc = (n: 'cmyk' | 'rgb'): PDFRef =>
    doc.context.register(doc.context.obj(['ICCBased', doc.context.register(doc.context.stream(n === 'cmyk' ? cmykProfile() : readFileSync(`${PACKAGE_ROOT}/assets/icc/sRGB.icc`), { N: n === 'cmyk' ? 4 : 3 }))]))
  const states = Object.fromEntries(Object.entries(parts.gs ?? {}).map(([k, v]) => [k, doc.context.register(doc.context.obj({ Type: 'ExtGState', ...v } as never))]))
  const xobjects: Record<string, PDFRef> = {}
  if (parts.form !== undefined) {
    const spaces = Object.fromEntries(Object.entries(parts.form.colourSpaces ?? {}).map(([k, v]) => [k, icc(v)]))
    xobjects.Fm = doc.context.register(doc.context.stream(parts.form.content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 100], Resources: { ColorSpace: spaces } } as never))
  }
  const fonts: Record<string, PDFRef> = {}
  if (parts.type3 !== undefined) {
    const proc = doc.context.register(doc.context.stream(`${parts.type3 === 'd0' ? '1000 0 d0' : '1000 0 0 0 750 750 d1'} /C0 cs 1 0 0 0 sc 0 0 750 750 re f`))
    fonts.T3 = doc.context.register(
      doc.context.obj({
        Type: 'Font', Subtype: 'Type3', FontBBox: [0, 0, 750, 750], FontMatrix: [0.001, 0, 0, 0.001, 0, 0], CharProcs: { a: proc },
        Encoding: { Type: 'Encoding', Differences: [97, 'a'] }, FirstChar: 97, LastChar: 97, Widths: [1000], Resources: { ColorSpace: { C0: icc('cmyk') } },
      } as never),
    )
  }
  addToPage(doc, parts.content, { ExtGState: states, XObject: xobjects, Font: fonts })
  const resources = doc.getPages()[0]!.node.Resources()!
  const spaces = Object.fromEntries(Object.entries(parts.colourSpaces ?? {}).map(([k, v]) => [k, icc(v)]))
  if (Object.keys(spaces).length > 0) resources.set(PDFName.of('ColorSpace'), doc.context.obj(spaces))
  return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
}
const overprint = (r: { findings: readonly { ruleId: string; params: Readonly<Record<string, string>> }[] }): string[] =>
  r.findings.filter((f) => f.ruleId === 'PDFA-OVERPRINT-MODE').map((f) => `${f.params.operator} ${f.params.use} ${f.params.space} OPM ${f.params.opm} ${f.params.flag}`)
const errorIds = (r: { findings: readonly { ruleId: string; severity: string }[] }): string[] => [...new Set(r.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId))].sort()
const OP_ON = { OP: true, OPM: 1 }

describe('validatePdf: overprint mode with ICCBased CMYK (6.2.4.2)', () => {
  it('reports a fill under /OP true (/op defaults to it) and /OPM 1', async () => {
    const r = await validatePdf(await variant('opm-fill', { content: 'q /GS1 gs /CSc cs 0 0 0 1 sc 10 10 50 50 re f Q', gs: { GS1: OP_ON }, colourSpaces: { CSc: 'cmyk' } }))
    expect(overprint(r)).toEqual(['f filling /CSc OPM 1 /op'])
    expect(errorIds(r)).toEqual(['PDFA-OVERPRINT-MODE'])
    const f = r.findings.find((x) => x.ruleId === 'PDFA-OVERPRINT-MODE')!
    expect(f.clause).toBe('6.2.4.2')
    expect(f.location).toMatch(/^page 1 content \(object \d+ 0\), byte \d+$/)
  })

  it('reports a stroke with /OP true, OPM 2, DefaultCMYK behind k, and a form drawn in such a state', async () => {
    const stroke = await validatePdf(await variant('opm-stroke', { content: '/GS1 gs /CSc CS 1 0 0 0 SC 10 10 m 50 50 l S', gs: { GS1: { OP: true, op: false, OPM: 2 } }, colourSpaces: { CSc: 'cmyk' } }))
    expect(overprint(stroke)).toEqual(['S stroking /CSc OPM 2 /OP'])
    const defaults = await validatePdf(await variant('opm-default', { content: '/GS1 gs 0 0 0 1 k 10 10 50 50 re f', gs: { GS1: OP_ON }, colourSpaces: { DefaultCMYK: 'cmyk' } }))
    expect(overprint(defaults)).toEqual(['f filling /DeviceCMYK (as /DefaultCMYK) OPM 1 /op'])
    const form = await validatePdf(await variant('opm-form', { content: 'q /GS1 gs /Fm Do Q', gs: { GS1: { op: true, OPM: 1 } }, form: { content: '/C0 cs 1 1 0 0 sc 0 0 10 10 re B', colourSpaces: { C0: 'cmyk' } } }))
    expect(overprint(form)).toEqual(['B filling /C0 OPM 1 /op'])
  })

  it('reads text as filled or stroked by its rendering mode', async () => {
    const content = (tr: number): string => `/GS1 gs /CSc cs /CSc CS BT ${tr} Tr 10 10 Td [(x)] TJ ET`
    const gs = { GS1: { OP: true, op: false, OPM: 1 } }
    expect(overprint(await validatePdf(await variant('opm-text-1', { content: content(1), gs, colourSpaces: { CSc: 'cmyk' } })))).toEqual(['TJ stroking /CSc OPM 1 /OP'])
    expect(overprint(await validatePdf(await variant('opm-text-0', { content: content(0), gs, colourSpaces: { CSc: 'cmyk' } })))).toEqual([])
    expect(overprint(await validatePdf(await variant('opm-text-3', { content: content(3), gs: { GS1: OP_ON }, colourSpaces: { CSc: 'cmyk' } })))).toEqual([])
  })

  it('reads a Type 3 glyph in the state of its font: painting after d0 counts, after d1 not', async () => {
    const parts = (type3: 'd0' | 'd1'): Parts => ({ content: '/GS1 gs BT /T3 12 Tf 10 10 Td (a) Tj ET', gs: { GS1: OP_ON }, type3 })
    expect(overprint(await validatePdf(await variant('opm-type3-d0', parts('d0'))))).toEqual(['f filling /C0 OPM 1 /op'])
    expect(overprint(await validatePdf(await variant('opm-type3-d1', parts('d1'))))).toEqual([])
  })

  it('accepts OPM 0, overprinting off, a state restored by Q, RGB or device CMYK, images and n', async () => {
    const cases: Parts[] = [
      { content: '/GS0 gs /CSc cs 10 10 50 50 re f', gs: { GS0: { OP: true, OPM: 0 } }, colourSpaces: { CSc: 'cmyk' } },
      { content: '/GS1 gs /CSc cs 10 10 50 50 re f', gs: { GS1: { OP: false, OPM: 1 } }, colourSpaces: { CSc: 'cmyk' } },
      { content: '/GS1 gs /CSc cs 10 10 50 50 re f', gs: { GS1: { OP: true, op: false, OPM: 1 } }, colourSpaces: { CSc: 'cmyk' } },
      { content: 'q /GS1 gs Q /CSc cs 10 10 50 50 re f', gs: { GS1: OP_ON }, colourSpaces: { CSc: 'cmyk' } },
      { content: '/GS1 gs /CSr cs 10 10 50 50 re f /CSc cs 10 10 50 50 re n', gs: { GS1: OP_ON }, colourSpaces: { CSr: 'rgb', CSc: 'cmyk' } },
      { content: '/GS1 gs /CSc cs /DeviceGray cs 10 10 50 50 re f', gs: { GS1: OP_ON }, colourSpaces: { CSc: 'cmyk' } },
    ]
    for (const [i, parts] of cases.entries()) expect(overprint(await validatePdf(await variant(`opm-ok-${i}`, parts))), parts.content).toEqual([])
  })

  it('one finding per stream, however often the state is used', async () => {
    const r = await validatePdf(await variant('opm-many', { content: `/GS1 gs /CSc cs ${'0 0 1 1 re f '.repeat(500)}`, gs: { GS1: OP_ON }, colourSpaces: { CSc: 'cmyk' } }))
    expect(overprint(r)).toHaveLength(1)
  })
})

describe('overprint state: broken input', () => {
  it('ignores values of the wrong type, a Tr without operand and deep q nesting, without throwing', async () => {
    const gs = { GSn: { OP: 1, op: PDFString.of('true'), OPM: PDFName.of('One') }, GS1: OP_ON }
    const nested = `${'q '.repeat(200_000)}/GS1 gs ${'Q '.repeat(200_000)}`
    const r = await validatePdf(await variant('opm-broken', { content: `/GSn gs Tr /CSc cs 0 0 1 1 re f ${nested} 0 0 1 1 re f /GS1 gs BT 1.2.3 Tr (x) Tj ET`, gs, colourSpaces: { CSc: 'cmyk' } }))
    // Only the last text, under GS1 and rendering mode 0 (1.2.3 is no number), fills with overprint.
    expect(overprint(r)).toEqual(['Tj filling /CSc OPM 1 /op'])
  })
})

describe('pdf2pdfa: overprint mode with ICCBased CMYK', () => {
  it('sets /OPM 0 in place, and the output has no PDF/A error', async () => {
    const input = await variant('opm-pdf2pdfa', { content: 'q /GS1 gs /CSc cs 0 0 0 1 sc 10 10 50 50 re f Q', gs: { GS1: OP_ON, GS2: { OPM: 1 } }, colourSpaces: { CSc: 'cmyk' } })
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.method).toBe('native')
    keepForPdfaCheck('opm-pdf2pdfa-out', out.pdf)
    expect(errorIds(await validatePdf(out.pdf))).toEqual([])
    const doc = await PDFDocument.load(out.pdf)
    const states = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('ExtGState'), PDFDict)
    expect(states.lookup(PDFName.of('GS1'), PDFDict).lookup(PDFName.of('OPM'))?.toString()).toBe('0')
  })
})
