/** combine / combineXML: the container, the pre-flight, and PDF/A conformance of the output. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDict, PDFName } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { invoiceJsonToXml } from '../../src/operations/invoice-to-xml.js'
import { combine } from '../../src/operations/combine.js'
import { combineXml } from '../../src/operations/combine-xml.js'
import { listAttachments } from '../../src/pdf/attachments.js'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { readDocumentXmp } from '../../src/pdf/metadata.js'
import { XMP_NS, propertyText } from '../../src/pdf/xmp.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { canPdfaCheck, makePdf, pdfaCheck, pdfText } from './fixtures.js'
import { buildPdf } from './raw-pdf.js'

const tenLines = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json'))
const enc = (s: string): Uint8Array => new TextEncoder().encode(s)

let pdfa3: Uint8Array
let pdfa1: Uint8Array
let plain: Uint8Array
let helvetica: Uint8Array

beforeAll(async () => {
  pdfa3 = await makePdf({ subset: 'PDF/A-3b' })
  pdfa1 = await makePdf({ subset: 'PDF/A-1b' })
  plain = await makePdf()
  helvetica = await makePdf({ standardFont: true })
})

function xmlFor(format: string, profile: string, version = 2): Uint8Array {
  return enc(invoiceJsonToXml(tenLines, { format, profile, version }).xml)
}

async function runCombineXml(pdf: Uint8Array, xml: Uint8Array, params: Record<string, string | number | boolean | undefined> = {}) {
  const out = await combineXml.run({ inputs: { file: pdf, XML: xml }, params })
  return { pdf: out.body as Uint8Array, warnings: out.warnings, fileName: out.fileName }
}

async function container(pdf: Uint8Array) {
  const { doc } = await loadPdf(pdf)
  const files = listAttachments(doc)
  const read = readDocumentXmp(doc)
  const xmp = read?.xmp
  if (xmp === undefined) throw new Error('no XMP')
  return { doc, files, xmp }
}

describe('combineXML', () => {
  it('embeds the XML as factur-x.xml (Alternative, text/xml, /Params) with the Factur-X XMP, from a PDF/A-3b input', async () => {
    const xml = xmlFor('fx', 'EN16931')
    const out = await runCombineXml(pdfa3, xml, { format: 'fx', profile: 'EN16931', version: 2 })
    expect(out.fileName).toBe('invoice.pdf')
    expect(out.warnings).toEqual([])
    const { doc, files, xmp } = await container(out.pdf)
    expect(files.map((f) => [f.name, f.relationship, f.mimeType])).toEqual([['factur-x.xml', 'Alternative', 'text/xml']])
    expect(Buffer.from(files[0]!.data()).equals(Buffer.from(xml))).toBe(true)
    const params = files[0]!.stream.dict.lookup(PDFName.of('Params'))
    expect(params instanceof PDFDict && params.get(PDFName.of('ModDate')) !== undefined).toBe(true)
    expect(doc.catalog.lookup(PDFName.of('AF'))).toBeDefined()
    const fx = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'
    expect(propertyText(xmp, fx, 'DocumentFileName')).toBe('factur-x.xml')
    expect(propertyText(xmp, fx, 'ConformanceLevel')).toBe('EN 16931')
    expect(propertyText(xmp, fx, 'Version')).toBe('1.0')
    expect(propertyText(xmp, XMP_NS.pdfaid, 'part')).toBe('3')
    expect(propertyText(xmp, XMP_NS.pdfaid, 'conformance')).toBe('B')
    expect(propertyText(xmp, XMP_NS.dc, 'title')).toBe('Test invoice')
    expect(Buffer.from(out.pdf).toString('latin1')).toContain('/Subtype /text#2Fxml')
    // Round trip: extract returns the same bytes.
    expect(Buffer.from((await extractInvoiceXml(out.pdf)).xml).equals(Buffer.from(xml))).toBe(true)
  })

  it('reads the profile from BT-24 when none is given; MINIMUM gets /AFRelationship /Data', async () => {
    const out = await runCombineXml(pdfa3, xmlFor('fx', 'MINIMUM'))
    const { files, xmp } = await container(out.pdf)
    expect(files[0]?.relationship).toBe('Data')
    expect(propertyText(xmp, 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', 'ConformanceLevel')).toBe('MINIMUM')
  })

  it.each([
    ['zf', 'EN16931', 'zugferd-invoice.xml', 'urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#', '1.0'],
    ['xr', 'XRECHNUNG', 'xrechnung.xml', 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', '1.0'],
  ])('format %s profile %s is embedded as %s', async (format, profile, fileName, ns, version) => {
    const out = await runCombineXml(pdfa3, xmlFor(format, profile), { format, profile, version: 2 })
    const { files, xmp } = await container(out.pdf)
    expect(files.map((f) => f.name)).toEqual([fileName])
    expect(propertyText(xmp, ns, 'DocumentFileName')).toBe(fileName)
    expect(propertyText(xmp, ns, 'Version')).toBe(version)
  })

  it('relabels a PDF/A-1b input as PDF/A-3b and keeps its pages and text', async () => {
    const out = await runCombineXml(pdfa1, xmlFor('fx', 'BASIC'))
    const { doc, xmp } = await container(out.pdf)
    expect(propertyText(xmp, XMP_NS.pdfaid, 'part')).toBe('3')
    expect(doc.getPageCount()).toBe(1)
    const before = pdfText(pdfa1)
    if (before !== undefined) expect(pdfText(out.pdf)).toBe(before)
  })

  it('replaces an invoice XML already in the PDF, so exactly one remains', async () => {
    const first = await runCombineXml(pdfa3, xmlFor('zf', 'EN16931'), { format: 'zf' })
    const second = await runCombineXml(first.pdf, xmlFor('fx', 'EN16931'))
    const { files } = await container(second.pdf)
    expect(files.map((f) => f.name)).toEqual(['factur-x.xml'])
  })

  it('refuses a profile that contradicts BT-24', async () => {
    await expect(runCombineXml(pdfa3, xmlFor('fx', 'EN16931'), { profile: 'BASIC' })).rejects.toThrow(
      /profile BASIC does not match the XML, whose specification identifier \(BT-24\) "urn:cen.eu:en16931:2017" is profile EN16931/,
    )
  })

  it('refuses UBL and XML that is not well-formed', async () => {
    const ubl = enc('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')
    await expect(runCombineXml(pdfa3, ubl)).rejects.toMatchObject({ errorCode: 'UNSUPPORTED_DOCUMENT' })
    await expect(runCombineXml(pdfa3, enc('<rsm:CrossIndustryInvoice'))).rejects.toMatchObject({ errorCode: 'INVALID_XML' })
  })

  it('refuses XML in another encoding than UTF-8, which Factur-X embeds (it is read, then named)', async () => {
    const utf8 = new TextDecoder().decode(xmlFor('fx', 'EN16931'))
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf8.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le')])
    await expect(runCombineXml(pdfa3, utf16)).rejects.toMatchObject({ errorCode: 'INVALID_XML', message: expect.stringMatching(/encoded in UTF-16LE; ZUGFeRD and Factur-X embed UTF-8 XML/) })
  })

  it('refuses a non-PDF/A input with unembedded fonts, listing every reason', async () => {
    const err = await runCombineXml(helvetica, xmlFor('fx', 'EN16931')).catch((e: unknown) => e as { errorCode: string; message: string })
    expect(err).toMatchObject({ errorCode: 'NOT_PDFA' })
    const { message } = err as { message: string }
    expect(message).toMatch(/the document has no XMP metadata/)
    expect(message).toMatch(/fonts not embedded \(PDF\/A 6\.2\.11\.4\.1\): Helvetica/)
  })

  it('with ignorePDFAErrors makes the output anyway and warns that it may not be PDF/A', async () => {
    const out = await runCombineXml(plain, xmlFor('fx', 'EN16931'), { ignorePDFAErrors: true })
    expect(out.warnings.join(' ')).toMatch(/may not be PDF\/A.*no XMP metadata/)
    expect((await extractInvoiceXml(out.pdf)).fileName).toBe('factur-x.xml')
  })
})

describe('combine (JSON)', () => {
  it('embeds exactly the XML invoice2xml writes for the same JSON and parameters', async () => {
    const params = { format: 'fx', profile: 'EN16931', version: 2 }
    const out = await combine.run({ inputs: { file: pdfa3, json: tenLines }, params })
    const expected = xmlFor('fx', 'EN16931')
    const extracted = await extractInvoiceXml(out.body as Uint8Array)
    expect(Buffer.from(extracted.xml).equals(Buffer.from(expected))).toBe(true)
    expect(out.fileName).toBe('invoice.pdf')
  })

  it('refuses an unknown format/profile combination before reading the PDF', async () => {
    await expect(combine.run({ inputs: { file: pdfa3, json: tenLines }, params: { format: 'fx', profile: 'GOLD', version: 2 } })).rejects.toMatchObject({
      errorCode: 'INVALID_PARAMETER',
    })
  })
})

describe.skipIf(!canPdfaCheck)('combine outputs pass pdfa-check --strict --profile facturx', () => {
  it('from PDF/A-3b and from PDF/A-1b input', async () => {
    const a = await combine.run({ inputs: { file: pdfa3, json: tenLines }, params: { format: 'fx', profile: 'EN16931', version: 2 } })
    expect(pdfaCheck(a.body as Uint8Array, 'facturx')).toEqual({ result: 'pass', failed: [] })
    const b = await runCombineXml(pdfa1, xmlFor('fx', 'BASICWL'))
    expect(pdfaCheck(b.pdf, 'facturx')).toEqual({ result: 'pass', failed: [] })
  })
})
if (!canPdfaCheck) process.stderr.write('note: pdfa-check needs python3, qpdf and poppler; its checks are skipped\n')

describe('combine writes the first-generation formats too (docs/pdf.md)', () => {
  it.each([
    ['zf', 'COMFORT', 1, 'ZUGFeRD-invoice.xml'],
    ['ox', 'BASIC', 1, 'order-x.xml'],
  ])('%s %s version %i embeds %s, byte for byte what invoice2xml writes', async (format, profile, version, fileName) => {
    const out = await combine.run({ inputs: { file: pdfa3, json: tenLines }, params: { format, profile, version } })
    const { doc } = await loadPdf(out.body as Uint8Array)
    expect(listAttachments(doc).map((a) => a.name)).toEqual([fileName])
    const extracted = await extractInvoiceXml(out.body as Uint8Array)
    expect(Buffer.from(extracted.xml).equals(Buffer.from(xmlFor(format, profile, version)))).toBe(true)
    if (canPdfaCheck) expect(pdfaCheck(out.body as Uint8Array, 'facturx')).toEqual({ result: 'pass', failed: [] })
  })
})

describe('a PDF whose page tree cannot be read', () => {
  it('is refused by combine and combineXML, even with ignorePDFAErrors (it would come out as broken, labelled PDF/A)', async () => {
    // As Mustang's corruptedV2PDF.pdf: the catalog's /Pages is a page, not a page tree node.
    const broken = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Page /MediaBox [0 0 595 842] /Resources << >> >>'])
    for (const ignorePDFAErrors of [false, true]) {
      await expect(combine.run({ inputs: { file: broken, json: tenLines }, params: { format: 'fx', profile: 'EN16931', version: 2, ignorePDFAErrors } })).rejects.toThrow(
        'the page tree cannot be read: catalog /Pages (object 2 0) has /Type /Page, not /Pages (the root of the page tree)',
      )
      await expect(runCombineXml(broken, xmlFor('fx', 'EN16931'), { ignorePDFAErrors })).rejects.toThrow(/the page tree cannot be read/)
    }
  })
})

describe('an attachment the input keeps', () => {
  it('gets its place in /AF and what else PDF/A-3 asks (6.8), with a warning', async () => {
    const { doc } = await loadPdf(pdfa3)
    await doc.attach(enc('notes'), 'extra.txt', { mimeType: 'text/plain', description: 'extra' })
    // As zugferd_2p0_EN16931_Reisekostenabrechnung.pdf: an attachment no /AF array lists.
    doc.catalog.delete(PDFName.of('AF'))
    const input = await doc.save({ useObjectStreams: false })
    const out = await combine.run({ inputs: { file: input, json: tenLines }, params: { format: 'fx', profile: 'EN16931', version: 2 } })
    expect(out.warnings.join(' ')).toMatch(/other attachments lacked what PDF\/A-3 asks/)
    const { doc: written } = await loadPdf(out.body as Uint8Array)
    const af = written.catalog.lookup(PDFName.of('AF'))
    const listed = new Set((af as unknown as { asArray(): unknown[] }).asArray().map(String))
    for (const a of listAttachments(written)) expect(listed.has(String(written.context.getRef(a.fileSpec)))).toBe(true)
    expect(listAttachments(written).map((a) => a.name).sort()).toEqual(['extra.txt', 'factur-x.xml'])
    if (canPdfaCheck) expect(pdfaCheck(out.body as Uint8Array, 'facturx')).toEqual({ result: 'pass', failed: [] })
  })
})
