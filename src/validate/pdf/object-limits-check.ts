/**
 * The object half of ISO 19005-3 6.1.13: every number, string and name of every object (stream
 * dictionaries included, stream data not), the number of indirect objects, DeviceN colourant
 * counts, the largest CID of embedded CMaps, and the size of page boundaries.
 * The parser keeps numbers as values, so an integral value counts as an integer: a huge real
 * written as "3000000000.0" would be judged as an integer (no writer does that in practice).
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFObject, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib'
import { isDamagedStream, streamBytes } from '../../pdf/streams.js'
import { TOKEN, lexContent } from '../../pdf/content-lexer.js'
import { LIMITS, measuredLength, numberProblem } from './implementation-limits.js'
import { type PdfFinding, pdfFinding } from './pdf-rules.js'

/** Nesting of direct objects beyond which a file is hostile and not descended (as in walk.ts). */
const MAX_DIRECT_DEPTH = 64

const SUBTYPE = PDFName.of('Subtype')
const TYPE0 = PDFName.of('Type0')
const DEVICEN = PDFName.of('DeviceN')

type ValueRule = 'PDFA-LIMIT-INTEGER' | 'PDFA-LIMIT-REAL' | 'PDFA-LIMIT-STRING' | 'PDFA-LIMIT-NAME' | 'PDFA-LIMIT-DEVICEN'

class ObjectWalk {
  readonly findings: PdfFinding[] = []
  private readonly reported = new Set<ValueRule>()
  readonly type0Fonts: { font: PDFDict; ref: PDFRef }[] = []

  constructor(private readonly doc: PDFDocument) {}

  private report(id: ValueRule, owner: PDFRef, params: Record<string, string>): void {
    if (this.reported.has(id)) return // the first of each kind is enough to act on
    this.reported.add(id)
    const where = `object ${owner.objectNumber} ${owner.generationNumber}`
    this.findings.push(pdfFinding(id, where, { ...params, where }))
  }

  private name(name: PDFName, owner: PDFRef): void {
    const encoded = name.asString()
    if (encoded.length <= LIMITS.maxNameBytes + 1) return // never longer once decoded
    const bytes = measuredLength(name.asBytes())
    if (bytes > LIMITS.maxNameBytes) this.report('PDFA-LIMIT-NAME', owner, { bytes: String(bytes), name: `${encoded.slice(0, 25)}…` })
  }

  visit(object: PDFObject, owner: PDFRef, depth: number): void {
    if (depth > MAX_DIRECT_DEPTH) return
    if (object instanceof PDFNumber) {
      const value = object.asNumber()
      const problem = numberProblem(value, Number.isInteger(value))
      if (problem !== undefined) this.report(problem === 'integer' ? 'PDFA-LIMIT-INTEGER' : 'PDFA-LIMIT-REAL', owner, { value: String(value) })
    } else if (object instanceof PDFName) this.name(object, owner)
    else if (object instanceof PDFString || object instanceof PDFHexString) {
      // Escapes and hex digits only make the written form longer than the bytes.
      const written = object.asString().length
      if (written > LIMITS.maxStringBytes) {
        const bytes = measuredLength(object.asBytes())
        if (bytes > LIMITS.maxStringBytes) this.report('PDFA-LIMIT-STRING', owner, { bytes: String(bytes) })
      }
    } else if (object instanceof PDFStream) this.visit(object.dict, owner, depth + 1)
    else if (object instanceof PDFDict) {
      if (depth === 0 && object.get(SUBTYPE) === TYPE0) this.type0Fonts.push({ font: object, ref: owner })
      for (const key of object.keys()) this.name(key, owner)
      for (const value of object.values()) this.visit(value, owner, depth + 1)
    } else if (object instanceof PDFArray) {
      const items = object.asArray()
      if (items[0] === DEVICEN) this.deviceN(items[1], owner)
      for (const item of items) this.visit(item, owner, depth + 1)
    }
  }

  private deviceN(colourants: PDFObject | undefined, owner: PDFRef): void {
    const list = colourants instanceof PDFRef ? this.doc.context.lookup(colourants) : colourants
    if (list instanceof PDFArray && list.size() > LIMITS.maxDeviceNColourants) this.report('PDFA-LIMIT-DEVICEN', owner, { count: String(list.size()) })
  }
}

/** The largest CID an embedded CMap maps to (cidrange ends and cidchar values). */
export function largestCid(cmap: Uint8Array): number {
  let section: 'range' | 'char' | undefined
  const operands: number[] = []
  let largest = 0
  const hexValue = (start: number, end: number): number => {
    const text = String.fromCharCode(...cmap.subarray(start + 1, Math.min(end - 1, start + 17))).replace(/[^0-9A-Fa-f]/g, '')
    return text === '' ? 0 : parseInt(text, 16)
  }
  lexContent(cmap, (kind, start, end) => {
    if (kind === TOKEN.operator) {
      const op = String.fromCharCode(...cmap.subarray(start, Math.min(end, start + 16)))
      section = op === 'begincidrange' ? 'range' : op === 'begincidchar' ? 'char' : op.startsWith('end') ? undefined : section
      operands.length = 0
    } else if (section !== undefined && (kind === TOKEN.string || kind === TOKEN.number)) {
      operands.push(kind === TOKEN.string ? hexValue(start, end) : Number(String.fromCharCode(...cmap.subarray(start, end))))
      if (section === 'range' && operands.length === 3) {
        largest = Math.max(largest, operands[2]! + operands[1]! - operands[0]!)
        operands.length = 0
      } else if (section === 'char' && operands.length === 2) {
        largest = Math.max(largest, operands[1]!)
        operands.length = 0
      }
    }
  })
  return largest
}

function checkCmaps(fonts: readonly { font: PDFDict; ref: PDFRef }[], out: PdfFinding[]): void {
  for (const { font, ref } of fonts) {
    const encoding = font.lookup(PDFName.of('Encoding'))
    if (!(encoding instanceof PDFStream)) continue
    let data: Uint8Array
    try {
      data = streamBytes(encoding, 'embedded CMap')
    } catch (err) {
      if (!isDamagedStream(err)) throw err // a bomb refuses the document
      continue // A damaged CMap's CIDs cannot be counted; the limit is left unjudged.
    }
    const cid = largestCid(data)
    const base = font.lookup(PDFName.of('BaseFont'))
    const name = base instanceof PDFName ? base.decodeText() : `object ${ref.objectNumber} ${ref.generationNumber}`
    if (cid > LIMITS.maxCid) out.push(pdfFinding('PDFA-LIMIT-CID', `object ${ref.objectNumber} ${ref.generationNumber}`, { font: name, cid: String(cid) }))
  }
}

const PAGE_BOXES = ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox'].map((box) => ({ box, key: PDFName.of(box), inherited: box === 'MediaBox' || box === 'CropBox' }))
const PARENT = PDFName.of('Parent')

/** A page attribute, inherited through the page tree for MediaBox and CropBox (ISO 32000-1 7.7.3.4). */
function pageBox(page: PDFDict, key: PDFName, inherited: boolean): PDFObject | undefined {
  let node: PDFDict | undefined = page
  for (let depth = 0; node !== undefined && depth < 64; depth++) {
    const box = node.lookup(key)
    if (box !== undefined || !inherited) return box
    const parent: PDFObject | undefined = node.lookup(PARENT)
    node = parent instanceof PDFDict ? parent : undefined
  }
  return undefined
}

function checkPageBoxes(doc: PDFDocument, out: PdfFinding[]): void {
  let pages: ReturnType<PDFDocument['getPages']>
  try {
    pages = doc.getPages()
  } catch {
    return // A damaged page tree is reported where the file is read.
  }
  pages.forEach((page, index) => {
    for (const { box: name, key, inherited } of PAGE_BOXES) {
      const box = pageBox(page.node, key, inherited)
      if (!(box instanceof PDFArray) || box.size() < 4) continue
      const n = [0, 1, 2, 3].map((i) => {
        const v = box.lookup(i)
        return v instanceof PDFNumber ? v.asNumber() : Number.NaN
      })
      if (n.some(Number.isNaN)) continue
      const width = Math.abs(n[2]! - n[0]!)
      const height = Math.abs(n[3]! - n[1]!)
      const fits = (side: number): boolean => side >= LIMITS.minPageSide && side <= LIMITS.maxPageSide
      if (!fits(width) || !fits(height)) out.push(pdfFinding('PDFA-LIMIT-PAGE-BOX', `page ${index + 1} /${name}`, { box: name, page: String(index + 1), width: String(width), height: String(height) }))
    }
  })
}

export function checkObjectLimits(doc: PDFDocument): PdfFinding[] {
  const walk = new ObjectWalk(doc)
  let count = 0
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    count++
    walk.visit(object, ref, 0)
  }
  const out = walk.findings
  if (count > LIMITS.maxIndirectObjects) out.push(pdfFinding('PDFA-LIMIT-INDIRECT', 'file', { count: String(count) }))
  checkCmaps(walk.type0Fonts, out)
  checkPageBoxes(doc, out)
  return out
}
