/**
 * pdf2pdfa: an ordinary PDF → PDF/A-3b that conforms. In place when metadata, actions, flags and
 * standard-14 fonts need repair (fast, page content untouched: the fonts get metric-compatible
 * Liberation subsets); through Ghostscript for what only a content rewrite can fix (other
 * unembedded fonts such as Symbol, DeviceCMYK colour, LZW); refused with every reason when
 * neither can make it conform. A file is never labelled PDF/A unless the final check finds
 * nothing left, and never loses an attachment on the way.
 * @module
 */
import { PDFDict, type PDFDocument, PDFObjectCopier } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'
import { removeForbiddenActions } from './actions.js'
import { carryAttachments } from './carry-attachments.js'
import { missingCMaps } from './cmap-problems.js'
import { alignColorantSeparations, fillMissingColorants } from './colorant-separations.js'
import { type FontEmbedding, embedStandardFonts } from './embed-standard-fonts.js'
import { unembeddedFonts } from './fonts.js'
import { findGhostscript, ghostscriptToPdfa } from './ghostscript.js'
import { jpxImagesGhostscriptDrops } from './jpeg2000.js'
import { requireDecodeBudget } from './limits.js'
import { LOAD_PDF_OPTIONS, type LoadPdfOptions, loadPdf } from './load-pdf.js'
import { requirePageTree } from './page-tree.js'
import { pdfDateFromDate } from './pdf-date.js'
import { writePdfaMetadata } from './pdfa-metadata.js'
import { applyNativeFixes, contentProblems } from './pdfa-fixes.js'
import { type PreflightResult, preflight } from './preflight.js'
import { dropUnreachable, savePdf } from './save-pdf.js'
import type { Xmp } from './xmp.js'
import { lazyModule } from '../util/lazy-module.js'
import { bytesArgument, type BytesInput } from '../util/byte-input.js'
import { boolean, checkOptions, type OptionSpec, validDate } from '../util/option-input.js'

// The validator's PDF/A checks are the final word on every file pdf2pdfa writes. The only import
// from pdf/ into validate/ (which builds on pdf/'s readers); lazy, and no module cycle.
const validatorModule = lazyModule(() => import('../validate/pdf/validate-pdf.js'))

export type Pdf2PdfaOptions = LoadPdfOptions & {
  /** The clock reading for ModDate/MetadataDate. @default now */
  now?: Date | undefined
  /**
   * Ghostscript to use for what cannot be repaired in place: a path, or `false` to never use it.
   * @default the `gs` found on PATH (EINVOICE_GS overrides)
   */
  ghostscript?: string | false | undefined
  /** Embed Liberation subsets for unembedded standard-14 fonts in place. @default true */
  embedStandardFonts?: boolean | undefined
}

const PDF2PDFA_OPTIONS: OptionSpec<Pdf2PdfaOptions> = {
  ...LOAD_PDF_OPTIONS,
  now: validDate,
  ghostscript: { expected: 'the path of a Ghostscript program, or false', test: (v): v is string | false => v === false || (typeof v === 'string' && v !== '') },
  embedStandardFonts: boolean,
}

export type Pdf2PdfaResult = {
  pdf: Uint8Array
  /** `native`: repaired in place; `ghostscript`: rewritten by Ghostscript, then finished in place. */
  method: 'native' | 'ghostscript'
  /** Fonts embedded natively, as `BaseFont → replacement` (empty on the Ghostscript path). */
  embeddedFonts: string[]
  warnings: string[]
}

type Prepared = { doc: PDFDocument; check: PreflightResult; left: string[]; fonts: FontEmbedding; warnings: string[] }

/** What still stands between the document and PDF/A-3b once the in-place repairs are done. */
function blockers(doc: PDFDocument, check: PreflightResult, fonts: FontEmbedding): string[] {
  const out: string[] = []
  if (check.unembedded.length > 0) {
    const why = new Map(fonts.refused.map((r) => [r.baseFont, r.reason]))
    const names = [...new Set(check.unembedded.map((f) => f.baseFont))].map((n) => (why.has(n) ? `${n} (${why.get(n)!})` : n))
    out.push(`fonts not embedded (PDF/A 6.2.11.4.1): ${names.join(', ')}`)
  }
  out.push(...check.reasons.filter((r) => r.startsWith('carries JavaScript') || r.startsWith('forbidden actions')))
  out.push(...contentProblems(doc))
  return out
}

async function finish(doc: PDFDocument, check: PreflightResult, xmp: Xmp | undefined, now: Date, seed: Uint8Array): Promise<{ pdf: Uint8Array; warnings: string[] }> {
  const conformance = check.pdfa.part !== undefined && ['A', 'B', 'U'].includes(check.pdfa.conformance ?? '') ? check.pdfa.conformance : 'B'
  const warnings = writePdfaMetadata(doc, { xmp, conformance, now: pdfDateFromDate(now), idSeed: seed })
  return { pdf: await savePdf(doc), warnings }
}

async function prepare(bytes: Uint8Array, options: Pdf2PdfaOptions & LoadPdfOptions): Promise<Prepared> {
  const { doc } = await loadPdf(bytes, options)
  requirePageTree(doc)
  removeForbiddenActions(doc)
  const warnings: string[] = []
  applyNativeFixes(doc, pdfDateFromDate(options.now ?? new Date()), warnings)
  const missing = options.embedStandardFonts === false ? [] : unembeddedFonts(doc)
  const fonts = missing.length === 0 ? { replaced: [], refused: [] } : embedStandardFonts(doc, missing)
  // Removed actions and replaced fonts may survive as unreferenced objects; they must not count.
  dropUnreachable(doc)
  // Parts 1–3 are all fine as a starting point: the output is relabelled as part 3.
  const check = preflight(doc, { acceptedParts: [1, 2, 3] })
  const left = blockers(doc, check, fonts)
  // Some in-place fixes skip a stream they cannot read: a document whose budget ran out on the way
  // is refused, not written half repaired.
  requireDecodeBudget(doc.context)
  return { doc, check, left, fonts, warnings }
}

function refusal(message: string, reasons: readonly string[]): EInvoiceError {
  return new EInvoiceError('NOT_PDFA', `${message}: ${reasons.join('; ')}`, {
    details: Object.fromEntries(reasons.map((r, i) => [`reason${i + 1}`, r])),
  })
}

/** Gives the rewritten document the original's Info dictionary (Ghostscript drops what XMP cannot hold). */
function carryInfo(from: PDFDocument, to: PDFDocument): void {
  const info = from.context.lookup(from.context.trailerInfo.Info)
  if (info instanceof PDFDict) to.context.trailerInfo.Info = to.context.register(PDFObjectCopier.for(from.context, to.context).copy(info))
}

/**
 * @throws EInvoiceError NOT_PDFA naming what cannot be repaired (and that Ghostscript is missing
 *   or did not help, or would lose an attachment), INVALID_PDF / INPUT_TOO_LARGE for unreadable
 *   input, DEPENDENCY_MISSING when a bundled font file is missing.
 * @example
 * const { pdf, method } = await pdfToPdfa(readFileSync('letter.pdf'))
 */
export async function pdfToPdfa(bytes: BytesInput, options: Pdf2PdfaOptions = {}): Promise<Pdf2PdfaResult> {
  bytes = bytesArgument(bytes, 'pdf')
  options = checkOptions(options, 'options', PDF2PDFA_OPTIONS)
  const now = options.now ?? new Date()
  const first = await prepare(bytes, options)
  const embeddedFonts = first.fonts.replaced
  // Text whose CMap is missing cannot be read by anyone: Ghostscript would draw .notdef glyphs.
  const missing = missingCMaps(first.doc)
  if (missing.length > 0) throw refusal('the PDF cannot be made PDF/A-3', missing)
  if (first.left.length === 0) {
    const { pdf, warnings } = await finish(first.doc, first.check, first.check.xmp, now, bytes)
    // The blockers above name what pdf2pdfa knows to route; the full check catches the rest.
    const left = await (await validatorModule()).pdfaErrors(pdf)
    if (left.length === 0) return { pdf, method: 'native', embeddedFonts, warnings: [...first.warnings, ...warnings] }
    first.left.push(...left)
  }
  // Ghostscript leaves out an image it cannot decode, silently: such a file is refused before.
  const dropped = jpxImagesGhostscriptDrops(first.doc)
  if (dropped.length > 0) throw refusal('the PDF cannot be made PDF/A-3, not even with Ghostscript', [...first.left, ...dropped])
  const gs = options.ghostscript === false ? undefined : (options.ghostscript ?? findGhostscript())
  if (gs === undefined) {
    throw refusal('the PDF cannot be made PDF/A-3 without Ghostscript (gs not found on PATH, or disabled by EINVOICE_GS)', first.left)
  }
  const rewritten = await ghostscriptToPdfa(gs, bytes)
  const second = await prepare(rewritten, { ...options, maxBytes: Number.MAX_SAFE_INTEGER })
  carryAttachments(first.doc, second.doc)
  carryInfo(first.doc, second.doc)
  // Annotation attachments lost their catalog /AF entry when the catalog's were replaced.
  applyNativeFixes(second.doc, pdfDateFromDate(now), second.warnings)
  // Ghostscript converts the Separations it paints but copies /Colorants ones as they were (6.2.4.4);
  // once they agree, a colourant that had none can get its entry.
  if (alignColorantSeparations(second.doc) > 0) fillMissingColorants(second.doc)
  dropUnreachable(second.doc)
  // The re-attached files and the final state are checked again before anything is labelled PDF/A.
  const check = preflight(second.doc, { acceptedParts: [1, 2, 3] })
  const left = blockers(second.doc, check, second.fonts)
  if (left.length > 0) throw refusal('the PDF cannot be made PDF/A-3, even with Ghostscript', left)
  // The original XMP keeps what Ghostscript's own packet lost (e.g. a Factur-X extension schema).
  const xmp = first.check.xmp ?? check.xmp
  const { pdf, warnings } = await finish(second.doc, first.check, xmp, now, bytes)
  const remaining = await (await validatorModule()).pdfaErrors(pdf)
  if (remaining.length > 0) throw refusal('the PDF cannot be made PDF/A-3, even with Ghostscript', remaining)
  return { pdf, method: 'ghostscript', embeddedFonts: [], warnings: [...new Set([...second.warnings, ...warnings])] }
}
