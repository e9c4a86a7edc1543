/**
 * pdf2pdfa: an ordinary PDF → PDF/A-3b that conforms. In place when only metadata, actions and
 * flags need repair (fast, content untouched); through Ghostscript when fonts must be embedded or
 * colour converted; refused with every reason when neither can make it conform. A file is never
 * labelled PDF/A unless the final check finds nothing left.
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'
import { removeForbiddenActions } from './actions.js'
import { findGhostscript, ghostscriptToPdfa } from './ghostscript.js'
import { type LoadPdfOptions, loadPdf } from './load-pdf.js'
import { pdfDateFromDate } from './pdf-date.js'
import { writePdfaMetadata } from './pdfa-metadata.js'
import { applyNativeFixes, contentProblems } from './pdfa-fixes.js'
import { type PreflightResult, preflight } from './preflight.js'
import { dropUnreachable, savePdf } from './save-pdf.js'

export type Pdf2PdfaOptions = LoadPdfOptions & {
  /** The clock reading for ModDate/MetadataDate. @default now */
  now?: Date | undefined
  /**
   * Ghostscript to use for what cannot be repaired in place: a path, or `false` to never use it.
   * @default the `gs` found on PATH
   */
  ghostscript?: string | false | undefined
}

export type Pdf2PdfaResult = {
  pdf: Uint8Array
  /** `native`: repaired in place; `ghostscript`: rewritten by Ghostscript, then finished in place. */
  method: 'native' | 'ghostscript'
  warnings: string[]
}

/** What still stands between the document and PDF/A-3b once the in-place repairs are done. */
function blockers(doc: PDFDocument, check: PreflightResult): string[] {
  const out: string[] = []
  if (check.unembedded.length > 0) {
    const names = [...new Set(check.unembedded.map((f) => f.baseFont))].join(', ')
    out.push(`fonts not embedded (PDF/A 6.2.11.4.1): ${names}`)
  }
  out.push(...check.reasons.filter((r) => r.startsWith('carries JavaScript') || r.startsWith('forbidden actions')))
  out.push(...contentProblems(doc))
  return out
}

async function finish(doc: PDFDocument, check: PreflightResult, now: Date, seed: Uint8Array): Promise<Uint8Array> {
  const conformance = check.pdfa.part !== undefined && ['A', 'B', 'U'].includes(check.pdfa.conformance ?? '') ? check.pdfa.conformance : 'B'
  writePdfaMetadata(doc, { xmp: check.xmp, conformance, now: pdfDateFromDate(now), idSeed: seed })
  return savePdf(doc)
}

async function prepare(bytes: Uint8Array, options: LoadPdfOptions): Promise<{ doc: PDFDocument; check: PreflightResult; left: string[] }> {
  const { doc } = await loadPdf(bytes, options)
  removeForbiddenActions(doc)
  applyNativeFixes(doc)
  // Removed actions may survive as unreferenced objects; they must not count (nor be written).
  dropUnreachable(doc)
  // Parts 1–3 are all fine as a starting point: the output is relabelled as part 3.
  const check = preflight(doc, { acceptedParts: [1, 2, 3] })
  return { doc, check, left: blockers(doc, check) }
}

/**
 * @throws EInvoiceError NOT_PDFA naming what cannot be repaired (and that Ghostscript is missing
 *   or did not help), INVALID_PDF / INPUT_TOO_LARGE for unreadable input.
 */
export async function pdfToPdfa(bytes: Uint8Array, options: Pdf2PdfaOptions = {}): Promise<Pdf2PdfaResult> {
  const now = options.now ?? new Date()
  const first = await prepare(bytes, options)
  if (first.left.length === 0) {
    return { pdf: await finish(first.doc, first.check, now, bytes), method: 'native', warnings: [] }
  }
  const gs = options.ghostscript === false ? undefined : (options.ghostscript ?? findGhostscript())
  if (gs === undefined) {
    throw new EInvoiceError(
      'NOT_PDFA',
      `the PDF cannot be made PDF/A-3 without Ghostscript (not found on PATH): ${first.left.join('; ')}`,
      { details: Object.fromEntries(first.left.map((r, i) => [`reason${i + 1}`, r])) },
    )
  }
  const rewritten = await ghostscriptToPdfa(gs, bytes)
  const second = await prepare(rewritten, { maxBytes: Number.MAX_SAFE_INTEGER })
  if (second.left.length > 0) {
    throw new EInvoiceError('NOT_PDFA', `the PDF cannot be made PDF/A-3, even with Ghostscript: ${second.left.join('; ')}`, {
      details: Object.fromEntries(second.left.map((r, i) => [`reason${i + 1}`, r])),
    })
  }
  return { pdf: await finish(second.doc, second.check, now, bytes), method: 'ghostscript', warnings: [] }
}
