/** Loading PDFs with limits: bad input gives a precise EInvoiceError, never a crash or an OOM. */
import { deflateSync } from 'node:zlib'
import { PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { extractInvoiceXml } from '../../src/pdf/extract.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { savePdf } from '../../src/pdf/save-pdf.js'
import { hasCommand, makePdf, withQpdf } from './fixtures.js'
import { buildPdf, stream } from './raw-pdf.js'

const catalog = '<< /Type /Catalog /Pages 2 0 R >>'
const pages = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'
const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'

async function failure(promise: Promise<unknown>): Promise<{ errorCode: string; message: string }> {
  try {
    await promise
  } catch (err) {
    return err as { errorCode: string; message: string }
  }
  throw new Error('expected a failure')
}

describe('loadPdf', () => {
  it('loads a well-formed PDF', async () => {
    const { doc, decrypted } = await loadPdf(buildPdf([catalog, pages, page]))
    expect(doc.getPageCount()).toBe(1)
    expect(decrypted).toBe(false)
  })

  it('refuses input that is not a PDF, naming what it starts with', async () => {
    const err = await failure(loadPdf(new TextEncoder().encode('<Invoice/>')))
    expect(err.errorCode).toBe('INVALID_PDF')
    expect(err.message).toMatch(/not a PDF: no %PDF- header .*"<Invoice\/>"/)
  })

  it('refuses an empty input', async () => {
    expect((await failure(loadPdf(new Uint8Array(0)))).message).toMatch(/empty/)
  })

  it('refuses a truncated file', async () => {
    const full = await makePdf()
    const err = await failure(loadPdf(full.subarray(0, Math.floor(full.length * 0.6))))
    expect(err.errorCode).toBe('INVALID_PDF')
    expect(err.message).toMatch(/truncated PDF: no %%EOF/)
  })

  it('refuses a file without any cross-reference table', async () => {
    const good = Buffer.from(buildPdf([catalog, pages, page])).toString('latin1')
    const broken = good.replace(/xref\n[\s\S]*trailer/, 'trailer').replace(/startxref\n\d+/, 'startxref\n99999')
    const err = await failure(loadPdf(Buffer.from(broken, 'latin1')))
    expect(err.errorCode).toBe('INVALID_PDF')
    expect(err.message).toMatch(/broken cross-reference: startxref points to byte 99999/)
  })

  it('repairs a slightly wrong startxref offset, as PDF readers do', async () => {
    const good = Buffer.from(buildPdf([catalog, pages, page])).toString('latin1')
    const shifted = good.replace(/startxref\n(\d+)/, (_m, n: string) => `startxref\n${Number(n) + 3}`)
    const { xrefRepaired } = await loadPdf(Buffer.from(shifted, 'latin1'))
    expect(xrefRepaired).toBe(true)
  })

  it('refuses a file over the size limit before parsing it', async () => {
    const err = await failure(loadPdf(new Uint8Array(2048), { maxBytes: 1024 }))
    expect(err.errorCode).toBe('INPUT_TOO_LARGE')
    expect(err.message).toMatch(/2048 bytes; the limit is 1024/)
  })

  it('refuses a 200 MB file by its size (default limit)', async () => {
    const big = new Uint8Array(200 * 1024 * 1024)
    const err = await failure(loadPdf(big))
    expect(err.errorCode).toBe('INPUT_TOO_LARGE')
  })

  it('stops an object stream that inflates to gigabytes (deflate bomb) with a clear error', async () => {
    // 256 MiB of zeros deflate to about 256 KB; the cap is 64 MiB per stream.
    const bomb = deflateSync(Buffer.alloc(256 * 1024 * 1024), { level: 9 })
    const pdf = buildPdf([catalog, pages, page, stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb)])
    const err = await failure(loadPdf(pdf))
    expect(err.errorCode).toBe('INPUT_TOO_LARGE')
    // The error names the cap it stopped at, so the stream was never inflated beyond it.
    expect(err.message).toMatch(/inflates to more than 64 MiB/)
  })

  it('stops an embedded file that inflates beyond the cap', async () => {
    const bomb = deflateSync(Buffer.alloc(128 * 1024 * 1024), { level: 9 })
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 4 0 R] >> >> >>',
      pages,
      page,
      '<< /Type /Filespec /F (factur-x.xml) /EF << /F 5 0 R >> >>',
      stream('/Type /EmbeddedFile /Filter /FlateDecode', bomb),
    ])
    const err = await failure(extractInvoiceXml(pdf))
    expect(err.errorCode).toBe('INPUT_TOO_LARGE')
  })
})

describe.skipIf(!hasCommand('qpdf'))('encrypted PDFs (made with qpdf --encrypt)', () => {
  it('refuses a PDF with a user password, saying how to remove it', async () => {
    const encrypted = withQpdf(await makePdf(), ['--encrypt', 'user', 'owner', '256', '--'])
    expect(encrypted).toBeDefined()
    const err = await failure(loadPdf(encrypted!))
    expect(err.errorCode).toBe('INVALID_PDF')
    expect(err.message).toMatch(/encrypted with a user password/)
  })

  it('decrypts an owner-password-only PDF, and its saved copy opens again', async () => {
    const encrypted = withQpdf(await makePdf(), ['--encrypt', '', 'owner', '128', '--use-aes=y', '--'])
    const { doc, decrypted } = await loadPdf(encrypted!)
    expect(decrypted).toBe(true)
    const saved = await savePdf(doc)
    expect(Buffer.from(saved).toString('latin1')).not.toMatch(/\/Encrypt/)
    const again = await loadPdf(saved)
    expect(again.doc.getPageCount()).toBe(1)
    expect(again.decrypted).toBe(false)
  })
})

describe('streams with an indirect /Length', () => {
  // The data ends in CR and the writer puts LF before `endstream` (as cairo does): read up to
  // `endstream` only, as pdf-lib does when it cannot resolve the length while parsing, the CR LF
  // would be taken for the end-of-line marker and the data's last byte lost.
  const data = new TextEncoder().encode('q 0 0 1 rg 10 10 50 50 re f Q\r')
  const body = (length: string) =>
    Buffer.concat([Buffer.from(`<< /Length ${length} >>\nstream\n`), data, Buffer.from('\nendstream')])
  const pdfWith = (lengthObject: string, length = '5 0 R') =>
    buildPdf([catalog, pages, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>', body(length), lengthObject])

  async function contents(pdf: Uint8Array): Promise<Uint8Array> {
    const { doc } = await loadPdf(pdf)
    const object = doc.context.lookup(doc.getPages()[0]!.node.get(PDFName.of('Contents')))
    expect(object).toBeInstanceOf(PDFRawStream)
    return (object as PDFRawStream).contents
  }

  it('reads the stream at the length its /Length object gives, its trailing CR included', async () => {
    expect(Buffer.from(await contents(pdfWith(String(data.length))))).toEqual(Buffer.from(data))
  })

  it('keeps the data byte for byte through pdf2pdfa', async () => {
    const out = await pdfToPdfa(pdfWith(String(data.length)), { ghostscript: false })
    expect(out.method).toBe('native')
    const { doc } = await loadPdf(out.pdf)
    const stream = doc.context.lookup(doc.getPages()[0]!.node.get(PDFName.of('Contents'))) as PDFRawStream
    expect(Buffer.from(decodePDFRawStream(stream).decode())).toEqual(Buffer.from(data))
  })

  it('falls back to the search for endstream when the /Length object is wrong, broken or hostile', async () => {
    const searched = Buffer.from(data.subarray(0, data.length - 1))
    for (const [lengthObject, length] of [
      [String(data.length - 5), '5 0 R'], // ends inside the data
      [String(data.length + 40), '5 0 R'], // runs past endstream
      ['99999999999999999999', '5 0 R'], // huge
      ['-3', '5 0 R'],
      ['(31)', '5 0 R'], // not a number
      ['<< /Length 31 >>', '5 0 R'],
      ['31', '9 0 R'], // no such object
    ] as const) {
      expect(Buffer.from(await contents(pdfWith(lengthObject, length))).toString('latin1'), lengthObject).toEqual(searched.toString('latin1'))
    }
  })
})
