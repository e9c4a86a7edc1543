/** pdf2pdfa: conforming output in place or through Ghostscript; pages and text unchanged; clear refusals. */
import { readFileSync } from 'node:fs'
import { type PDFArray, type PDFDict, PDFName, PDFString } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { findGhostscript } from '../../src/pdf/ghostscript.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { readDocumentXmp } from '../../src/pdf/metadata.js'
import { XMP_NS, propertyText } from '../../src/pdf/xmp.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { liberationDescriptor, type0Font } from '../validate/pdf/builders.js'
import { canPdfaCheck, makePdf, pdfaCheck, pdfText } from './fixtures.js'

let embedded: Uint8Array
let helvetica: Uint8Array
const gs = findGhostscript()

beforeAll(async () => {
  embedded = await makePdf({ pages: 2 })
  helvetica = await makePdf({ standardFont: true })
})

/** `embedded` plus what PDF/A forbids but pdf2pdfa can repair in place. */
async function withFormAndLayers(): Promise<Uint8Array> {
  const { doc } = await loadPdf(embedded)
  const ap = doc.context.register(doc.context.stream('q Q', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 20] }))
  const widget = doc.context.register(
    doc.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', T: PDFString.of('name'), Rect: [10, 40, 110, 60], F: 4, AP: { N: ap }, A: { S: 'URI', URI: PDFString.of('https://example.com') } }),
  )
  doc.getPages()[0]!.node.set(PDFName.of('Annots'), doc.context.obj([widget]))
  doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [widget], NeedAppearances: true, XFA: PDFString.of('<xdp/>') }))
  doc.catalog.set(PDFName.of('NeedsRendering'), doc.context.obj(true))
  doc.context.register(doc.context.obj({ Type: 'ExtGState', BM: 'Dissolve' }))
  const layer = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Layer') }))
  // The second group is missing from the /Order (6.9).
  const other = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Other') }))
  doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: [layer, other], D: { AS: [] }, Configs: [{ Order: [layer] }] }))
  return doc.save({ useObjectStreams: false })
}

async function pageSizes(pdf: Uint8Array): Promise<string[]> {
  const { doc } = await loadPdf(pdf)
  return doc.getPages().map((p) => `${p.getWidth().toFixed(2)}x${p.getHeight().toFixed(2)}`)
}

describe('pdf2pdfa', () => {
  it('converts a PDF with embedded fonts in place: XMP pdfaid 3B, OutputIntent, /ID; pages and text unchanged', async () => {
    const out = await pdfToPdfa(embedded, { ghostscript: false })
    expect(out.method).toBe('native')
    const { doc } = await loadPdf(out.pdf)
    const xmp = readDocumentXmp(doc)?.xmp
    expect(xmp && propertyText(xmp, XMP_NS.pdfaid, 'part')).toBe('3')
    expect(xmp && propertyText(xmp, XMP_NS.pdfaid, 'conformance')).toBe('B')
    expect(doc.catalog.get(PDFName.of('OutputIntents'))).toBeDefined()
    expect(doc.context.trailerInfo.ID).toBeDefined()
    expect(await pageSizes(out.pdf)).toEqual(await pageSizes(embedded))
    const before = pdfText(embedded)
    if (before !== undefined) expect(pdfText(out.pdf)).toBe(before)
  })

  it('removes JavaScript and other forbidden actions', async () => {
    const { doc } = await loadPdf(embedded)
    const js = doc.context.obj({ S: 'JavaScript', JS: 'app.alert(1)' })
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(js))
    doc.getPages()[0]!.node.set(PDFName.of('AA'), doc.context.obj({ O: js }))
    const withJs = await doc.save({ useObjectStreams: false })
    const out = await pdfToPdfa(withJs, { ghostscript: false })
    const text = Buffer.from(out.pdf).toString('latin1')
    expect(text).not.toMatch(/JavaScript|\/AA\b|app\.alert/)
  })

  it('embeds a non-embedded Helvetica natively (no Ghostscript needed)', async () => {
    const out = await pdfToPdfa(helvetica, { ghostscript: false })
    expect([out.method, out.embeddedFonts]).toEqual(['native', ['Helvetica']])
  })

  it('refuses non-embedded fonts without Ghostscript when native embedding is off, saying why', async () => {
    await expect(pdfToPdfa(helvetica, { ghostscript: false, embedStandardFonts: false })).rejects.toThrow(
      /cannot be made PDF\/A-3 without Ghostscript \(gs not found on PATH, or disabled by EINVOICE_GS\): fonts not embedded \(PDF\/A 6\.2\.11\.4\.1\): Helvetica/,
    )
  })

  it('repairs form, blend-mode and optional-content entries in place (6.2.10, 6.4, 6.9); our validator then finds nothing', async () => {
    const input = await withFormAndLayers()
    const before = (await validatePdf(input)).findings.map((f) => f.ruleId)
    expect(before).toEqual(expect.arrayContaining(['PDFA-FORM-ACTION', 'PDFA-FORM-NEED-APPEARANCES', 'PDFA-FORM-XFA', 'PDFA-BLEND-MODE', 'PDFA-OC-CONFIG']))
    expect((await validatePdf(input)).findings.some((f) => f.ruleId === 'PDFA-OC-CONFIG' && f.message.includes('/Order that leaves out 1'))).toBe(true)
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.method).toBe('native')
    const r = await validatePdf(out.pdf)
    expect(r.findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })

  it('drops rendering intents outside table 70 from graphics states and images in place, and keeps an optional-content /Intent (6.2.6)', async () => {
    const { doc } = await loadPdf(embedded)
    const gs = doc.context.register(doc.context.obj({ Type: 'ExtGState', RI: 'Vivid', LW: 2 }))
    const image = doc.context.register(doc.context.stream(new Uint8Array([0]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Intent: 'Bright' }))
    const layer = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Layer'), Intent: 'Design' }))
    doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: [layer], D: { Order: [layer] } }))
    const page = doc.getPages()[0]!
    page.node.set(PDFName.of('Resources'), doc.context.obj({ ExtGState: { G1: gs }, XObject: { Im1: image } }))
    const input = await doc.save({ useObjectStreams: false })
    expect((await validatePdf(input)).findings.filter((f) => f.ruleId === 'PDFA-RENDERING-INTENT')).toHaveLength(2)
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.method).toBe('native')
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.ruleId === 'PDFA-RENDERING-INTENT')).toEqual([])
    const text = Buffer.from(out.pdf).toString('latin1')
    expect(text).not.toMatch(/\/Vivid|\/Bright/)
    expect(text).toContain('/Intent /Design')
  })

  it('drops an identity transfer function (/TR /Identity, as Ghostscript writes it) in place, /TR2 /Identity becomes /Default; keeps any other /TR refused (6.2.5)', async () => {
    const { doc } = await loadPdf(embedded)
    const state = doc.context.obj({ Type: 'ExtGState', TR: 'Identity', LW: 2 })
    const g1 = doc.context.register(state)
    const g2 = doc.context.register(doc.context.obj({ TR2: 'Identity' }))
    doc.getPages()[0]!.node.Resources()!.set(PDFName.of('ExtGState'), doc.context.obj({ G1: g1, G2: g2 }))
    const input = await doc.save({ useObjectStreams: false })
    expect((await validatePdf(input)).findings.filter((f) => f.ruleId === 'PDFA-EXTGSTATE')).toHaveLength(2)
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.method).toBe('native')
    const r = await validatePdf(out.pdf)
    expect(r.findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    const text = Buffer.from(out.pdf).toString('latin1')
    expect(text).not.toMatch(/\/TR \/Identity|\/TR2 \/Identity/)
    expect(text).toContain('/TR2 /Default')
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
    // A transfer function that changes values is what the page looks like: not dropped in place.
    const fn = doc.context.register(doc.context.obj({ FunctionType: 2, Domain: [0, 1], C0: [1], C1: [0], N: 1 }))
    state.set(PDFName.of('TR'), fn)
    await expect(pdfToPdfa(await doc.save({ useObjectStreams: false }), { ghostscript: false })).rejects.toThrow(/PDFA-EXTGSTATE/)
  })

  it('needs a content rewrite for an ri operator or an inline image that PDF/A forbids, and says so without Ghostscript (6.2.6, 6.2.8)', async () => {
    const { doc } = await loadPdf(embedded)
    doc.getPages()[0]!.node.addContentStream(doc.context.register(doc.context.flateStream('q /Vivid ri BI /W 1 /H 1 /CS /G /BPC 8 /I true ID \x01 EI Q')))
    const input = await doc.save({ useObjectStreams: false })
    await expect(pdfToPdfa(input, { ghostscript: false })).rejects.toThrow(/set by the ri operator \(PDF\/A 6\.2\.6\); an inline image with \/I \(Interpolate\) true \(PDF\/A 6\.2\.8\)/)
    if (gs === undefined) return
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    const r = await validatePdf(out.pdf)
    expect(r.findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
  })

  it('repairs halftones, a PDF/X intent with an external profile, foreign permissions and presentations in place (6.2.5, 6.2.3, 6.1.12, 6.10)', async () => {
    const { doc } = await loadPdf(embedded)
    const gs = doc.context.register(doc.context.obj({ Type: 'ExtGState', LW: 2, HT: { Type: 'Halftone', HalftoneType: 1, HalftoneName: PDFString.of('x'), Frequency: 60, Angle: 45, SpotFunction: 'Round' } }))
    const page = doc.getPages()[0]!
    page.node.Resources()!.set(PDFName.of('ExtGState'), doc.context.obj({ G1: gs }))
    page.node.set(PDFName.of('PresSteps'), doc.context.obj({ Type: 'NavNode' }))
    doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([{ Type: 'OutputIntent', S: 'GTS_PDFX', OutputConditionIdentifier: PDFString.of('FOGRA39'), DestOutputProfileRef: { URLs: [] } }]))
    const sig = doc.context.register(doc.context.obj({ Type: 'Sig', Reference: [{ Type: 'SigRef', TransformMethod: 'DocMDP', DigestValue: PDFString.of('x') }] }))
    doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: sig, Other: sig }))
    doc.catalog.set(PDFName.of('Names'), doc.context.obj({ AlternatePresentations: { SlideShows: [] } }))
    const input = await doc.save({ useObjectStreams: false })
    const rules = ['PDFA-HALFTONE', 'PDFA-OUTPUT-INTENT-REF', 'PDFA-PERMISSIONS', 'PDFA-PRESENTATION']
    expect([...new Set((await validatePdf(input)).findings.map((f) => f.ruleId).filter((id) => rules.includes(id)))].sort()).toEqual(rules)
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.method).toBe('native')
    const r = await validatePdf(out.pdf)
    expect(r.findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })

  it('needs a content rewrite for an LZW or other forbidden filter and for an image bit depth PDF/A forbids (6.1.7.2, 6.2.8)', async () => {
    const { doc } = await loadPdf(embedded)
    const bits = doc.context.register(doc.context.stream(new Uint8Array([0]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 3 }))
    const crypt = doc.context.register(doc.context.stream(new Uint8Array([0]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'Crypt' }))
    doc.getPages()[0]!.node.set(PDFName.of('Resources'), doc.context.obj({ XObject: { Im1: bits, Im2: crypt } }))
    const input = await doc.save({ useObjectStreams: false })
    await expect(pdfToPdfa(input, { ghostscript: false })).rejects.toThrow(/images with a bit depth PDF\/A forbids \(PDF\/A 6\.2\.8\); streams encoded with a filter PDF\/A forbids \(PDF\/A 6\.1\.7\.2\)/)
  })

  it('gives an embedded CIDFontType2 without /CIDToGIDMap the /Identity its absence means, and makes a font name that is not UTF-8 ASCII, in place (6.2.11.3.2, 6.1.8)', async () => {
    const { doc } = await loadPdf(embedded)
    const liberation = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/fonts/liberation/LiberationSans-Regular.ttf`))
    const font = type0Font(doc, { subtype: 'CIDFontType2', baseFont: 'LiberationSans', descriptor: liberationDescriptor(doc, liberation, 32) })
    const cid = ((doc.context.lookup(font) as PDFDict).lookup(PDFName.of('DescendantFonts')) as PDFArray).lookup(0) as PDFDict
    cid.delete(PDFName.of('CIDToGIDMap'))
    // And a Shift-JIS font name (6.1.8), made ASCII in place.
    cid.set(PDFName.of('BaseFont'), PDFName.of('MS\x82\x6cGothic'))
    ;(doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).set(PDFName.of('Zcid'), font)
    const input = await doc.save({ useObjectStreams: false })
    expect((await validatePdf(input)).findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['PDFA-FONT-CIDTOGID', 'PDFA-NAME-UTF8']))
    const out = await pdfToPdfa(input, { ghostscript: false })
    expect(out.method).toBe('native')
    expect((await validatePdf(out.pdf)).findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
  })

  it('needs a rewrite for a symbolic TrueType font with an /Encoding (6.2.11.6) and says so without Ghostscript', async () => {
    const { doc } = await loadPdf(embedded)
    const liberation = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/fonts/liberation/LiberationSans-Regular.ttf`))
    const font = doc.context.register(
      doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'LiberationSans', FirstChar: 32, LastChar: 32, Widths: [278], Encoding: 'WinAnsiEncoding', FontDescriptor: liberationDescriptor(doc, liberation, 4) }),
    )
    const fonts = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('Font')) as PDFDict
    fonts.set(PDFName.of('Zsym'), font)
    const input = await doc.save({ useObjectStreams: false })
    await expect(pdfToPdfa(input, { ghostscript: false })).rejects.toThrow(/TrueType fonts whose encoding or cmap does not suit their Symbolic flag \(PDF\/A 6\.2\.11\.6\)/)
  })

  it('needs a rewrite for an ICCBased colour space whose profile PDF/A forbids (6.2.4.2)', async () => {
    const { doc } = await loadPdf(embedded)
    const icc = new Uint8Array(readFileSync(`${PACKAGE_ROOT}/assets/icc/sRGB.icc`))
    icc[8] = 5
    const cs = doc.context.obj(['ICCBased', doc.context.register(doc.context.flateStream(icc, { N: 3 }))])
    doc.getPages()[0]!.node.Resources()!.set(PDFName.of('ColorSpace'), doc.context.obj({ CSi: cs }))
    const input = await doc.save({ useObjectStreams: false })
    await expect(pdfToPdfa(input, { ghostscript: false })).rejects.toThrow(/ICCBased colour spaces whose profile PDF\/A forbids \(PDF\/A 6\.2\.4\.2\)/)
  })

  it('rewrites an extension schema in the form 6.6.2.3.3 prescribes: stray fields, wrong prefixes, a Bag of value types, an undefined field type (6.6.2.3.2, 6.6.2.3.3)', async () => {
    const { doc } = await loadPdf(embedded)
    const packet =
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description rdf:about="" xmlns:my="urn:example:my#"><my:Owner>Acme</my:Owner></rdf:Description>' +
      '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:ps="http://www.aiim.org/pdfa/ns/schema#" ' +
      'xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" xmlns:pdfaType="http://www.aiim.org/pdfa/ns/type#" xmlns:pdfaField="http://www.aiim.org/pdfa/ns/field#">' +
      '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><ps:schema>My schema</ps:schema><ps:namespaceURI>urn:example:my#</ps:namespaceURI>' +
      '<ps:prefix>my</ps:prefix><ps:note>stray</ps:note><ps:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:name>Owner</pdfaProperty:name>' +
      '<pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>owner</pdfaProperty:description>' +
      '</rdf:li></rdf:Seq></ps:property><ps:valueType><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaType:type>Party</pdfaType:type>' +
      '<pdfaType:namespaceURI>urn:example:party#</pdfaType:namespaceURI><pdfaType:prefix>party</pdfaType:prefix><pdfaType:field><rdf:Seq><rdf:li rdf:parseType="Resource">' +
      '<pdfaField:name>name</pdfaField:name><pdfaField:valueType>Widget</pdfaField:valueType><pdfaField:description>its name</pdfaField:description></rdf:li></rdf:Seq>' +
      '</pdfaType:field></rdf:li></rdf:Bag></ps:valueType></rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(doc.context.stream(packet, { Type: 'Metadata', Subtype: 'XML' })))
    const input = await doc.save({ useObjectStreams: false })
    const before = (await validatePdf(input)).findings.map((f) => `${f.ruleId} ${f.message}`).join('\n')
    for (const want of ['PDFA-XMP-EXTENSION-FIELD', 'ps:note', 'with the prefix ps', 'pdfaSchema:valueType must be an rdf:Seq']) expect(before).toContain(want)
    const out = await pdfToPdfa(input, { ghostscript: false })
    const r = await validatePdf(out.pdf)
    expect(r.findings.filter((f) => f.group === 'pdfa' && f.severity === 'error')).toEqual([])
    // Once a Seq, the value type is judged too: its missing description and the field type Widget were repaired.
    const xmp = readDocumentXmp((await loadPdf(out.pdf)).doc)?.xmp
    expect(xmp && propertyText(xmp, 'urn:example:my#', 'Owner')).toBe('Acme')
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })

  it('refuses input that is not a PDF', async () => {
    await expect(pdfToPdfa(new TextEncoder().encode('hello'))).rejects.toMatchObject({ errorCode: 'INVALID_PDF' })
  })

  it.skipIf(gs === undefined)('embeds the standard fonts through Ghostscript when native embedding is off; text and size unchanged', async () => {
    const out = await pdfToPdfa(helvetica, { embedStandardFonts: false })
    expect(out.method).toBe('ghostscript')
    expect(await pageSizes(out.pdf)).toEqual(await pageSizes(helvetica))
    const before = pdfText(helvetica)
    if (before !== undefined) expect(pdfText(out.pdf)).toBe(before)
  })
})

describe.skipIf(!canPdfaCheck)('pdf2pdfa outputs pass pdfa-check --strict', () => {
  it('in place', async () => {
    expect(pdfaCheck((await pdfToPdfa(embedded, { ghostscript: false })).pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })

  it.skipIf(gs === undefined)('through Ghostscript', async () => {
    expect(pdfaCheck((await pdfToPdfa(helvetica, { embedStandardFonts: false })).pdf, 'pdfa3')).toEqual({ result: 'pass', failed: [] })
  })
})
if (gs === undefined) process.stderr.write('note: Ghostscript (gs) not on PATH; the Ghostscript path of pdf2pdfa is not tested\n')
if (!canPdfaCheck) process.stderr.write('note: pdfa-check needs python3, qpdf and poppler; its checks are skipped\n')
