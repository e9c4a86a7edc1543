/**
 * `phive`: validates one invoice XML against a validation executor set (VES) and returns the
 * result in phive's terms — one result per validation step (XSD, then each rule set), each with
 * its items — computed by einvoice's native rules. Without a VESID the VES follows from the syntax
 * and BT-24, as the official tooling picks its rule sets.
 * @module
 */
import { EInvoiceError } from '../../errors.js'
import { type ParseXmlOptions, parseXml } from '../../xml/index.js'
import type { Finding, Layer } from '../types.js'
import { detectValidationSyntax, validateDocument } from '../validate-xml.js'
import { KNOWN_VESIDS, type Ves, type VesStep, detectVes, findVes } from './ves.js'

export type PhiveStepResult = {
  step: VesStep
  /** TRUE: ran without errors; FALSE: errors; UNDEFINED: not run (skipped or not implemented). */
  success: 'TRUE' | 'FALSE' | 'UNDEFINED'
  findings: Finding[]
  /** Why the step did not run, for UNDEFINED. */
  reason?: string | undefined
}

export type PhiveRun = {
  ves: Ves
  /** The VES came from BT-24 (no VESID was given). */
  detected: boolean
  steps: PhiveStepResult[]
  /** A step failed early and later steps were skipped (phive's `interrupted`). */
  interrupted: boolean
  durationMs: number
}

export type PhiveOptions = {
  /** The VESID; undefined = detect from the document. */
  vesid?: string | undefined
  xml?: ParseXmlOptions | undefined
}

function unknownVes(vesid: string): EInvoiceError {
  return new EInvoiceError('INVALID_PARAMETER', `VESID: unknown validation executor set ${JSON.stringify(vesid)}; known VESIDs: ${KNOWN_VESIDS.join(', ')}`, {
    details: { VESID: KNOWN_VESIDS.join(', ') },
  })
}

const isError = (f: Finding): boolean => f.severity === 'fatal' || f.severity === 'error'

/**
 * @throws EInvoiceError INVALID_PARAMETER for an unknown VESID (listing the known ones),
 *   INVALID_XML for input that is not well-formed, UNSUPPORTED_DOCUMENT when no VESID is given and
 *   the document is not a syntax a VES exists for.
 */
export function runPhive(bytes: Uint8Array, options: PhiveOptions = {}): PhiveRun {
  const started = performance.now()
  const requested = options.vesid === undefined || options.vesid.trim() === '' ? undefined : findVes(options.vesid)
  if (options.vesid !== undefined && options.vesid.trim() !== '' && requested === undefined) throw unknownVes(options.vesid)
  const doc = parseXml(bytes, options.xml)
  const syntax = detectValidationSyntax(doc)
  if (requested !== undefined && syntax !== requested.syntax) {
    // Like phive's XSD step: the wrong document type fails the first step and nothing else runs.
    const found = `${doc.root.qname} (${syntax ?? 'not an invoice syntax einvoice knows'})`
    const finding: Finding = {
      ruleId: 'EINVOICE-VES-SYNTAX',
      severity: 'fatal',
      layer: 'xsd',
      location: { path: `/${doc.root.qname}`, line: doc.root.line, column: doc.root.column },
      messageKey: 'EINVOICE-VES-SYNTAX',
      params: { expected: requested.syntax, found },
      message: `[EINVOICE-VES-SYNTAX] ${requested.vesid} validates ${requested.syntax} documents; the root element is ${found}`,
    }
    const steps = requested.steps.map((step, i): PhiveStepResult => (i === 0 ? { step, success: 'FALSE', findings: [finding] } : { step, success: 'UNDEFINED', findings: [], reason: 'skipped after the XSD step failed' }))
    return { ves: requested, detected: false, steps, interrupted: true, durationMs: performance.now() - started }
  }
  if (syntax === undefined) {
    throw new EInvoiceError('UNSUPPORTED_DOCUMENT', `the root element ${doc.root.qname} is not an invoice syntax a VES exists for (CII, UBL Invoice, UBL CreditNote)`, { details: { root: doc.root.qname } })
  }
  // A VES named by VESID runs its own schemas and rules, whatever BT-24 declares (as phive runs
  // it); they had been the document's, relabelled: a Factur-X EXTENDED invoice checked with the
  // CEN VESID kept the EXTENDED downgrade of the CEN rules to advice and passed.
  const result = requested === undefined ? validateDocument(doc, syntax) : validateDocument(doc, syntax, { ignoreNotices: true }, requested.planAs)
  const ves = requested ?? detectVes(syntax, result.profile)
  if (ves === undefined) {
    throw new EInvoiceError('UNSUPPORTED_DOCUMENT', `no VES for ${syntax} documents (${result.specificationId ?? 'no BT-24'}); known VESIDs: ${KNOWN_VESIDS.join(', ')}`, { details: { syntax } })
  }
  const findings = result.findings
  const ran = new Set<Layer>(['syntax', ...result.layers.filter((l) => l.implemented).map((l) => l.name)])
  if (ran.has('xrechnung')) ran.add('peppol')
  const steps = ves.steps.map((step): PhiveStepResult => {
    const missing = step.layers.filter((l) => !ran.has(l))
    const own = findings.filter((f) => step.layers.includes(f.layer))
    if (missing.length > 0) {
      return { step, success: 'UNDEFINED', findings: own, reason: `einvoice does not run the ${missing.join(', ')} rules for this document yet` }
    }
    return { step, success: own.some(isError) ? 'FALSE' : 'TRUE', findings: own }
  })
  return { ves, detected: requested === undefined, steps, interrupted: false, durationMs: performance.now() - started }
}
