/**
 * The readable terminal form: a verdict line, then findings grouped by severity, each with
 * line:column, rule id and message.
 * @module
 */
import type { Finding, Severity } from '../types.js'
import type { FileValidationResult } from '../validate-file.js'
import { resultArgument } from './report-argument.js'
import { pdfTextLines } from './pdf-part.js'
import { maxOf, pushAll } from '../../util/arrays.js'
import { excerpt } from '../../util/excerpt.js'

const ORDER: readonly (readonly [Severity, string])[] = [
  ['fatal', 'Errors (fatal)'],
  ['error', 'Errors'],
  ['warning', 'Warnings'],
  ['information', 'Notes'],
]

function where(f: Finding): string {
  return f.location.line === undefined ? f.location.path : `${f.location.line}:${f.location.column ?? 0}`
}

export function writeTextReport(r: FileValidationResult): string {
  r = resultArgument(r)
  const x = r.xml
  const lines: string[] = []
  const verdict = r.valid ? 'valid' : 'INVALID'
  lines.push(`${r.fileName}: ${verdict} (${x.syntax}, ${x.specificationId === undefined ? 'no specification identifier' : excerpt(x.specificationId)})`)
  const skipped = x.layers.filter((l) => !l.implemented).map((l) => l.name)
  if (skipped.length > 0) lines.push(`  not checked yet: ${skipped.join(', ')}`)
  if (r.pdf?.result !== undefined) pushAll(lines, pdfTextLines(r.pdf.result))
  for (const [severity, title] of ORDER) {
    const group = x.findings.filter((f) => f.severity === severity)
    if (group.length === 0) continue
    lines.push(`  ${title} (${group.length}):`)
    const width = maxOf(group.map((f) => where(f).length))
    for (const f of group) lines.push(`    ${where(f).padEnd(width)}  ${f.message}${f.advisory === true ? ' (advisory)' : ''}`)
  }
  return lines.join('\n') + '\n'
}
