/**
 * The Mustang-compatible XML report (behaviour doc §6.4): `validation` with `pdf` (for PDF input),
 * `xml` (info, messages, summary) and the overall `summary`. Message elements are `error` (fatal and
 * error), `warning` and `notice`; `type` is Mustang's section code, `location` the element path,
 * `criterion` the rule id (einvoice ships no XPath tests).
 * @module
 */
import { VERSION } from '../../version.js'
import { type XmlNode, el, serializeXml } from '../../xml/index.js'
import type { Finding, Severity } from '../types.js'
import type { FileValidationResult } from '../validate-file.js'
import { resultArgument } from './report-argument.js'
import { buildPdfPart } from './pdf-part.js'

const ELEMENT: Readonly<Record<Severity, string>> = { fatal: 'error', error: 'error', warning: 'warning', information: 'notice' }

/** Mustang section codes: 24 CEN schematron, 27 XRechnung, 4 Factur-X schematron, 18 XSD. */
const SECTION: Readonly<Record<Finding['layer'], string>> = { en16931: '24', xrechnung: '27', facturx: '4', peppol: '27', syntax: '18', xsd: '18', orderx: '4' }

/**
 * The section of a finding in this document, as Mustang files it (behaviour doc §6.3): a Factur-X
 * CII invoice runs the CEN rules inside the Factur-X schematron (section 4; only XRechnung CII and
 * UBL run the CEN schematron, section 24), and Order-X's XSD is section 99.
 */
function sectionOf(f: Finding, x: FileValidationResult['xml']): string {
  if (x.syntax === 'Order-X' && (f.layer === 'xsd' || f.layer === 'syntax')) return '99'
  if (x.syntax === 'CII' && f.layer === 'en16931' && x.profile !== 'XRECHNUNG') return '4'
  return SECTION[f.layer]
}

function position(f: Finding): string {
  return f.location.line === undefined ? '' : ` (line ${f.location.line}, column ${f.location.column ?? 0})`
}

export function findingNode(f: Finding, section = SECTION[f.layer]): XmlNode {
  return el(ELEMENT[f.severity], { type: section, location: f.location.path, criterion: f.ruleId }, f.message + position(f))
}

/** Generation 1 for ZUGFeRD 1 and Order-X, 2 otherwise (as Mustang reports it). */
const generation = (r: FileValidationResult): string => (r.xml.syntax === 'ZUGFeRD1' || r.xml.syntax === 'Order-X' ? '1' : '2')

export function buildMustangReport(r: FileValidationResult): XmlNode {
  const status = (valid: boolean): XmlNode => el('summary', { status: valid ? 'valid' : 'invalid' })
  const x = r.xml
  const failed = x.findings.filter((f) => f.severity === 'fatal' || f.severity === 'error').length
  const notImplemented = x.layers.filter((l) => !l.implemented).map((l) => l.name)
  const xmlPart = el(
    'xml',
    undefined,
    el(
      'info',
      undefined,
      el('version', undefined, generation(r)),
      el('profile', undefined, x.specificationId ?? ''),
      el('validator', { version: `einvoice ${VERSION}` }),
      el('rules', undefined, el('fired', undefined, String(x.findings.length)), el('failed', undefined, String(failed))),
      notImplemented.length > 0 && el('notChecked', undefined, notImplemented.join(' ')),
      el('duration', { unit: 'ms' }, String(Math.round(x.durationMs))),
    ),
    // One node per finding: an input can have hundreds of thousands, too many to pass as arguments.
    x.findings.length > 0 && { name: 'messages', children: x.findings.map((f) => findingNode(f, sectionOf(f, x))) },
    status(x.valid),
  )
  const pdfPart = r.pdf?.result !== undefined && buildPdfPart(r.pdf.result)
  return el('validation', { filename: r.fileName, datetime: r.datetime }, pdfPart, xmlPart, el('messages'), status(r.valid))
}

/** The report as XML text (UTF-8, pretty-printed, deterministic for the same result). */
export function writeMustangReport(r: FileValidationResult): string {
  r = resultArgument(r)
  return serializeXml(buildMustangReport(r), { namespaces: {} })
}
