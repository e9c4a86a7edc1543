/**
 * einvoice: the library's public API. Each face (CLI, HTTP server) is built on the same
 * operations exported here.
 * @module
 */

// Errors
export { EInvoiceError, ERROR_CODES, isEInvoiceError } from './errors.js'
export type { EInvoiceErrorCode, EInvoiceErrorOptions } from './errors.js'

// Operations: declared once, run by the CLI and the server
export { OPERATIONS, getOperation, getOperationByCliName } from './operations/registry.js'
export { parseParams } from './operations/params.js'
export type {
  InputSpec,
  Operation,
  OperationInput,
  OperationOutput,
  OperationTag,
  ParamSpec,
  ParamValue,
} from './operations/types.js'

// Calculation
export { calculateInvoice, calculateInvoiceJsonText, calculatePayload } from './calc/calculate-invoice.js'
export { calculateDocument } from './calc/document.js'
export type { DocumentCalculation, VatCategoryGroup, VatGroup } from './calc/document.js'
export type { LineCalculation } from './calc/line.js'

// JSON payloads (Mustang shape)
export { readCalculatedInvoicePayload, readInvoicePayload } from './json/read-invoice.js'
export { parseJsonText } from './json/parse-json.js'
export { JsonNumber, writeJson } from './json/write-json.js'
export type { CalculatedInvoiceJson } from './json/calculated-invoice.js'
export type {
  AllowanceChargePayload,
  CalculatedInvoicePayload,
  InvoicePayload,
  ItemPayload,
  TradePartyPayload,
} from './json/schemas.js'

// XML syntaxes: read any invoice into the model, write CII / UBL, convert
export { readInvoice, readInvoiceDocument, detectSyntax } from './read-invoice.js'
export type { InvoiceSyntax } from './read-invoice.js'
export { invoiceToXml, invoiceJsonToXml } from './operations/invoice-to-xml.js'
export type { InvoiceToXmlOptions, InvoiceToXmlResult } from './operations/invoice-to-xml.js'
export { ciiToUbl } from './operations/cii-to-ubl.js'
export type { CiiToUblResult } from './operations/cii-to-ubl.js'
export { readUbl, writeUbl } from './ubl/index.js'
export type { WriteUblOptions } from './ubl/index.js'
export { FORMAT_PROFILES, findFormatProfile } from './cii/profiles.js'
export type { FormatProfile } from './cii/profiles.js'
export { parseInvoiceToJsonText, parseInvoiceFileToJsonText } from './parse-invoice.js'
export { invoiceToJson } from './json/from-model.js'
export { parseXml, serializeXml, el, NS } from './xml/index.js'
export type { ParseXmlOptions, XmlDocument, XmlElement, XmlNode } from './xml/index.js'

// Validation
export { validateXml, validateFile, writeMustangReport, toJsonReport, writeTextReport } from './validate/index.js'
export type { Finding, FileValidationResult, ValidateFileOptions, XmlValidationResult } from './validate/index.js'
export type { ValidateDocumentOptions } from './validate/validate-document.js'

// PDF/A-3 and the Factur-X container
export { embedInvoiceXml, resolveContainer, extractInvoiceXml, detachAttachments, pdfToPdfa } from './pdf/index.js'
export type {
  ContainerRequest,
  DetachResult,
  EmbedInvoiceOptions,
  EmbedInvoiceResult,
  ExtractOptions,
  ExtractedInvoiceXml,
  InvoiceContainer,
  LoadPdfOptions,
  Pdf2PdfaOptions,
  Pdf2PdfaResult,
} from './pdf/index.js'
export type { XmpInvoiceSchema } from './cii/profiles.js'
export type { BytesInput, TextOrBytesInput } from './util/byte-input.js'

// The EN 16931 semantic model
export type * from './model/invoice.js'
export { Decimal } from './model/decimal.js'

export { VERSION } from './version.js'
