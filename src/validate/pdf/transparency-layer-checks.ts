/**
 * PDF/A-3 checks on blend modes (ISO 19005-3 6.2.10: only the ISO 32000-1 ones) and on optional
 * content (6.9: every configuration dictionary named, names unique, no /AS auto-state arrays).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRef, PDFString } from '@cantoo/pdf-lib'
import { ocgsMissingFromOrder } from '../../pdf/pdfa-entries.js'
import { BLEND_MODES } from '../../pdf/pdfa-facts.js'
import { deref, forEachDict } from '../../pdf/walk.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'


/** 6.2.10: /BM in graphics states is a standard blend mode (or an array of them). */
export function checkBlendModes(doc: PDFDocument): PdfFinding[] {
  const out: PdfFinding[] = []
  const reported = new Set<string>()
  forEachDict(doc, (dict, owner) => {
    const bm = deref(doc, dict.get(PDFName.of('BM')))
    if (bm === undefined) return
    const names = bm instanceof PDFArray ? bm.asArray().map((v) => deref(doc, v)) : [bm]
    for (const name of names) {
      const mode = name instanceof PDFName ? name.decodeText() : String(name)
      if (BLEND_MODES.has(mode) || reported.has(mode)) continue
      reported.add(mode)
      out.push(pdfFinding('PDFA-BLEND-MODE', `object ${owner.objectNumber} ${owner.generationNumber}`, { mode }))
    }
  })
  return out
}

function text(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined
}

/** 6.9: the catalog's /OCProperties configurations (/D and every /Configs entry). */
export function checkOptionalContent(doc: PDFDocument): PdfFinding[] {
  const props = deref(doc, doc.catalog.get(PDFName.of('OCProperties')))
  if (!(props instanceof PDFDict)) return []
  const out: PdfFinding[] = []
  const configs: { dict: PDFDict; where: string }[] = []
  const d = deref(doc, props.get(PDFName.of('D')))
  if (d instanceof PDFDict) configs.push({ dict: d, where: '/OCProperties /D' })
  const list = deref(doc, props.get(PDFName.of('Configs')))
  if (list instanceof PDFArray) {
    list.asArray().forEach((item, i) => {
      const c = deref(doc, item)
      if (c instanceof PDFDict) configs.push({ dict: c, where: `/OCProperties /Configs[${i}]` })
    })
  }
  const seen = new Map<string, string>()
  for (const { dict, where } of configs) {
    const name = text(deref(doc, dict.get(PDFName.of('Name'))))
    if (name === undefined) out.push(pdfFinding('PDFA-OC-CONFIG', where, { problem: 'has no /Name' }))
    else if (seen.has(name)) out.push(pdfFinding('PDFA-OC-CONFIG', where, { problem: `has the same /Name ${JSON.stringify(name)} as ${seen.get(name) ?? ''}` }))
    else seen.set(name, where)
    if (dict.has(PDFName.of('AS'))) out.push(pdfFinding('PDFA-OC-CONFIG', where, { problem: 'has an /AS (auto state) array' }))
    const missing = ocgsMissingFromOrder(doc, props, dict)
    if (missing.length > 0) {
      const groups = missing.slice(0, 5).map((g) => (g instanceof PDFRef ? `${g.objectNumber} ${g.generationNumber} R` : 'a direct group'))
      out.push(pdfFinding('PDFA-OC-CONFIG', where, { problem: `has an /Order that leaves out ${missing.length} of the document's optional-content groups (${groups.join(', ')}${missing.length > 5 ? ', …' : ''})` }))
    }
  }
  return out
}
