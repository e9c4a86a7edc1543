/**
 * Rules found missing by the audit against veraPDF's PDF/A-3B profile (session 27): stream
 * filters (ISO 19005-3 6.1.7.2), image bit depths (6.2.8), halftones (6.2.5), PDF/X intents with
 * an external profile (6.2.3), permissions (6.1.12) and presentations (6.10). Each variant adds
 * objects to a valid Factur-X file; set EINVOICE_PDFA_DUMP to a folder to keep them (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { findGhostscript } from '../../../src/pdf/ghostscript.js'
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

/** The Factur-X file with extra objects, saved without object streams (and kept when asked to). */
async function withObjects(name: string, add: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  add(doc)
  return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
}
const errorIds = (r: { findings: readonly { ruleId: string; severity: string }[] }): string[] => [...new Set(r.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId))].sort()
const gray = (doc: PDFDocument, extra: Record<string, unknown>, data: Uint8Array = new Uint8Array([128])) =>
  doc.context.register(doc.context.stream(data, { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, BitsPerComponent: 8, ColorSpace: 'DeviceGray', ...extra } as never))

describe('validatePdf: stream filters (6.1.7.2)', () => {
  it('reports an LZW-encoded image and a Crypt filter that is not Identity, naming the object', async () => {
    const r = await validatePdf(
      await withObjects('filter-lzw', (doc) => {
        const lzw = gray(doc, { Filter: 'LZWDecode' }, new Uint8Array([0x80, 0x10, 0x08, 0x06, 0x02]))
        const crypt = gray(doc, { Filter: ['Crypt'], DecodeParms: [{ Type: 'CryptFilterDecodeParms', Name: 'StdCF' }] })
        addToPage(doc, 'q /ImL Do /ImC Do Q', { XObject: { ImL: lzw, ImC: crypt } })
      }),
    )
    expect(errorIds(r)).toEqual(['PDFA-STREAM-FILTER'])
    const found = r.findings.filter((f) => f.ruleId === 'PDFA-STREAM-FILTER')
    expect(found.map((f) => f.params.filter).sort()).toEqual(['/Crypt (not the Identity crypt filter)', '/LZWDecode'])
    expect(found.every((f) => /^object \d+ 0$/.test(f.location) && f.clause === '6.1.7.2')).toBe(true)
    expect(r.pdfaValid).toBe(false)
  })

  it('accepts Flate, ASCIIHex and the Identity crypt filter', async () => {
    const r = await validatePdf(
      await withObjects('filter-ok', (doc) => {
        const hex = gray(doc, { Filter: ['ASCIIHexDecode'] }, new TextEncoder().encode('80>'))
        const crypt = gray(doc, { Filter: ['Crypt'], DecodeParms: [{ Type: 'CryptFilterDecodeParms', Name: 'Identity' }] })
        addToPage(doc, 'q /ImH Do /ImI Do Q', { XObject: { ImH: hex, ImI: crypt } })
      }),
    )
    expect(errorIds(r)).toEqual([])
  })
})

describe('validatePdf: image bit depths (6.2.8)', () => {
  it('reports an image of 3 bits per component and an image mask of 8', async () => {
    const r = await validatePdf(
      await withObjects('image-bits', (doc) => {
        const three = gray(doc, { BitsPerComponent: 3 })
        const mask = doc.context.register(doc.context.stream(new Uint8Array([255]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, BitsPerComponent: 8, ImageMask: true }))
        addToPage(doc, 'q /Im3 Do /ImM Do Q', { XObject: { Im3: three, ImM: mask } })
      }),
    )
    expect(errorIds(r)).toEqual(['PDFA-IMAGE-BITS'])
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-IMAGE-BITS').map((f) => f.params.allowed).sort()).toEqual(['an image mask must have 1', 'an image must have 1, 2, 4, 8 or 16'])
  })

  it('accepts 16 bits, and an image mask of 1 bit', async () => {
    const r = await validatePdf(
      await withObjects('image-bits-ok', (doc) => {
        const sixteen = gray(doc, { BitsPerComponent: 16 }, new Uint8Array([1, 2]))
        const mask = doc.context.register(doc.context.stream(new Uint8Array([255]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, BitsPerComponent: 1, ImageMask: true }))
        addToPage(doc, 'q /Im16 Do /ImM Do Q', { XObject: { Im16: sixteen, ImM: mask } })
      }),
    )
    expect(errorIds(r)).toEqual([])
  })
})

describe('validatePdf: halftones (6.2.5)', () => {
  it('reports a type 6 halftone, a /HalftoneName and transfer functions where ISO 32000-1 forbids or requires them', async () => {
    const r = await validatePdf(
      await withObjects('halftone', (doc) => {
        const threshold = doc.context.register(doc.context.stream(new Uint8Array([0, 128, 64, 255]), { Type: 'Halftone', HalftoneType: 6, Width: 2, Height: 2 }))
        const gs6 = doc.context.register(doc.context.obj({ Type: 'ExtGState', HT: threshold }))
        const screen = { Type: 'Halftone', HalftoneType: 1, Frequency: 60, Angle: 45, SpotFunction: 'Round' }
        const gs5 = doc.context.register(
          doc.context.obj({
            Type: 'ExtGState',
            HT: { Type: 'Halftone', HalftoneType: 5, HalftoneName: PDFString.of('screens'), Default: screen, Cyan: { ...screen, TransferFunction: 'Identity' }, Spot1: screen },
          }),
        )
        addToPage(doc, 'q /GS6 gs /GS5 gs Q', { ExtGState: { GS6: gs6, GS5: gs5 } })
      }),
    )
    expect(errorIds(r)).toEqual(['PDFA-HALFTONE'])
    const problems = r.findings.filter((f) => f.ruleId === 'PDFA-HALFTONE').map((f) => `${f.location.replace(/^object \d+ 0, /, '')}: ${f.params.problem}`)
    expect(problems.sort()).toEqual([
      'ExtGState /GS5 /HT /Cyan: carries /TransferFunction for a primary colourant',
      'ExtGState /GS5 /HT /Spot1: has no /TransferFunction for the colourant /Spot1',
      'ExtGState /GS5 /HT: carries /HalftoneName',
      'ExtGState /GS6 /HT: has /HalftoneType 6',
    ])
  })

  it('accepts a type 1 screen and a type 5 halftone with a spot colourant transfer function', async () => {
    const r = await validatePdf(
      await withObjects('halftone-ok', (doc) => {
        const screen = { Type: 'Halftone', HalftoneType: 1, Frequency: 60, Angle: 45, SpotFunction: 'Round' }
        const gs = doc.context.register(
          doc.context.obj({ Type: 'ExtGState', HT: { Type: 'Halftone', HalftoneType: 5, Default: { ...screen, TransferFunction: 'Identity' }, Black: screen, Spot1: { ...screen, TransferFunction: 'Identity' } } }),
        )
        const plain = doc.context.register(doc.context.obj({ Type: 'ExtGState', HT: screen }))
        addToPage(doc, 'q /GSh gs /GSp gs Q', { ExtGState: { GSh: gs, GSp: plain } })
      }),
    )
    expect(errorIds(r)).toEqual([])
  })
})

describe('validatePdf: catalog entries (6.2.3, 6.1.12, 6.10)', () => {
  it('reports a PDF/X intent with /DestOutputProfileRef, foreign permissions, DocMDP digests, alternate presentations and presentation steps', async () => {
    const r = await validatePdf(
      await withObjects('catalog-entries', (doc) => {
        const intents = doc.catalog.lookup(PDFName.of('OutputIntents')) as unknown as { push(o: unknown): void }
        intents.push(doc.context.obj({ Type: 'OutputIntent', S: 'GTS_PDFX', OutputConditionIdentifier: PDFString.of('FOGRA39'), DestOutputProfileRef: { URLs: [] } }))
        const sigRef = doc.context.obj({ Type: 'SigRef', TransformMethod: 'DocMDP', DigestMethod: 'SHA256' })
        const sig = doc.context.register(doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', Reference: [sigRef] }))
        doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: sig, Other: sig }))
        doc.catalog.set(PDFName.of('Names'), doc.context.obj({ AlternatePresentations: { SlideShows: [] } }))
        doc.getPages()[0]!.node.set(PDFName.of('PresSteps'), doc.context.obj({ Type: 'NavNode' }))
      }),
    )
    expect(errorIds(r)).toEqual(['PDFA-OUTPUT-INTENT-REF', 'PDFA-PERMISSIONS', 'PDFA-PRESENTATION'])
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-PERMISSIONS')).toHaveLength(2)
    expect(r.findings.filter((f) => f.ruleId === 'PDFA-PRESENTATION').map((f) => f.location).sort()).toEqual(['catalog /Names', 'page 1'])
  })

  it('accepts DocMDP permissions whose signature reference has no digest entries', async () => {
    const r = await validatePdf(
      await withObjects('catalog-entries-ok', (doc) => {
        const sig = doc.context.register(doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', Reference: [{ Type: 'SigRef', TransformMethod: 'DocMDP' }] }))
        doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: sig }))
      }),
    )
    expect(errorIds(r)).toEqual([])
  })
})

describe('validatePdf: ICCBased profiles (6.2.4.2)', () => {
  const srgb = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/icc/sRGB.icc`))
  /** sRGB with its header's device class and major version replaced. */
  const patchedProfile = (deviceClass: string, version: number): Uint8Array => {
    const icc = new Uint8Array(srgb)
    for (let i = 0; i < 4; i++) icc[12 + i] = deviceClass.charCodeAt(i)
    icc[8] = version
    return icc
  }
  const withProfile = (name: string, icc: Uint8Array) =>
    withObjects(name, (doc) => {
      const profile = doc.context.register(doc.context.flateStream(icc, { N: 3 }))
      const cs = doc.context.register(doc.context.obj(['ICCBased', profile]))
      addToPage(doc, 'q /CSi cs 0.5 0.5 0.5 sc 0 0 10 10 re f Q', {})
      const res = doc.getPages()[0]!.node.Resources()!
      res.set(PDFName.of('ColorSpace'), doc.context.obj({ CSi: cs }))
    })

  it('reports a device-link profile of version 5, naming the profile object', async () => {
    const r = await validatePdf(await withProfile('icc-link-v5', patchedProfile('link', 5)))
    expect(errorIds(r)).toEqual(['PDFA-ICC-PROFILE'])
    const found = r.findings.filter((f) => f.ruleId === 'PDFA-ICC-PROFILE')
    expect(found.map((f) => f.params.detail)).toEqual(['has device class "link" (prtr, mntr, scnr or spac)', 'is ICC version 5 (below 5 required)'])
    expect(found[0]!.location).toMatch(/^object \d+ 0$/)
  })

  it('accepts an sRGB monitor profile and an input (scnr) profile of version 4', async () => {
    expect(errorIds(await validatePdf(await withProfile('icc-ok', srgb)))).toEqual([])
    expect(errorIds(await validatePdf(await withProfile('icc-scnr-v4', patchedProfile('scnr', 4))))).toEqual([])
  })
})

describe('validatePdf: inline image filters (6.1.10)', () => {
  it('reports /F /LZW and an /F array with LZWDecode, with the byte offset', async () => {
    const r = await validatePdf(
      await withObjects('inline-filter', (doc) => {
        addToPage(doc, 'q 10 0 0 10 0 0 cm BI /W 1 /H 1 /CS /G /BPC 8 /F /LZW ID \x80 EI Q q BI /W 1 /H 1 /CS /G /BPC 8 /F [/AHx /LZWDecode] ID 80> EI Q', {})
      }),
    )
    expect(errorIds(r)).toEqual(['PDFA-INLINE-FILTER'])
    const found = r.findings.filter((f) => f.ruleId === 'PDFA-INLINE-FILTER')
    expect(found.map((f) => f.params.filter)).toEqual(['/LZW', '/LZWDecode'])
    expect(found.every((f) => /, byte \d+$/.test(f.location) && f.clause === '6.1.10')).toBe(true)
  })

  it('accepts the abbreviated and the full names of the allowed filters, and /F inside /DecodeParms', async () => {
    const r = await validatePdf(
      await withObjects('inline-filter-ok', (doc) => {
        addToPage(doc, 'q BI /W 1 /H 1 /CS /G /BPC 8 /F [/AHx /Fl] /DP [null << /F /LZW >>] ID 78 9c 6b 00 00 00 81 00 81> EI BI /W 1 /H 1 /CS /G /BPC 8 /Filter /ASCIIHexDecode ID 80> EI Q', {})
      }),
    )
    expect(errorIds(r)).toEqual([])
  })
})

// pdf2pdfa counts these among the problems only a content rewrite repairs: Ghostscript's output
// must then be clean, or the file would be refused rather than labelled PDF/A.
describe.skipIf(findGhostscript() === undefined)('pdf2pdfa through Ghostscript clears what it sends there', () => {
  it('an image of 3 bits, an LZW image and a version-5 device-link profile come out with no PDF/A error', async () => {
    const input = await withObjects('gs-roundtrip', (doc) => {
      const three = gray(doc, { BitsPerComponent: 3 })
      const lzw = gray(doc, { Filter: 'LZWDecode' }, new Uint8Array([0x80, 0x10, 0x08, 0x04, 0x02]))
      const icc = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/icc/sRGB.icc`))
      for (let i = 0; i < 4; i++) icc[12 + i] = 'link'.charCodeAt(i)
      icc[8] = 5
      const cs = doc.context.register(doc.context.obj(['ICCBased', doc.context.register(doc.context.flateStream(icc, { N: 3 }))]))
      addToPage(doc, 'q /Im3 Do /ImL Do /CSi cs 0.5 0.5 0.5 sc 0 0 10 10 re f Q', { XObject: { Im3: three, ImL: lzw } })
      doc.getPages()[0]!.node.Resources()!.set(PDFName.of('ColorSpace'), doc.context.obj({ CSi: cs }))
    })
    expect(errorIds(await validatePdf(input))).toEqual(expect.arrayContaining(['PDFA-ICC-PROFILE', 'PDFA-IMAGE-BITS', 'PDFA-STREAM-FILTER']))
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    expect(errorIds(await validatePdf(out.pdf))).toEqual([])
  })
})
