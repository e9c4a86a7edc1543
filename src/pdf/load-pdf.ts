/**
 * Loading a PDF with limits: size and structure checked first, owner-password files decrypted,
 * user-password files refused, decompression capped, and the document catalog required.
 * @module
 */
import { PDFDict, PDFDocument, PDFName, PDFRawStream, ParseSpeeds } from '@cantoo/pdf-lib'
import { EInvoiceError, isEInvoiceError } from '../errors.js'
import { applyIndirectLengths, installIndirectLengthReader } from './indirect-stream-length.js'
import { installInflateGuard, withParseBudget } from './limits.js'
import { type PdfStructureOptions, checkPdfStructure } from './pdf-structure.js'
import { type OptionSpec, positiveInteger } from '../util/option-input.js'

export type LoadPdfOptions = PdfStructureOptions

export const LOAD_PDF_OPTIONS: OptionSpec<LoadPdfOptions> = { maxBytes: positiveInteger }

export type LoadedPdf = {
  doc: PDFDocument
  /** The input was encrypted with an owner password only and has been decrypted. */
  decrypted: boolean
  /** The startxref offset was wrong and the objects were found by scanning. */
  xrefRepaired: boolean
}

/** pdf-lib's messages for a file that needs a user password (core/crypto.ts). */
const PASSWORD_MESSAGES = ['NEEDS PASSWORD', 'Password incorrect']

function userPasswordError(): EInvoiceError {
  return new EInvoiceError(
    'INVALID_PDF',
    'the PDF is encrypted with a user password (it cannot be opened without one); remove the password first, e.g. `qpdf --decrypt --password=PASSWORD in.pdf out.pdf`',
    { details: { encryption: 'user-password' } },
  )
}

function parseError(err: unknown): EInvoiceError {
  if (isEInvoiceError(err)) return err
  const message = err instanceof Error ? err.message : String(err)
  if (PASSWORD_MESSAGES.some((m) => message.includes(m))) return userPasswordError()
  if (message.includes('unknown encryption method') || message.includes('unsupported encryption')) {
    return new EInvoiceError('INVALID_PDF', `the PDF uses an unsupported encryption method (${message})`, {
      details: { encryption: 'unsupported' },
    })
  }
  return new EInvoiceError('INVALID_PDF', `the PDF cannot be parsed: ${message}`, { cause: err, details: {} })
}

async function parse(bytes: Uint8Array, password: string | undefined): Promise<PDFDocument> {
  return withParseBudget(() => load(bytes, password), (doc) => doc.context)
}

async function load(bytes: Uint8Array, password: string | undefined): Promise<PDFDocument> {
  const doc = await PDFDocument.load(bytes, {
    // Parse in one go: yielding to the event loop every 100 objects costs more than it saves here.
    parseSpeed: ParseSpeeds.Fastest,
    // Never let pdf-lib stamp its own Producer/ModDate: Info and XMP are kept in step by us.
    updateMetadata: false,
    ignoreEncryption: password === undefined,
    ...(password === undefined ? {} : { password }),
  })
  applyIndirectLengths(doc.context)
  return doc
}

/**
 * @throws EInvoiceError INPUT_TOO_LARGE, INVALID_PDF (not a PDF, truncated, broken xref, user
 *   password, unparsable, no catalog).
 */
export async function loadPdf(bytes: Uint8Array, options: LoadPdfOptions = {}): Promise<LoadedPdf> {
  const { xrefRepaired } = checkPdfStructure(bytes, options)
  installInflateGuard()
  installIndirectLengthReader()
  let doc: PDFDocument
  let decrypted = false
  try {
    doc = await parse(bytes, undefined)
    if (doc.context.trailerInfo.Encrypt !== undefined) {
      // An owner password alone leaves the user password empty: decrypt with ''.
      doc = await parse(bytes, '')
      decrypted = true
      dropStaleStructures(doc)
    }
  } catch (err) {
    throw parseError(err)
  }
  const catalog = doc.context.lookup(doc.context.trailerInfo.Root)
  if (!(catalog instanceof PDFDict)) {
    throw new EInvoiceError('INVALID_PDF', 'the PDF has no document catalog (trailer /Root is missing or not a dictionary)', {
      details: { object: 'Root' },
    })
  }
  return { doc, decrypted, xrefRepaired }
}

/**
 * pdf-lib keeps the cross-reference and object streams it parsed as ordinary objects (and, after
 * decryption, the trailer's /Encrypt); written back, stale ones make its own output unreadable.
 * The parsed
 * objects are already in the context, so these containers are dropped.
 */
export function dropStaleStructures(doc: PDFDocument): void {
  const { context } = doc
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const type = object.dict.get(PDFName.of('Type'))
    if (type === PDFName.of('XRef') || type === PDFName.of('ObjStm')) context.delete(ref)
  }
  const encrypt = context.trailerInfo.Encrypt
  if (encrypt !== undefined) {
    const ref = context.getRef(encrypt)
    if (ref !== undefined) context.delete(ref)
    delete context.trailerInfo.Encrypt
  }
}
