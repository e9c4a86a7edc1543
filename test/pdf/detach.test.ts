/** detach: attachments of PDFs and of invoice XML (BG-24), keyed by file name. */
import { describe, expect, it } from 'vitest'
import { detachAttachments } from '../../src/pdf/detach.js'
import { safeFileName } from '../../src/pdf/attachment-file-name.js'
import { hasCorpus, readCorpusFile } from '../helpers/corpus.js'

const enc = (s: string): Uint8Array => new TextEncoder().encode(s)

const CII = (objects: string): string =>
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">' +
  `<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement>${objects}</ram:ApplicableHeaderTradeAgreement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`

const doc = (name: string, file: string, data: string): string =>
  `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>1</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>${name}</ram:Name>` +
  `<ram:AttachmentBinaryObject mimeCode="text/plain" filename="${file}">${data}</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>`

describe('detach: invoice XML', () => {
  it('returns CII AttachmentBinaryObjects decoded, with name, mime type and description; repeated names get a suffix', async () => {
    const xml = CII(doc('Timesheet', 'a.txt', 'aGVsbG8=') + doc('Second', 'a.txt', 'd29y\nbGQ='))
    const r = await detachAttachments(enc(xml))
    expect(Object.keys(r)).toEqual(['a.txt', 'a (2).txt'])
    expect(r['a.txt']).toEqual({ filename: 'a.txt', mimetype: 'text/plain', description: 'Timesheet', relationship: 'Data', source: 'xml', size: 5, data: 'aGVsbG8=' })
    expect(Buffer.from(r['a (2).txt']!.data, 'base64').toString()).toBe('world')
  })

  it('returns UBL EmbeddedDocumentBinaryObjects with their DocumentDescription', async () => {
    const ubl =
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">' +
      '<cac:AdditionalDocumentReference><cbc:ID>1</cbc:ID><cbc:DocumentDescription>Delivery note</cbc:DocumentDescription><cac:Attachment>' +
      '<cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="note.pdf">JVBERg==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference></Invoice>'
    const r = await detachAttachments(enc(ubl))
    expect(r['note.pdf']).toMatchObject({ mimetype: 'application/pdf', description: 'Delivery note', size: 4 })
  })

  it('refuses base64 with foreign characters, naming line and path', async () => {
    await expect(detachAttachments(enc(CII(doc('x', 'x.txt', 'not*base64'))))).rejects.toThrow(/line 1, column \d+: .*AttachmentBinaryObject is not base64/)
  })

  it('refuses XML that is not an invoice', async () => {
    await expect(detachAttachments(enc('<a/>'))).rejects.toMatchObject({ errorCode: 'UNSUPPORTED_DOCUMENT' })
  })
})

describe.skipIf(!hasCorpus)('detach: PDF', () => {
  it('returns every embedded file of a PDF with three attachments', async () => {
    const r = await detachAttachments(readCorpusFile('zugferd-corpus/XML-Rechnung/FX/EN16931_Reisekostenabrechnung.pdf'))
    expect(Object.keys(r).sort()).toEqual([
      'EN16931_Reisekostenabrechnung_Hotelrechnung-Immo.pdf',
      'EN16931_Reisekostenabrechnung_Taxi-Nue-und-Berlin.pdf',
      'factur-x.xml',
    ])
    const xml = r['factur-x.xml']!
    expect(xml.mimetype).toBe('text/xml')
    expect(xml.size).toBe(Buffer.from(xml.data, 'base64').length)
    expect(xml.source).toBe('pdf:EmbeddedFiles')
  })
})

describe('detach CLI file names', () => {
  it('keeps attachments inside the output folder', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('..')).toBe('attachment')
    expect(safeFileName('a\\b:c.pdf')).toBe('b_c.pdf')
  })
})
