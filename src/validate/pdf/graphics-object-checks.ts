/**
 * PDF/A-3 checks on single dictionary entries of streams, graphics states, images and XObjects:
 * no external stream data (ISO 19005-3 6.1.7.1: /F, /FFilter, /FDecodeParms), only the filters of
 * ISO 32000-1 table 6 but LZWDecode, Crypt only as Identity (6.1.7.2), no transfer functions or
 * halftone phase in graphics states (6.2.5: /TR, /TR2 other than /Default, /HTP), halftones of
 * type 1 or 5 without /HalftoneName and with /TransferFunction only where ISO 32000-1 asks for one
 * (6.2.5), only the four ISO 32000-1 rendering intents (6.2.6: graphics-state /RI, image /Intent),
 * no alternate, OPI or interpolated images and only 1, 2, 4, 8 or 16 bits per component (1 for
 * image masks, 6.2.8), JPEG 2000 data with the channels, colour specifications and bit depth 6.2.8.3
 * allows (pdf/jpeg2000.ts), no PostScript, reference or OPI XObjects (6.2.9), no PDF/X OutputIntent
 * referring to an external profile (6.2.3), no permissions other than UR3 and DocMDP and, with
 * DocMDP, no digest entries in signature references (6.1.12), no alternate presentations or
 * presentation steps (6.10), and no /Requirements in the catalog (6.11).
 * @module
 */
import { PDFBool, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRawStream, type PDFRef } from '@cantoo/pdf-lib'
import { entriesOf, forbiddenFilter, halftoneProblems, imageBitsProblem } from '../../pdf/pdfa-entries.js'
import { RENDERING_INTENTS as INTENTS } from '../../pdf/pdfa-facts.js'
import { jpxImageProblems } from '../../pdf/jpeg2000.js'
import { deref, forEachDict } from '../../pdf/walk.js'
import { type PdfFinding, type PdfRuleId, pdfFinding } from './pdf-rules.js'


const nameOf = (o: PDFObject | undefined): string | undefined => (o instanceof PDFName ? o.decodeText() : undefined)
const at = (ref: PDFRef): string => `object ${ref.objectNumber} ${ref.generationNumber}`

const PERMISSION_KEYS = new Set(['UR3', 'DocMDP'])
const DIGEST_KEYS = ['DigestLocation', 'DigestMethod', 'DigestValue']

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
    const filter = forbiddenFilter(doc, dict)
    if (filter !== undefined) add('PDFA-STREAM-FILTER', where, { filter })
    const subtype = nameOf(get(dict, 'Subtype'))
    if (subtype === 'Image') {
      if (dict.has(PDFName.of('Alternates'))) add('PDFA-IMAGE', where, { problem: 'carries /Alternates' })
      if (dict.has(PDFName.of('OPI'))) add('PDFA-IMAGE', where, { problem: 'carries /OPI' })
      if (get(dict, 'Interpolate') === PDFBool.True) add('PDFA-IMAGE', where, { problem: 'sets /Interpolate true' })
      intent(dict, 'Intent', where)
      const bits = imageBitsProblem(doc, dict)
      if (bits !== undefined) add('PDFA-IMAGE-BITS', where, bits)
      for (const problem of jpxImageProblems(object)) add('PDFA-JPX', where, { problem })
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
      for (const [path, problem] of halftoneProblems(doc, get(gs, 'HT'))) add('PDFA-HALFTONE', `${where} /HT${path}`, { problem })
    }
  })

  catalogChecks(doc, (rule, where, params) => add(rule, where, params))
  if (doc.catalog.has(PDFName.of('Requirements'))) out.push(pdfFinding('PDFA-REQUIREMENTS', 'catalog /Requirements'))
  return out
}

type Report = (rule: PdfRuleId, where: string, params: Record<string, string>) => void

/** 6.2.3 (PDF/X intents referring to an external profile), 6.1.12 (permissions) and 6.10 (presentations). */
function catalogChecks(doc: PDFDocument, report: Report): void {
  const get = (dict: PDFDict, key: string): PDFObject | undefined => deref(doc, dict.get(PDFName.of(key)))
  const intentLists: [string, PDFObject | undefined][] = [['catalog', get(doc.catalog, 'OutputIntents')]]
  let pages: ReturnType<PDFDocument['getPages']> = []
  try {
    pages = doc.getPages()
  } catch {
    // A damaged page tree is reported where the file is read; the catalog's intents are still checked.
  }
  for (const [i, page] of pages.entries()) intentLists.push([`page ${i + 1}`, get(page.node, 'OutputIntents')])
  for (const [owner, list] of intentLists) {
    for (const [i, item] of entriesOf(list).entries()) {
      const intent = deref(doc, item)
      if (intent instanceof PDFDict && nameOf(get(intent, 'S')) === 'GTS_PDFX' && intent.has(PDFName.of('DestOutputProfileRef'))) {
        report('PDFA-OUTPUT-INTENT-REF', `${owner} /OutputIntents [${i}]`, { where: `${owner} /OutputIntents [${i}]` })
      }
    }
  }
  const perms = get(doc.catalog, 'Perms')
  if (perms instanceof PDFDict) {
    const other = perms.keys().map((k) => k.decodeText()).filter((k) => !PERMISSION_KEYS.has(k))
    if (other.length > 0) report('PDFA-PERMISSIONS', 'catalog /Perms', { where: 'the permissions dictionary (catalog /Perms)', problem: `carries ${other.map((k) => `/${k}`).join(', ')}; only /UR3 and /DocMDP are allowed` })
    if (perms.has(PDFName.of('DocMDP'))) {
      forEachDict(doc, (dict, owner) => {
        const digests = DIGEST_KEYS.filter((k) => dict.has(PDFName.of(k)))
        if (digests.length > 0 && dict.has(PDFName.of('TransformMethod'))) {
          report('PDFA-PERMISSIONS', at(owner), { where: `the signature reference in ${at(owner)}`, problem: `carries ${digests.map((k) => `/${k}`).join(', ')}, which a document with DocMDP permissions must not` })
        }
      })
    }
  }
  const names = get(doc.catalog, 'Names')
  if (names instanceof PDFDict && names.has(PDFName.of('AlternatePresentations'))) {
    report('PDFA-PRESENTATION', 'catalog /Names', { where: 'the name dictionary', key: 'AlternatePresentations' })
  }
  for (const [i, page] of pages.entries()) {
    if (page.node.has(PDFName.of('PresSteps'))) report('PDFA-PRESENTATION', `page ${i + 1}`, { where: `page ${i + 1}`, key: 'PresSteps' })
  }
}
