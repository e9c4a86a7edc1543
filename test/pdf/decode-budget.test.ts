/**
 * The decoding budget of one document: many streams, each under the per-stream cap, that decode to
 * gigabytes together (a 6 MB file took half an hour of scanning before) are refused by name.
 */
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { MAX_DECODED_DOCUMENT_BYTES, MAX_INFLATED_STREAM_BYTES } from '../../src/pdf/limits.js'
import { loadPdf } from '../../src/pdf/load-pdf.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { buildPdf, pagesPdf, stream } from './raw-pdf.js'
import { makePdf } from './fixtures.js'

/** Just under the per-stream cap; whitespace, so scanning it costs little beside decoding. */
const PAGE_BYTES = MAX_INFLATED_STREAM_BYTES - 1024 * 1024
const squeezed = deflateSync(Buffer.alloc(PAGE_BYTES, 0x20), { level: 9 })

/** `count` pages whose content streams each decode to PAGE_BYTES. */
const bigPages = (count: number): Uint8Array => pagesPdf(Array<Uint8Array>(count).fill(stream('/Filter /FlateDecode', squeezed)))

const budgetMessage = new RegExp(`decode to more than ${MAX_DECODED_DOCUMENT_BYTES / 1024 / 1024} MiB in total`)

describe('the decoding budget of a document', () => {
  it('stops object streams that together decode past it while the file is parsed', async () => {
    const objectStream = stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', squeezed)
    const count = Math.ceil(MAX_DECODED_DOCUMENT_BYTES / PAGE_BYTES) + 1
    const pdf = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>', ...Array<Uint8Array>(count).fill(objectStream)])
    await expect(loadPdf(pdf)).rejects.toMatchObject({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringMatching(budgetMessage) })
  }, 60_000)

  it('lets a page at the per-stream cap through every check, read more than once', async () => {
    const result = await validatePdf(bigPages(1))
    expect(result.readable).toBe(true)
    expect(result.loadError).toBeUndefined()
  }, 60_000)

  it('reports a document whose content streams run past it as unreadable, with no findings of checks cut short', async () => {
    const result = await validatePdf(bigPages(5))
    expect(result.readable).toBe(false)
    expect(result.valid).toBe(false)
    expect(result.loadError).toMatchObject({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringMatching(budgetMessage) })
    expect(result.findings.map((f) => f.ruleId)).toEqual(['PDFA-UNREADABLE'])
  }, 60_000)

  it('refuses to convert such a document to PDF/A', async () => {
    await expect(pdfToPdfa(bigPages(5))).rejects.toMatchObject({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringMatching(budgetMessage) })
  }, 60_000)

  it('refuses only the bomb among loads started together (a bomb had refused every document parsed beside it)', async () => {
    const overCap = deflateSync(Buffer.alloc(MAX_INFLATED_STREAM_BYTES + 1024 * 1024), { level: 9 })
    const bomb = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', overCap),
    ])
    const good = await makePdf({ subset: 'PDF/A-3b' })
    const outcomes = await Promise.allSettled([loadPdf(good), loadPdf(bomb), loadPdf(good), validatePdf(good), loadPdf(good)])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled'])
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringContaining('inflates to more than 64 MiB') })
    expect((outcomes[3] as PromiseFulfilledResult<Awaited<ReturnType<typeof validatePdf>>>).value.readable).toBe(true)
    // Alone, the same documents give the same answers.
    await expect(loadPdf(bomb)).rejects.toMatchObject({ errorCode: 'INPUT_TOO_LARGE' })
    await expect(loadPdf(good)).resolves.toBeDefined()
  }, 60_000)
})
