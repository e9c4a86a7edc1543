/**
 * Turns a rendered PDF/A-3 into a hybrid invoice with the PDF layer's combine engine: the
 * container (file name, /AFRelationship, XMP schema and ConformanceLevel) is read from the XML
 * itself (root + BT-24, `resolveContainer`), the XML is embedded unchanged (`embedInvoiceXml`),
 * and the invoice's own attachments (BG-24, BT-125) follow as /Supplement associated files
 * (pdf-outputs.md criterion 14).
 * @module
 */
import type { Invoice } from '../model/invoice.js'
import { embedFile } from '../pdf/embed-file.js'
import { type ContainerRequest, type InvoiceContainer, embedInvoiceXml, loadPdf, resolveContainer } from '../pdf/index.js'
import { pdfDateFromDate } from '../pdf/pdf-date.js'
import { savePdf } from '../pdf/save-pdf.js'

export type HybridOptions = {
  /** ModDate and the attachment dates. @default the current time */
  date?: Date | undefined
}

export type HybridResult = { pdf: Uint8Array; warnings: string[] }

type Supplement = { name: string; data: Uint8Array; mime: string; description: string }

/** The invoice's BG-24 attachments with unique file names (never the invoice XML's own name). */
function supplements(invoice: Invoice, taken: Set<string>): Supplement[] {
  const out: Supplement[] = []
  for (const doc of invoice.supportingDocuments) {
    const a = doc.attachment
    if (a === undefined) continue
    const base = a.filename.trim() === '' ? `attachment-${doc.id}` : a.filename.trim()
    let name = base
    for (let n = 2; taken.has(name); n++) name = `${n}-${base}`
    taken.add(name)
    out.push({ name, data: Buffer.from(a.base64, 'base64'), mime: a.mimeCode, description: doc.description ?? doc.id })
  }
  return out
}

/**
 * The container the XML goes into, read from its root and BT-24 (checked against the format /
 * profile / version asked for, if any); call it before rendering so a
 * document that cannot become a hybrid fails fast.
 * @throws EInvoiceError UNSUPPORTED_DOCUMENT for UBL (Factur-X, ZUGFeRD and XRechnung hybrids
 *   carry CII), INVALID_PARAMETER when BT-24 names no profile the container table knows.
 */
export function hybridContainer(xml: Uint8Array, request: ContainerRequest = {}): InvoiceContainer {
  return resolveContainer(xml, request)
}

/** Embeds `xml` (unchanged) into the PDF/A-3 `pdf` as `container` says, plus the BG-24 attachments. */
export async function makeHybrid(pdf: Uint8Array, xml: Uint8Array, invoice: Invoice, container: InvoiceContainer, options: HybridOptions = {}): Promise<HybridResult> {
  const now = options.date ?? new Date()
  const combined = await embedInvoiceXml(pdf, xml, { container, now })
  const extra = supplements(invoice, new Set([container.attachmentFileName]))
  if (extra.length === 0) return combined
  const { doc } = await loadPdf(combined.pdf)
  const date = pdfDateFromDate(now)
  for (const s of extra) embedFile(doc, { name: s.name, data: s.data, mimeType: s.mime, description: s.description, relationship: 'Supplement', date })
  return { pdf: await savePdf(doc), warnings: combined.warnings }
}
