/**
 * The embedded program of a font descriptor, read for the PDF/A glyph checks: TrueType
 * (FontFile2, or FontFile3 /OpenType under a TrueType or CIDFontType2 font dictionary), Type 1
 * (FontFile) or CFF (FontFile3 /Type1C, /CIDFontType0C, or the CFF table of /OpenType under any
 * other font). Parsed programs are kept by digest of the stored (compressed) bytes: invoices from
 * one generator embed the same fonts again and again, and inflating and parsing them is the
 * expensive part. Bounded by the inflated size kept.
 * @module
 */
import { createHash } from 'node:crypto'
import { type PDFDict, PDFName, PDFNumber, PDFRawStream, PDFStream } from '@cantoo/pdf-lib'
import { type CffMetrics, cffMetrics, openTypeCff } from './cff-program.js'
import { type ProgramMetrics, programMetrics } from './font-program-metrics.js'
import { baseEncoding } from './latin-encodings.js'
import { streamBytes } from './streams.js'
import { type Type1Metrics, type1Metrics } from './type1-program.js'

export type FontProgram = { kind: 'truetype'; metrics: ProgramMetrics } | { kind: 'type1'; metrics: Type1Metrics } | { kind: 'cff'; metrics: CffMetrics }

const cache = new Map<string, { program: FontProgram | undefined; size: number }>()
const MAX_CACHED_BYTES = 16 * 1024 * 1024
let cachedBytes = 0

/** A program that cannot be decoded is not compared (a bomb refuses the whole document, limits.ts). */
function decoded(stream: PDFStream): Uint8Array | undefined {
  try {
    return streamBytes(stream, 'font program')
  } catch {
    return undefined
  }
}

type Key = 'FontFile' | 'FontFile2' | 'FontFile3'

function parse(key: Key, file: PDFStream, bytes: Uint8Array, trueTypeFont: boolean): FontProgram | undefined {
  const subtype = file.dict.lookup(PDFName.of('Subtype'))
  // veraPDF picks the reader of an OpenType program by the font dictionary, not by its tables: a
  // TrueType or CIDFontType2 font's is read as TrueType (hmtx, cmap, post), any other's by its CFF table.
  if (key === 'FontFile2' || (key === 'FontFile3' && subtype === PDFName.of('OpenType') && trueTypeFont)) {
    const metrics = programMetrics(bytes)
    return metrics === undefined ? undefined : { kind: 'truetype', metrics }
  }
  if (key === 'FontFile') {
    const length1 = file.dict.lookup(PDFName.of('Length1'))
    const metrics = type1Metrics(bytes, length1 instanceof PDFNumber ? length1.asNumber() : undefined)
    return metrics === undefined ? undefined : { kind: 'type1', metrics }
  }
  const cff = subtype === PDFName.of('OpenType') ? openTypeCff(bytes) : bytes
  const standard = baseEncoding('StandardEncoding')
  const metrics = cff === undefined ? undefined : cffMetrics(cff, (code) => standard[code])
  return metrics === undefined ? undefined : { kind: 'cff', metrics }
}

function load(key: Key, file: PDFStream, trueTypeFont: boolean): FontProgram | undefined {
  if (!(file instanceof PDFRawStream)) {
    const bytes = decoded(file)
    return bytes === undefined ? undefined : parse(key, file, bytes, trueTypeFont)
  }
  const digest = createHash('sha1')
    .update(key)
    .update(key === 'FontFile3' && trueTypeFont ? 'T' : '')
    .update(String(file.dict.get(PDFName.of('Filter'))))
    .update(String(file.dict.get(PDFName.of('DecodeParms'))))
    .update(String(file.dict.get(PDFName.of('Subtype'))))
    .update(String(file.dict.get(PDFName.of('Length1'))))
    .update(file.contents)
    .digest('base64')
  const hit = cache.get(digest)
  if (hit !== undefined) return hit.program
  const read = decoded(file)
  if (read === undefined) return undefined
  // An unfiltered program is a view into the whole input file: copied, so the cache never pins the file.
  const bytes = read.byteLength === read.buffer.byteLength ? read : read.slice()
  const program = parse(key, file, bytes, trueTypeFont)
  if (bytes.length <= MAX_CACHED_BYTES / 4) {
    while (cachedBytes + bytes.length > MAX_CACHED_BYTES && cache.size > 0) {
      const [oldest, entry] = cache.entries().next().value!
      cache.delete(oldest)
      cachedBytes -= entry.size
    }
    cache.set(digest, { program, size: bytes.length })
    cachedBytes += bytes.length
  }
  return program
}

/**
 * The embedded program of a font descriptor, or undefined when none is embedded or it cannot be read.
 * @param trueTypeFont the font dictionary is TrueType or CIDFontType2 (decides how /OpenType is read)
 */
export function embeddedProgram(descriptor: PDFDict, trueTypeFont: boolean): FontProgram | undefined {
  for (const key of ['FontFile2', 'FontFile', 'FontFile3'] as const) {
    const file = descriptor.lookup(PDFName.of(key))
    if (file instanceof PDFStream) return load(key, file, trueTypeFont)
  }
  return undefined
}
