/**
 * ISO 19005-3 6.2.4.4 (found missing by the veraPDF PDF/A-3B audit's second pass): a DeviceN
 * space's spot colourants have /Colorants entries, and Separations of one name share alternate
 * space and tint transform. Each variant adds colour spaces to the page resources of a valid
 * Factur-X file; set EINVOICE_PDFA_DUMP to a folder to keep them (for pdfa-check).
 */
import { readFileSync } from 'node:fs'
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedInvoiceXml, resolveContainer } from '../../../src/pdf/index.js'
import { alignColorantSeparations, fillMissingColorants } from '../../../src/pdf/colorant-separations.js'
import { findGhostscript } from '../../../src/pdf/ghostscript.js'
import { pdfToPdfa } from '../../../src/pdf/pdf2pdfa.js'
import { colourSpaces, spotColourProblems } from '../../../src/pdf/spot-colours.js'
import { streamBytes } from '../../../src/pdf/streams.js'
import { validatePdf } from '../../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../../src/version.js'
import { canPdfaCheck, makePdf, pdfaCheck } from '../../pdf/fixtures.js'
import { addToPage, keepForPdfaCheck } from './builders.js'

const XML = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`))
let facturx: Uint8Array

beforeAll(async () => {
  const base = await makePdf({ subset: 'PDF/A-3b' })
  facturx = (await embedInvoiceXml(base, XML, { container: resolveContainer(XML, {}), now: new Date('2026-02-03T04:05:06Z') })).pdf
})

/** The Factur-X file with `spaces(doc)` as page colour spaces /CS0, /CS1, … */
async function withSpaces(name: string, spaces: (doc: PDFDocument) => PDFObject[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(facturx, { updateMetadata: false })
  const page = doc.getPages()[0]!
  const resources = page.node.lookup(PDFName.of('Resources'), PDFDict)
  resources.set(PDFName.of('ColorSpace'), doc.context.obj(Object.fromEntries(spaces(doc).map((s, i) => [`CS${i}`, s]))))
  return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
}

const tint = (doc: PDFDocument, dark = 0): PDFObject => doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [1], C1: [dark], N: 1 })
const separation = (doc: PDFDocument, name: string, dark = 0): PDFObject => doc.context.obj([PDFName.of('Separation'), PDFName.of(name), PDFName.of('DeviceGray'), tint(doc, dark)])
const ruleIds = async (pdf: Uint8Array): Promise<string[]> => (await validatePdf(pdf)).findings.filter((f) => f.clause === '6.2.4.4').map((f) => `${f.ruleId} ${f.message}`)

describe('spot colours (6.2.4.4)', () => {
  it('passes Separations of one name written alike (one direct, one indirect) and a DeviceN whose spot colourant has a /Colorants entry', async () => {
    const pdf = await withSpaces('spot-ok', (doc) => {
      const gold = doc.context.register(separation(doc, 'Gold'))
      const deviceN = doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold'), PDFName.of('Black')], PDFName.of('DeviceGray'), tint(doc), { Colorants: { Gold: separation(doc, 'Gold') } }])
      return [gold, separation(doc, 'Gold'), deviceN]
    })
    expect(await ruleIds(pdf)).toEqual([])
    expect((await validatePdf(pdf)).pdfaValid).toBe(true)
  })

  it('reports a DeviceN spot colourant without a /Colorants entry, and two Separations of one name with different tint transforms', async () => {
    const noColorants = await ruleIds(await withSpaces('spot-devicen-colorants', (doc) => [doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold'), PDFName.of('Black')], PDFName.of('DeviceGray'), tint(doc)])]))
    expect(noColorants.join('\n')).toContain('PDFA-DEVICEN-COLORANTS')
    expect(noColorants.join('\n')).toContain('/Gold')
    expect(noColorants.join('\n')).not.toContain('/Black')
    const differ = await ruleIds(await withSpaces('spot-separation-differs', (doc) => [separation(doc, 'Gold'), separation(doc, 'Gold', 0.5)]))
    expect(differ.join('\n')).toContain('PDFA-SEPARATION-CONSISTENT')
    expect(differ.join('\n')).toMatch(/\/Gold \(object \d+ 0\)/)
  })

  it('pdf2pdfa sends both to Ghostscript (the colour spaces are part of the content)', async () => {
    const pdf = await withSpaces('spot-pdf2pdfa', (doc) => [separation(doc, 'Gold'), separation(doc, 'Gold', 0.5)])
    await expect(pdfToPdfa(pdf, { ghostscript: false })).rejects.toThrow(/6\.2\.4\.4/)
  })
})

/**
 * Ghostscript 10 converts the Separation and DeviceN spaces it paints to DeviceRGB alternates but
 * copies a DeviceN's /Colorants Separations as they were (here DeviceGray), so one name has two
 * different Separations; pdf2pdfa aligns the /Colorants ones with the painted one
 * (src/pdf/colorant-separations.ts).
 */
describe('spot colours after Ghostscript (6.2.4.4, /Colorants)', () => {
  const rgbTint = (doc: PDFDocument): PDFObject => doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [1, 1, 1], C1: [0, 0, 0], N: 1, Range: [0, 1, 0, 1, 0, 1] })
  const sampled = (doc: PDFDocument): PDFObject =>
    doc.context.register(doc.context.stream(new Uint8Array(12), { FunctionType: 0, Domain: [0, 1, 0, 1], Range: [0, 1, 0, 1, 0, 1], Size: [2, 2], BitsPerSample: 8 }))
  /** The colour spaces as Ghostscript writes them: /CS0 a converted Separation, /CS1 a converted DeviceN whose /Colorants Separation kept DeviceGray (also listed as /CS2). */
  const gsShaped = (doc: PDFDocument): PDFObject[] => {
    const kept = doc.context.register(separation(doc, 'Gold'))
    const attributes = doc.context.register(doc.context.obj({ Subtype: 'DeviceN', Colorants: { Gold: kept } }))
    const converted = doc.context.obj([PDFName.of('Separation'), PDFName.of('Gold'), PDFName.of('DeviceRGB'), doc.context.register(rgbTint(doc))])
    return [converted, doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold'), PDFName.of('Black')], PDFName.of('DeviceRGB'), sampled(doc), attributes]), kept]
  }
  const load = (pdf: Uint8Array): Promise<PDFDocument> => PDFDocument.load(pdf, { updateMetadata: false })

  it('reports the Ghostscript-shaped arrays, and the repair makes the /Colorants Separation the painted one', async () => {
    const pdf = await withSpaces('spot-gs-shaped', gsShaped)
    const found = await ruleIds(pdf)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^PDFA-SEPARATION-CONSISTENT .*\/Gold/)
    const doc = await load(pdf)
    expect(alignColorantSeparations(doc)).toBe(1)
    expect(spotColourProblems(doc)).toEqual([])
    expect(alignColorantSeparations(doc)).toBe(0)
    const fixed = await doc.save({ useObjectStreams: false })
    expect(await ruleIds(fixed)).toEqual([])
    const spaces = (await load(fixed)).getPages()[0]!.node.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict)
    const kept = spaces.lookup(PDFName.of('CS2'), PDFArray)
    expect(kept.get(2)).toBe(PDFName.of('DeviceRGB'))
    expect(kept.get(3)).toBe(spaces.lookup(PDFName.of('CS0'), PDFArray).get(3))
  })

  it('leaves painted Separations that differ (the input\'s own problem), and aligns /Colorants-only ones with the first', async () => {
    const painted = await load(await withSpaces('spot-gs-painted-differ', (doc) => [...gsShaped(doc), separation(doc, 'Gold', 0.5)]))
    expect(alignColorantSeparations(painted)).toBe(0)
    expect(spotColourProblems(painted).map((p) => p.kind)).toEqual(['separation'])
    const onlyColorants = await load(
      await withSpaces('spot-colorants-only', (doc) =>
        [0, 0.5].map((dark) => doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold')], PDFName.of('DeviceGray'), tint(doc), { Colorants: { Gold: separation(doc, 'Gold', dark) } }])),
      ),
    )
    expect(spotColourProblems(onlyColorants).map((p) => p.kind)).toEqual(['separation'])
    expect(alignColorantSeparations(onlyColorants)).toBe(1)
    expect(spotColourProblems(onlyColorants)).toEqual([])
  })

  it('stays safe on broken attributes: not dictionaries, /Colorants values that are not arrays or too short, a cycle, a dangling reference', async () => {
    const doc = await load(
      await withSpaces('spot-colorants-broken', (doc) => {
        const cyclic = doc.context.register(doc.context.obj({}))
        doc.context.lookup(cyclic, PDFDict).set(PDFName.of('Colorants'), doc.context.obj({ Gold: cyclic, Red: [PDFName.of('Separation'), PDFName.of('Red')] }))
        const deviceN = (attributes: PDFObject): PDFObject => doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold')], PDFName.of('DeviceGray'), tint(doc), attributes])
        return [
          separation(doc, 'Gold'),
          separation(doc, 'Gold', 0.5),
          deviceN(doc.context.obj(7)),
          deviceN(doc.context.obj({ Colorants: 3 })),
          deviceN(doc.context.obj({ Colorants: { Gold: PDFString.of('Gold'), Blue: doc.context.obj([]) } })),
          deviceN(cyclic),
          deviceN(PDFRef.of(9999)),
        ]
      }),
    )
    expect(alignColorantSeparations(doc)).toBe(0)
    expect(spotColourProblems(doc).map((p) => p.kind)).toContain('separation')
  })

  it.skipIf(findGhostscript() === undefined)('pdf2pdfa converts a DeviceN with /Colorants (painted by scn and by an image) and a Separation of the same colourant through Ghostscript, spot colours kept', async () => {
    const doc = await load(facturx)
    const gold = doc.context.register(separation(doc, 'Gold'))
    const function4 = doc.context.register(doc.context.stream('{ pop }', { FunctionType: 4, Domain: [0, 1, 0, 1], Range: [0, 1] }))
    const deviceN = doc.context.register(
      doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold'), PDFName.of('Black')], PDFName.of('DeviceGray'), function4, { Colorants: { Gold: separation(doc, 'Gold') } }]),
    )
    const image = doc.context.register(doc.context.stream(new Uint8Array(32).map((_, i) => (i * 37) % 256), { Type: 'XObject', Subtype: 'Image', Width: 4, Height: 4, BitsPerComponent: 8, ColorSpace: deviceN }))
    // DeviceCMYK without a CMYK output intent sends the file to Ghostscript.
    addToPage(doc, 'q 0 0 0 1 k 20 20 5 5 re f /CS0 cs 1 scn 30 20 5 5 re f /CS1 cs 0.5 0.5 scn 40 20 5 5 re f 5 0 0 5 50 20 cm /Im0 Do Q', { XObject: { Im0: image } })
    doc.getPages()[0]!.node.Resources()!.set(PDFName.of('ColorSpace'), doc.context.obj({ CS0: gold, CS1: deviceN }))
    const pdf = keepForPdfaCheck('spot-devicen-gs', await doc.save({ useObjectStreams: false }))
    const out = await pdfToPdfa(pdf)
    expect(out.method).toBe('ghostscript')
    keepForPdfaCheck('spot-devicen-gs-out', out.pdf)
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3').failed).toEqual([])
    // The spot colours are still there: a DeviceN whose /Colorants Separation is the painted one.
    const after = colourSpaces(await load(out.pdf))
    expect(after.deviceN.length).toBeGreaterThan(0)
    expect(new Set(after.separations.map((s) => `${s.name} ${String(s.alternate)}`))).toEqual(new Set(['Gold /DeviceRGB']))
  })
})

/** pdf2pdfa fills in missing /Colorants entries (src/pdf/colorant-separations.ts); Ghostscript 10 does not add them. */
describe('missing /Colorants entries (6.2.4.4)', () => {
  const load = (pdf: Uint8Array): Promise<PDFDocument> => PDFDocument.load(pdf, { updateMetadata: false })
  const calculator = (doc: PDFDocument, program: string, inputs: number, outputs = 3): PDFRef =>
    doc.context.register(doc.context.stream(program, { FunctionType: 4, Domain: Array(inputs).fill([0, 1]).flat(), Range: Array(outputs).fill([0, 1]).flat() }))
  /** Black, Gold, Teal → RGB. */
  const THREE = '{ 3 copy pop 0.1 mul add 1 exch sub 4 1 roll 3 copy 0.2 mul exch 0.3 mul sub exch sub 1 add 5 1 roll pop 0.9 mul add 1 exch sub }'
  const deviceN = (doc: PDFDocument, names: string[], tintFn: PDFObject, alternate = 'DeviceRGB'): PDFObject =>
    doc.context.obj([PDFName.of('DeviceN'), names.map((n) => PDFName.of(n)), PDFName.of(alternate), tintFn])
  const colorants = (doc: PDFDocument, array: PDFObject | undefined): PDFDict => {
    const a = array instanceof PDFRef ? doc.context.lookup(array, PDFArray) : (array as PDFArray)
    return a.lookup(4, PDFDict).lookup(PDFName.of('Colorants'), PDFDict)
  }
  const spacesOf = (doc: PDFDocument): PDFDict => doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict)

  it('copies the Separation the file has, and otherwise builds one from the DeviceN tint transform with the other colourants at 0', async () => {
    const doc = await load(
      await withSpaces('spot-fill-colorants', (doc) => [separation(doc, 'Gold'), deviceN(doc, ['Gold'], tint(doc), 'DeviceGray'), deviceN(doc, ['Black', 'Gold', 'Teal'], calculator(doc, THREE, 3))]),
    )
    expect(spotColourProblems(doc).map((p) => p.kind)).toEqual(['colorants', 'colorants'])
    expect(fillMissingColorants(doc)).toBe(3)
    expect(spotColourProblems(doc)).toEqual([])
    const spaces = spacesOf(doc)
    const gold = colorants(doc, spaces.get(PDFName.of('CS1'))).lookup(PDFName.of('Gold'), PDFArray)
    expect(gold.get(2)).toBe(PDFName.of('DeviceGray'))
    const three = colorants(doc, spaces.get(PDFName.of('CS2')))
    // Gold is copied from the Separation the file has; Teal (index 2 of 3) is built: t rolled above two zeros.
    expect(three.lookup(PDFName.of('Gold'), PDFArray).get(2)).toBe(PDFName.of('DeviceGray'))
    const teal = three.lookup(PDFName.of('Teal'), PDFArray)
    expect(teal.get(2)).toBe(PDFName.of('DeviceRGB'))
    const program = teal.lookup(3, PDFStream)
    expect(Buffer.from(streamBytes(program, 'test')).toString('latin1')).toBe(`{ 0 0 3 -1 roll ${THREE.slice(2)}`)
    expect(program.dict.lookup(PDFName.of('Domain'), PDFArray).size()).toBe(2)
    expect(three.get(PDFName.of('Black'))).toBeUndefined()
    expect(fillMissingColorants(doc)).toBe(0)
  })

  it('slices a sampled tint transform (as Ghostscript writes them) and gives two DeviceN spaces missing one colourant the same Separation', async () => {
    const doc = await load(
      await withSpaces('spot-fill-sampled', (doc) => {
        // Gold, Black → RGB on a 2 × 2 grid, Gold fastest: (0,0) white, (1,0) gold, (0,1) black, (1,1) dark gold.
        const samples = new Uint8Array([255, 255, 255, 230, 180, 40, 0, 0, 0, 20, 15, 0])
        const sampledFn = doc.context.register(doc.context.flateStream(samples, { FunctionType: 0, Domain: [0, 1, 0, 1], Range: [0, 1, 0, 1, 0, 1], Size: [2, 2], BitsPerSample: 8 }))
        return [deviceN(doc, ['Gold', 'Black'], sampledFn), deviceN(doc, ['Gold'], calculator(doc, '{ dup dup }', 1))]
      }),
    )
    expect(fillMissingColorants(doc)).toBe(2)
    expect(spotColourProblems(doc)).toEqual([])
    const spaces = spacesOf(doc)
    const gold = colorants(doc, spaces.get(PDFName.of('CS0'))).get(PDFName.of('Gold'))
    expect(colorants(doc, spaces.get(PDFName.of('CS1'))).get(PDFName.of('Gold'))).toBe(gold)
    const fn = doc.context.lookup(gold, PDFArray).lookup(3, PDFStream)
    expect([...streamBytes(fn, 'test')]).toEqual([255, 255, 255, 230, 180, 40])
    expect(fn.dict.lookup(PDFName.of('Size'), PDFArray).asArray().map(String)).toEqual(['2'])
  })

  it('leaves what it cannot describe: broken or unsupported tint transforms, attributes that are not dictionaries', async () => {
    const doc = await load(
      await withSpaces('spot-fill-broken', (doc) => {
        const sampledFn = (dict: Record<string, unknown>, bytes = 12): PDFRef =>
          doc.context.register(doc.context.flateStream(new Uint8Array(bytes), { FunctionType: 0, Domain: [0, 1, 0, 1], Range: [0, 1, 0, 1, 0, 1], Size: [2, 2], BitsPerSample: 8, ...dict } as never))
        const two = ['Gold', 'Black']
        return [
          deviceN(doc, two, sampledFn({ Size: [100000, 100000] })),
          deviceN(doc, two, sampledFn({}, 5)),
          deviceN(doc, two, sampledFn({ BitsPerSample: 4 })),
          deviceN(doc, two, sampledFn({ Encode: [0, 1, 0.5, 1] })),
          deviceN(doc, two, sampledFn({ Size: [2] })),
          deviceN(doc, two, calculator(doc, 'no braces here', 2)),
          deviceN(doc, two, PDFRef.of(9999)),
          deviceN(doc, two, doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [1], C1: [0], N: 1 })),
          doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold')], PDFName.of('DeviceGray'), tint(doc), 5]),
        ]
      }),
    )
    expect(fillMissingColorants(doc)).toBe(0)
    expect(spotColourProblems(doc)).toHaveLength(9)
  })

  it('pdf2pdfa fills them in place (no Ghostscript needed) and after Ghostscript (a DeviceN painted by scn and by an image, DeviceCMYK content)', async () => {
    const build = async (name: string, cmyk: boolean): Promise<Uint8Array> => {
      const doc = await load(facturx)
      const dn = doc.context.register(deviceN(doc, ['Gold', 'Black'], calculator(doc, '{ pop }', 2, 1), 'DeviceGray'))
      const image = doc.context.register(doc.context.stream(new Uint8Array(32).map((_, i) => (i * 37) % 256), { Type: 'XObject', Subtype: 'Image', Width: 4, Height: 4, BitsPerComponent: 8, ColorSpace: dn }))
      addToPage(doc, `q ${cmyk ? '0 0 0 1 k 20 20 5 5 re f ' : ''}/CS0 cs 0.5 0.5 scn 40 20 5 5 re f 5 0 0 5 50 20 cm /Im0 Do Q`, { XObject: { Im0: image } })
      doc.getPages()[0]!.node.Resources()!.set(PDFName.of('ColorSpace'), doc.context.obj({ CS0: dn }))
      return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
    }
    const native = await pdfToPdfa(await build('spot-fill-native', false), { ghostscript: false })
    expect(native.method).toBe('native')
    expect((await validatePdf(native.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    if (findGhostscript() === undefined) return
    const viaGs = await pdfToPdfa(await build('spot-fill-gs', true))
    expect(viaGs.method).toBe('ghostscript')
    keepForPdfaCheck('spot-fill-gs-out', viaGs.pdf)
    expect((await validatePdf(viaGs.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    if (canPdfaCheck) expect(pdfaCheck(viaGs.pdf, 'pdfa3').failed).toEqual([])
  })
})

describe('spot colour repairs at scale', () => {
  it('stay linear: 5,000 DeviceN spaces missing a colourant they cannot describe, 5,000 Separations of one name, 5,000 /Colorants arrays', async () => {
    const doc = await PDFDocument.load(facturx, { updateMetadata: false })
    const broken = doc.context.register(doc.context.stream('no program', { FunctionType: 4, Domain: [0, 1, 0, 1], Range: [0, 1] }))
    const shared = doc.context.register(tint(doc))
    for (let i = 0; i < 5000; i++) {
      doc.context.register(doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Teal'), PDFName.of('Black')], PDFName.of('DeviceGray'), broken]))
      doc.context.register(doc.context.obj([PDFName.of('Separation'), PDFName.of('Gold'), PDFName.of('DeviceGray'), shared]))
      const kept = doc.context.obj([PDFName.of('Separation'), PDFName.of('Gold'), PDFName.of('DeviceRGB'), rgbTintFor(doc)])
      doc.context.register(doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold')], PDFName.of('DeviceGray'), shared, { Colorants: { Gold: kept } }]))
    }
    expect(fillMissingColorants(doc)).toBe(0)
    expect(alignColorantSeparations(doc)).toBe(5000)
    // A pass per space or per pair would take minutes here: the harness's time limit catches it.
  }, 30_000)
})

function rgbTintFor(doc: PDFDocument): PDFObject {
  return doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [1, 1, 1], C1: [0, 0, 0], N: 1 })
}

describe('after Ghostscript, aligning before filling in', () => {
  it('a DeviceN without /Colorants next to a Ghostscript-shaped one gets its entry once the Separations agree', async () => {
    const doc = await PDFDocument.load(
      await withSpaces('spot-gs-align-then-fill', (doc) => {
        const kept = doc.context.register(separation(doc, 'Gold'))
        const rgb = doc.context.register(rgbTintFor(doc))
        return [
          doc.context.obj([PDFName.of('Separation'), PDFName.of('Gold'), PDFName.of('DeviceRGB'), rgb]),
          doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold'), PDFName.of('Black')], PDFName.of('DeviceGray'), tint(doc), { Colorants: { Gold: kept } }]),
          doc.context.obj([PDFName.of('DeviceN'), [PDFName.of('Gold')], PDFName.of('DeviceRGB'), rgb]),
        ]
      }),
      { updateMetadata: false },
    )
    expect(fillMissingColorants(doc)).toBe(0)
    expect(alignColorantSeparations(doc)).toBe(1)
    expect(fillMissingColorants(doc)).toBe(1)
    expect(spotColourProblems(doc)).toEqual([])
  })
})
