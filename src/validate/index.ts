/**
 * The validator: EN 16931 business rules on the model, CEN syntax rules on the XML tree, chosen
 * from BT-24 as the official tooling does; reports as Mustang XML, JSON or text.
 * @module
 */
export type { Finding, FindingLocation, Layer, Severity, SyntaxKind } from './types.js'
export type { XmlValidationResult } from './validate-xml.js'
export { validateXml } from './validate-xml.js'
export type { FileValidationResult, ValidateFileOptions } from './validate-file.js'
export { validateFile } from './validate-file.js'
export { writeMustangReport } from './report/mustang-xml.js'
export type { JsonValidationReport } from './report/json-report.js'
export { toJsonReport } from './report/json-report.js'
export { writeTextReport } from './report/text-report.js'
export type { ReportFormat } from './format-report.js'
export { REPORT_FORMATS, formatReport } from './format-report.js'
