/**
 * The one error type of the engine. Each face maps it to its own shape: the CLI prints the
 * message and exits 2, the HTTP server answers a 400 ApiErrorResponse.
 * @module
 */
import { MAX_DETAIL, excerpt, excerptMiddle } from './util/excerpt.js'

/** Stable, documented error codes (docs/errors.md). */
export const ERROR_CODES = [
  /** The request body or a file is not valid JSON. */
  'INVALID_JSON',
  /** Text input that is not valid UTF-8. */
  'INVALID_ENCODING',
  /** The JSON is well-formed but a field has the wrong type or value. */
  'INVALID_PAYLOAD',
  /** A required input (file, body, query parameter) is missing. */
  'MISSING_INPUT',
  /** A parameter (format, profile, version, language, VESID ...) has an unsupported value. */
  'INVALID_PARAMETER',
  /** The invoice cannot be calculated as given (e.g. a document allowance with no VAT rate). */
  'CALCULATION_ERROR',
  /** The input is not well-formed XML, or XML that is refused (DOCTYPE, entities, too deep). */
  'INVALID_XML',
  /** The XML is well-formed but not an invoice of a supported syntax. */
  'UNSUPPORTED_DOCUMENT',
  /** The input is not a readable PDF, or a PDF that cannot be processed. */
  'INVALID_PDF',
  /** The PDF fails the PDF/A pre-flight of combine. */
  'NOT_PDFA',
  /** No invoice XML found in the PDF. */
  'NO_INVOICE_XML',
  /** The input is larger than the configured limit. */
  'INPUT_TOO_LARGE',
  /** An optional external program (Chromium, Ghostscript) is needed and missing. */
  'DEPENDENCY_MISSING',
] as const

export type EInvoiceErrorCode = (typeof ERROR_CODES)[number]

export type EInvoiceErrorOptions = {
  /** Detail descriptions by key, e.g. `{ path: 'zfitems[2].quantity' }`. */
  details?: Record<string, string> | undefined
  cause?: unknown
}

export class EInvoiceError extends Error {
  override readonly name = 'EInvoiceError'
  readonly errorCode: EInvoiceErrorCode
  readonly details: Record<string, string>

  constructor(errorCode: EInvoiceErrorCode, message: string, options: EInvoiceErrorOptions = {}) {
    super(excerptMiddle(message), options.cause === undefined ? undefined : { cause: options.cause })
    this.errorCode = errorCode
    this.details = boundedDetails(options.details ?? {})
  }
}

/** Details quote input too (a root element's name, an identifier): each value is bounded like the message. */
function boundedDetails(details: Record<string, string>): Record<string, string> {
  for (const key in details) {
    if ((details[key] as string).length > MAX_DETAIL) return Object.fromEntries(Object.entries(details).map(([k, v]) => [k, excerpt(v, MAX_DETAIL)]))
  }
  return details
}

export function isEInvoiceError(err: unknown): err is EInvoiceError {
  return err instanceof EInvoiceError
}
