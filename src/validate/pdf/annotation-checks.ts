/**
 * PDF/A-3 checks on annotations (ISO 19005-3 6.3) and interactive forms (6.4): allowed annotation
 * types, the annotation flags, appearance dictionaries, actions on widgets and form fields,
 * NeedAppearances, XFA and NeedsRendering. Annotations are the ones pages list in /Annots (the
 * optional /Type /Annot is not relied on); form fields are walked from the AcroForm /Fields tree.
 * @module
 */
import { PDFArray, PDFBool, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFStream } from '@cantoo/pdf-lib'
import { ANNOTATION_FLAGS, PDFA_ANNOTATION_SUBTYPES as ALLOWED_SUBTYPES } from '../../pdf/pdfa-facts.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'
import { forEachField } from '../../pdf/signatures.js'
import { deref } from '../../pdf/walk.js'

const { invisible: INVISIBLE, hidden: HIDDEN, print: PRINT, noView: NO_VIEW, toggleNoView: TOGGLE_NO_VIEW } = ANNOTATION_FLAGS

/** Field trees deeper than this are treated as hostile and not descended. */
const MAX_FIELD_DEPTH = 32

function where(doc: PDFDocument, dict: PDFDict, fallback: string): string {
  const ref = doc.context.getObjectRef(dict)
  return ref === undefined ? fallback : `object ${ref.objectNumber} ${ref.generationNumber}`
}

function nameOf(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFName ? o.decodeText() : undefined
}

/** A rectangle of zero width and height: such annotations need no appearance. */
function zeroSized(doc: PDFDocument, annot: PDFDict): boolean {
  const rect = deref(doc, annot.get(PDFName.of('Rect')))
  if (!(rect instanceof PDFArray) || rect.size() !== 4) return false
  const n = (i: number): number => {
    const v = deref(doc, rect.get(i))
    return v instanceof PDFNumber ? v.asNumber() : Number.NaN
  }
  return n(2) - n(0) === 0 && n(3) - n(1) === 0
}

/** The field type of a widget, inherited through /Parent as ISO 32000-1 12.7.3.1 says. */
function fieldType(doc: PDFDocument, dict: PDFDict): string | undefined {
  let current: PDFDict | undefined = dict
  for (let depth = 0; current !== undefined && depth < MAX_FIELD_DEPTH; depth++) {
    const ft = nameOf(deref(doc, current.get(PDFName.of('FT'))))
    if (ft !== undefined) return ft
    const parent = deref(doc, current.get(PDFName.of('Parent')))
    current = parent instanceof PDFDict ? parent : undefined
  }
  return undefined
}

function checkFlags(doc: PDFDocument, annot: PDFDict, subtype: string, at: string, out: PdfFinding[]): void {
  const f = deref(doc, annot.get(PDFName.of('F')))
  if (f === undefined) {
    if (subtype !== 'Popup') out.push(pdfFinding('PDFA-ANNOT-FLAGS', at, { subtype, found: 'no /F entry' }))
    return
  }
  const flags = f instanceof PDFNumber ? f.asNumber() : Number.NaN
  if (!Number.isInteger(flags)) {
    out.push(pdfFinding('PDFA-ANNOT-FLAGS', at, { subtype, found: `/F ${f.toString()}` }))
    return
  }
  const wrong = [
    (flags & PRINT) === 0 ? 'Print is not set' : '',
    flags & HIDDEN ? 'Hidden is set' : '',
    flags & INVISIBLE ? 'Invisible is set' : '',
    flags & NO_VIEW ? 'NoView is set' : '',
    flags & TOGGLE_NO_VIEW ? 'ToggleNoView is set' : '',
  ].filter((s) => s !== '')
  if (wrong.length > 0) out.push(pdfFinding('PDFA-ANNOT-FLAGS', at, { subtype, found: `/F ${flags}: ${wrong.join(', ')}` }))
}

function checkAppearance(doc: PDFDocument, annot: PDFDict, subtype: string, at: string, out: PdfFinding[]): void {
  const ap = deref(doc, annot.get(PDFName.of('AP')))
  if (ap === undefined) {
    if (subtype !== 'Popup' && subtype !== 'Link' && !zeroSized(doc, annot)) out.push(pdfFinding('PDFA-ANNOT-APPEARANCE', at, { subtype, found: 'no /AP entry' }))
    return
  }
  if (!(ap instanceof PDFDict)) {
    out.push(pdfFinding('PDFA-ANNOT-APPEARANCE', at, { subtype, found: '/AP is not a dictionary' }))
    return
  }
  const keys = ap.keys().map((k) => k.decodeText())
  if (keys.some((k) => k !== 'N')) out.push(pdfFinding('PDFA-ANNOT-APPEARANCE', at, { subtype, found: `/AP has /${keys.filter((k) => k !== 'N').join(', /')} besides /N` }))
  const normal = deref(doc, ap.get(PDFName.of('N')))
  const button = subtype === 'Widget' && fieldType(doc, annot) === 'Btn'
  if (normal === undefined) out.push(pdfFinding('PDFA-ANNOT-APPEARANCE', at, { subtype, found: '/AP has no /N' }))
  else if (button && !(normal instanceof PDFDict && !(normal instanceof PDFStream))) {
    out.push(pdfFinding('PDFA-ANNOT-APPEARANCE', at, { subtype, found: 'a button widget needs a dictionary of appearance states in /N' }))
  } else if (!button && !(normal instanceof PDFStream)) {
    out.push(pdfFinding('PDFA-ANNOT-APPEARANCE', at, { subtype, found: '/N is not an appearance stream' }))
  }
}

function pageAnnotations(doc: PDFDocument): PDFDict[] {
  const out: PDFDict[] = []
  let pages: ReturnType<PDFDocument['getPages']> = []
  try {
    pages = doc.getPages()
  } catch {
    // A page tree that cannot be read is one finding of its own (validate-pdf.ts).
  }
  for (const page of pages) {
    const annots = deref(doc, page.node.get(PDFName.of('Annots')))
    if (!(annots instanceof PDFArray)) continue
    for (const item of annots.asArray()) {
      const annot = deref(doc, item)
      if (annot instanceof PDFDict) out.push(annot)
    }
  }
  return out
}

/** 6.3: every page annotation. */
export function checkAnnotations(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  for (const annot of pageAnnotations(doc)) {
    const subtype = nameOf(deref(doc, annot.get(PDFName.of('Subtype')))) ?? 'none'
    const at = where(doc, annot, `${subtype} annotation`)
    if (!ALLOWED_SUBTYPES.has(subtype)) {
      out.push(pdfFinding('PDFA-ANNOT-TYPE', at, { subtype }))
      continue
    }
    checkFlags(doc, annot, subtype, at, out)
    checkAppearance(doc, annot, subtype, at, out)
    if (subtype === 'Widget' && annot.has(PDFName.of('A'))) out.push(pdfFinding('PDFA-FORM-ACTION', at, { what: 'a widget annotation' }))
  }
  return out
}

/** 6.4: the interactive form and its fields; the catalog's NeedsRendering. */
export function checkForms(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  if (doc.catalog.has(PDFName.of('NeedsRendering'))) out.push(pdfFinding('PDFA-FORM-XFA', 'catalog', { key: 'NeedsRendering', where: 'the document catalog' }))
  const form = deref(doc, doc.catalog.get(PDFName.of('AcroForm')))
  if (!(form instanceof PDFDict)) return out
  if (form.has(PDFName.of('XFA'))) out.push(pdfFinding('PDFA-FORM-XFA', 'catalog /AcroForm', { key: 'XFA', where: 'the interactive form dictionary' }))
  const need = deref(doc, form.get(PDFName.of('NeedAppearances')))
  if (need instanceof PDFBool && need.asBoolean()) out.push(pdfFinding('PDFA-FORM-NEED-APPEARANCES', 'catalog /AcroForm'))
  // A widget's own /A is reported with the page annotations; /AA anywhere is PDFA-ADDITIONAL-ACTIONS.
  const visit = (field: PDFDict): void => {
    if (field.has(PDFName.of('A')) && nameOf(deref(doc, field.get(PDFName.of('Subtype')))) !== 'Widget') {
      out.push(pdfFinding('PDFA-FORM-ACTION', where(doc, field, 'form field'), { what: 'a form field' }))
    }
  }
  forEachField(doc, form.get(PDFName.of('Fields')), visit)
  return out
}
