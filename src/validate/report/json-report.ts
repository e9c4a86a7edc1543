/**
 * The JSON form of a validation result: the same findings as data, for programs.
 * @module
 */
import type { FileValidationResult } from '../validate-file.js'
import { resultArgument } from './report-argument.js'
import { pdfJson } from './pdf-part.js'

export type JsonValidationReport = {
  file: string
  datetime: string
  container: 'xml' | 'pdf'
  syntax: string
  specificationId: string | null
  profile: string
  valid: boolean
  layers: { name: string; implemented: boolean; advisory: boolean }[]
  counts: { fatal: number; error: number; warning: number; information: number }
  findings: {
    ruleId: string
    severity: string
    layer: string
    bt: string | null
    path: string
    line: number | null
    column: number | null
    messageKey: string
    params: Readonly<Record<string, string>>
    message: string
    advisory: boolean
    /** Of an advisory finding, the rule's own severity (see Finding.ruleSeverity); else null. */
    ruleSeverity: string | null
  }[]
  durationMs: number
  /** The PDF part (PDF input only). */
  pdf?: Record<string, unknown> | undefined
}

export function toJsonReport(r: FileValidationResult): JsonValidationReport {
  r = resultArgument(r)
  const x = r.xml
  const counts = { fatal: 0, error: 0, warning: 0, information: 0 }
  for (const f of x.findings) counts[f.severity]++
  return {
    file: r.fileName,
    datetime: r.datetime,
    container: r.container,
    syntax: x.syntax,
    specificationId: x.specificationId ?? null,
    profile: x.profile,
    valid: r.valid,
    layers: x.layers.map((l) => ({ name: l.name, implemented: l.implemented, advisory: l.advisory })),
    counts,
    findings: x.findings.map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      layer: f.layer,
      bt: f.bt ?? null,
      path: f.location.path,
      line: f.location.line ?? null,
      column: f.location.column ?? null,
      messageKey: f.messageKey,
      params: f.params,
      message: f.message,
      advisory: f.advisory === true,
      ruleSeverity: f.ruleSeverity ?? null,
    })),
    durationMs: Math.round(x.durationMs * 1000) / 1000,
    ...(r.pdf?.result === undefined ? {} : { pdf: pdfJson(r.pdf.result) }),
  }
}
