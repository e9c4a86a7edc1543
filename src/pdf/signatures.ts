/**
 * Form fields, and the signature dictionaries of a document: the /V of every signature field (/FT /Sig, inherited
 * through /Parent) of the AcroForm /Fields tree, as ISO 19005-3 6.4.3 and pdf2pdfa read them.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject } from '@cantoo/pdf-lib'
import { deref } from './walk.js'

const MAX_DEPTH = 32

export type SignedField = { field: PDFDict; signature: PDFDict }

/**
 * Visits every field of an AcroForm /Fields tree once, parents before their /Kids, with the field
 * type it has or inherits.
 */
export function forEachField(doc: PDFDocument, fields: PDFObject | undefined, visit: (field: PDFDict, type: PDFObject | undefined) => void): void {
  const seen = new Set<PDFDict>()
  const walk = (list: PDFObject | undefined, inherited: PDFObject | undefined, depth: number): void => {
    const items = deref(doc, list)
    if (!(items instanceof PDFArray) || depth > MAX_DEPTH) return
    for (const item of items.asArray()) {
      const field = deref(doc, item)
      if (!(field instanceof PDFDict) || seen.has(field)) continue
      seen.add(field)
      const type = deref(doc, field.get(PDFName.of('FT'))) ?? inherited
      visit(field, type)
      walk(field.get(PDFName.of('Kids')), type, depth + 1)
    }
  }
  walk(fields, undefined, 0)
}

/** Every signature field whose /V holds a signature dictionary, in /Fields order. */
export function signedFields(doc: PDFDocument): SignedField[] {
  const out: SignedField[] = []
  const form = deref(doc, doc.catalog.get(PDFName.of('AcroForm')))
  if (!(form instanceof PDFDict)) return out
  forEachField(doc, form.get(PDFName.of('Fields')), (field, type) => {
    const value = deref(doc, field.get(PDFName.of('V')))
    if (type === PDFName.of('Sig') && value instanceof PDFDict) out.push({ field, signature: value })
  })
  return out
}

/**
 * pdf2pdfa writes the file anew, so no signature's /ByteRange matches its bytes afterwards
 * (6.4.3): the fields lose their value and become unsigned signature fields. @returns how many.
 */
export function dropSignatureValues(doc: PDFDocument): number {
  const fields = signedFields(doc)
  for (const { field } of fields) field.delete(PDFName.of('V'))
  return fields.length
}
