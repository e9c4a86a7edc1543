/**
 * ICCBased colour spaces and what ISO 19005-3 6.2.4.2 asks of their profiles (ICC.1:1998-09 to
 * ISO 15076-1, as veraPDF's rule reads the header: device class prtr, mntr, scnr or spac, colour
 * space RGB, CMYK, GRAY or Lab, version below 5). Shared by the validator and pdf2pdfa.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib'
import { streamBytes } from './streams.js'

const INPUT_CLASSES: ReadonlySet<string> = new Set(['prtr', 'mntr', 'scnr', 'spac'])
const INPUT_SPACES: ReadonlySet<string> = new Set(['RGB ', 'CMYK', 'GRAY', 'Lab '])
const MAX_DEPTH = 32

const ascii = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, to))

/** Every stream an `[/ICCBased stream]` array anywhere in the file names, with the object that holds the array. */
export function iccBasedProfiles(doc: PDFDocument): Map<PDFStream, PDFRef> {
  const out = new Map<PDFStream, PDFRef>()
  const visit = (o: PDFObject, owner: PDFRef, depth: number): void => {
    if (depth > MAX_DEPTH) return
    if (o instanceof PDFStream) visit(o.dict, owner, depth + 1)
    else if (o instanceof PDFDict) for (const v of o.values()) visit(v, owner, depth + 1)
    else if (o instanceof PDFArray) {
      if (o.size() === 2 && o.lookup(0) === PDFName.of('ICCBased')) {
        const profile = o.lookup(1)
        if (profile instanceof PDFStream && !out.has(profile)) out.set(profile, owner)
        return
      }
      for (const v of o.asArray()) visit(v, owner, depth + 1)
    }
  }
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) visit(object, ref, 0)
  return out
}

/** What the profile's header breaks (empty when it conforms). */
export function inputProfileProblems(profile: PDFStream): string[] {
  const icc = streamBytes(profile, 'ICC profile of an ICCBased colour space')
  if (icc.length < 128 || ascii(icc, 36, 40) !== 'acsp') return ['is not an ICC profile (no acsp signature)']
  const problems: string[] = []
  const deviceClass = ascii(icc, 12, 16)
  const space = ascii(icc, 16, 20)
  if (!INPUT_CLASSES.has(deviceClass)) problems.push(`has device class ${JSON.stringify(deviceClass)} (prtr, mntr, scnr or spac)`)
  if (!INPUT_SPACES.has(space)) problems.push(`has colour space ${JSON.stringify(space)} (RGB, CMYK, GRAY or Lab)`)
  if ((icc[8] ?? 0) >= 5) problems.push(`is ICC version ${icc[8] ?? '?'} (below 5 required)`)
  return problems
}

/** Whether an ICC profile stream of an ICCBased space declares 4 components (/N 4): ICCBased CMYK, as veraPDF counts it. */
export const isCmykProfile = (profile: PDFObject | undefined): boolean => {
  const n = profile instanceof PDFStream ? profile.dict.lookup(PDFName.of('N')) : undefined
  return n instanceof PDFNumber && n.asNumber() === 4
}

/** Whether a colour-space value is `[/ICCBased stream]` with /N 4 (6.2.4.2's ICCBased CMYK). */
export function isIccCmykSpace(doc: PDFDocument, value: PDFObject | undefined): boolean {
  const v = value instanceof PDFRef ? doc.context.lookup(value) : value
  return v instanceof PDFArray && v.size() >= 2 && v.lookup(0) === PDFName.of('ICCBased') && isCmykProfile(v.lookup(1))
}

/** Components of the colour spaces an OutputIntent profile may have (ISO 19005-3 6.2.3). */
export const OUTPUT_PROFILE_COMPONENTS: Readonly<Record<string, number>> = { 'RGB ': 3, CMYK: 4, GRAY: 1 }

/**
 * What an OutputIntent's profile breaks (6.2.3), the acsp signature aside (callers report that
 * apart): device class prtr or mntr, colour space RGB, CMYK or GRAY, version below 5, and an /N,
 * when given, that matches the space. Shared by the validator and pdf2pdfa.
 */
export function outputProfileProblems(icc: Uint8Array, n: PDFObject | undefined): string[] {
  const deviceClass = ascii(icc, 12, 16)
  const space = ascii(icc, 16, 20)
  const problems: string[] = []
  if (deviceClass !== 'prtr' && deviceClass !== 'mntr') problems.push(`has device class ${JSON.stringify(deviceClass)} (prtr or mntr required)`)
  const want = Object.hasOwn(OUTPUT_PROFILE_COMPONENTS, space) ? OUTPUT_PROFILE_COMPONENTS[space] : undefined
  if (want === undefined) problems.push(`has colour space ${JSON.stringify(space)} (RGB, CMYK or GRAY required)`)
  if ((icc[8] ?? 0) >= 5) problems.push(`is ICC version ${icc[8] ?? '?'} (below 5 required)`)
  if (n !== undefined && want !== undefined && n.toString() !== String(want)) problems.push(`declares /N ${n.toString()} for a ${space.trim()} profile`)
  return problems
}

/** Whether bytes start like an ICC profile (a 128-byte header with the acsp signature). */
export const isIccProfile = (icc: Uint8Array): boolean => icc.length >= 128 && ascii(icc, 36, 40) === 'acsp'
