/**
 * Colour in PDF/A-3: the GTS_PDFA1 OutputIntent with a valid embedded ICC profile (6.2.3), and
 * device colour spaces only where a matching OutputIntent or Default colour space covers them
 * (6.2.4.3) — in images, shadings, colour-space resources and content-stream operators.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { TOKEN, lexContent, tokenText } from '../../pdf/content-lexer.js'
import { iccBasedProfiles, inputProfileProblems, outputProfileProblems } from '../../pdf/icc-profiles.js'
import { isDamagedStream, streamBytes } from '../../pdf/streams.js'
import { lookupTable } from '../../util/lookup-table.js'
import { forEachDict } from '../../pdf/walk.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

type DeviceSpace = 'DeviceRGB' | 'DeviceCMYK' | 'DeviceGray'

const DEVICE_NAMES = lookupTable<DeviceSpace>({
  DeviceRGB: 'DeviceRGB',
  RGB: 'DeviceRGB',
  DeviceCMYK: 'DeviceCMYK',
  CMYK: 'DeviceCMYK',
  DeviceGray: 'DeviceGray',
  G: 'DeviceGray',
})

/** Colour operators and the device space each implies (ISO 32000-1 8.6.8). */
const OPERATORS = lookupTable<DeviceSpace>({
  rg: 'DeviceRGB',
  RG: 'DeviceRGB',
  k: 'DeviceCMYK',
  K: 'DeviceCMYK',
  g: 'DeviceGray',
  G: 'DeviceGray',
})

/** ICC header colour spaces (ICC.1 7.2.6) → the device space an intent covers. */
const ICC_SPACES = lookupTable<DeviceSpace>({ 'RGB ': 'DeviceRGB', CMYK: 'DeviceCMYK', GRAY: 'DeviceGray' })

export type ColourCheckResult = { findings: PdfFinding[]; intentSpace?: DeviceSpace | undefined }

const ascii = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, to))

function objectLabel(doc: PDFDocument, o: PDFObject): string {
  const ref = o instanceof PDFRef ? o : doc.context.getObjectRef(o)
  return ref === undefined ? 'a direct object' : `object ${ref.objectNumber} ${ref.generationNumber}`
}

/** 6.2.3: every intent shares one profile; the GTS_PDFA1 one embeds a valid ICC v2/v4 profile. */
function checkOutputIntent(doc: PDFDocument, out: PdfFinding[]): DeviceSpace | undefined {
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'))
  if (!(intents instanceof PDFArray)) return undefined
  const profiles = new Set<string>()
  let pdfa: PDFDict | undefined
  for (let i = 0; i < intents.size(); i++) {
    const intent = intents.lookup(i)
    if (!(intent instanceof PDFDict)) continue
    const profile = intent.get(PDFName.of('DestOutputProfile'))
    if (profile !== undefined) profiles.add(profile.toString())
    if (pdfa === undefined && intent.lookup(PDFName.of('S')) === PDFName.of('GTS_PDFA1')) pdfa = intent
  }
  if (profiles.size > 1) out.push(pdfFinding('PDFA-OUTPUT-INTENT-PROFILES', 'catalog /OutputIntents', { count: String(profiles.size) }))
  if (pdfa === undefined) return undefined
  const stream = pdfa.lookup(PDFName.of('DestOutputProfile'))
  if (!(stream instanceof PDFStream)) {
    out.push(pdfFinding('PDFA-OUTPUT-INTENT', 'catalog /OutputIntents', { detail: 'has no embedded ICC profile (/DestOutputProfile)' }))
    return undefined
  }
  const icc = streamBytes(stream, 'ICC profile of the OutputIntent')
  if (icc.length < 128 || ascii(icc, 36, 40) !== 'acsp') {
    out.push(pdfFinding('PDFA-OUTPUT-INTENT', objectLabel(doc, pdfa.get(PDFName.of('DestOutputProfile')) as PDFObject), { detail: 'profile is not an ICC profile (no acsp signature)' }))
    return undefined
  }
  const space = ascii(icc, 16, 20)
  const problems = outputProfileProblems(icc, stream.dict.lookup(PDFName.of('N')))
  for (const detail of problems) out.push(pdfFinding('PDFA-OUTPUT-INTENT', 'catalog /OutputIntents', { detail: `profile ${detail}` }))
  return ICC_SPACES[space]
}

/** Device spaces named by a colour-space value (through Indexed bases and alternates). */
function deviceSpacesOf(doc: PDFDocument, value: PDFObject | undefined, depth = 0): DeviceSpace[] {
  const v = value instanceof PDFRef ? doc.context.lookup(value) : value
  if (v === undefined || depth > 8) return []
  if (v instanceof PDFName) {
    const d = DEVICE_NAMES[v.decodeText()]
    return d === undefined ? [] : [d]
  }
  if (v instanceof PDFArray && v.size() > 0) {
    const family = v.lookup(0)
    const name = family instanceof PDFName ? family.decodeText() : ''
    if ((name === 'Indexed' || name === 'I' || name === 'Pattern') && v.size() > 1) return deviceSpacesOf(doc, v.get(1), depth + 1)
    if ((name === 'Separation' || name === 'DeviceN') && v.size() > 2) return deviceSpacesOf(doc, v.get(2), depth + 1)
  }
  return []
}

type Usage = Map<DeviceSpace, string>

function note(used: Usage, space: DeviceSpace, where: string): void {
  if (!used.has(space)) used.set(space, where)
}

/** Streams with content: page contents, form XObjects, tiling patterns, Type 3 glyph procedures. */
function contentStreams(doc: PDFDocument): PDFStream[] {
  const out = new Set<PDFStream>()
  const addContents = (o: PDFObject | undefined): void => {
    if (o instanceof PDFStream) out.add(o)
    else if (o instanceof PDFArray) for (let i = 0; i < o.size(); i++) addContents(o.lookup(i))
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream) {
      const d = object.dict
      if (d.lookup(PDFName.of('Subtype')) === PDFName.of('Form') || d.get(PDFName.of('PatternType'))?.toString() === '1') out.add(object)
    } else if (object instanceof PDFDict) {
      const type = object.lookup(PDFName.of('Type'))
      if (type === PDFName.of('Page')) addContents(object.lookup(PDFName.of('Contents')))
      if (object.lookup(PDFName.of('Subtype')) === PDFName.of('Type3')) {
        const procs = object.lookup(PDFName.of('CharProcs'))
        if (procs instanceof PDFDict) for (const v of procs.values()) addContents(v instanceof PDFRef ? doc.context.lookup(v) : v)
      }
    }
  }
  return [...out]
}

function scanOperators(doc: PDFDocument, used: Usage): void {
  for (const stream of contentStreams(doc)) {
    let data: Uint8Array
    try {
      data = streamBytes(stream, 'content stream')
    } catch (err) {
      if (!isDamagedStream(err)) throw err // a bomb refuses the document
      continue // A damaged stream is the content scan's notice (PDFA-CONTENT-NOT-SCANNED), not colour's.
    }
    const where = objectLabel(doc, stream)
    let lastName: string | undefined
    lexContent(data, (kind, start, end, _size, inDictionary) => {
      // Names and operators inside dictionaries (marked-content properties) paint nothing.
      if (inDictionary) return
      if (kind === TOKEN.name) {
        const name = tokenText(data, start, end)
        // Inline images name their colour space as /CS /RGB inside BI … ID.
        if (lastName === 'CS' || lastName === 'ColorSpace') {
          const d = DEVICE_NAMES[name]
          if (d !== undefined) note(used, d, `inline image in ${where}`)
        }
        lastName = name
      } else if (kind === TOKEN.operator) {
        const value = tokenText(data, start, end)
        const op = OPERATORS[value]
        if (op !== undefined) note(used, op, `operator ${value} in ${where}`)
        else if ((value === 'cs' || value === 'CS') && lastName !== undefined) {
          const d = DEVICE_NAMES[lastName]
          if (d !== undefined && lastName.startsWith('Device')) note(used, d, `operator ${value} in ${where}`)
        }
        lastName = undefined
      }
    })
  }
}

/** Images, shadings and colour-space resources that name a device space; Default* spaces found. */
function scanObjects(doc: PDFDocument, used: Usage, defaults: Set<DeviceSpace>): void {
  const softMasks = new Set<PDFObject>()
  forEachDict(doc, (dict) => {
    const sm = dict.get(PDFName.of('SMask'))
    if (sm instanceof PDFRef) softMasks.add(doc.context.lookup(sm) as PDFObject)
  })
  forEachDict(doc, (dict, owner) => {
    const where = `object ${owner.objectNumber} ${owner.generationNumber}`
    const subtype = dict.lookup(PDFName.of('Subtype'))
    const cs = dict.get(PDFName.of('ColorSpace'))
    if (subtype === PDFName.of('Image')) {
      const mask = dict.lookup(PDFName.of('ImageMask'))?.toString() === 'true'
      const stream = doc.context.lookup(owner)
      if (!mask && !(stream instanceof PDFStream && softMasks.has(stream))) for (const d of deviceSpacesOf(doc, cs)) note(used, d, `image ${where}`)
      return
    }
    if (dict.get(PDFName.of('ShadingType')) !== undefined) {
      for (const d of deviceSpacesOf(doc, cs)) note(used, d, `shading ${where}`)
      return
    }
    // A resource dictionary's /ColorSpace entry maps names to colour spaces.
    const resources = cs instanceof PDFRef ? doc.context.lookup(cs) : cs
    if (resources instanceof PDFDict && dict.get(PDFName.of('Type')) === undefined) {
      for (const [key, value] of resources.entries()) {
        const k = key.decodeText()
        if (k === 'DefaultRGB') defaults.add('DeviceRGB')
        else if (k === 'DefaultCMYK') defaults.add('DeviceCMYK')
        else if (k === 'DefaultGray') defaults.add('DeviceGray')
        for (const d of deviceSpacesOf(doc, value)) note(used, d, `colour space /${k} in ${where}`)
      }
    }
  })
}

/** 6.2.3, 6.2.4.2 (ICCBased profiles) and 6.2.4.3. */
export function checkColour(doc: PDFDocument): ColourCheckResult {
  const findings: PdfFinding[] = []
  const intentSpace = checkOutputIntent(doc, findings)
  const used: Usage = new Map()
  const defaults = new Set<DeviceSpace>()
  scanObjects(doc, used, defaults)
  scanOperators(doc, used)
  // 6.2.4.2: the profile of every ICCBased colour space.
  for (const [profile, owner] of iccBasedProfiles(doc)) {
    const where = objectLabel(doc, doc.context.getObjectRef(profile) ?? owner)
    for (const detail of inputProfileProblems(profile)) findings.push(pdfFinding('PDFA-ICC-PROFILE', where, { where, detail }))
  }
  for (const [space, where] of used) {
    // Gray is covered by any intent (6.2.4.3 c); RGB and CMYK need an intent of their own space.
    const covered = defaults.has(space) || (space === 'DeviceGray' ? intentSpace !== undefined : intentSpace === space)
    if (!covered) findings.push(pdfFinding('PDFA-DEVICE-COLOUR', where, { space, where }))
  }
  return { findings, intentSpace }
}
