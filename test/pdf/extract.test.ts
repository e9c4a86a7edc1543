/** `extract` over the corpus PDFs and on bad input. */
import { describe, expect, it } from 'vitest'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { type OracleEntry, hasCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

type PdfOracleEntry = OracleEntry & { attachment?: string | null }

const pdfs = (oracle() as PdfOracleEntry[]).filter((e) => e.file.toLowerCase().endsWith('.pdf'))

describe.skipIf(!hasCorpus)('extract over the corpus PDFs', () => {
  it('finds the oracle attachment in every PDF that has one', async () => {
    const withXml = pdfs.filter((e) => typeof e.attachment === 'string')
    expect(withXml.length).toBeGreaterThan(90)
    const misses: string[] = []
    for (const entry of withXml) {
      try {
        const r = await extractInvoiceXml(readCorpusFile(entry))
        if (r.fileName !== entry.attachment) misses.push(`${entry.file}: got ${r.fileName}`)
      } catch (err) {
        misses.push(`${entry.file}: ${(err as Error).message}`)
      }
    }
    expect(misses).toEqual([])
  })
})

const ZF1_AND_ZF2 = 'zugferd-corpus/ZUGFeRDv2/fail/MustangRE-20171118_506_ZUGFeRD1and2.pdf'

describe.skipIf(!hasCorpus)('extract: odd corpus PDFs', () => {
  it('prefers factur-x.xml over ZUGFeRD-invoice.xml when a PDF carries both (newest generation wins)', async () => {
    const r = await extractInvoiceXml(readCorpusFile(ZF1_AND_ZF2))
    expect(r.fileName).toBe('factur-x.xml')
    expect(r.syntax).toBe('CII')
  })

  it('finds the XML through the file specifications when the catalog /Names is damaged', async () => {
    // corruptedV2PDF.pdf: /Names points to the OutputIntent, the xref offset is wrong; /AF still holds the files.
    const r = await extractInvoiceXml(readCorpusFile('mustang/validator/src/test/resources/corruptedV2PDF.pdf'))
    expect(r.fileName).toBe('factur-x.xml')
    expect(r.foundIn).not.toBe('EmbeddedFiles')
  })

  it('reports a PDF without invoice XML', async () => {
    await expect(extractInvoiceXml(readCorpusFile('mustang/library/src/test/resources/MustangGnuaccountingBeispielRE-20190610_507blanko.pdf'))).rejects.toMatchObject({
      errorCode: 'NO_INVOICE_XML',
      message: expect.stringMatching(/no invoice XML found in the PDF: it has no attachments/),
    })
  })
})

describe('extract: XML input', () => {
  const cii = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>'

  it('returns an invoice XML unchanged', async () => {
    const bytes = new TextEncoder().encode(cii)
    const r = await extractInvoiceXml(bytes)
    expect(r.xml).toBe(bytes)
    expect(r.container).toBe('xml')
  })

  it('refuses XML that is not an invoice, and text that is neither XML nor PDF', async () => {
    await expect(extractInvoiceXml(new TextEncoder().encode('<html/>'))).rejects.toMatchObject({ errorCode: 'UNSUPPORTED_DOCUMENT' })
    await expect(extractInvoiceXml(new TextEncoder().encode('hello'))).rejects.toMatchObject({ errorCode: 'INVALID_XML' })
  })
})
