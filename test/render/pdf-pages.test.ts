import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { compactFinishedPages, joinPageContent } from '../../src/render/pdf-pages.js'

type Page = { content: { buffer: unknown } }

/** A buffered document of several pages; returns its bytes and the content chunk counts of its pages before the end. */
async function render(compact: boolean): Promise<{ bytes: Buffer; chunks: number[] }> {
  const date = new Date('2026-01-02T03:04:05Z')
  const doc = new PDFDocument({ bufferPages: true, info: { CreationDate: date, ModDate: date } })
  if (compact) compactFinishedPages(doc)
  const pages: Page[] = [doc.page as unknown as Page]
  doc.on('pageAdded', () => pages.push(doc.page as unknown as Page))
  const out: Buffer[] = []
  doc.on('data', (c: Buffer) => out.push(c))
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  for (let i = 0; i < 400; i++) doc.fontSize(9).text(`Message ${i}: a line of text that takes some room on the page`)
  // Footers written after the fact, as the page numbers are.
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    doc.text(`page ${i + 1} of ${range.count}`, 72, 20, { lineBreak: false })
  }
  const chunks = pages.map((p) => (Array.isArray(p.content.buffer) ? p.content.buffer.length : -1))
  doc.end()
  await ended
  return { bytes: Buffer.concat(out), chunks }
}

describe('buffered pages keep their content in one chunk each', () => {
  it('joins a finished page when the next one starts; the PDF is byte for byte the same', async () => {
    const plain = await render(false)
    const compact = await render(true)
    expect(plain.chunks.length).toBeGreaterThan(4)
    // Without joining, every page holds one chunk per operator; with it, the finished pages hold
    // the joined bytes plus the footer written afterwards.
    expect(Math.min(...plain.chunks.slice(0, -1))).toBeGreaterThan(100)
    expect(compact.chunks.slice(0, -1).every((n) => n <= 10)).toBe(true)
    expect(compact.bytes.equals(plain.bytes)).toBe(true)
  })

  it('leaves content it does not recognise alone', () => {
    const odd = { buffer: ['a', 'b'] as unknown }
    joinPageContent(odd)
    expect(odd.buffer).toEqual(['a', 'b'])
    const one = { buffer: [new Uint8Array([1, 2])] as unknown }
    joinPageContent(one)
    expect(one.buffer).toEqual([new Uint8Array([1, 2])])
    const two = { buffer: [new Uint8Array([1, 2]), new Uint8Array([3])] as unknown }
    joinPageContent(two)
    const joined = two.buffer as Uint8Array[]
    expect(joined).toHaveLength(1)
    expect(joined[0]).toBeInstanceOf(Uint8Array)
    expect([...(joined[0] as Uint8Array)]).toEqual([1, 2, 3])
    joinPageContent(undefined)
  })
})
