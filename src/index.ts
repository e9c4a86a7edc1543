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
export { writeJson } from './json/write-json.js'
export type { CalculatedInvoiceJson } from './json/calculated-invoice.js'
export type {
  AllowanceChargePayload,
  CalculatedInvoicePayload,
  InvoicePayload,
  ItemPayload,
  TradePartyPayload,
} from './json/schemas.js'

// The EN 16931 semantic model
export type * from './model/invoice.js'
export { Decimal } from './model/decimal.js'

export { VERSION } from './version.js'
