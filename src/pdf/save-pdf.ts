/**
 * Writing a PDF: the XMP stream, the trailer /ID and the final byte layout PDF/A asks for
 * (header ≤ 1.7 with a binary comment, no encryption, no stale xref streams).
 * @module
 */
import { createHash } from 'node:crypto'
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHeader,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib'
import { EInvoiceError } from '../errors.js'
import { dropStaleStructures } from './load-pdf.js'

/** Replaces the catalog /Metadata with an uncompressed XMP stream (PDF/A-1 6.7.2 forbids filters; harmless for -3). */
export function setMetadataStream(doc: PDFDocument, xmp: Uint8Array): void {
  const { context } = doc
  const old = doc.catalog.get(PDFName.of('Metadata'))
  const stream = PDFRawStream.of(context.obj({ Type: 'Metadata', Subtype: 'XML', Length: xmp.length }), xmp)
  doc.catalog.set(PDFName.of('Metadata'), context.register(stream))
  const oldRef = old === undefined ? undefined : context.getRef(old)
  if (oldRef !== undefined) context.delete(oldRef)
}

/**
 * Sets the trailer /ID (ISO 19005-3 6.1.3 requires it): the first string is the document's
 * permanent identifier and is kept when present; the second changes with every save.
 */
export function setTrailerId(doc: PDFDocument, seed: Uint8Array): void {
  const { context } = doc
  const existing = context.lookup(context.trailerInfo.ID)
  // The seed's head and length are as good as all of it for uniqueness (the clock adds the rest),
  // and hashing a whole embedded invoice on every save is wasted work.
  const fresh = createHash('md5').update(seed.subarray(0, 4096)).update(`${seed.length}:${process.hrtime.bigint()}`).digest('hex')
  let permanent = fresh
  if (existing instanceof PDFArray && existing.size() === 2) {
    const first = existing.lookup(0)
    if ((first instanceof PDFHexString || first instanceof PDFString) && first.asBytes().length > 0) {
      permanent = Buffer.from(first.asBytes()).toString('hex')
    }
  }
  context.trailerInfo.ID = context.obj([PDFHexString.of(permanent), PDFHexString.of(fresh)])
}

/** The header version PDF/A-3 allows (ISO 19005-3 6.1.2: 1.0–1.7). */
function clampHeader(doc: PDFDocument): void {
  const header = doc.context.header
  const match = /%PDF-(\d+)\.(\d+)/.exec(header.toString())
  const major = Number(match?.[1] ?? 1)
  const minor = Number(match?.[2] ?? 7)
  // /AF and /AFRelationship are PDF 2.0 keys that PDF/A-3 admits in a 1.7 file.
  if (major !== 1 || minor < 4) doc.context.header = PDFHeader.forVersion(1, 7)
  else if (minor > 7) doc.context.header = PDFHeader.forVersion(1, 7)
}

/** Serialises the document: no object streams (readable by every PDF/A validator), no stale structures. */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  dropStaleStructures(doc)
  dropUnreachable(doc)
  clampHeader(doc)
  try {
    // objectsPerTick Infinity: one pass without yielding to the event loop every 50 objects (on
    // a loaded machine each yield costs far more wall time than the CPU time it would spare).
    return await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity })
  } catch (err) {
    throw new EInvoiceError('INVALID_PDF', `the PDF cannot be written: ${(err as Error).message}`, { cause: err })
  }
}

/**
 * Deletes every indirect object that the trailer no longer reaches (replaced metadata, removed
 * attachments and actions, old name-tree nodes): pdf-lib writes all objects it holds, and stale
 * copies would still be found by validators that scan the whole file.
 */
export function dropUnreachable(doc: PDFDocument): number {
  const { context } = doc
  const reached = new Set<PDFRef>()
  const queue: PDFObject[] = []
  const roots = [context.trailerInfo.Root, context.trailerInfo.Info]
  for (const root of roots) if (root !== undefined) queue.push(root)
  while (queue.length > 0) {
    const object = queue.pop()
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue
      reached.add(object)
      const target = context.lookup(object)
      if (target !== undefined) queue.push(target)
    } else if (object instanceof PDFStream) {
      queue.push(object.dict)
    } else if (object instanceof PDFDict) {
      for (const value of object.values()) queue.push(value)
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) queue.push(value)
    }
  }
  let dropped = 0
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) {
      context.delete(ref)
      dropped++
    }
  }
  return dropped
}
