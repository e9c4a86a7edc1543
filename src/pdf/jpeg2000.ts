/**
 * What ISO 19005-3 6.2.8.3 asks of the JPEG 2000 data of a /JPXDecode image, read from the JP2
 * header only (no image data is decoded): 1, 3 or 4 colour channels; with several colour
 * specifications (`colr` boxes) exactly one of APPROX 1; METH 1, 2 or 3; no enumerated colour
 * space 19 (CIEJab); no `bpcc` box and one bit depth of 1 to 38. The last three colour tests are
 * waived when the image dictionary has a /ColorSpace. The boxes are read as veraPDF's JPEG2000
 * reader reads them, so the verdicts agree: the data must start with the 12-byte JP2 signature
 * box (a bare codestream declares nothing: 0 channels, bit depth 0), the top-level boxes are
 * skipped up to the first `jp2h`, and inside it `ihdr` gives NC and BPC (a signed byte: BPC 0xFF,
 * "components differ", and signed depths read out of range), `bpcc` is noted, each `colr` gives
 * METH, APPROX and (METH 1) EnumCS. The colour specification judged is the first with APPROX 1,
 * else the only one. Every length is checked against the bytes there are: a box that runs past
 * the end stops the reading with what was read so far, never a throw. Shared by the validator and
 * pdf2pdfa.
 * @module
 */
import { type PDFDict, type PDFDocument, PDFName, PDFNull, PDFRawStream, type PDFStream } from '@cantoo/pdf-lib'
import { entriesOf } from './pdfa-entries.js'

/** The JP2 signature box (ISO 15444-1 I.5.1): length 12, type `jP  `, content 0D 0A 87 0A. */
const SIGNATURE = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]
const box = (type: string): number => ((type.charCodeAt(0) << 24) | (type.charCodeAt(1) << 16) | (type.charCodeAt(2) << 8) | type.charCodeAt(3)) >>> 0
const JP2H = box('jp2h')
const IHDR = box('ihdr')
const BPCC = box('bpcc')
const COLR = box('colr')
/** The enumerated colour space 6.2.8.3 forbids (ISO 15444-2 table M.25: CIEJab). */
export const CIEJAB = 19

/** The values veraPDF's JPEG2000 object exposes, with its defaults where the data does not say. */
export type Jp2Facts = {
  /** The data starts with the JP2 signature box. */
  signature: boolean
  /** A `jp2h` box was found (and an `ihdr` in it read). */
  header: boolean
  ihdr: boolean
  channels: number
  bitDepth: number
  bpcc: boolean
  colourSpecs: number
  /** `colr` boxes with APPROX 1. */
  approx1: number
  /** METH of the judged colour specification (0: none). */
  method: number
  /** EnumCS of the judged colour specification, when it has one. */
  enumCS: number | undefined
  /** METH and EnumCS of the first `colr` box (the one Ghostscript reads), when there is one. */
  first?: { method: number; enumCS: number | undefined } | undefined
  /** For a bare codestream (FF4F FF51 …): its SIZ marker's Csiz, for the message only. */
  codestreamComponents?: number | undefined
}

/** A cursor over the bytes; reads past the end fail (undefined), skips stop at the end. */
class Reader {
  pos = 0
  constructor(readonly data: Uint8Array) {}
  get left(): number {
    return this.data.length - this.pos
  }
  uint(n: number): number | undefined {
    if (this.left < n) return undefined
    let v = 0
    for (let i = 0; i < n; i++) v = v * 256 + this.data[this.pos + i]!
    this.pos += n
    return v
  }
  skip(n: number): void {
    if (n > 0) this.pos += Math.min(n, this.left)
  }
  /** A box header: its whole length (an 8-byte XLBox when LBox is 1; -1 for one Java reads as negative) and type. */
  boxHeader(): { length: number; type: number; headerBytes: number } | undefined {
    const lbox = this.uint(4)
    const type = this.uint(4)
    if (lbox === undefined || type === undefined) return undefined
    if (lbox !== 1) return { length: lbox, type, headerBytes: 8 }
    const hi = this.uint(4)
    const lo = this.uint(4)
    if (hi === undefined || lo === undefined) return undefined
    return { length: hi >= 0x80000000 ? -1 : hi * 2 ** 32 + lo, type, headerBytes: 16 }
  }
}

const startsWith = (data: Uint8Array, bytes: readonly number[]): boolean => data.length >= bytes.length && bytes.every((b, i) => data[i] === b)

/** Csiz of a bare codestream's SIZ marker (SOC FF4F, SIZ FF51, 36 bytes of sizes), when it starts one. */
function codestreamComponents(data: Uint8Array): number | undefined {
  if (!startsWith(data, [0xff, 0x4f, 0xff, 0x51]) || data.length < 42) return undefined
  return data[40]! * 256 + data[41]!
}

/** The 6.2.8.3 facts of JPEG 2000 data (the bytes the JPXDecode filter would read). */
export function readJp2Facts(data: Uint8Array): Jp2Facts {
  const facts: Jp2Facts = { signature: false, header: false, ihdr: false, channels: 0, bitDepth: 0, bpcc: false, colourSpecs: 0, approx1: 0, method: 0, enumCS: undefined }
  if (!startsWith(data, SIGNATURE)) {
    facts.codestreamComponents = codestreamComponents(data)
    return facts
  }
  facts.signature = true
  const r = new Reader(data)
  r.pos = SIGNATURE.length
  // The top-level boxes up to the header box; a box of length 0 runs to the end of the data.
  let headerLeft: number | undefined
  for (;;) {
    const b = r.boxHeader()
    if (b === undefined) return facts
    const left = b.length - b.headerBytes
    if (b.type === JP2H) {
      if (b.length === 0) headerLeft = 0
      else if (left > 0) headerLeft = left
      break
    }
    if (b.length === 0 || left < 0) return facts
    r.skip(left)
  }
  if (headerLeft === undefined) return facts
  facts.header = true
  readHeader(r, headerLeft, facts)
  return facts
}

/** The boxes of `jp2h` (`headerLeft` its content's length, 0: to the end of the data). */
function readHeader(r: Reader, headerLeft: number, facts: Jp2Facts): void {
  const toEnd = headerLeft === 0
  let leftInHeader = headerLeft
  let firstMethod: number | undefined
  let firstEnum: number | undefined
  let approxMethod: number | undefined
  let approxEnum: number | undefined
  // Every turn reads at least a box header, so the loop ends within data.length / 8 turns.
  for (;;) {
    const b = r.boxHeader()
    if (b === undefined) break
    const { length } = b
    if (length < 0 || (!toEnd && (length === 0 || length > leftInHeader))) break
    const leftInBox = length - b.headerBytes
    if (b.type === IHDR) {
      if (leftInBox !== 14 && length !== 0) break
      r.skip(8) // HEIGHT, WIDTH
      const nc = r.uint(2)
      if (nc === undefined) break
      facts.channels = nc
      facts.ihdr = true
      const bpc = r.uint(1)
      if (bpc === undefined) break
      // BPC is depth − 1 with the sign in bit 7; read as a signed byte, as veraPDF does.
      facts.bitDepth = (bpc >= 128 ? bpc - 256 : bpc) + 1
      r.skip(3) // C, UnkC, IPR
    } else if (b.type === BPCC) {
      facts.bpcc = true
      r.skip(leftInBox)
    } else if (b.type === COLR) {
      if (leftInBox < 3) break
      facts.colourSpecs++
      const meth = r.uint(1)
      if (meth === undefined) break
      firstMethod ??= meth
      r.skip(1) // PREC
      const approx = r.uint(1)
      if (approx === undefined) break
      if (approx === 1) {
        facts.approx1++
        approxMethod ??= meth
      }
      let read = 3
      if (meth === 1) {
        if (leftInBox < 7) break
        const enumCS = r.uint(4)
        if (enumCS === undefined) break
        read += 4
        firstEnum ??= enumCS
        if (approx === 1) approxEnum ??= enumCS
      } else if (meth === 2) {
        // The ICC profile fills the rest of the box; it must be there in full.
        if (r.left < leftInBox - read) break
        r.skip(leftInBox - read)
        read = leftInBox
      }
      r.skip(leftInBox - read)
    } else {
      r.skip(leftInBox)
    }
    leftInHeader -= length
    if (toEnd ? length === 0 : leftInHeader === 0) break
  }
  if (firstMethod !== undefined) facts.first = { method: firstMethod, enumCS: firstEnum }
  if (facts.approx1 > 0) {
    facts.method = approxMethod ?? 0
    facts.enumCS = approxEnum
  } else if (facts.colourSpecs === 1) {
    facts.method = firstMethod ?? 0
    facts.enumCS = firstEnum
  }
}

/**
 * What the facts break of 6.2.8.3, one sentence per test (empty when the image conforms).
 * @param hasColorSpace the image dictionary has a /ColorSpace (not null): tests 2–4 are waived.
 */
export function jp2Problems(facts: Jp2Facts, hasColorSpace: boolean): string[] {
  if (!facts.signature) {
    const bare = facts.codestreamComponents === undefined ? 'does not start with the JP2 signature box' : `is a bare JPEG 2000 codestream (${facts.codestreamComponents} components) without the JP2 file boxes`
    return [`${bare}, so it declares no colour channels, bit depth${hasColorSpace ? '' : ' or colour specification'} in a JP2 header`]
  }
  if (!facts.header) return [`has no readable JP2 header box (jp2h), so it declares no colour channels, bit depth${hasColorSpace ? '' : ' or colour specification'}`]
  const out: string[] = []
  if (![1, 3, 4].includes(facts.channels)) out.push(facts.ihdr ? `has ${facts.channels} colour channels (1, 3 or 4 allowed)` : 'declares no number of colour channels (no readable ihdr box)')
  if (!hasColorSpace) {
    if (facts.colourSpecs === 0) out.push('has no colour specification (colr box) and the image dictionary no /ColorSpace')
    else if (facts.colourSpecs > 1 && facts.approx1 !== 1) out.push(`has ${facts.colourSpecs} colour specifications of which ${facts.approx1} have APPROX 1 (exactly one must)`)
    // With several specifications and none of APPROX 1 no METH is judged (veraPDF reads 0): the test above says it.
    if (facts.colourSpecs > 0 && (facts.colourSpecs === 1 || facts.approx1 > 0) && ![1, 2, 3].includes(facts.method)) out.push(`has a colour specification with METH ${facts.method} (1, 2 or 3 allowed)`)
    if (facts.enumCS === CIEJAB) out.push('uses the enumerated colour space 19 (CIEJab)')
  }
  if (facts.bpcc) out.push('has a bits-per-component (bpcc) box: its channels may differ in bit depth')
  else if (facts.bitDepth < 1 || facts.bitDepth > 38) out.push(facts.ihdr ? `has bit depth ${facts.bitDepth} (1 to 38 allowed, the same for all channels${facts.bitDepth === 0 ? '; BPC 255 means they differ' : ''})` : 'declares no bit depth (no readable ihdr box)')
  return out
}

const filterNames = (dict: PDFDict): string[] => entriesOf(dict.lookup(PDFName.of('Filter'))).map((f) => (f instanceof PDFName ? f.decodeText() : ''))
const hasColorSpace = (image: PDFStream): boolean => {
  const cs = image.dict.lookup(PDFName.of('ColorSpace'))
  return cs !== undefined && cs !== PDFNull
}

/**
 * 6.2.8.3 for one image XObject: its problems, or none when it has no /JPXDecode filter or
 * conforms. The data judged is the stream's stored bytes, as veraPDF reads them (its image object
 * takes the raw data, decoding no filter): under another filter before JPXDecode (/FlateDecode
 * over JPEG 2000) they have no JP2 header, and the image fails.
 */
export function jpxImageProblems(image: PDFStream): string[] {
  if (!(image instanceof PDFRawStream)) return []
  const filters = filterNames(image.dict)
  const at = filters.indexOf('JPXDecode')
  if (at < 0) return []
  const problems = jp2Problems(readJp2Facts(image.contents), hasColorSpace(image))
  if (at === 0 || problems.length === 0) return problems
  const before = filters.slice(0, at).map((f) => `/${f}`).join(', ')
  return [`is stored under ${before} before /JPXDecode; read as stored, without decoding (as veraPDF reads it), it ${problems.join('; it ')}`]
}

/** Enumerated colour spaces Ghostscript 10 decodes without a /ColorSpace (tried one by one: CMYK, sRGB, greyscale, sYCC, e-sRGB, ROMM-RGB, e-sYCC). */
const GHOSTSCRIPT_ENUMS: ReadonlySet<number> = new Set([12, 16, 17, 18, 20, 21, 24])

/**
 * Whether Ghostscript can decode the image to re-encode it: it takes the colour space from the
 * /ColorSpace, else from the first `colr` box (an enumeration it knows, or an ICC profile), and
 * gives up on a JP2 header it cannot read or a bit depth out of range. An image it cannot decode
 * it leaves out of its output without an error, so pdf2pdfa must not send it there.
 */
function ghostscriptDecodes(facts: Jp2Facts, hasColorSpace: boolean): boolean {
  if (!facts.signature) return hasColorSpace && facts.codestreamComponents !== undefined
  if (!facts.header || !facts.ihdr) return false
  if (!facts.bpcc && (facts.bitDepth < 1 || facts.bitDepth > 38)) return false
  if (hasColorSpace) return true
  const first = facts.first
  return first !== undefined && (first.method === 2 || (first.method === 1 && first.enumCS !== undefined && GHOSTSCRIPT_ENUMS.has(first.enumCS)))
}

/**
 * The JPEG 2000 images Ghostscript could not decode (it would drop them), one sentence each naming
 * the object: those 6.2.8.3 forbids, which it is to re-encode, and conforming ones it would lose
 * on the way (a CIELab colr box without /ColorSpace). pdf2pdfa refuses such a file instead.
 */
export function jpxImagesGhostscriptDrops(doc: PDFDocument): string[] {
  const out: string[] = []
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
    const filters = filterNames(object.dict)
    if (!filters.includes('JPXDecode')) continue
    if (filters[0] !== 'JPXDecode') {
      out.push(`the JPEG 2000 image object ${ref.objectNumber} ${ref.generationNumber} is stored under /${filters[0]} before /JPXDecode, which Ghostscript does not decode either (nor poppler), so it would drop the image (PDF/A 6.2.8.3)`)
    } else if (!ghostscriptDecodes(readJp2Facts(object.contents), hasColorSpace(object))) {
      const why = jpxImageProblems(object).length > 0 ? 'breaks PDF/A 6.2.8.3, and Ghostscript cannot decode it either' : 'is one Ghostscript cannot decode'
      out.push(`the JPEG 2000 image object ${ref.objectNumber} ${ref.generationNumber} ${why} (no colour space it reads in /ColorSpace or the first colr box, or a JP2 header or bit depth it cannot read), so it would drop the image`)
    }
  }
  return out
}
