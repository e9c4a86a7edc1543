/**
 * The PDF/A pre-flight of combine and the final check of pdf2pdfa: every reason a file is not
 * (or would not become) a conforming PDF/A-3, collected rather than thrown, so one 400 lists
 * them all.
 * @module
 */
import type { PDFDocument } from '@cantoo/pdf-lib'
import { findForbiddenActions } from './actions.js'
import { type UnembeddedFont, unembeddedFonts } from './fonts.js'
import { type PdfaIdentification, pdfaIdentification, readDocumentXmp } from './metadata.js'
import type { Xmp } from './xmp.js'

export type PreflightResult = {
  /** The XMP packet when it could be read. */
  xmp?: Xmp | undefined
  pdfa: PdfaIdentification
  unembedded: UnembeddedFont[]
  /** Every reason the input is not an acceptable PDF/A, in words. */
  reasons: string[]
}

export type PreflightOptions = {
  /** The PDF/A parts accepted as input. @default [1, 3] (combine: PDF/A-1 or PDF/A-3) */
  acceptedParts?: readonly number[] | undefined
}

function fontList(fonts: readonly UnembeddedFont[]): string {
  const names = [...new Set(fonts.map((f) => f.baseFont))]
  return names.slice(0, 10).join(', ') + (names.length > 10 ? ` and ${names.length - 10} more` : '')
}

/** Runs every check and returns the findings; throws nothing for a readable document. */
export function preflight(doc: PDFDocument, options: PreflightOptions = {}): PreflightResult {
  const accepted = options.acceptedParts ?? [1, 3]
  const reasons: string[] = []
  const read = readDocumentXmp(doc)
  let pdfa: PdfaIdentification = {}
  if (read === undefined) reasons.push('not PDF/A: the document has no XMP metadata (catalog /Metadata)')
  else if (read.error !== undefined) reasons.push(`not PDF/A: ${read.error}`)
  else {
    pdfa = pdfaIdentification(read.xmp)
    if (pdfa.part === undefined) reasons.push('not PDF/A: the XMP metadata has no pdfaid:part')
    else if (!accepted.includes(pdfa.part)) {
      reasons.push(`PDF/A-${pdfa.part} input is not accepted (only PDF/A-${accepted.join(' or PDF/A-')})`)
    }
    if (pdfa.part !== undefined && !['A', 'B', 'U'].includes(pdfa.conformance ?? '')) {
      reasons.push(`not PDF/A: pdfaid:conformance is ${JSON.stringify(pdfa.conformance ?? '')}, expected A, B or U`)
    }
  }
  const unembedded = unembeddedFonts(doc)
  if (unembedded.length > 0) reasons.push(`fonts not embedded (PDF/A 6.2.11.4.1): ${fontList(unembedded)}`)
  const forbidden = findForbiddenActions(doc)
  const js = forbidden.filter((f) => f.kind === 'javascript')
  if (js.length > 0) reasons.push(`carries JavaScript (PDF/A 6.6.1): ${js.map((f) => f.what).join(', ')}`)
  const other = forbidden.filter((f) => f.kind !== 'javascript')
  if (other.length > 0) reasons.push(`forbidden actions (PDF/A 6.5): ${other.map((f) => f.what).join(', ')}`)
  return { xmp: read?.xmp, pdfa, unembedded, reasons }
}
