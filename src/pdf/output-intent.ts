/**
 * The PDF/A OutputIntent (ISO 19005-3 6.2.3): a GTS_PDFA1 intent with the bundled sRGB ICC v2
 * profile (assets/icc/sRGB.icc, zlib licence, see assets/icc/NOTICE.md).
 * @module
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFDocument } from '@cantoo/pdf-lib'
import { isIccProfile, outputProfileProblems } from './icc-profiles.js'
import { streamBytes } from './streams.js'
import { PACKAGE_ROOT } from '../version.js'

let icc: Uint8Array | undefined
let iccDeflated: Uint8Array | undefined

/** The bundled sRGB profile, read once. */
export function srgbProfile(): Uint8Array {
  icc ??= readFileSync(join(PACKAGE_ROOT, 'assets', 'icc', 'sRGB.icc'))
  return icc
}

/** The profile Flate-compressed, once per process. */
function srgbProfileDeflated(): Uint8Array {
  iccDeflated ??= deflateSync(srgbProfile())
  return iccDeflated
}

/** The catalog's GTS_PDFA1 intent, if any. */
export function findPdfaOutputIntent(doc: PDFDocument): PDFDict | undefined {
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'))
  if (!(intents instanceof PDFArray)) return undefined
  for (let i = 0; i < intents.size(); i++) {
    const intent = intents.lookup(i)
    if (intent instanceof PDFDict && intent.lookup(PDFName.of('S')) === PDFName.of('GTS_PDFA1')) return intent
  }
  return undefined
}

/**
 * Adds the sRGB GTS_PDFA1 intent unless one with an embedded profile exists. PDF/A-3 6.2.3 allows
 * several intents only when they share one profile, so an existing GTS_PDFA1 intent is kept as is.
 * @returns true when an intent was added.
 */
export function ensureSrgbOutputIntent(doc: PDFDocument): boolean {
  const existing = findPdfaOutputIntent(doc)
  if (existing?.lookup(PDFName.of('DestOutputProfile')) !== undefined) return false
  const { context } = doc
  // Another intent's (GTS_PDFX …) profile, when PDF/A accepts it, is shared: 6.2.3 wants one profile for all intents.
  const shared = sharableIntent(doc)
  const intent = shared
    ? context.obj({
        Type: 'OutputIntent',
        S: 'GTS_PDFA1',
        OutputConditionIdentifier: shared.condition ?? PDFString.of('Custom'),
        DestOutputProfile: shared.profile,
      })
    : context.obj({
        Type: 'OutputIntent',
        S: 'GTS_PDFA1',
        OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
        RegistryName: PDFString.of('http://www.color.org'),
        Info: PDFString.of('sRGB IEC61966-2.1'),
        DestOutputProfile: context.register(context.stream(srgbProfileDeflated(), { N: 3, Filter: 'FlateDecode' })),
      })
  const intentRef = context.register(intent)
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'))
  if (existing !== undefined && intents instanceof PDFArray) {
    // An intent without a profile is unusable: replace it.
    for (let i = 0; i < intents.size(); i++) if (intents.lookup(i) === existing) intents.set(i, intentRef)
  } else if (intents instanceof PDFArray) {
    intents.push(intentRef)
  } else {
    doc.catalog.set(PDFName.of('OutputIntents'), context.obj([intentRef]))
  }
  return true
}

/** The first other OutputIntent whose embedded profile PDF/A accepts as an output profile (6.2.3). */
function sharableIntent(doc: PDFDocument): { profile: PDFRef; condition: PDFString | PDFHexString | undefined } | undefined {
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'))
  if (!(intents instanceof PDFArray)) return undefined
  for (let i = 0; i < intents.size(); i++) {
    const intent = intents.lookup(i)
    const ref = intent instanceof PDFDict ? intent.get(PDFName.of('DestOutputProfile')) : undefined
    const profile = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined
    if (!(intent instanceof PDFDict) || !(ref instanceof PDFRef) || !(profile instanceof PDFStream)) continue
    let icc: Uint8Array
    try {
      icc = streamBytes(profile, 'ICC profile of an OutputIntent')
    } catch {
      continue
    }
    if (!isIccProfile(icc) || outputProfileProblems(icc, profile.dict.lookup(PDFName.of('N'))).length > 0) continue
    const condition = intent.lookup(PDFName.of('OutputConditionIdentifier'))
    return { profile: ref, condition: condition instanceof PDFString || condition instanceof PDFHexString ? condition : undefined }
  }
  return undefined
}
