/**
 * pdf2pdfa repairs in place what the session-28 mutation sample found refused: file specifications
 * without /UF or /F, embedded files whose /Subtype is no MIME type (6.8), annotations of a type
 * PDF/A forbids (6.3.1) and appearance dictionaries with more than /N (6.3.3); page boxes outside
 * 3–14400 units stay refused (6.1.13). Also in place: OPI, alternate, PostScript and reference
 * entries of images and forms (6.2.8, 6.2.9), /Requirements (6.11), a wrong OutputIntent /N (6.2.3).
 */
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFStream, PDFString, StandardFonts } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { listAttachments, mimeTypeFromName } from '../../src/pdf/attachments.js'
import { findGhostscript } from '../../src/pdf/ghostscript.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { srgbProfile } from '../../src/pdf/output-intent.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { addToPage } from '../validate/pdf/builders.js'
import { canPdfaCheck, makePdf, pdfaCheck, pdfText } from './fixtures.js'
import { buildPdf } from './raw-pdf.js'

let base: Uint8Array
const gs = findGhostscript()

beforeAll(async () => {
  base = await makePdf()
})

async function edit(pdf: Uint8Array, change: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const { doc } = await loadPdf(pdf)
  await change(doc)
  return doc.save({ useObjectStreams: false })
}

/** Attaches `name` with the given file specification names and stream /Subtype (raw name, may be no MIME type). */
function attach(doc: PDFDocument, name: string, names: { F?: boolean; UF?: boolean }, subtype: string | undefined): void {
  const data = new TextEncoder().encode('<Invoice/>')
  const ef = doc.context.register(doc.context.flateStream(data, { Type: 'EmbeddedFile', ...(subtype === undefined ? {} : { Subtype: subtype }), Params: { ModDate: PDFString.of('D:20260101000000Z') } }))
  const spec = doc.context.obj({ Type: 'Filespec', EF: { F: ef }, AFRelationship: 'Alternative' })
  if (names.F !== false) spec.set(PDFName.of('F'), PDFString.of(name))
  if (names.UF !== false) spec.set(PDFName.of('UF'), PDFHexString.fromText(name))
  const ref = doc.context.register(spec)
  doc.catalog.set(PDFName.of('Names'), doc.context.obj({ EmbeddedFiles: { Names: [PDFString.of(name), ref] } }))
  doc.catalog.set(PDFName.of('AF'), doc.context.obj([ref]))
}

function addAnnotation(doc: PDFDocument, fields: Record<string, unknown>): void {
  const ap = doc.context.register(doc.context.formXObject([], { BBox: [0, 0, 10, 10] }))
  const annot = doc.context.register(doc.context.obj({ Type: 'Annot', Rect: [10, 10, 20, 20], F: 4, AP: { N: ap }, ...fields } as never))
  const page = doc.getPages()[0]!.node
  const annots = page.lookup(PDFName.of('Annots'))
  if (annots instanceof PDFArray) annots.push(annot)
  else page.set(PDFName.of('Annots'), doc.context.obj([annot]))
}

/** `base` with a Square annotation whose /AP also has `keys` (the /N stream again), without /N when `dropNormal`. */
function squareWithAppearance(keys: string[], dropNormal = false): Promise<Uint8Array> {
  return edit(base, (doc) => {
    addAnnotation(doc, { Subtype: 'Square' })
    const annot = doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray).lookup(0, PDFDict)
    const ap = annot.lookup(PDFName.of('AP'), PDFDict)
    for (const key of keys) ap.set(PDFName.of(key), ap.get(PDFName.of('N'))!)
    if (dropNormal) ap.delete(PDFName.of('N'))
  })
}

async function ruleIds(pdf: Uint8Array): Promise<string[]> {
  return (await validatePdf(pdf)).findings.map((f) => f.ruleId)
}

/** Native conversion, then einvoice's own check and pdfa-check --strict. */
async function convertsNatively(pdf: Uint8Array): Promise<{ pdf: Uint8Array; warnings: string[] }> {
  const out = await pdfToPdfa(pdf, { ghostscript: false })
  expect(out.method).toBe('native')
  const check = await validatePdf(out.pdf)
  expect(check.findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
  if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  return out
}

describe('pdf2pdfa: attachment entries (6.8)', () => {
  it('gives a file specification without /UF one from /F, and one without /F one from /UF', async () => {
    for (const missing of ['UF', 'F'] as const) {
      const pdf = await edit(base, (doc) => attach(doc, 'factur-x.xml', { [missing]: false }, 'text/xml'))
      expect(await ruleIds(pdf)).toContain('PDFA-EF-NAMES')
      const out = await convertsNatively(pdf)
      const [a] = listAttachments((await loadPdf(out.pdf)).doc)
      const text = (key: string): string | undefined => (a!.fileSpec.lookup(PDFName.of(key)) as PDFString | PDFHexString | undefined)?.decodeText()
      expect([text('F'), text('UF')]).toEqual(['factur-x.xml', 'factur-x.xml'])
    }
  })

  it('replaces a /Subtype that is no MIME type by the one of the file name (text/xml for factur-x.xml)', async () => {
    const pdf = await edit(base, (doc) => attach(doc, 'factur-x.xml', {}, 'textxml'))
    expect(await ruleIds(pdf)).toContain('PDFA-EF-MIME')
    const out = await convertsNatively(pdf)
    expect(listAttachments((await loadPdf(out.pdf)).doc).map((a) => a.mimeType)).toEqual(['text/xml'])
  })

  it('reads the MIME type from the extension, application/octet-stream when unknown', () => {
    expect(['a.XML', 'b.pdf', 'c.txt', 'd.xlsx', 'e', 'f.weird', 'g.'].map(mimeTypeFromName)).toEqual([
      'text/xml',
      'application/pdf',
      'text/plain',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/octet-stream',
      'application/octet-stream',
      'application/octet-stream',
    ])
  })

  it('survives names that are no strings: a number /F, a name /UF (nothing to copy, the finding stays)', async () => {
    const pdf = await edit(base, (doc) => {
      attach(doc, 'x.xml', {}, 'text/xml')
      const spec = listAttachments(doc)[0]!.fileSpec
      spec.set(PDFName.of('F'), PDFNumber.of(7))
      spec.set(PDFName.of('UF'), PDFName.of('x.xml'))
    })
    await expect(pdfToPdfa(pdf, { ghostscript: false })).rejects.toThrow(/PDFA-EF-NAMES/)
  })
})

describe('pdf2pdfa: annotations (6.3.1, 6.3.3)', () => {
  it('removes Movie, Sound, Screen, 3D, unknown and untyped annotations from the page, with a warning each; keeps the others', async () => {
    const pdf = await edit(base, (doc) => {
      for (const subtype of ['Movie', 'Sound', 'Screen', '3D', 'FooBar']) addAnnotation(doc, { Subtype: subtype })
      addAnnotation(doc, {})
      addAnnotation(doc, { Subtype: 'Square' })
    })
    expect((await ruleIds(pdf)).filter((id) => id === 'PDFA-ANNOT-TYPE')).toHaveLength(6)
    const out = await convertsNatively(pdf)
    expect(out.warnings).toHaveLength(6)
    expect(out.warnings[0]).toMatch(/^removed an annotation without a type from page 1: PDF\/A-3 forbids that annotation type/)
    expect(out.warnings.join('\n')).toMatch(/a Movie annotation from page 1/)
    const annots = (await loadPdf(out.pdf)).doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray)
    expect(Array.from({ length: annots.size() }, (_, i) => annots.lookup(i, PDFDict).lookup(PDFName.of('Subtype'), PDFName).decodeText())).toEqual(['Square'])
    expect(pdfText(out.pdf)).toBe(pdfText(base))
  })

  it('keeps a forbidden annotation holding an embedded file written inside it (the file would be lost): refused', async () => {
    const pdf = await edit(base, (doc) => {
      const ef = doc.context.register(doc.context.stream('movie', { Type: 'EmbeddedFile', Subtype: 'video/mp4' }))
      addAnnotation(doc, { Subtype: 'Movie', Movie: { F: { Type: 'Filespec', F: PDFString.of('m.mp4'), UF: PDFString.of('m.mp4'), EF: { F: ef } } } })
    })
    await expect(pdfToPdfa(pdf, { ghostscript: false })).rejects.toThrow(/PDFA-ANNOT-TYPE/)
  })

  it('does not loop on annotations whose entries refer to each other', async () => {
    const pdf = await edit(base, (doc) => {
      addAnnotation(doc, { Subtype: 'Screen' })
      const annots = doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray)
      const ref = annots.get(0)
      const screen = annots.lookup(0, PDFDict)
      screen.set(PDFName.of('Next'), doc.context.obj([ref, ref, { Back: ref }]))
      screen.set(PDFName.of('P'), doc.getPages()[0]!.ref)
    })
    const out = await convertsNatively(pdf)
    expect(out.warnings).toEqual(['removed a Screen annotation from page 1: PDF/A-3 forbids that annotation type (ISO 19005-3 6.3.1)'])
  })

  it('drops /Annots entries that are no annotation: null and references to missing objects (pdf-lib form flattening)', async () => {
    const pdf = await edit(base, (doc) => {
      addAnnotation(doc, { Subtype: 'Square' })
      const annots = doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray)
      annots.insert(0, PDFRef.of(doc.context.largestObjectNumber + 50))
      annots.push(doc.context.obj(null))
      annots.push(PDFNumber.of(7))
    })
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Annots \[ \d+ 0 R \d+ 0 R null 7 \]/)
    const out = await convertsNatively(pdf)
    expect(out.warnings).toEqual([])
    const annots = (await loadPdf(out.pdf)).doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray)
    expect(annots.size()).toBe(1)
    expect(annots.lookup(0, PDFDict).lookup(PDFName.of('Subtype'))).toBe(PDFName.of('Square'))
  })

  it('keeps only /N of an appearance dictionary with /D and /R', async () => {
    const pdf = await squareWithAppearance(['D', 'R'])
    expect(await ruleIds(pdf)).toContain('PDFA-ANNOT-APPEARANCE')
    const out = await convertsNatively(pdf)
    const annot = (await loadPdf(out.pdf)).doc.getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray).lookup(0, PDFDict)
    const ap = annot.lookup(PDFName.of('AP'), PDFDict)
    expect(ap.keys().map((k) => k.decodeText())).toEqual(['N'])
    expect(ap.lookup(PDFName.of('N'))).toBeInstanceOf(PDFStream)
  })

  it('leaves an appearance dictionary without /N alone (nothing to keep): refused', async () => {
    const pdf = await squareWithAppearance(['D'], true)
    await expect(pdfToPdfa(pdf, { ghostscript: false })).rejects.toThrow(/PDFA-ANNOT-APPEARANCE/)
  })

  it.skipIf(gs === undefined)('removes a Movie annotation Ghostscript keeps, after Ghostscript', async () => {
    const pdf = await edit(base, async (doc) => {
      doc.getPages()[0]!.drawText('abc', { x: 50, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Symbol) })
      addAnnotation(doc, { Subtype: 'Movie' })
    })
    const out = await pdfToPdfa(pdf, { embedStandardFonts: false })
    expect(out.method).toBe('ghostscript')
    expect(out.warnings).toEqual(['removed a Movie annotation from page 1: PDF/A-3 forbids that annotation type (ISO 19005-3 6.3.1)'])
    expect((await validatePdf(out.pdf)).pdfaValid).toBe(true)
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })
})

describe('pdf2pdfa: page boxes (6.1.13)', () => {
  it('refuses a page smaller than 3 units or larger than 14400, naming the box (resizing would change the page)', async () => {
    for (const size of [2, 20000]) {
      const pdf = await edit(base, (doc) => doc.getPages()[0]!.node.set(PDFName.of('MediaBox'), doc.context.obj([0, 0, size, size])))
      await expect(pdfToPdfa(pdf, { ghostscript: false })).rejects.toThrow(new RegExp(`PDFA-LIMIT-PAGE-BOX.*${size} x ${size}`))
    }
  })
})

describe('pdf2pdfa: XObject and catalog entries (6.2.8, 6.2.9, 6.11, 6.2.3)', () => {
  it('drops /OPI and /Alternates of images, /OPI, /PS, /Subtype2 /PS and /Ref of forms, /Requirements; PostScript XObjects become empty forms', async () => {
    const pdf = await edit(base, (doc) => {
      const c = doc.context
      const image = c.register(c.stream(new Uint8Array([255, 0, 0]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, OPI: {}, Alternates: [] }))
      const form = c.register(c.stream('0 0 1 1 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], OPI: {}, PS: c.register(c.stream('showpage')), Subtype2: 'PS', Ref: { F: PDFString.of('other.pdf'), Page: 0 } }))
      const ps = c.register(c.stream('0 0 moveto', { Type: 'XObject', Subtype: 'PS' }))
      addToPage(doc, 'q 10 0 0 10 0 0 cm /Im1 Do /Fm1 Do /Ps1 Do /Ps2 Do Q', { XObject: { Im1: image, Fm1: form, Ps1: ps, Ps2: c.obj({ Subtype: 'PS' }) as never } })
      doc.catalog.set(PDFName.of('Requirements'), c.obj([{ Type: 'Requirement', S: 'EnableJavaScripts' }]))
    })
    const before = await ruleIds(pdf)
    for (const id of ['PDFA-IMAGE', 'PDFA-XOBJECT', 'PDFA-REQUIREMENTS']) expect(before).toContain(id)
    const out = await convertsNatively(pdf)
    const { doc } = await loadPdf(out.pdf)
    const xobjects = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict)
    const keys = (n: string): string[] => xobjects.lookup(PDFName.of(n), PDFStream).dict.keys().map((k) => k.decodeText()).sort()
    expect(keys('Im1')).not.toContain('OPI')
    expect(keys('Im1')).not.toContain('Alternates')
    expect(keys('Fm1').filter((k) => ['OPI', 'PS', 'Subtype2', 'Ref'].includes(k))).toEqual([])
    for (const n of ['Ps1', 'Ps2']) expect(xobjects.lookup(PDFName.of(n), PDFStream).dict.lookup(PDFName.of('Subtype'))).toBe(PDFName.of('Form'))
    expect(doc.catalog.get(PDFName.of('Requirements'))).toBeUndefined()
  })

  it('corrects a GTS_PDFA1 profile /N that contradicts the profile; leaves an unreadable profile to the final check', async () => {
    const intent = (profile: Uint8Array, n: number) => (doc: PDFDocument) => {
      const stream = doc.context.register(doc.context.stream(profile, { N: n }))
      doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([{ Type: 'OutputIntent', S: 'GTS_PDFA1', OutputConditionIdentifier: PDFString.of('sRGB'), DestOutputProfile: stream }]))
    }
    const wrong = await edit(base, intent(srgbProfile(), 4))
    expect(await ruleIds(wrong)).toContain('PDFA-OUTPUT-INTENT')
    const out = await convertsNatively(wrong)
    const profile = (await loadPdf(out.pdf)).doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict).lookup(PDFName.of('DestOutputProfile'), PDFStream)
    expect(profile.dict.lookup(PDFName.of('N'))).toEqual(PDFNumber.of(3))
    // Garbage (too short, no header): nothing to read /N from; refused without Ghostscript.
    const garbage = await edit(base, intent(new Uint8Array([1, 2, 3]), 4))
    await expect(pdfToPdfa(garbage, { ghostscript: false })).rejects.toThrow(/PDFA-OUTPUT-INTENT/)
  })
})

describe('pdf2pdfa: one profile for all OutputIntents (6.2.3)', () => {
  const intents = (...list: { s: string; profile: Uint8Array | 'same' }[]) => (doc: PDFDocument) => {
    let first: ReturnType<PDFDocument['context']['register']> | undefined
    const objs = list.map(({ s, profile }) => {
      const ref = profile === 'same' ? first! : doc.context.register(doc.context.stream(profile, { N: 3 }))
      first ??= ref
      return doc.context.obj({ Type: 'OutputIntent', S: s, OutputConditionIdentifier: PDFString.of(`cond ${s}`), DestOutputProfile: ref })
    })
    doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj(objs))
  }
  const profiles = async (pdf: Uint8Array): Promise<string[]> => {
    const list = (await loadPdf(pdf)).doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray)
    return Array.from({ length: list.size() }, (_, i) => {
      const intent = list.lookup(i, PDFDict)
      return `${intent.lookup(PDFName.of('S'), PDFName).decodeText()} ${intent.get(PDFName.of('DestOutputProfile'))!.toString()}`
    })
  }

  it('a GTS_PDFX intent alone: the added GTS_PDFA1 intent shares its profile (no sRGB beside it)', async () => {
    const pdf = await edit(base, intents({ s: 'GTS_PDFX', profile: srgbProfile() }))
    const out = await convertsNatively(pdf)
    const [pdfx, pdfa] = await profiles(out.pdf)
    expect(pdfx!.startsWith('GTS_PDFX ')).toBe(true)
    expect(pdfa).toBe(pdfx!.replace('GTS_PDFX', 'GTS_PDFA1'))
    expect(out.warnings).toEqual([])
  })

  it('a second intent with another profile is removed with a warning; one with the same bytes is pointed at the PDF/A profile', async () => {
    const other = Uint8Array.from(srgbProfile())
    other[100] = other[100]! ^ 1
    const differing = await edit(base, intents({ s: 'GTS_PDFA1', profile: srgbProfile() }, { s: 'GTS_PDFX', profile: other }))
    expect(await ruleIds(differing)).toContain('PDFA-OUTPUT-INTENT-PROFILES')
    const out = await convertsNatively(differing)
    expect((await profiles(out.pdf)).map((p) => p.split(' ')[0])).toEqual(['GTS_PDFA1'])
    expect(out.warnings).toEqual(['removed the GTS_PDFX OutputIntent: its profile differs from the PDF/A one, and PDF/A-3 wants one profile for all (ISO 19005-3 6.2.3)'])
    const copy = await edit(base, intents({ s: 'GTS_PDFA1', profile: srgbProfile() }, { s: 'GTS_PDFX', profile: Uint8Array.from(srgbProfile()) }))
    const kept = await convertsNatively(copy)
    const [a, b] = await profiles(kept.pdf)
    expect(b).toBe(a!.replace('GTS_PDFA1', 'GTS_PDFX'))
    expect(kept.warnings).toEqual([])
  })

  it('a GTS_PDFX intent with a garbage profile: sRGB for PDF/A, the other intent removed', async () => {
    const pdf = await edit(base, intents({ s: 'GTS_PDFX', profile: new Uint8Array([0, 1, 2]) }))
    const out = await convertsNatively(pdf)
    expect((await profiles(out.pdf)).map((p) => p.split(' ')[0])).toEqual(['GTS_PDFA1'])
    expect(out.warnings).toHaveLength(1)
  })
})

describe('a broken page tree', () => {
  const refusal = async (pdf: Uint8Array) => {
    const err = await pdfToPdfa(pdf).then(() => undefined, (e: unknown) => e as Error & { errorCode?: string })
    expect(err?.errorCode).toBe('INVALID_PDF')
    return err?.message ?? ''
  }

  it('names what the catalog /Pages points at, not a TypeError of pdf-lib', async () => {
    // As corruptedV2PDF.pdf of Mustang's tests: /Pages refers to a page, not to a page tree node.
    const page = '<< /Type /Page /MediaBox [0 0 595 842] /Resources << >> >>'
    const message = await refusal(buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', page]))
    expect(message).toBe('the page tree cannot be read: catalog /Pages (object 2 0) has /Type /Page, not /Pages (the root of the page tree)')
    expect(await refusal(buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '[1 2 3]']))).toMatch(/catalog \/Pages \(object 2 0\) is an array, not a page tree dictionary/)
    expect(await refusal(buildPdf(['<< /Type /Catalog >>']))).toMatch(/the catalog has no \/Pages entry/)
  })

  it('counts a /Kids entry that is no page as no page', async () => {
    const message = await refusal(buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '42']))
    expect(message).toBe('the PDF has no pages')
  })
})
