/**
 * The targeted catalog reader behind fast `extract`: the same attachments as the full parser
 * whenever it answers, the newest revision of incrementally updated files, and a clean hand-over
 * to the full parser for xref streams, wrong offsets and encryption.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFName } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { combine } from '../../src/operations/combine.js'
import { type PdfAttachment, listAttachments } from '../../src/pdf/attachments.js'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { quickCatalogAttachments } from '../../src/pdf/quick-catalog.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { hasCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { makePdf, withQpdf } from './fixtures.js'

const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1')
const summary = (list: readonly PdfAttachment[]) => list.map((a) => [a.name, a.source, a.relationship, Buffer.from(a.data()).toString('base64')])

let facturX: Uint8Array

beforeAll(async () => {
  const json = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json'))
  const pdfa = await makePdf({ subset: 'PDF/A-3b' })
  facturX = (await combine.run({ inputs: { file: pdfa, json }, params: { format: 'fx', profile: 'EN16931', version: 2 } })).body as Uint8Array
})

/** Appends a revision (ISO 32000-1 7.5.6) that gives object `objectNumber` a new embedded-file stream. */
function appendRevision(pdf: Uint8Array, objectNumber: number, data: string): Uint8Array {
  const text = latin1(pdf)
  const prev = Number(/startxref\s+(\d+)\s*%%EOF\s*$/.exec(text)![1])
  const root = /\/Root (\d+ \d+ R)/.exec(text)![1]
  const size = /\/Size (\d+)/.exec(text)![1]
  const object = `${objectNumber} 0 obj\n<< /Type /EmbeddedFile /Subtype /text#2Fxml /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`
  const objectAt = pdf.length + 1
  const xrefAt = objectAt + object.length
  const tail = `xref\n0 1\n0000000000 65535 f \n${objectNumber} 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(`\n${object}${tail}`, 'latin1')]))
}

describe('quickCatalogAttachments', () => {
  it('lists what the full parser lists through the catalog', async () => {
    const quick = quickCatalogAttachments(facturX)
    const { doc } = await loadPdf(facturX)
    expect(quick).toBeDefined()
    expect(summary(quick!)).toEqual(summary(listAttachments(doc, { depth: 'catalog' })))
    expect(quick!.map((a) => a.name)).toEqual(['factur-x.xml'])
  })

  it('reads the newest revision of an incrementally updated file', async () => {
    const { doc } = await loadPdf(facturX)
    const stream = listAttachments(doc)[0]!.fileSpec.lookup(PDFName.of('EF'))
    const ref = (stream as unknown as { get(n: PDFName): { objectNumber: number } }).get(PDFName.of('F'))
    const updated = appendRevision(facturX, ref.objectNumber, '<revised/>')
    expect(latin1(quickCatalogAttachments(updated)![0]!.data())).toBe('<revised/>')
    expect(latin1((await extractInvoiceXml(updated)).xml)).toBe('<revised/>')
  })

  it('hands xref streams / object streams over to the full parser, which still finds the XML', async () => {
    const { doc } = await loadPdf(facturX)
    const packed = await doc.save({ useObjectStreams: true })
    expect(quickCatalogAttachments(packed)).toBeUndefined()
    expect((await extractInvoiceXml(packed)).fileName).toBe('factur-x.xml')
  })

  it('hands a file whose xref offsets are wrong over to the full parser', async () => {
    const text = latin1(facturX)
    // Shift every object by one byte: each xref offset now points one byte early.
    const shifted = Buffer.from(text.replace(/\n(\d+ 0 obj)/g, '\n \n$1'), 'latin1')
    expect(quickCatalogAttachments(shifted)).toBeUndefined()
    expect((await extractInvoiceXml(shifted)).fileName).toBe('factur-x.xml')
  })

  it('hands encrypted files over (owner password: decrypted by the full parser)', async () => {
    const encrypted = withQpdf(facturX, ['--encrypt', '', 'owner', '256', '--'])
    if (encrypted === undefined) return
    const revised = withQpdf(encrypted, ['--object-streams=disable'])!
    expect(quickCatalogAttachments(revised)).toBeUndefined()
    expect((await extractInvoiceXml(revised)).fileName).toBe('factur-x.xml')
  })

  it('gives up on input that is not a PDF at all', () => {
    expect(quickCatalogAttachments(new TextEncoder().encode('%PDF-1.7\nnothing here\n%%EOF'))).toBeUndefined()
  })
})

describe.skipIf(!hasCorpus)('quickCatalogAttachments over the corpus PDFs', () => {
  it('agrees with the full parser on every file it answers for', async () => {
    const pdfs = oracle().filter((e) => e.file.toLowerCase().endsWith('.pdf'))
    let answered = 0
    const differences: string[] = []
    for (const entry of pdfs) {
      const bytes = readCorpusFile(entry)
      const quick = quickCatalogAttachments(bytes)
      if (quick === undefined) continue
      answered++
      let full: PdfAttachment[]
      try {
        full = listAttachments((await loadPdf(bytes)).doc, { depth: 'catalog' })
      } catch (err) {
        differences.push(`${entry.file}: full parser fails (${(err as Error).message}) but the quick reader answers`)
        continue
      }
      if (JSON.stringify(summary(quick)) !== JSON.stringify(summary(full))) differences.push(entry.file)
    }
    expect(differences).toEqual([])
    expect(answered).toBeGreaterThan(20)
    process.stderr.write(`note: the quick catalog reader answered for ${answered} of ${pdfs.length} corpus PDFs\n`)
  })
})
if (!hasCorpus) process.stderr.write('note: ../shared/corpus is absent; the corpus comparison of the quick catalog reader is skipped\n')
