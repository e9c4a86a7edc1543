/**
 * Building blocks for the hand-made PDF/A test files: content appended to the first page with its
 * resources, and font dictionaries over real embedded programs.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFRef, PDFString } from '@cantoo/pdf-lib'
import { loadPdf } from '../../../src/pdf/load-pdf.js'

export type PageResources = Partial<Record<'Font' | 'ExtGState' | 'XObject' | 'Pattern', Record<string, PDFRef>>>

/** Adds resources to the first page and appends a content stream to it. @returns the stream. */
export function addToPage(doc: PDFDocument, content: string, resources: PageResources = {}): PDFRef {
  const page = doc.getPages()[0]!
  const res = page.node.Resources()!
  for (const [kind, entries] of Object.entries(resources)) {
    let dict = res.lookup(PDFName.of(kind))
    if (!(dict instanceof PDFDict)) {
      dict = doc.context.obj({})
      res.set(PDFName.of(kind), dict as PDFDict)
    }
    for (const [name, ref] of Object.entries(entries)) (dict as PDFDict).set(PDFName.of(name), ref)
  }
  const stream = doc.context.register(doc.context.stream(content))
  const contents = page.node.get(PDFName.of('Contents'))
  page.node.set(PDFName.of('Contents'), doc.context.obj(contents instanceof PDFArray ? [...contents.asArray(), stream] : [contents!, stream]))
  return stream
}

/** A FontDescriptor over a whole Liberation Sans TrueType program (FontFile2, or FontFile3 /OpenType). */
export function liberationDescriptor(doc: PDFDocument, program: Uint8Array, flags = 32, as: 'FontFile2' | 'OpenType' = 'FontFile2'): PDFRef {
  const file = doc.context.register(doc.context.flateStream(program, as === 'FontFile2' ? { Length1: program.length } : { Subtype: 'OpenType' }))
  return doc.context.register(
    doc.context.obj({
      Type: 'FontDescriptor',
      FontName: 'LiberationSans',
      Flags: flags,
      FontBBox: [-203, -303, 1050, 910],
      ItalicAngle: 0,
      Ascent: 905,
      Descent: -212,
      CapHeight: 729,
      StemV: 80,
      [as === 'FontFile2' ? 'FontFile2' : 'FontFile3']: file,
    }),
  )
}

export type CidFontSpec = {
  subtype: 'CIDFontType0' | 'CIDFontType2'
  baseFont: string
  descriptor: PDFRef
  w?: (number | number[])[] | undefined
  dw?: number | undefined
}

/** A Type0 font (Identity-H) over one CIDFont; a CIDFontType2 maps CIDs to glyphs by Identity. */
export function type0Font(doc: PDFDocument, spec: CidFontSpec): PDFRef {
  const cid = doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: spec.subtype,
      BaseFont: spec.baseFont,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: spec.descriptor,
      ...(spec.subtype === 'CIDFontType2' ? { CIDToGIDMap: 'Identity' } : {}),
      ...(spec.w === undefined ? {} : { W: spec.w }),
      ...(spec.dw === undefined ? {} : { DW: spec.dw }),
    }),
  )
  return doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: spec.baseFont, Encoding: 'Identity-H', DescendantFonts: [cid] }))
}

/** Keeps a test file as `name.pdf` in the folder EINVOICE_PDFA_DUMP names (to run pdfa-check on it); @returns the bytes. */
export function keepForPdfaCheck(name: string, bytes: Uint8Array): Uint8Array {
  const dump = process.env.EINVOICE_PDFA_DUMP
  if (dump !== undefined && dump !== '') {
    mkdirSync(dump, { recursive: true })
    writeFileSync(`${dump}/${name}.pdf`, bytes)
  }
  return bytes
}

/** A copy of `base` changed by `edit`, saved without object streams and kept as `name` (see keepForPdfaCheck). */
export async function editedPdf(base: Uint8Array, name: string, edit: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const { doc } = await loadPdf(base)
  edit(doc)
  return keepForPdfaCheck(name, await doc.save({ useObjectStreams: false }))
}
