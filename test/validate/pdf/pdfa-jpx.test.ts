/**
 * JPEG 2000 images (ISO 19005-3 6.2.8.3, found missing by the veraPDF PDF/A-3B audit, session 28):
 * the JP2 header's channels, colour specifications and bit depth, read as veraPDF reads them. The
 * JP2 files are written box by box around a real 8×8 RGB codestream (made once with OpenJPEG's
 * opj_compress), so Ghostscript can decode them. Set EINVOICE_PDFA_DUMP to keep the files.
 */
import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { findGhostscript } from '../../../src/pdf/ghostscript.js'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { jp2Problems, readJp2Facts } from '../../../src/pdf/jpeg2000.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { streamBytes } from '../../../src/pdf/streams.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { makePdf } from '../../pdf/fixtures.js'
import { addToPage, keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
/** An 8×8, 3-component, 8-bit, lossless JPEG 2000 codestream (SOC … EOC), 216 bytes. */
const CODESTREAM = Buffer.from(
  '/0//UQAvAAAAAAAIAAAACAAAAAAAAAAAAAAACAAAAAgAAAAAAAAAAAADBwEBBwEBBwEB/1IADAAAAAEBAAQEAAH/XAAEQED/ZAAlAAFDcmVhdGVkIGJ5IE9wZW5KUEVHIHZlcnNpb24gMi41LjD/kAAKAAAAAABoAAH/k8+0lBEdtk9h32cNPQ8B9ZqouL5H/LLzUJ8lXUbaYov4dZCl/wyicz/fgHgVPjLQ9grbwNjezurVdgDfgOgndWaKnxylvbqPOq9bM/yXQpB096JvUS5h3vZOB//Z',
  'base64',
)

const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
const box = (type: string, content: number[] | Uint8Array): number[] => [...u32(content.length + 8), ...Buffer.from(type, 'latin1'), ...content]
const SIGNATURE = [0, 0, 0, 12, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]
const FTYP = box('ftyp', [...Buffer.from('jp2 '), 0, 0, 0, 0, ...Buffer.from('jp2 ')])

type Colr = { meth: number; approx?: number; enumCS?: number }
type Jp2Spec = { nc?: number; bpc?: number; colr?: Colr[]; bpcc?: number[] }

/** A JP2 file: signature, ftyp, jp2h (ihdr, bpcc, colr boxes), jp2c (the codestream). */
function jp2(spec: Jp2Spec = {}): Uint8Array {
  const ihdr = box('ihdr', [...u32(8), ...u32(8), 0, spec.nc ?? 3, spec.bpc ?? 7, 7, 0, 0])
  const colrs = (spec.colr ?? [{ meth: 1, enumCS: 16 }]).flatMap((c) =>
    box('colr', [c.meth, 0, c.approx ?? 0, ...(c.meth === 1 ? u32(c.enumCS ?? 16) : c.meth === 2 ? [...readFileSync(`${PACKAGE_ROOT}/assets/icc/sRGB.icc`)] : [])]),
  )
  const bpcc = spec.bpcc === undefined ? [] : box('bpcc', spec.bpcc)
  return new Uint8Array([...SIGNATURE, ...FTYP, ...box('jp2h', [...ihdr, ...bpcc, ...colrs]), ...box('jp2c', CODESTREAM)])
}

let facturx: Uint8Array
beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

/** The Factur-X file with JPEG 2000 images drawn on its first page. */
async function withImages(name: string, images: { data: Uint8Array; extra?: Record<string, unknown> }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  const refs: Record<string, PDFRef> = {}
  images.forEach(({ data, extra }, i) => {
    refs[`Jx${i}`] = doc.context.register(doc.context.stream(data, { Type: 'XObject', Subtype: 'Image', Width: 8, Height: 8, Filter: 'JPXDecode', ...extra } as never))
  })
  addToPage(doc, Object.keys(refs).map((n, i) => `q 40 0 0 40 ${50 + 50 * i} 600 cm /${n} Do Q`).join(' '), { XObject: refs })
  return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
}
const jpxProblems = (r: { findings: readonly { ruleId: string; params: Readonly<Record<string, string>> }[] }): string[] =>
  r.findings.filter((f) => f.ruleId === 'PDFA-JPX').map((f) => f.params.problem!)
const errorIds = (r: { findings: readonly { ruleId: string; severity: string }[] }): string[] => [...new Set(r.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId))].sort()

describe('validatePdf: JPEG 2000 images (6.2.8.3)', () => {
  it('accepts RGB and greyscale JP2 images, an ICC colour specification, one of two with APPROX 1, and colour waived by /ColorSpace', async () => {
    const r = await validatePdf(
      await withImages('jpx-ok', [
        { data: jp2() },
        { data: jp2({ nc: 1, colr: [{ meth: 1, enumCS: 17 }] }) },
        { data: jp2({ colr: [{ meth: 2 }] }) },
        { data: jp2({ colr: [{ meth: 1, enumCS: 16, approx: 1 }, { meth: 2 }] }) },
        { data: jp2({ colr: [{ meth: 4 }, { meth: 1, enumCS: 19 }] }), extra: { ColorSpace: 'DeviceRGB' } },
      ]),
    )
    expect(jpxProblems(r)).toEqual([])
    expect(errorIds(r)).toEqual([])
  })

  it('a JP2 file under /FlateDecode before /JPXDecode fails: veraPDF reads the stored bytes, undecoded', async () => {
    const r = await validatePdf(await withImages('jpx-flate', [{ data: deflateSync(jp2()), extra: { Filter: ['FlateDecode', 'JPXDecode'] } }]))
    expect(jpxProblems(r)).toEqual([
      'is stored under /FlateDecode before /JPXDecode; read as stored, without decoding (as veraPDF reads it), it does not start with the JP2 signature box, so it declares no colour channels, bit depth or colour specification in a JP2 header',
    ])
  })

  it('reports each test it breaks: channels, APPROX, METH, CIEJab, bpcc and bit depth', async () => {
    const r = await validatePdf(
      await withImages('jpx-bad', [
        { data: jp2({ nc: 2 }) },
        { data: jp2({ colr: [{ meth: 1, enumCS: 16 }, { meth: 2 }] }) },
        { data: jp2({ colr: [{ meth: 4 }] }) },
        { data: jp2({ colr: [{ meth: 1, enumCS: 19 }] }) },
        { data: jp2({ bpc: 255, bpcc: [7, 7, 7] }) },
        { data: jp2({ bpc: 38 }) },
        { data: jp2({ bpc: 0x87 }) },
      ]),
    )
    expect(errorIds(r)).toEqual(['PDFA-JPX'])
    expect(jpxProblems(r)).toEqual([
      'has 2 colour channels (1, 3 or 4 allowed)',
      'has 2 colour specifications of which 0 have APPROX 1 (exactly one must)',
      'has a colour specification with METH 4 (1, 2 or 3 allowed)',
      'uses the enumerated colour space 19 (CIEJab)',
      'has a bits-per-component (bpcc) box: its channels may differ in bit depth',
      'has bit depth 39 (1 to 38 allowed, the same for all channels)',
      'has bit depth -120 (1 to 38 allowed, the same for all channels)',
    ])
    const f = r.findings.find((x) => x.ruleId === 'PDFA-JPX')!
    expect(f.clause).toBe('6.2.8.3')
    expect(f.location).toMatch(/^object \d+ 0$/)
  })

  it('a bare codestream and a JP2 file without colour specification fail, as veraPDF reads them', async () => {
    const r = await validatePdf(await withImages('jpx-bare', [{ data: CODESTREAM }, { data: jp2({ colr: [] }) }, { data: jp2({ colr: [] }), extra: { ColorSpace: 'DeviceRGB' } }]))
    expect(jpxProblems(r)).toEqual([
      'is a bare JPEG 2000 codestream (3 components) without the JP2 file boxes, so it declares no colour channels, bit depth or colour specification in a JP2 header',
      'has no colour specification (colr box) and the image dictionary no /ColorSpace',
    ])
  })
})

describe('JP2 header reader: broken input', () => {
  it('stops at boxes that run past the end, zero or huge lengths and garbage, without throwing', () => {
    const good = jp2()
    const cases: [string, Uint8Array][] = [
      ['empty', new Uint8Array(0)],
      ['signature only', new Uint8Array(SIGNATURE)],
      ['truncated in ihdr', good.subarray(0, 12 + 20 + 8 + 12)],
      ['garbage', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) & 255)],
      ['jp2h longer than the data', new Uint8Array([...SIGNATURE, ...u32(0x7fffffff), ...Buffer.from('jp2h'), ...box('ihdr', [0, 0, 0, 8, 0, 0, 0, 8, 0, 3, 7, 7, 0, 0])])],
      ['XLBox of 2^63', new Uint8Array([...SIGNATURE, 0, 0, 0, 1, ...Buffer.from('ftyp'), 0x80, 0, 0, 0, 0, 0, 0, 0])],
      ['boxes of length 2', new Uint8Array([...SIGNATURE, ...box('jp2h', Array.from({ length: 4000 }, (_, i) => (i % 8 === 3 ? 2 : 0)))])],
      ['colr cut short', new Uint8Array([...SIGNATURE, ...box('jp2h', [...u32(10), ...Buffer.from('colr'), 1, 0])])],
      ['jp2h to the end', new Uint8Array([...SIGNATURE, 0, 0, 0, 0, ...Buffer.from('jp2h'), 0, 0, 0, 0, ...Buffer.from('ihdr'), 0, 0, 0, 8, 0, 0, 0, 8, 0, 3, 7, 7, 0, 0])],
    ]
    // A reader that trusted a box length would loop or allocate 2^63 bytes; the harness's time
    // limit and the answers are the test, no timing of each case.
    for (const [name, data] of cases) {
      const problems = jp2Problems(readJp2Facts(data), false)
      expect(problems.length, name).toBeGreaterThan(0)
    }
    // A header box that runs to the end still gives its ihdr (veraPDF reads it too).
    const toEnd = readJp2Facts(cases.at(-1)![1])
    expect([toEnd.channels, toEnd.bitDepth]).toEqual([3, 8])
  })

  it('a JPX image whose Flate layer is damaged is a finding, not a crash', async () => {
    const r = await validatePdf(await withImages('jpx-damaged', [{ data: new Uint8Array([0x78, 0x9c, 1, 2, 3, 4]), extra: { Filter: ['FlateDecode', 'JPXDecode'] } }]))
    expect(jpxProblems(r)).toEqual([
      'is stored under /FlateDecode before /JPXDecode; read as stored, without decoding (as veraPDF reads it), it does not start with the JP2 signature box, so it declares no colour channels, bit depth or colour specification in a JP2 header',
    ])
  })
})

describe.skipIf(findGhostscript() === undefined)('pdf2pdfa: JPEG 2000 images 6.2.8.3 forbids go through Ghostscript', () => {
  it('re-encodes them, and the output has no PDF/A error and every image', async () => {
    const input = await withImages('jpx-gs', [
      { data: jp2({ colr: [{ meth: 1, enumCS: 16 }, { meth: 1, enumCS: 16 }] }) },
      { data: jp2({ bpc: 255, bpcc: [7, 7, 7] }) },
      { data: CODESTREAM, extra: { ColorSpace: 'DeviceRGB' } },
      { data: jp2({ colr: [{ meth: 1, enumCS: 19 }] }), extra: { ColorSpace: 'DeviceRGB' } },
      { data: jp2({ nc: 2, colr: [{ meth: 2 }] }) },
    ])
    expect(errorIds(await validatePdf(input))).toEqual(['PDFA-JPX'])
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    keepForPdfaCheck('jpx-gs-out', out.pdf)
    expect(errorIds(await validatePdf(out.pdf))).toEqual([])
    // Ghostscript drops an image it cannot decode without a word: all five must be drawn still.
    const doc = await PDFDocument.load(out.pdf)
    const drawn = [...doc.context.enumerateIndirectObjects()].filter(([, o]) => o instanceof PDFRawStream && o.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image')).length
    const contents = doc.getPages().flatMap((p) => {
      const c = p.node.lookup(PDFName.of('Contents'))
      return c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c]
    })
    const inline = contents.map((c) => (c instanceof PDFStream ? (new TextDecoder('latin1').decode(streamBytes(c, 'page')).match(/\bBI\b/g)?.length ?? 0) : 0))
    expect(drawn + inline.reduce((a, b) => a + b, 0)).toBe(5)
  })

  it('refuses images Ghostscript could not decode (it would leave them out), naming each', async () => {
    const input = await withImages('jpx-gs-drop', [
      { data: CODESTREAM },
      { data: jp2({ colr: [{ meth: 1, enumCS: 19 }, { meth: 1, enumCS: 16 }] }) },
      { data: jp2({ bpc: 38 }), extra: { ColorSpace: 'DeviceRGB' } },
      { data: deflateSync(jp2()), extra: { Filter: ['FlateDecode', 'JPXDecode'], ColorSpace: 'DeviceRGB' } },
      // Conforming (CIELab is allowed), but Ghostscript reads no CIELab colr box: it would be lost too.
      { data: jp2({ colr: [{ meth: 1, enumCS: 14 }] }) },
    ])
    const err = await pdfToPdfa(input).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(err?.message).toMatch(/not even with Ghostscript/)
    expect(err?.message.match(/so it would drop the image/g)).toHaveLength(5)
    expect(err?.message).toMatch(/is one Ghostscript cannot decode/)
    expect(err?.message).toMatch(/is stored under \/FlateDecode before \/JPXDecode/)
  })
})

describe('pdf2pdfa without Ghostscript', () => {
  it('refuses a JPEG 2000 image 6.2.8.3 forbids, naming the clause', async () => {
    const input = await withImages('jpx-nogs', [{ data: jp2({ bpc: 255, bpcc: [7, 7, 7] }) }])
    await expect(pdfToPdfa(input, { ghostscript: false })).rejects.toThrow(/6\.2\.8\.3/)
  })
})
