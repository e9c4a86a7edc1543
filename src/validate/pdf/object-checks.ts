/**
 * PDF/A-3 checks over the document's objects: embedded fonts (6.2.11.4.1), forbidden actions and
 * JavaScript (6.5, 6.6.1) — both found by the src/pdf modules combine uses for its pre-flight —
 * and the embedded-file rules (6.8: /F and /UF, /AFRelationship, an /AF reference, a MIME type,
 * /Params /ModDate).
 * @module
 */
import { PDFArray, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFString, PDFHexString } from '@cantoo/pdf-lib'
import { findForbiddenActions } from '../../pdf/actions.js'
import { type PdfAttachment, isMimeType, listAttachments } from '../../pdf/attachments.js'
import { fontsInResources, unembeddedFonts } from '../../pdf/fonts.js'
import { parsePdfDate } from '../../pdf/pdf-date.js'
import { forEachDict } from '../../pdf/walk.js'
import { type PdfFinding, type PdfRuleId, pdfFinding } from './pdf-rules.js'

const KIND_RULE: Readonly<Record<'javascript' | 'action' | 'additional-actions', PdfRuleId>> = {
  javascript: 'PDFA-JAVASCRIPT',
  action: 'PDFA-ACTION',
  'additional-actions': 'PDFA-ADDITIONAL-ACTIONS',
}

export function checkFontsAndActions(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  const seen = new Set<string>()
  const used = fontsInResources(doc)
  for (const f of unembeddedFonts(doc)) {
    if (seen.has(f.baseFont) || !used.has(f.dict)) continue
    seen.add(f.baseFont)
    const ref = doc.context.getObjectRef(f.dict)
    out.push(pdfFinding('PDFA-FONT-EMBEDDED', ref === undefined ? 'font dictionary' : `object ${ref.objectNumber} ${ref.generationNumber}`, { font: f.baseFont, subtype: f.subtype }))
  }
  for (const a of findForbiddenActions(doc)) out.push(pdfFinding(KIND_RULE[a.kind], 'document', { what: a.what }))
  return out
}

/** An embedded file as the checks see it. */
export type EmbeddedFileInfo = {
  attachment: PdfAttachment
  inCatalogAf: boolean
  modDate: string | undefined
}

function text(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined
}

/** Every object that some /AF array references, and the catalog's own /AF members. */
function afMembers(doc: PDFDocument): { any: Set<PDFObject>; catalog: Set<PDFObject> } {
  const resolve = (o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? doc.context.lookup(o) : o)
  const collect = (af: PDFObject | undefined, into: Set<PDFObject>): void => {
    const arr = resolve(af)
    if (!(arr instanceof PDFArray)) return
    for (const item of arr.asArray()) {
      const v = resolve(item)
      if (v !== undefined) into.add(v)
    }
  }
  const any = new Set<PDFObject>()
  const catalog = new Set<PDFObject>()
  collect(doc.catalog.get(PDFName.of('AF')), catalog)
  forEachDict(doc, (dict) => collect(dict.get(PDFName.of('AF')), any))
  for (const c of catalog) any.add(c)
  return { any, catalog }
}

/** 6.8 on every embedded file; returns the files for the Factur-X checks. */
export function checkEmbeddedFiles(doc: PDFDocument, out: PdfFinding[]): EmbeddedFileInfo[] {
  const files = listAttachments(doc)
  if (files.length === 0) return []
  const af = afMembers(doc)
  return files.map((a) => {
    const file = JSON.stringify(a.name)
    const where = a.source === 'EmbeddedFiles' ? `EmbeddedFiles ${file}` : `file specification ${file}`
    const spec = a.fileSpec
    if (text(spec.lookup(PDFName.of('F'))) === undefined || text(spec.lookup(PDFName.of('UF'))) === undefined) out.push(pdfFinding('PDFA-EF-NAMES', where, { file }))
    if (a.relationship === undefined) out.push(pdfFinding('PDFA-EF-RELATIONSHIP', where, { file }))
    if (!af.any.has(spec)) out.push(pdfFinding('PDFA-EF-AF', where, { file }))
    if (!isMimeType(a.mimeType)) out.push(pdfFinding('PDFA-EF-MIME', where, { file, found: a.mimeType ?? 'none' }))
    const params = a.stream.dict.lookup(PDFName.of('Params'))
    const modDate = params !== undefined && 'lookup' in params ? text((params as { lookup(k: PDFName): PDFObject | undefined }).lookup(PDFName.of('ModDate'))) : undefined
    if (modDate === undefined || parsePdfDate(modDate) === undefined) {
      out.push(pdfFinding('PDFA-EF-MODDATE', where, { file, found: modDate === undefined ? 'none' : JSON.stringify(modDate) }))
    }
    return { attachment: a, inCatalogAf: af.catalog.has(spec), modDate }
  })
}
