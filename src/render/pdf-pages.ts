/**
 * Memory of buffered pages. The invoice and report PDFs buffer their pages (`bufferPages`) so that
 * each footer can say "page 3 of 12" once the last page is known. pdfkit keeps a page's content
 * as one small byte array per operator until the document ends, a few hundred bytes of overhead
 * each: a report of 20,000 messages (1,183 pages) peaked at 414 MB, one of 100,000 at 1.55 GB.
 * Joining a page's arrays when the next page starts holds the same bytes in one array per page
 * (247 MB and 647 MB; the output is byte-for-byte the same).
 * @module
 */
import type PDFDocument from 'pdfkit'

/** pdfkit's content stream object as this module relies on it (pdfkit 0.20 `PDFReference`). */
type ContentStream = { buffer?: unknown }

/** A page's content chunks joined into one; anything but an array of byte arrays is left alone. */
export function joinPageContent(content: ContentStream | undefined): void {
  const chunks = content?.buffer
  if (content === undefined || !Array.isArray(chunks) || chunks.length < 2 || !chunks.every((c) => c instanceof Uint8Array)) return
  content.buffer = [Buffer.concat(chunks as Uint8Array[])]
}

/**
 * From now on, each finished page's content is joined when the next page is added. Content written
 * to it later (the footers, after `switchToPage`) goes on after the joined bytes, as before.
 */
export function compactFinishedPages(doc: InstanceType<typeof PDFDocument>): void {
  let previous = doc.page as unknown as { content?: ContentStream }
  doc.on('pageAdded', () => {
    joinPageContent(previous.content)
    previous = doc.page as unknown as { content?: ContentStream }
  })
}
