/**
 * Finding every file embedded in a PDF: the catalog's EmbeddedFiles name tree, the catalog /AF
 * array, file-attachment annotations and, because name trees are sometimes damaged, every file
 * specification dictionary in the file.
 * @module
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib'
import { pushAll } from '../util/arrays.js'
import { streamBytes } from './streams.js'

/** Where a file specification was found, in the order they are searched. */
export type AttachmentSource = 'EmbeddedFiles' | 'AF' | 'annotation' | 'scan'

export type PdfAttachment = {
  /** /UF, else /F (ISO 32000-1 7.11.3). */
  name: string
  description?: string | undefined
  /** /AFRelationship (ISO 32000-2 14.13): Source, Data, Alternative, Supplement, Unspecified ... */
  relationship?: string | undefined
  /** The embedded file stream's /Subtype (a MIME type), e.g. `text/xml`. */
  mimeType?: string | undefined
  source: AttachmentSource
  /** The file specification dictionary. */
  fileSpec: PDFDict
  /** The embedded file stream. */
  stream: PDFStream
  /** `/Params /Size` of the stream as written: the length the writer gives the file (optional). */
  declaredSize?: number | undefined
  /**
   * The decoded bytes (read on demand, with the inflate cap). Compressed data that ends early is
   * an error (INVALID_PDF naming the file and object), never a shorter file.
   */
  data(): Uint8Array
}

/** Name trees deeper than this are treated as damaged (ISO 32000-1 7.9.6 trees are shallow). */
const MAX_TREE_DEPTH = 32

function text(value: PDFObject | undefined): string | undefined {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText()
  return undefined
}

function nameValue(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFName ? value.decodeText() : undefined
}

function embeddedStream(fileSpec: PDFDict): PDFStream | undefined {
  const ef = fileSpec.lookup(PDFName.of('EF'))
  if (!(ef instanceof PDFDict)) return undefined
  for (const key of ['UF', 'F']) {
    const stream = ef.lookup(PDFName.of(key))
    if (stream instanceof PDFStream) return stream
  }
  return undefined
}

function sizeParam(stream: PDFStream): number | undefined {
  const params = stream.dict.lookup(PDFName.of('Params'))
  const size = params instanceof PDFDict ? params.lookup(PDFName.of('Size')) : undefined
  return size instanceof PDFNumber ? size.asNumber() : undefined
}

function toAttachment(fileSpec: PDFDict, source: AttachmentSource, treeName?: string): PdfAttachment | undefined {
  const stream = embeddedStream(fileSpec)
  if (stream === undefined) return undefined
  const name = text(fileSpec.lookup(PDFName.of('UF'))) ?? text(fileSpec.lookup(PDFName.of('F'))) ?? treeName ?? 'attachment'
  return {
    name,
    description: text(fileSpec.lookup(PDFName.of('Desc'))),
    relationship: nameValue(fileSpec.lookup(PDFName.of('AFRelationship'))),
    mimeType: nameValue(stream.dict.lookup(PDFName.of('Subtype'))),
    source,
    fileSpec,
    stream,
    declaredSize: sizeParam(stream),
    data: () => streamBytes(stream, `embedded file ${name}`, { whole: true }),
  }
}

/**
 * When an attachment's decoded length differs from its `/Params /Size`: a sentence saying so.
 * A warning, not an error: the Flate data was whole (data() checks its end and checksum), so the
 * entry is what is wrong; qpdf, poppler, PDFBox (Mustang) and pdf.js never compare the two, and
 * PDF/A (ISO 19005-3 6.8) does not ask for the entry.
 */
export function sizeMismatch(attachment: PdfAttachment, data: Uint8Array): string | undefined {
  const declared = attachment.declaredSize
  if (declared === undefined || declared === data.length) return undefined
  return `the embedded file ${JSON.stringify(attachment.name)} decodes to ${data.length} bytes, but its /Params /Size says ${declared}`
}

/** Entries of a name tree as [key, value] pairs, tolerating damaged nodes. */
export function nameTreeEntries(node: PDFObject | undefined, depth = 0, seen = new Set<PDFObject>()): [string, PDFObject][] {
  if (!(node instanceof PDFDict) || depth > MAX_TREE_DEPTH || seen.has(node)) return []
  seen.add(node)
  const out: [string, PDFObject][] = []
  const names = node.lookup(PDFName.of('Names'))
  if (names instanceof PDFArray) {
    for (let i = 0; i + 1 < names.size(); i += 2) {
      const key = text(names.lookup(i)) ?? ''
      const value = names.lookup(i + 1)
      if (value !== undefined) out.push([key, value])
    }
  }
  const kids = node.lookup(PDFName.of('Kids'))
  if (kids instanceof PDFArray) {
    for (let i = 0; i < kids.size(); i++) pushAll(out, nameTreeEntries(kids.lookup(i), depth + 1, seen))
  }
  return out
}

export function embeddedFilesTree(doc: PDFDocument): PDFDict | undefined {
  return catalogEmbeddedFilesTree(doc.catalog)
}

function catalogEmbeddedFilesTree(catalog: PDFDict): PDFDict | undefined {
  const names = catalog.lookup(PDFName.of('Names'))
  if (!(names instanceof PDFDict)) return undefined
  const tree = names.lookup(PDFName.of('EmbeddedFiles'))
  return tree instanceof PDFDict ? tree : undefined
}

function annotationFileSpecs(doc: PDFDocument): PDFDict[] {
  const out: PDFDict[] = []
  let pages: ReturnType<PDFDocument['getPages']>
  try {
    pages = doc.getPages()
  } catch {
    // A damaged page tree hides the annotations, not the files: the scan below still finds them.
    return out
  }
  for (const page of pages) {
    const annots = page.node.lookup(PDFName.of('Annots'))
    if (!(annots instanceof PDFArray)) continue
    for (let i = 0; i < annots.size(); i++) {
      const annot = annots.lookup(i)
      if (!(annot instanceof PDFDict) || annot.lookup(PDFName.of('Subtype')) !== PDFName.of('FileAttachment')) continue
      const fs = annot.lookup(PDFName.of('FS'))
      if (fs instanceof PDFDict) out.push(fs)
    }
  }
  return out
}

function scannedFileSpecs(doc: PDFDocument): PDFDict[] {
  const out: PDFDict[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && !(object instanceof PDFStream) && object.get(PDFName.of('EF')) !== undefined) out.push(object)
  }
  return out
}

export type ListAttachmentsOptions = {
  /**
   * `catalog`: the EmbeddedFiles tree and the catalog /AF only (fast); `all`: also file-attachment
   * annotations and every other file specification in the file (for damaged name trees).
   * @default 'all'
   */
  depth?: 'catalog' | 'all' | undefined
}

/**
 * Every embedded file, once each, in search order: EmbeddedFiles tree, catalog /AF, annotations,
 * then (for damaged trees) any other file specification in the file.
 */
export function listAttachments(doc: PDFDocument, options: ListAttachmentsOptions = {}): PdfAttachment[] {
  const seen = new Set<PDFDict>()
  const out = catalogAttachments(doc.catalog, seen)
  if (options.depth === 'catalog') return out
  const add = adder(out, seen)
  for (const spec of annotationFileSpecs(doc)) add(spec, 'annotation')
  for (const spec of scannedFileSpecs(doc)) add(spec, 'scan')
  return out
}

function adder(out: PdfAttachment[], seen: Set<PDFDict>) {
  return (spec: PDFObject | undefined, source: AttachmentSource, treeName?: string): void => {
    if (!(spec instanceof PDFDict) || seen.has(spec)) return
    seen.add(spec)
    const attachment = toAttachment(spec, source, treeName)
    if (attachment !== undefined) out.push(attachment)
  }
}

/**
 * The attachments the catalog itself lists (EmbeddedFiles tree, then /AF), once each. Needs only
 * the catalog dictionary, so it also serves the targeted reader of quick-catalog.ts.
 */
export function catalogAttachments(catalog: PDFDict, seen = new Set<PDFDict>()): PdfAttachment[] {
  const out: PdfAttachment[] = []
  const add = adder(out, seen)
  for (const [key, spec] of nameTreeEntries(catalogEmbeddedFilesTree(catalog))) add(spec, 'EmbeddedFiles', key)
  const af = catalog.lookup(PDFName.of('AF'))
  if (af instanceof PDFArray) for (let i = 0; i < af.size(); i++) add(af.lookup(i), 'AF')
  return out
}

/** A MIME type as ISO 19005-3 6.8 wants it in an embedded file's /Subtype: `type/subtype`. */
export function isMimeType(value: string | undefined): boolean {
  return value !== undefined && /^[-\w+.]+\/[-\w+.]+$/.test(value)
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  xml: 'text/xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
}

/** The MIME type a file name's extension stands for; application/octet-stream when unknown. */
export function mimeTypeFromName(name: string): string {
  const dot = name.lastIndexOf('.')
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
  return MIME_BY_EXTENSION[ext] ?? 'application/octet-stream'
}
