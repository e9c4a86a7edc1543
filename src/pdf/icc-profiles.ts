/**
 * ICCBased colour spaces and what ISO 19005-3 6.2.4.2 asks of their profiles (ICC.1:1998-09 to
 * ISO 15076-1, as veraPDF's rule reads the header: device class prtr, mntr, scnr or spac, colour
 * space RGB, CMYK, GRAY or Lab, version below 5). Shared by the validator and pdf2pdfa.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, type PDFRef, PDFStream } from '@cantoo/pdf-lib'
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
