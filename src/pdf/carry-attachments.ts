/**
 * Keeping the attachments of a PDF across a Ghostscript rewrite. Ghostscript 10 keeps the
 * EmbeddedFiles name tree but writes the file specifications as direct objects and drops the
 * catalog /AF (ISO 19005-3 6.8 needs both), and it replaces the XMP (where a Factur-X / ZUGFeRD
 * extension schema lives). pdf2pdfa therefore replaces the rewritten file's attachments by copies
 * of the original ones and checks that nothing was lost: an attachment is never dropped silently.
 * @module
 */
import { type PDFArray, PDFDict, type PDFDocument, PDFName, PDFObjectCopier, type PDFObject } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'
import { embeddedFilesTree, listAttachments, nameTreeEntries } from './attachments.js'
import { writeNameTree } from './embed-file.js'

function names(doc: PDFDocument): string[] {
  return listAttachments(doc)
    .map((a) => a.name)
    .sort()
}

/** The catalog's attachments of `from` as [tree key, file specification] pairs (tree first, then /AF). */
function catalogSpecs(from: PDFDocument): [string, PDFDict][] {
  const out: [string, PDFDict][] = []
  const seen = new Set<PDFDict>()
  for (const [key, spec] of nameTreeEntries(embeddedFilesTree(from))) {
    if (spec instanceof PDFDict && !seen.has(spec)) {
      seen.add(spec)
      out.push([key, spec])
    }
  }
  for (const a of listAttachments(from, { depth: 'catalog' })) {
    if (!seen.has(a.fileSpec)) {
      seen.add(a.fileSpec)
      out.push([a.name, a.fileSpec])
    }
  }
  return out
}

/**
 * Replaces the EmbeddedFiles tree and catalog /AF of `to` by copies of those of `from` (file
 * specifications as indirect objects, each listed in /AF), then compares the attachment names.
 * @throws EInvoiceError NOT_PDFA naming the attachments the rewrite lost (e.g. of file-attachment
 *   annotations Ghostscript dropped).
 */
export function carryAttachments(from: PDFDocument, to: PDFDocument): void {
  const specs = catalogSpecs(from)
  const hadTree = embeddedFilesTree(to) !== undefined || to.catalog.get(PDFName.of('AF')) !== undefined
  if (specs.length > 0 || hadTree) {
    const namesDict = to.catalog.lookup(PDFName.of('Names'))
    if (namesDict instanceof PDFDict) namesDict.delete(PDFName.of('EmbeddedFiles'))
    to.catalog.delete(PDFName.of('AF'))
  }
  if (specs.length > 0) {
    const copier = PDFObjectCopier.for(from.context, to.context)
    const entries: [string, PDFObject][] = specs.map(([key, spec]) => [key, to.context.register(copier.copy(spec))])
    writeNameTree(to, entries)
    to.catalog.set(PDFName.of('AF'), to.context.obj(entries.map(([, ref]) => ref)) as PDFArray)
  }
  const before = names(from)
  const after = names(to)
  const lost = before.filter((name, i) => after.filter((n) => n === name).length < before.slice(0, i + 1).filter((n) => n === name).length)
  if (lost.length > 0) {
    throw new EInvoiceError(
      'NOT_PDFA',
      `the PDF cannot be made PDF/A-3 without losing attachments: the Ghostscript rewrite dropped ${lost.map((n) => JSON.stringify(n)).join(', ')}`,
      { details: { lost: lost.join(', ') } },
    )
  }
}
