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
export type { PdfValidationResult, PdfValidationOptions } from './pdf/validate-pdf.js'
import type { PdfValidationOptions, PdfValidationResult } from './pdf/validate-pdf.js'
export type { PdfFinding } from './pdf/pdf-rules.js'
export type { PhiveRun, PhiveOptions } from './phive/run-phive.js'
export { runPhive } from './phive/run-phive.js'
export { KNOWN_VESIDS } from './phive/ves.js'
export type { PhiveJson } from './report/phive.js'
export { toPhiveJson, writePhiveJson } from './report/phive.js'

/** The PDF part alone (PDF/A-3 and Factur-X container checks); loads the PDF modules on first use. */
export async function validatePdf(bytes: Uint8Array, options?: PdfValidationOptions): Promise<PdfValidationResult> {
  const { validatePdf: run } = await import('./pdf/validate-pdf.js')
  return run(bytes, options)
}
