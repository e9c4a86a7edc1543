/**
 * pdf2pdfa through Ghostscript keeps every attachment: the Factur-X XML (byte for byte, with /AF,
 * /AFRelationship and the Factur-X XMP extension schema) and file-attachment annotations; an
 * attachment lost on the way is an error, never a silent drop.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { combine } from '../../src/operations/combine.js'
import { listAttachments } from '../../src/pdf/attachments.js'
import { carryAttachments } from '../../src/pdf/carry-attachments.js'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { findGhostscript } from '../../src/pdf/ghostscript.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { readDocumentXmp } from '../../src/pdf/metadata.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { XMP_NS, propertyText } from '../../src/pdf/xmp.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { canPdfaCheck, makePdf, pdfFonts, pdfaCheck } from './fixtures.js'

const gs = findGhostscript()
const FX = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'

/** Adds Symbol text (needs Ghostscript) and a file-attachment annotation to a PDF. */
async function withSymbolAndNote(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  const page = doc.getPages()[0]!
  page.drawText('αβγ', { x: 50, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Symbol) })
  const { context } = doc
  const data = new TextEncoder().encode('delivery note')
  const ef = context.register(context.flateStream(data, { Type: 'EmbeddedFile', Subtype: 'text/plain', Params: { Size: data.length } }))
  const fs = context.register(
    context.obj({ Type: 'Filespec', F: PDFString.of('note.txt'), UF: PDFHexString.fromText('note.txt'), EF: { F: ef }, AFRelationship: 'Supplement' }),
  )
  const ap = context.register(context.formXObject([], { BBox: [0, 0, 20, 20] }))
  const annot = context.register(
    context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [50, 50, 70, 70], FS: fs, F: 4, AP: { N: ap }, Contents: PDFString.of('note') }),
  )
  page.node.set(PDFName.of('Annots'), context.obj([annot]))
  page.node.set(PDFName.of('AF'), context.obj([fs]))
  return doc.save({ useObjectStreams: false })
}

let facturX: Uint8Array
let input: Uint8Array

beforeAll(async () => {
  const json = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json'))
  const pdfa = await makePdf({ subset: 'PDF/A-3b' })
  facturX = (await combine.run({ inputs: { file: pdfa, json }, params: { format: 'fx', profile: 'EN16931', version: 2 } })).body as Uint8Array
  input = await withSymbolAndNote(facturX)
})

describe.skipIf(gs === undefined)('pdf2pdfa through Ghostscript keeps attachments', () => {
  it('re-attaches factur-x.xml byte for byte with /AF and keeps the Factur-X XMP and the annotation file', async () => {
    const out = await pdfToPdfa(input)
    expect(out.method).toBe('ghostscript')
    const before = await extractInvoiceXml(facturX)
    const after = await extractInvoiceXml(out.pdf)
    expect(after.fileName).toBe('factur-x.xml')
    expect(Buffer.from(after.xml).equals(Buffer.from(before.xml))).toBe(true)
    const { doc } = await loadPdf(out.pdf)
    const attachments = listAttachments(doc)
    expect(attachments.map((a) => [a.name, a.relationship, a.source])).toEqual([
      ['factur-x.xml', 'Alternative', 'EmbeddedFiles'],
      // The annotation's file is now listed in the catalog /AF too (6.8), so it is found there first.
      ['note.txt', 'Supplement', 'AF'],
    ])
    expect(new TextDecoder().decode(attachments[1]!.data())).toBe('delivery note')
    const xmp = readDocumentXmp(doc)?.xmp
    expect(xmp && [propertyText(xmp, FX, 'DocumentFileName'), propertyText(xmp, FX, 'ConformanceLevel'), propertyText(xmp, XMP_NS.pdfaid, 'part')]).toEqual([
      'factur-x.xml',
      'EN 16931',
      '3',
    ])
    const fonts = pdfFonts(out.pdf)
    if (fonts !== undefined) expect(fonts.filter((f) => !f.embedded)).toEqual([])
    if (canPdfaCheck) expect(pdfaCheck(out.pdf, 'facturx')).toEqual({ result: 'pass', failed: [] })
  })
})

describe('carryAttachments', () => {
  it('refuses when the rewritten document lost an attachment, naming it', async () => {
    const { doc: from } = await loadPdf(input)
    const { doc: to } = await loadPdf(facturX)
    expect(() => carryAttachments(from, to)).toThrow(/without losing attachments: the Ghostscript rewrite dropped "note\.txt"/)
  })

  it('replaces the rewritten catalog attachments by the originals (one each, listed in /AF)', async () => {
    const { doc: from } = await loadPdf(facturX)
    const { doc: to } = await loadPdf(await makePdf())
    carryAttachments(from, to)
    expect(listAttachments(to).map((a) => [a.name, a.source])).toEqual([['factur-x.xml', 'EmbeddedFiles']])
    expect(to.catalog.lookup(PDFName.of('AF'))?.toString()).toMatch(/^\[ \d+ 0 R \]$/)
  })
})
if (gs === undefined) process.stderr.write('note: Ghostscript (gs) not on PATH; the Ghostscript path of pdf2pdfa is not tested\n')
