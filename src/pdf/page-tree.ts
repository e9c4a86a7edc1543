/**
 * The page tree's root, checked before a PDF is rewritten: pdf2pdfa and combine would otherwise
 * write a file as broken as its input, labelled PDF/A (combine did, for Mustang's
 * corruptedV2PDF.pdf, whose catalog /Pages is a page).
 * @module
 */
import { PDFDict, type PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'

/**
 * What is wrong with the root of the page tree, said in the file's terms. pdf-lib walks a
 * malformed tree into its own TypeErrors ("traverse is not a function"), which name nothing the
 * user can look for.
 */
function pageTreeRootProblem(doc: PDFDocument): string | undefined {
  const ref = doc.catalog.get(PDFName.of('Pages'))
  if (ref === undefined) return 'the catalog has no /Pages entry'
  const where = ref instanceof PDFRef ? `catalog /Pages (object ${ref.objectNumber} ${ref.generationNumber})` : 'catalog /Pages'
  const root = doc.context.lookup(ref)
  if (!(root instanceof PDFDict)) {
    const kind = root === undefined ? 'missing from the file' : root.constructor.name.replace(/^PDF/, '').toLowerCase()
    return `${where} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}, not a page tree dictionary`.replace(/an? missing/, 'missing')
  }
  const type = root.get(PDFName.of('Type'))
  if (type !== undefined && type !== PDFName.of('Pages')) return `${where} has /Type ${type.toString()}, not /Pages (the root of the page tree)`
  return undefined
}

/** A file whose page tree cannot be read would come out just as broken, labelled PDF/A. */
export function requirePageTree(doc: PDFDocument): void {
  const problem = pageTreeRootProblem(doc)
  if (problem !== undefined) throw new EInvoiceError('INVALID_PDF', `the page tree cannot be read: ${problem}`, { details: { object: 'Pages' } })
  try {
    if (doc.getPageCount() > 0) return
  } catch (err) {
    // Below a sound root: a /Kids entry that is no page or page tree node.
    const why = err instanceof TypeError ? 'a /Kids entry of the page tree is not a page or page tree node' : (err as Error).message
    throw new EInvoiceError('INVALID_PDF', `the page tree (catalog /Pages) cannot be read: ${why}`, { details: { object: 'Pages' }, cause: err })
  }
  throw new EInvoiceError('INVALID_PDF', 'the PDF has no pages', { details: { object: 'Pages' } })
}
