/**
 * Embedding a file as a PDF/A-3 associated file (ISO 19005-3 6.8, ISO 32000-2 14.13): the
 * embedded file stream with its MIME /Subtype and /Params, the file specification with /F, /UF,
 * /Desc and /AFRelationship, an entry in the EmbeddedFiles name tree and in the catalog /AF.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRef, PDFString } from '@cantoo/pdf-lib'
import { embeddedFilesTree, nameTreeEntries } from './attachments.js'
import { type PdfDate, formatPdfDate } from './pdf-date.js'
import { flateStream } from './streams.js'

/** The /AFRelationship values of PDF 2.0 / PDF/A-3. */
export const AF_RELATIONSHIPS = ['Source', 'Data', 'Alternative', 'Supplement', 'EncryptedPayload', 'FormData', 'Schema', 'Unspecified'] as const
export type AfRelationship = (typeof AF_RELATIONSHIPS)[number]

export type EmbedFileOptions = {
  name: string
  data: Uint8Array
  /** MIME type, written as the stream /Subtype (`text/xml` → `/text#2Fxml`). */
  mimeType: string
  description: string
  relationship: AfRelationship
  /** /Params /ModDate and /CreationDate. */
  date: PdfDate
}

function fileNameString(name: string): PDFString | PDFHexString {
  return /^[\x20-\x7e]*$/.test(name) ? PDFString.of(name.replace(/([\\()])/g, '\\$1')) : PDFHexString.fromText(name)
}

function specName(spec: PDFDict): string | undefined {
  for (const key of ['UF', 'F']) {
    const v = spec.lookup(PDFName.of(key))
    if (v instanceof PDFString || v instanceof PDFHexString) return v.decodeText()
  }
  return undefined
}

/**
 * Removes the named files from the EmbeddedFiles tree and the catalog /AF (case-sensitive names,
 * as file names in the Factur-X specification are).
 */
export function removeEmbeddedFiles(doc: PDFDocument, names: ReadonlySet<string>): void {
  const removed = new Set<PDFObject>()
  const isRemoved = (key: string | undefined, spec: PDFObject | undefined): boolean => {
    const name = spec instanceof PDFDict ? specName(spec) : undefined
    return (name !== undefined && names.has(name)) || (key !== undefined && names.has(key))
  }
  const tree = embeddedFilesTree(doc)
  if (tree !== undefined) {
    const entries = nameTreeEntries(tree).map(([key, spec]) => [key, doc.context.getRef(spec) ?? spec] as const)
    const kept = entries.filter(([key, ref]) => {
      if (!isRemoved(key, doc.context.lookup(ref))) return true
      removed.add(ref)
      return false
    })
    if (kept.length !== entries.length) writeNameTree(doc, kept)
  }
  const af = doc.catalog.lookup(PDFName.of('AF'))
  if (af instanceof PDFArray) {
    const kept = af.asArray().filter((item) => {
      if (!isRemoved(undefined, doc.context.lookup(item))) return true
      removed.add(item)
      return false
    })
    if (kept.length !== af.size()) doc.catalog.set(PDFName.of('AF'), doc.context.obj(kept))
  }
  for (const spec of removed) deleteSpec(doc, spec)
}

/** Writes the EmbeddedFiles tree as one sorted leaf (name trees are ordered by key, ISO 32000-1 7.9.6). */
export function writeNameTree(doc: PDFDocument, entries: readonly (readonly [string, PDFObject])[]): void {
  const { context } = doc
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const flat: PDFObject[] = sorted.flatMap(([key, value]) => [fileNameString(key), value])
  const found = doc.catalog.lookup(PDFName.of('Names'))
  const names = found instanceof PDFDict ? found : context.obj({})
  if (names !== found) doc.catalog.set(PDFName.of('Names'), context.register(names))
  const tree = context.obj({})
  tree.set(PDFName.of('Names'), context.obj(flat))
  names.set(PDFName.of('EmbeddedFiles'), context.register(tree))
}

/** Deletes a removed file specification and its embedded stream, so no stale copy stays in the file. */
function deleteSpec(doc: PDFDocument, spec: PDFObject): void {
  const { context } = doc
  const dict = context.lookup(spec)
  if (dict instanceof PDFDict) {
    const ef = dict.lookup(PDFName.of('EF'))
    if (ef instanceof PDFDict) {
      for (const key of ef.keys()) {
        const ref = ef.get(key)
        if (ref instanceof PDFRef) context.delete(ref)
      }
    }
  }
  if (spec instanceof PDFRef) context.delete(spec)
}

/** Embeds the file and registers it in the name tree and the catalog /AF; a file of the same name is replaced. */
export function embedFile(doc: PDFDocument, options: EmbedFileOptions): void {
  const { context } = doc
  removeEmbeddedFiles(doc, new Set([options.name]))
  const date = PDFString.of(formatPdfDate(options.date))
  const stream = flateStream(context, options.data, {
    Type: 'EmbeddedFile',
    Subtype: options.mimeType,
    Params: { ModDate: date, CreationDate: date, Size: options.data.length },
  }, 1)
  const streamRef = context.register(stream)
  const spec = context.obj({
    Type: 'Filespec',
    F: fileNameString(options.name),
    UF: PDFHexString.fromText(options.name),
    Desc: PDFString.of(options.description.replace(/([\\()])/g, '\\$1')),
    AFRelationship: options.relationship,
    EF: { F: streamRef, UF: streamRef },
  })
  const specRef = context.register(spec)
  const existing = nameTreeEntries(embeddedFilesTree(doc)).map(([key, value]) => [key, context.getRef(value) ?? value] as const)
  writeNameTree(doc, [...existing, [options.name, specRef]])
  const af = doc.catalog.lookup(PDFName.of('AF'))
  if (af instanceof PDFArray) af.push(specRef)
  else doc.catalog.set(PDFName.of('AF'), context.obj([specRef]))
}
