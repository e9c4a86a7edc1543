/**
 * PDF/A-3 checks on single dictionary entries of streams, graphics states, images and XObjects:
 * no external stream data (ISO 19005-3 6.1.7.1: /F, /FFilter, /FDecodeParms), no transfer
 * functions or halftone phase in graphics states (6.2.5: /TR, /TR2 other than /Default, /HTP),
 * only the four ISO 32000-1 rendering intents (6.2.6: graphics-state /RI, image /Intent), no
 * alternate, OPI or interpolated images (6.2.8), no PostScript, reference or OPI XObjects
 * (6.2.9), and no /Requirements in the catalog (6.11).
 * @module
 */
import { PDFBool, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRawStream, type PDFRef } from '@cantoo/pdf-lib'
import { RENDERING_INTENTS as INTENTS } from '../../pdf/pdfa-facts.js'
import { deref, forEachDict } from '../../pdf/walk.js'
import { type PdfFinding, type PdfRuleId, pdfFinding } from './pdf-rules.js'


const nameOf = (o: PDFObject | undefined): string | undefined => (o instanceof PDFName ? o.decodeText() : undefined)
const at = (ref: PDFRef): string => `object ${ref.objectNumber} ${ref.generationNumber}`

/** Every finding of the checks above, one per object and rule. */
export function checkGraphicsObjects(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  const seen = new Set<string>()
  const add = (rule: PdfRuleId, where: string, params: Record<string, string>): void => {
    const key = `${rule} ${where} ${JSON.stringify(params)}`
    if (seen.has(key)) return
    seen.add(key)
    out.push(pdfFinding(rule, where, { where, ...params }))
  }
  const get = (dict: PDFDict, key: string): PDFObject | undefined => deref(doc, dict.get(PDFName.of(key)))
  const intent = (dict: PDFDict, key: string, where: string): void => {
    const v = nameOf(get(dict, key))
    if (v !== undefined && !INTENTS.has(v)) add('PDFA-RENDERING-INTENT', where, { intent: `/${v}` })
  }

  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const dict = object.dict
    const where = at(ref)
    for (const key of ['F', 'FFilter', 'FDecodeParms']) if (dict.has(PDFName.of(key))) add('PDFA-STREAM-EXTERNAL', where, { key: `/${key}` })
    const subtype = nameOf(get(dict, 'Subtype'))
    if (subtype === 'Image') {
      if (dict.has(PDFName.of('Alternates'))) add('PDFA-IMAGE', where, { problem: 'carries /Alternates' })
      if (dict.has(PDFName.of('OPI'))) add('PDFA-IMAGE', where, { problem: 'carries /OPI' })
      if (get(dict, 'Interpolate') === PDFBool.True) add('PDFA-IMAGE', where, { problem: 'sets /Interpolate true' })
      intent(dict, 'Intent', where)
    } else if (subtype === 'Form') {
      if (dict.has(PDFName.of('OPI'))) add('PDFA-XOBJECT', where, { problem: 'is a form XObject with /OPI' })
      if (dict.has(PDFName.of('PS'))) add('PDFA-XOBJECT', where, { problem: 'is a form XObject with /PS' })
      if (nameOf(get(dict, 'Subtype2')) === 'PS') add('PDFA-XOBJECT', where, { problem: 'is a form XObject with /Subtype2 /PS' })
      if (dict.has(PDFName.of('Ref'))) add('PDFA-XOBJECT', where, { problem: 'is a reference XObject (/Ref)' })
    } else if (subtype === 'PS') {
      add('PDFA-XOBJECT', where, { problem: 'is a PostScript XObject' })
    }
  }

  forEachDict(doc, (dict, owner) => {
    const xobjects = get(dict, 'XObject')
    if (xobjects instanceof PDFDict) {
      for (const [name, value] of xobjects.entries()) {
        const x = deref(doc, value)
        const xd = x instanceof PDFRawStream ? x.dict : x instanceof PDFDict ? x : undefined
        if (xd !== undefined && nameOf(deref(doc, xd.get(PDFName.of('Subtype')))) === 'PS') {
          add('PDFA-XOBJECT', `${at(owner)}, XObject ${name.toString()}`, { problem: 'is a PostScript XObject' })
        }
      }
    }
    const states = get(dict, 'ExtGState')
    if (!(states instanceof PDFDict)) return
    for (const [name, value] of states.entries()) {
      const gs = deref(doc, value)
      if (!(gs instanceof PDFDict)) continue
      const where = `${at(owner)}, ExtGState ${name.toString()}`
      if (gs.has(PDFName.of('TR'))) add('PDFA-EXTGSTATE', where, { key: '/TR' })
      const tr2 = get(gs, 'TR2')
      if (tr2 !== undefined && nameOf(tr2) !== 'Default') add('PDFA-EXTGSTATE', where, { key: '/TR2 (not /Default)' })
      if (gs.has(PDFName.of('HTP'))) add('PDFA-EXTGSTATE', where, { key: '/HTP' })
      intent(gs, 'RI', where)
    }
  })

  if (doc.catalog.has(PDFName.of('Requirements'))) out.push(pdfFinding('PDFA-REQUIREMENTS', 'catalog /Requirements'))
  return out
}
