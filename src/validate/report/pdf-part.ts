/**
 * The `<pdf>` element of the Mustang-compatible report and the PDF lines of the text report.
 * Mustang puts veraPDF's result text there; einvoice lists its own PDF/A-3 and Factur-X findings
 * as message elements (`criterion` = rule id, `location` = the object or XMP property, `type` =
 * Mustang's section code where Mustang has one for the condition).
 * @module
 */
import { maxOf } from '../../util/arrays.js'
import { type XmlNode, el } from '../../xml/index.js'
import type { PdfFinding } from '../pdf/pdf-rules.js'
import type { PdfValidationResult } from '../pdf/validate-pdf.js'
import type { Severity } from '../types.js'

const ELEMENT: Readonly<Record<Severity, string>> = { fatal: 'error', error: 'error', warning: 'warning', information: 'notice' }

function findingNode(f: PdfFinding): XmlNode {
  const attrs: Record<string, string> = { location: f.location, criterion: f.ruleId }
  return el(ELEMENT[f.severity], f.section === undefined ? attrs : { type: f.section, ...attrs }, f.message)
}

export function buildPdfPart(p: PdfValidationResult): XmlNode {
  return el(
    'pdf',
    undefined,
    el(
      'info',
      undefined,
      el('attachment', undefined, p.invoice?.fileName ?? ''),
      el('pdfa', { part: p.part ?? '', conformance: p.conformance ?? '', status: p.pdfaValid ? 'valid' : 'invalid' }),
      el('container', { status: p.facturxValid ? 'valid' : 'invalid' }),
      el('duration', { unit: 'ms' }, String(Math.round(p.durationMs))),
    ),
    p.findings.length > 0 && el('messages', undefined, ...p.findings.map(findingNode)),
    el('summary', { status: p.valid ? 'valid' : 'invalid' }),
  )
}

const TITLES: readonly (readonly [Severity, string])[] = [
  ['fatal', 'PDF errors (fatal)'],
  ['error', 'PDF errors'],
  ['warning', 'PDF warnings'],
  ['information', 'PDF notes'],
]

/** Text lines for the terminal report: verdicts, then findings grouped by severity. */
export function pdfTextLines(p: PdfValidationResult): string[] {
  const pdfa = `PDF/A-${p.part ?? '?'}${(p.conformance ?? '?').toLowerCase()} ${p.pdfaValid ? 'valid' : 'INVALID'}`
  const lines = [`  PDF: ${pdfa}, Factur-X container ${p.facturxValid ? 'valid' : 'INVALID'}${p.invoice === undefined ? '' : ` (invoice ${p.invoice.fileName === '' ? 'in an attachment without a name' : p.invoice.fileName})`}`]
  for (const [severity, title] of TITLES) {
    const group = p.findings.filter((f) => f.severity === severity)
    if (group.length === 0) continue
    lines.push(`  ${title} (${group.length}):`)
    const width = maxOf(group.map((f) => f.location.length))
    for (const f of group) lines.push(`    ${f.location.padEnd(width)}  ${f.message}`)
  }
  return lines
}

/** The PDF part as JSON data. */
export function pdfJson(p: PdfValidationResult): Record<string, unknown> {
  return {
    attachment: p.invoice?.fileName ?? null,
    pdfaPart: p.part ?? null,
    pdfaConformance: p.conformance ?? null,
    pdfaValid: p.pdfaValid,
    facturxValid: p.facturxValid,
    valid: p.valid,
    findings: p.findings.map((f) => ({ ruleId: f.ruleId, severity: f.severity, group: f.group, clause: f.clause, section: f.section ?? null, location: f.location, params: f.params, message: f.message })),
    durationMs: Math.round(p.durationMs * 1000) / 1000,
  }
}
