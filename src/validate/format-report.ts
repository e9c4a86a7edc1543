/**
 * One entry point for every report form, so faces (CLI, HTTP) only pick a format.
 * @module
 */
import { writeMustangReport } from './report/mustang-xml.js'
import { toJsonReport } from './report/json-report.js'
import { writeTextReport } from './report/text-report.js'
import type { FileValidationResult } from './validate-file.js'

export const REPORT_FORMATS = ['text', 'xml', 'json'] as const
/** The forms users choose, and `json-line`: the JSON report on one line (a CLI batch writes JSON Lines). */
export type ReportFormat = (typeof REPORT_FORMATS)[number] | 'json-line'

export function formatReport(result: FileValidationResult, format: ReportFormat): string {
  switch (format) {
    case 'xml':
      return writeMustangReport(result)
    case 'json':
      return JSON.stringify(toJsonReport(result), null, 2) + '\n'
    case 'json-line':
      return JSON.stringify(toJsonReport(result)) + '\n'
    case 'text':
      return writeTextReport(result)
  }
}
