/**
 * What pdf2pdfa can repair in place, and what needs Ghostscript: annotation flags
 * (ISO 19005-3 6.3.2), image interpolation (6.2.8), rendering intents of graphics states and
 * images (6.2.6), blend modes (6.2.10), form entries (6.4:
 * NeedAppearances, NeedsRendering, actions on widgets and fields), optional-content
 * configurations (6.9), associated-file entries of existing attachments (6.8), declared widths of
 * shown glyphs that disagree with the embedded TrueType program (6.2.11.5), packet headers and
 * unreadable packets of object metadata (6.6.2.1), resources a page or form borrows (6.2.2),
 * incomplete CIDSets (6.2.11.4.2), halftones other than types 1 and 5 or with a name or misplaced
 * transfer functions (6.2.5), PDF/X intents referring to an external profile (6.2.3), permissions
 * other than UR3 and DocMDP and digests in DocMDP signature references (6.1.12), alternate
 * presentations and presentation steps (6.10), a missing /CIDToGIDMap of an embedded
 * CIDFontType2 (6.2.11.3.2), overprint mode 1 in a file with ICCBased CMYK spaces (6.2.4.2); and the findings it cannot repair itself (malformed font
 * dictionaries 6.2.11.2, TrueType encodings and cmaps at odds with the Symbolic flag 6.2.11.6,
 * ICCBased profiles of another class, space or version 6.2.4.2, device
 * CMYK without a CMYK intent 6.2.4.3, LZW and other forbidden filters 6.1.7.2, image bit depths
 * 6.2.8, JPEG 2000 data 6.2.8.3 forbids, annotations without appearance 6.3.3, unembedded fonts 6.2.11.4,
 * and, written in content streams, an `ri` intent outside table 70 or an inline image with /I or
 * /Interpolate true, 6.2.6 and 6.2.8). Also in place: a subset Type 1 font's /CharSet that does not
 * name its program's glyphs is dropped (6.2.11.4.2), an embedded CMap's /WMode and a CIDFont's
 * /CIDSystemInfo are made to agree with the CMap (6.2.11.3); other CMap problems go to Ghostscript
 * (src/pdf/cmap-problems.ts).
 * @module
 */
import { dropSignatureValues } from './signatures.js'
import { renameNonUtf8Names } from './unicode-names.js'
import { fillMissingColorants } from './colorant-separations.js'
import { spotColourProblems } from './spot-colours.js'
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFObject, PDFStream, PDFString } from '@cantoo/pdf-lib'
import { fixAnnotations } from './annotation-fixes.js'
import { fixOutputIntentComponents, fixXObjectEntries, unifyOutputIntents } from './object-fixes.js'
import { isMimeType, listAttachments, mimeTypeFromName } from './attachments.js'
import { removeIncompleteCidSets } from './cidset.js'
import { cmapBlockers, repairCMapSystemInfo, repairCMapWModes } from './cmap-problems.js'
import { graphicsValueReader } from './content-graphics-values.js'
import { TOKEN, decodeName, lexContent, tokenText } from './content-lexer.js'
import { fontDictProblems, utf8SafeName } from './font-dict-problems.js'
import { repairShownWidths } from './font-widths.js'
import { fontsInResources } from './fonts.js'
import { iccBasedProfiles, inputProfileProblems, isCmykProfile } from './icc-profiles.js'
import { jpxImageProblems } from './jpeg2000.js'
import { type PdfDate, formatPdfDate } from './pdf-date.js'
import { forbiddenFilter, halftoneProblems, imageBitsProblem, ocgsMissingFromOrder } from './pdfa-entries.js'
import { fixInheritedResources } from './resource-fixes.js'
import { ANNOTATION_FLAGS, BLEND_MODES, FORBIDDEN_ANNOTATION_FLAGS, RENDERING_INTENTS } from './pdfa-facts.js'
import { streamBytes } from './streams.js'
import { removeWrongCharSets } from './type1-charset.js'
import { deref, forEachDict } from './walk.js'
import { parseXml } from '../xml/index.js'


const NEEDS_NO_APPEARANCE = new Set(['Popup', 'Link'])

/**
 * Repairs that keep every page's content as it is. @returns the number of objects changed.
 * @param date stands in for missing attachment modification dates.
 * @param warnings gets a line for each thing removed that a reader could notice (forbidden annotations).
 */
export function applyNativeFixes(doc: PDFDocument, date: PdfDate, warnings: string[] = []): number {
  let changed = 0
  let iccCmyk: boolean | undefined
  forEachDict(doc, (dict) => {
    // 6.2.4.2: overprint mode 1 must not apply to ICCBased CMYK with overprinting; OPM only decides
    // whether a zero CMYK component leaves the ink below it (1) or knocks it out (0, PDF/A's).
    const opm = dict.lookup(PDFName.of('OPM'))
    if (opm instanceof PDFNumber && Math.trunc(opm.asNumber()) !== 0 && (iccCmyk ??= [...iccBasedProfiles(doc).keys()].some(isCmykProfile))) {
      dict.set(PDFName.of('OPM'), PDFNumber.of(0))
      changed++
    }
    if (dict.get(PDFName.of('Type')) === PDFName.of('Annot') || (dict.get(PDFName.of('Subtype')) !== undefined && dict.get(PDFName.of('Rect')) !== undefined)) {
      const f = dict.lookup(PDFName.of('F'))
      const flags = f instanceof PDFNumber ? f.asNumber() : 0
      const fixed = (flags | ANNOTATION_FLAGS.print) & ~FORBIDDEN_ANNOTATION_FLAGS
      if (fixed !== flags) {
        dict.set(PDFName.of('F'), PDFNumber.of(fixed))
        changed++
      }
    }
    if (dict.get(PDFName.of('Interpolate')) !== undefined) {
      dict.delete(PDFName.of('Interpolate'))
      changed++
    }
    // An intent outside table 70 is dropped: without the entry the default intent applies.
    if (hasUnknownIntent(dict, 'RI') && (dict.get(PDFName.of('Type')) ?? PDFName.of('ExtGState')) === PDFName.of('ExtGState')) {
      dict.delete(PDFName.of('RI'))
      changed++
    }
    // 6.2.5: an identity transfer function maps every value to itself; Ghostscript's pdfwrite
    // writes /TR /Identity into graphics states. Without it the device's default (identity) applies.
    if ((dict.get(PDFName.of('Type')) ?? PDFName.of('ExtGState')) === PDFName.of('ExtGState')) {
      if (dict.get(PDFName.of('TR')) === PDFName.of('Identity')) {
        dict.delete(PDFName.of('TR'))
        changed++
      }
      if (dict.get(PDFName.of('TR2')) === PDFName.of('Identity')) {
        dict.set(PDFName.of('TR2'), PDFName.of('Default'))
        changed++
      }
    }
    // Only an image's /Intent: optional-content groups have an /Intent of their own (View, Design).
    if (dict.get(PDFName.of('Subtype')) === PDFName.of('Image') && hasUnknownIntent(dict, 'Intent')) {
      dict.delete(PDFName.of('Intent'))
      changed++
    }
    // A halftone only tunes a printer's screening; without a conforming one the device's default applies (6.2.5).
    if (dict.get(PDFName.of('HT')) !== undefined && halftoneProblems(doc, dict.lookup(PDFName.of('HT'))).length > 0) {
      dict.delete(PDFName.of('HT'))
      changed++
    }
    const bm = dict.lookup(PDFName.of('BM'))
    if (bm !== undefined && !(bm instanceof PDFName && BLEND_MODES.has(bm.decodeText()))) {
      dict.set(PDFName.of('BM'), PDFName.of('Normal'))
      changed++
    }
    // Widgets and form fields may not act (6.4.1); forbidden action types elsewhere are removed earlier.
    if (dict.get(PDFName.of('A')) !== undefined && (dict.get(PDFName.of('Subtype')) === PDFName.of('Widget') || dict.get(PDFName.of('FT')) !== undefined)) {
      dict.delete(PDFName.of('A'))
      changed++
    }
  })
  changed += fixForms(doc) + fixOptionalContent(doc) + fixCatalogEntries(doc) + fixFontEntries(doc)
  changed += fixAttachments(doc, date) + dropSignatureValues(doc)
  // After fixAttachments: a file an annotation holds is in an /AF array before the annotation goes.
  changed += fixAnnotations(doc, warnings)
  // 6.2.8, 6.2.9, 6.11, 6.2.3: entries a viewer does not draw from, and a profile's /N.
  changed += fixXObjectEntries(doc) + fixOutputIntentComponents(doc) + unifyOutputIntents(doc, warnings)
  // The program draws the glyphs, so its advances are the true widths (6.2.11.5).
  changed += repairShownWidths(doc)
  changed += fixObjectMetadata(doc)
  changed += fixInheritedResources(doc)
  // /CIDSet is optional in PDF/A-2 and -3; one that misses glyphs of the program is worse than none.
  changed += removeIncompleteCidSets(doc)
  // Likewise a subset Type 1 font's /CharSet that does not name its program's glyphs (6.2.11.4.2).
  changed += removeWrongCharSets(doc)
  changed += repairCMapWModes(doc) + repairCMapSystemInfo(doc)
  // 6.1.8: colourant and structure type names that are not UTF-8, renamed wherever they appear.
  changed += renameNonUtf8Names(doc)
  // 6.2.4.4: /Colorants entries for DeviceN spot colourants without one (not painted, so safe).
  changed += fillMissingColorants(doc)
  return changed
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const PACKET_HEADER = /<\?xpacket\s+begin=[^?]*\?>/

/**
 * 6.6.2.1 for the metadata of pages, fonts, images and forms: a header's bytes/encoding attributes
 * are dropped (they only describe the packet); a packet no XML reader can read is removed, since
 * it carries nothing a reader could use. The document's own packet is rewritten elsewhere.
 */
function fixObjectMetadata(doc: PDFDocument): number {
  let changed = 0
  const own = doc.catalog.lookup(PDFName.of('Metadata'))
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined
    if (dict === undefined || dict === doc.catalog) continue
    const stream = dict.lookup(PDFName.of('Metadata'))
    if (!(stream instanceof PDFStream) || stream === own) continue
    let text: string | undefined
    try {
      text = utf8.decode(streamBytes(stream, 'metadata stream'))
      const root = parseXml(text).root
      const isRdf = (e: { ns: string; local: string }): boolean => e.ns === RDF_NS && e.local === 'RDF'
      if (!isRdf(root) && !root.children.some(isRdf)) text = undefined
    } catch {
      text = undefined
    }
    if (text === undefined) {
      dict.delete(PDFName.of('Metadata'))
      changed++
      continue
    }
    const header = PACKET_HEADER.exec(text.slice(0, 512))?.[0]
    const clean = header?.replace(/\s+(bytes|encoding)\s*=\s*("[^"]*"|'[^']*')/g, '')
    if (header === undefined || clean === header) continue
    const ref = doc.context.getObjectRef(stream)
    const fresh = doc.context.stream(new TextEncoder().encode(text.replace(header, clean!)), { Type: 'Metadata', Subtype: 'XML' })
    if (ref !== undefined) doc.context.assign(ref, fresh)
    else dict.set(PDFName.of('Metadata'), doc.context.register(fresh))
    changed++
  }
  return changed
}

/** 6.4: no NeedAppearances (fields keep their own appearances), no NeedsRendering; XFA goes with the actions. */
/**
 * 6.2.3, 6.1.12, 6.10: drops PDF/X OutputIntents that refer to an external profile, permissions
 * other than UR3 and DocMDP (and, with DocMDP, the digest entries of signature references: the
 * conversion breaks signatures anyway), alternate presentations and pages' presentation steps.
 */
function fixCatalogEntries(doc: PDFDocument): number {
  let changed = 0
  const drop = (dict: PDFDict, key: string): void => {
    if (dict.get(PDFName.of(key)) === undefined) return
    dict.delete(PDFName.of(key))
    changed++
  }
  const pages = doc.getPages().map((p) => p.node as PDFDict)
  for (const owner of [doc.catalog, ...pages]) {
    const intents = owner.lookup(PDFName.of('OutputIntents'))
    if (!(intents instanceof PDFArray)) continue
    for (let i = intents.size() - 1; i >= 0; i--) {
      const intent = deref(doc, intents.get(i))
      if (intent instanceof PDFDict && intent.lookup(PDFName.of('S')) === PDFName.of('GTS_PDFX') && intent.get(PDFName.of('DestOutputProfileRef')) !== undefined) {
        intents.remove(i)
        changed++
      }
    }
  }
  const perms = doc.catalog.lookup(PDFName.of('Perms'))
  if (perms instanceof PDFDict) {
    for (const key of perms.keys()) if (key !== PDFName.of('UR3') && key !== PDFName.of('DocMDP')) drop(perms, key.decodeText())
    if (perms.get(PDFName.of('DocMDP')) !== undefined) {
      forEachDict(doc, (dict) => {
        if (dict.get(PDFName.of('TransformMethod')) !== undefined) for (const key of ['DigestLocation', 'DigestMethod', 'DigestValue']) drop(dict, key)
      })
    }
  }
  const names = doc.catalog.lookup(PDFName.of('Names'))
  if (names instanceof PDFDict) drop(names, 'AlternatePresentations')
  for (const page of pages) drop(page, 'PresSteps')
  return changed
}

/**
 * 6.2.11.3.2: an embedded CIDFontType2 without /CIDToGIDMap gets /Identity, the value its absence
 * means (ISO 32000-1 table 117); 6.1.8: a /BaseFont that is not UTF-8 is made ASCII.
 */
function fixFontEntries(doc: PDFDocument): number {
  let changed = 0
  for (const font of fontsInResources(doc)) {
    if (!(font instanceof PDFDict)) continue
    const kinds = new Set(fontDictProblems(font).map((p) => p.kind))
    if (kinds.has('cidToGid')) {
      font.set(PDFName.of('CIDToGIDMap'), PDFName.of('Identity'))
      changed++
    }
    // 6.1.8: a font name that is not UTF-8 keeps its ASCII bytes, the others become '_' (the name only labels the font).
    const base = font.lookup(PDFName.of('BaseFont'))
    if (kinds.has('name') && base instanceof PDFName) {
      font.set(PDFName.of('BaseFont'), PDFName.of(utf8SafeName(base)))
      changed++
    }
  }
  return changed
}

function fixForms(doc: PDFDocument): number {
  let changed = 0
  if (doc.catalog.get(PDFName.of('NeedsRendering')) !== undefined) {
    doc.catalog.delete(PDFName.of('NeedsRendering'))
    changed++
  }
  const form = doc.catalog.lookup(PDFName.of('AcroForm'))
  if (!(form instanceof PDFDict)) return changed
  if (form.get(PDFName.of('NeedAppearances')) !== undefined) {
    form.delete(PDFName.of('NeedAppearances'))
    changed++
  }
  return changed
}

/** 6.9: every optional-content configuration gets a unique /Name and loses /AS. */
function fixOptionalContent(doc: PDFDocument): number {
  const props = doc.catalog.lookup(PDFName.of('OCProperties'))
  if (!(props instanceof PDFDict)) return 0
  const configs: PDFDict[] = []
  const d = props.lookup(PDFName.of('D'))
  if (d instanceof PDFDict) configs.push(d)
  const list = props.lookup(PDFName.of('Configs'))
  if (list instanceof PDFArray) for (let i = 0; i < list.size(); i++) if (list.lookup(i) instanceof PDFDict) configs.push(list.lookup(i) as PDFDict)
  let changed = 0
  const names = new Set<string>()
  configs.forEach((config, i) => {
    const found = config.lookup(PDFName.of('Name'))
    const name = found instanceof PDFString || found instanceof PDFHexString ? found.decodeText() : undefined
    if (name === undefined || names.has(name)) {
      let fresh = `Configuration ${i + 1}`
      while (names.has(fresh)) fresh += "'"
      config.set(PDFName.of('Name'), PDFString.of(fresh))
      names.add(fresh)
      changed++
    } else names.add(name)
    if (config.get(PDFName.of('AS')) !== undefined) {
      config.delete(PDFName.of('AS'))
      changed++
    }
    // 6.9: groups the /Order leaves out are listed after the others (it only orders the viewer's layer list).
    const missing = ocgsMissingFromOrder(doc, props, config)
    const order = config.lookup(PDFName.of('Order'))
    if (missing.length > 0 && order instanceof PDFArray) {
      for (const g of missing) order.push(g)
      changed++
    }
  })
  return changed
}

/** Everything any /AF array (catalog, page, annotation ...) lists, as references and as objects. */
function associatedFiles(doc: PDFDocument): Set<PDFObject> {
  const listed = new Set<PDFObject>()
  forEachDict(doc, (dict) => {
    const af = dict.lookup(PDFName.of('AF'))
    if (!(af instanceof PDFArray)) return
    for (let i = 0; i < af.size(); i++) {
      listed.add(af.get(i))
      const target = af.lookup(i)
      if (target !== undefined) listed.add(target)
    }
  })
  return listed
}

/**
 * 6.8: a file specification needs both /F and /UF; the one present gives the other its value
 * (the same name, once as a file specification string and once as a text string).
 */
function fillFileNames(spec: PDFDict): number {
  const f = spec.lookup(PDFName.of('F'))
  const uf = spec.lookup(PDFName.of('UF'))
  const isText = (v: PDFObject | undefined): v is PDFString | PDFHexString => v instanceof PDFString || v instanceof PDFHexString
  if (isText(f) && !isText(uf)) spec.set(PDFName.of('UF'), f.clone())
  else if (isText(uf) && !isText(f)) spec.set(PDFName.of('F'), uf.clone())
  else return 0
  return 1
}

/**
 * Every attachment (catalog, annotations, stray file specifications) gets what ISO 19005-3 6.8
 * asks: /AFRelationship, a MIME /Subtype, /Params with /ModDate, and a place in an /AF array
 * (the catalog's, when no other lists it).
 */
export function fixAttachments(doc: PDFDocument, date: PdfDate): number {
  let changed = 0
  const attachments = listAttachments(doc)
  if (attachments.length === 0) return 0
  const listed = associatedFiles(doc)
  const af = doc.catalog.lookup(PDFName.of('AF'))
  const afList = af instanceof PDFArray ? af : doc.context.obj([])
  for (const a of attachments) {
    if (a.fileSpec.get(PDFName.of('AFRelationship')) === undefined) {
      a.fileSpec.set(PDFName.of('AFRelationship'), PDFName.of('Unspecified'))
      changed++
    }
    changed += fillFileNames(a.fileSpec)
    const stream = a.stream.dict
    // 6.8: a /Subtype that is missing or not a MIME type (e.g. /textxml) is read from the file name.
    if (!isMimeType(a.mimeType)) {
      stream.set(PDFName.of('Subtype'), PDFName.of(mimeTypeFromName(a.name)))
      changed++
    }
    const found = stream.lookup(PDFName.of('Params'))
    const params = found instanceof PDFDict ? found : doc.context.obj({})
    if (params.get(PDFName.of('ModDate')) === undefined) {
      // The file's real modification date is unknown; the conversion date is the honest stand-in.
      params.set(PDFName.of('ModDate'), PDFString.of(formatPdfDate(date)))
      if (params !== found) stream.set(PDFName.of('Params'), params)
      changed++
    }
    const ref = doc.context.getRef(a.fileSpec)
    if (ref !== undefined && !listed.has(ref) && !listed.has(a.fileSpec)) {
      afList.push(ref)
      listed.add(ref)
      changed++
    }
  }
  if (afList.size() > 0 && af !== afList) doc.catalog.set(PDFName.of('AF'), afList)
  return changed
}

/** Findings only a rewrite of the page content (Ghostscript) can repair. */
export function contentProblems(doc: PDFDocument): string[] {
  const problems = new Set<string>()
  forEachDict(doc, (dict) => {
    for (const value of dict.values()) {
      if (value === PDFName.of('DeviceCMYK')) problems.add('DeviceCMYK colour without a CMYK output intent (PDF/A 6.2.4.3)')
      if (value === PDFName.of('LZWDecode')) problems.add('LZW-compressed streams (PDF/A 6.1.7.2)')
    }
    const subtype = dict.lookup(PDFName.of('Subtype'))
    if (subtype instanceof PDFName && dict.get(PDFName.of('Rect')) !== undefined && !NEEDS_NO_APPEARANCE.has(subtype.decodeText())) {
      if (dict.lookup(PDFName.of('AP')) === undefined && dict.get(PDFName.of('Type')) !== PDFName.of('Page')) {
        problems.add(`${subtype.decodeText()} annotation without an appearance stream (PDF/A 6.3.3)`)
      }
    }
  })
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue
    const filter = forbiddenFilter(doc, object.dict)
    if (filter !== undefined && filter !== '/LZWDecode') problems.add('streams encoded with a filter PDF/A forbids (PDF/A 6.1.7.2)')
    if (object.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image') && imageBitsProblem(doc, object.dict) !== undefined) {
      problems.add('images with a bit depth PDF/A forbids (PDF/A 6.2.8)')
    }
    if (object.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image') && jpxImageProblems(object).length > 0) {
      problems.add('JPEG 2000 images whose channels, colour specifications or bit depth PDF/A forbids (PDF/A 6.2.8.3)')
    }
  }
  for (const font of fontsInResources(doc)) {
    if (!(font instanceof PDFDict)) continue
    for (const p of fontDictProblems(font)) {
      if (p.kind === 'form') problems.add('font dictionaries without the entries ISO 32000-1 requires (PDF/A 6.2.11.2)')
      else if (p.kind === 'encoding' || p.kind === 'cmap') problems.add('TrueType fonts whose encoding or cmap does not suit their Symbolic flag (PDF/A 6.2.11.6)')
    }
  }
  for (const reason of cmapBlockers(doc)) problems.add(reason)
  if (spotColourProblems(doc).length > 0) problems.add('spot colours without /Colorants entries or with differing Separations of one name (PDF/A 6.2.4.4)')
  for (const profile of iccBasedProfiles(doc).keys()) {
    if (inputProfileProblems(profile).length > 0) problems.add('ICCBased colour spaces whose profile PDF/A forbids (PDF/A 6.2.4.2)')
  }
  for (const stream of contentStreams(doc)) for (const problem of streamProblems(streamBytes(stream, 'page content stream'))) problems.add(problem)
  return [...problems]
}

function hasUnknownIntent(dict: PDFDict, key: string): boolean {
  const value = dict.lookup(PDFName.of(key))
  return value instanceof PDFName && !RENDERING_INTENTS.has(value.decodeText())
}

const CMYK_OPERATORS = 'DeviceCMYK colour operators in page content without a CMYK output intent (PDF/A 6.2.4.3)'
const RI_OPERATOR = 'a rendering intent outside ISO 32000-1 table 70 set by the ri operator (PDF/A 6.2.6)'
const INLINE_INTERPOLATE = 'an inline image with /I (Interpolate) true (PDF/A 6.2.8)'
const INLINE_INTENT = 'an inline image with a rendering intent outside ISO 32000-1 table 70 (PDF/A 6.2.6)'
const INLINE_FILTER = 'an inline image encoded with a filter PDF/A forbids for inline images (PDF/A 6.1.10)'

/**
 * What in one content stream only a rewrite of the content can change: the k/K operators set
 * DeviceCMYK colour (ISO 32000-1 8.6.8), `cs` and inline images name it (/DeviceCMYK, /CMYK); `ri`
 * with an intent outside table 70; an inline image (`BI` … `ID`) with /I or /Interpolate true,
 * such an /Intent, or an /F (/Filter) naming a filter outside 6.1.10's list. Read with the content lexer: a pattern over the text backtracked on runs of
 * whitespace, quadratically (a page of spaces took minutes).
 */
function streamProblems(data: Uint8Array): Set<string> {
  const found = new Set<string>()
  const graphicsValues = graphicsValueReader(data, (p) => {
    found.add(p.kind === 'intent' ? (p.inline ? INLINE_INTENT : RI_OPERATOR) : p.kind === 'interpolate' ? INLINE_INTERPOLATE : INLINE_FILTER)
  })
  lexContent(data, (kind, start, end, size, inDictionary) => {
    graphicsValues(kind, start, end, size, inDictionary)
    if (kind === TOKEN.operator) {
      if (end - start === 1 && (data[start] === 0x6b || data[start] === 0x4b)) found.add(CMYK_OPERATORS)
    } else if (kind === TOKEN.name) {
      const name = decodeName(tokenText(data, start, end))
      if (name === 'DeviceCMYK' || name === 'CMYK') found.add(CMYK_OPERATORS)
    }
  })
  return found
}

function contentStreams(doc: PDFDocument): PDFStream[] {
  const out: PDFStream[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')) out.push(object)
  }
  let pages: ReturnType<PDFDocument['getPages']> = []
  try {
    pages = doc.getPages()
  } catch {
    // A damaged page tree: the forms above are still checked; saving will fail later if it matters.
  }
  for (const page of pages) {
    const contents = page.node.lookup(PDFName.of('Contents'))
    if (contents instanceof PDFStream) out.push(contents)
    else if (contents instanceof PDFArray) {
      for (let i = 0; i < contents.size(); i++) {
        const part = contents.lookup(i)
        if (part instanceof PDFStream) out.push(part)
      }
    }
  }
  return out
}
