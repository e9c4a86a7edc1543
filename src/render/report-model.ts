/**
 * Reading a validation report XML (Mustang's layout, behaviour doc §6.4, as einvoice and Mustang
 * write it) into what the report PDF shows: file, date, overall status, and per part its status
 * and messages with severity, rule, location and text.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { type XmlElement, parseXml } from '../xml/index.js'
import { excerpt } from '../util/excerpt.js'

export type ReportSeverity = 'error' | 'fatal' | 'warning' | 'notice' | 'exception'

export type ReportMessage = {
  severity: ReportSeverity
  /** The rule id: `criterion` when it is an id, else the `[ID …]` of Mustang's text. */
  rule: string | undefined
  /** Mustang's section code (`type`). */
  section: string | undefined
  location: string | undefined
  text: string
}

export type ReportPart = { name: 'pdf' | 'xml' | 'document'; status: string | undefined; profile?: string | undefined; messages: ReportMessage[] }

export type ValidationReportModel = {
  fileName: string | undefined
  datetime: string | undefined
  /** The overall `summary/@status` (valid | invalid). */
  status: string
  parts: ReportPart[]
}

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'fatal', 'warning', 'notice', 'exception'])

const attr = (el: XmlElement, name: string): string | undefined => el.attributes.find((a) => a.ns === '' && a.local === name)?.value
const childNamed = (el: XmlElement, name: string): XmlElement | undefined => el.children.find((c) => c.local === name)

/** Mustang's text `… [ID BR-CO-10] from /xslt/…)` carries the rule id; the tail is noise. */
const MUSTANG_ID = /\s*\[ID ([^\]]+)\](?: from [^)]*\)?)?\s*$/

function message(el: XmlElement): ReportMessage {
  const raw = el.text.trim()
  const m = MUSTANG_ID.exec(raw)
  const criterion = attr(el, 'criterion')
  // Mustang's criterion is the XPath test; einvoice's is the rule id (no spaces, no brackets).
  const criterionIsId = criterion !== undefined && /^[\w.:-]+$/.test(criterion)
  return {
    severity: el.local as ReportSeverity,
    rule: m?.[1] ?? (criterionIsId ? criterion : undefined),
    section: attr(el, 'type'),
    location: attr(el, 'location'),
    text: m === null ? raw : raw.slice(0, m.index).trim(),
  }
}

function messagesOf(el: XmlElement | undefined): ReportMessage[] {
  const list = el === undefined ? undefined : childNamed(el, 'messages')
  return (list?.children ?? []).filter((c) => SEVERITIES.has(c.local)).map(message)
}

/** A status other than Mustang's two is no verdict the PDF could show (nor recommend on). */
function requireStatus(value: string | undefined, where: string): void {
  if (value === undefined || value === 'valid' || value === 'invalid') return
  throw new EInvoiceError('UNSUPPORTED_DOCUMENT', `XMLValidationResult: <${where} status="${excerpt(value)}"> is neither valid nor invalid`, {
    details: { [`${where}/@status`]: 'valid or invalid' },
  })
}

/**
 * @throws EInvoiceError INVALID_XML when the text is not well-formed, UNSUPPORTED_DOCUMENT when it
 *   is not a validation report (root `validation` with a `summary`).
 */
export function readValidationReport(xml: Uint8Array | string): ValidationReportModel {
  const root = parseXml(xml).root
  const summary = root.local === 'validation' ? childNamed(root, 'summary') : undefined
  const status = summary === undefined ? undefined : attr(summary, 'status')
  if (root.local !== 'validation' || status === undefined) {
    throw new EInvoiceError(
      'UNSUPPORTED_DOCUMENT',
      `XMLValidationResult is not a validation report: expected a <validation> root with a <summary status="…"/> child (as the validate endpoint returns), found <${root.qname}>${root.local === 'validation' ? ' without a summary status' : ''}`,
      { details: { root: root.qname } },
    )
  }
  requireStatus(status, 'summary')
  const parts: ReportPart[] = []
  for (const name of ['pdf', 'xml'] as const) {
    const el = childNamed(root, name)
    if (el === undefined) continue
    const partSummary = childNamed(el, 'summary')
    const partStatus = partSummary === undefined ? undefined : attr(partSummary, 'status')
    requireStatus(partStatus, `${name}/summary`)
    const profile = childNamed(childNamed(el, 'info') ?? el, 'profile')?.text.trim()
    parts.push({ name, status: partStatus, profile, messages: messagesOf(el) })
  }
  const top = messagesOf(root)
  if (top.length > 0) parts.push({ name: 'document', status, messages: top })
  return { fileName: attr(root, 'filename'), datetime: attr(root, 'datetime'), status, parts }
}
