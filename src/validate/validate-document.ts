/**
 * Validates one parsed invoice: recognise the syntax, choose the rule sets from BT-24, run the
 * tree patterns in one walk and the business rules once over the model, and return the findings
 * with the verdict of the layers einvoice implements. The large tables come in as `layers`
 * (all of them for the synchronous API, only the needed ones for file validation).
 * @module
 */
import { isEInvoiceError } from '../errors.js'
import { NS, PARSE_XML_OPTIONS, type ParseXmlOptions, type XmlDocument, type XmlElement, leadingTextOf, parseXmlChecked } from '../xml/index.js'
import { refuseOlderEditionNames } from '../xml/older-edition-names.js'
import { runModelRules, runTreePatterns } from './engine.js'
import { type ValidationLayers, loadLayers } from './layers.js'
import { renderMessage } from './messages.js'
import { type PlannedLayer, type ProfileClass, planValidation, trimSpecificationId } from './rule-sets.js'
import { type QName, kid, kids, q } from './syntax/tree-helpers.js'
import { runXsdLayer, schemaNamesFor } from './xsd/xsd-layer.js'
import type { XsdTable } from './xsd/xsd-table.js'
import { xrechnungVersion } from './xrechnung/versions.js'
import { type Finding, type RuleSet, type Severity, type SyntaxKind, type TreePattern, isInvalidating } from './types.js'
import { pushAll } from '../util/arrays.js'
import { boolean, checkOptions, type OptionSpec } from '../util/option-input.js'

export type XmlValidationResult = {
  syntax: SyntaxKind
  /** BT-24 as written (CII guideline id, UBL CustomizationID). */
  specificationId: string | undefined
  profile: ProfileClass
  /** The official layers for this document, each marked implemented or not. */
  layers: PlannedLayer[]
  findings: Finding[]
  /** No fatal/error finding in the implemented, non-advisory layers. */
  valid: boolean
  durationMs: number
}

const ROOTS: readonly (readonly [ns: string, local: string, syntax: SyntaxKind])[] = [
  [NS.rsm, 'CrossIndustryInvoice', 'CII'],
  [NS.ublInvoice, 'Invoice', 'UBL-Invoice'],
  [NS.ublCreditNote, 'CreditNote', 'UBL-CreditNote'],
  [NS.zf1rsm, 'CrossIndustryDocument', 'ZUGFeRD1'],
  [NS.oxrsm, 'SCRDMCCBDACIOMessageStructure', 'Order-X'],
]

export function detectValidationSyntax(doc: XmlDocument): SyntaxKind | undefined {
  return ROOTS.find(([ns, local]) => doc.root.ns === ns && doc.root.local === local)?.[2]
}

/** The context, guideline parameter and id that hold BT-24, per syntax (namespaces included). */
const GUIDELINE_ID: Partial<Record<SyntaxKind, readonly [context: QName, guideline: QName, id: QName]>> = {
  CII: [q('rsm:ExchangedDocumentContext'), q('ram:GuidelineSpecifiedDocumentContextParameter'), q('ram:ID')],
  ZUGFeRD1: [
    { ns: NS.zf1rsm, local: 'SpecifiedExchangedDocumentContext' },
    { ns: NS.zf1ram, local: 'GuidelineSpecifiedDocumentContextParameter' },
    { ns: NS.zf1ram, local: 'ID' },
  ],
  'Order-X': [
    { ns: NS.oxrsm, local: 'ExchangedDocumentContext' },
    { ns: NS.oxram, local: 'GuidelineSpecifiedDocumentContextParameter' },
    { ns: NS.oxram, local: 'ID' },
  ],
}
const CUSTOMIZATION = q('cbc:CustomizationID')

/**
 * The first id on the path context / guideline parameter / id below `root`, in document order, as
 * the reference's plan finds it (ElementTree's `find` of the path): every context and every
 * guideline parameter is searched, so a parameter without an id (or a context without a parameter)
 * before the one that has it does not hide BT-24.
 */
function firstOnPath(root: XmlElement, [context, guideline, id]: readonly [QName, QName, QName]): XmlElement | undefined {
  for (const c of kids(root, context)) {
    for (const g of kids(c, guideline)) {
      const found = kid(g, id)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/**
 * BT-24 from the tree (the model may not be readable, the plan must still be made), read as the
 * reference's plan reads it: the id's text before any child element (ElementTree's `.text`; an id
 * with child elements is schema-invalid, but the rule sets that run still depend on it).
 */
export function specificationIdOf(doc: XmlDocument, syntax: SyntaxKind): string | undefined {
  const path = GUIDELINE_ID[syntax]
  const id = path !== undefined ? firstOnPath(doc.root, path) : kid(doc.root, CUSTOMIZATION)
  return id === undefined ? undefined : trimSpecificationId(leadingTextOf(id))
}

/** A finding of einvoice itself (not an official rule): the model could not be built or read. */
function readerFinding(ruleId: string, severity: Severity, message: string, path: string, line?: number, column?: number): Finding {
  const params = { detail: message }
  return {
    ruleId,
    severity,
    layer: 'syntax',
    location: { path, line, column },
    messageKey: ruleId,
    params,
    message: renderMessage('en', ruleId, ruleId, params),
  }
}

const NO_RULE_SETS: readonly RuleSet[] = []

type WalkPatterns = { sets: readonly RuleSet[]; ruleSetCount: number; patterns: readonly TreePattern[]; from: number }
/** The lists of the last plans (one per rule-set combination seen; a handful per process). */
const walkLists: WalkPatterns[] = []

/**
 * The tree patterns of the rule sets, then those of the notice sets (from index `from` on), as one
 * list for the engine's single walk. Kept per combination of rule sets: the same few plans repeat
 * for every document, and the engine finds its dispatcher faster for a list it saw last.
 */
function walkPatterns(ruleSets: readonly RuleSet[], noticeSets: readonly RuleSet[]): WalkPatterns {
  const n = ruleSets.length + noticeSets.length
  const setAt = (i: number): RuleSet => (i < ruleSets.length ? ruleSets[i] : noticeSets[i - ruleSets.length]) as RuleSet
  for (const w of walkLists) {
    if (w.sets.length !== n || w.ruleSetCount !== ruleSets.length) continue
    let same = true
    for (let i = 0; i < n && same; i++) same = w.sets[i] === setAt(i)
    if (same) return w
  }
  const patterns = ruleSets.flatMap((s) => s.treePatterns)
  const from = patterns.length
  for (const s of noticeSets) patterns.push(...s.treePatterns)
  const w = { sets: [...ruleSets, ...noticeSets], ruleSetCount: ruleSets.length, patterns, from }
  // Bounded: a process that builds rule sets on the fly must not keep them all.
  if (walkLists.length >= 16) walkLists.shift()
  walkLists.push(w)
  return w
}

export type ValidateDocumentOptions = {
  /** Skip the XRechnung-as-notices pass on BASIC/EN 16931 CII (Mustang's `ignoreNotices`). @default false */
  ignoreNotices?: boolean | undefined
}

export const VALIDATE_XML_OPTIONS: OptionSpec<ParseXmlOptions & ValidateDocumentOptions> = { ...PARSE_XML_OPTIONS, ignoreNotices: boolean }

/**
 * Validates a parsed document with the given tables (they must include what its plan needs).
 * @param planAs the BT-24 to pick the rule sets and schemas by, in place of the document's own
 *   (phive with an explicit VESID runs that VES's rules whatever the document declares).
 */
export function validateDocumentWith(
  doc: XmlDocument,
  syntax: SyntaxKind,
  options: ValidateDocumentOptions,
  layers: ValidationLayers,
  planAs?: string,
): XmlValidationResult {
  const started = performance.now()
  const specificationId = specificationIdOf(doc, syntax)
  const planId = planAs ?? specificationId
  const plan = planValidation(syntax, planId, layers)
  const findings: Finding[] = []
  const schemas = schemaNamesFor(syntax, plan.profile, planId).map((name): XsdTable => {
    const table = layers.xsd[name]
    if (table === undefined) throw new Error(`the XSD table ${name} was not loaded for this document`)
    return table
  })
  runXsdLayer(schemas, doc.root, findings)
  // Mustang runs the XRechnung rules on BASIC/EN 16931 too, but only as notices that never
  // invalidate; they share the walk of the rules and are reported after them.
  const noticeSets = options.ignoreNotices === true ? NO_RULE_SETS : plan.noticeRuleSets
  const { patterns, from } = walkPatterns(plan.ruleSets, noticeSets)
  const notices: Finding[] = []
  if (from < patterns.length) runTreePatterns(patterns, { doc, syntax }, findings, { from, out: notices })
  else if (patterns.length > 0) runTreePatterns(patterns, { doc, syntax }, findings)
  // Official CEN/XRechnung tests that stop on this document (the native rules cannot), then the
  // Factur-X/Order-X/CEN conditions the document made impossible to evaluate (the reference stops there).
  if (layers.probeEvaluation !== undefined) {
    const badValues = findings.some((f) => f.layer === 'xsd' && f.messageKey === 'xsd.value')
    for (const l of plan.layers) {
      if (l.name === 'en16931') layers.probeEvaluation(doc, syntax, l.name, badValues)
      // Older XRechnung versions' schematrons differ: the version picks the rows.
      else if (l.name === 'xrechnung') layers.probeEvaluation(doc, syntax, l.name, badValues, xrechnungVersion(planId))
    }
  }
  if (layers.evaluationFindings !== undefined) pushAll(findings, layers.evaluationFindings(doc.root))
  for (const f of notices) findings.push({ ...f, severity: 'information', advisory: true, ruleSeverity: f.severity })
  if (plan.ruleSets.some((s) => s.modelRules.length > 0)) {
    try {
      const invoice = layers.readModel(doc, syntax)
      // A value the reader cannot interpret (a CII date 20260230) is reported, but the official
      // rules decide the verdict: none of them checks such a value, so it is a warning.
      for (const p of invoice.source?.problems ?? []) findings.push(readerFinding('EINVOICE-VALUE', 'warning', p.message, p.path, p.line, p.column))
      runModelRules(plan.ruleSets, { invoice, syntax, doc }, findings)
    } catch (err) {
      if (!isEInvoiceError(err)) throw err
      findings.push(readerFinding('EINVOICE-READ', 'error', err.message, '/'))
    }
  }
  const advisory = plan.layers.some((l) => l.name === 'en16931' && l.advisory)
  if (advisory) {
    // EXTENDED: the CEN rules are advice; keep their findings as notes. Warnings too: "should not
    // be used" is wrong advice for elements EXTENDED allows, and the official tooling runs no CEN
    // layer there (until session 34, 1-32 such warnings per corpus EXTENDED file, not advisory).
    for (const f of findings) {
      if (f.layer === 'en16931' && f.severity !== 'information') {
        f.ruleSeverity = f.severity
        f.severity = 'information'
        f.advisory = true
      }
    }
  }
  return {
    syntax,
    specificationId,
    profile: plan.profile,
    layers: plan.layers,
    findings,
    valid: !findings.some((f) => isInvalidating(f.severity)),
    durationMs: performance.now() - started,
  }
}

/**
 * Validates invoice XML bytes or text, importing only the tables this document needs (the
 * asynchronous twin of validateXml, for cold processes such as one `einvoice validate`).
 * @throws EInvoiceError INVALID_XML for input that is not well-formed, UNSUPPORTED_DOCUMENT for
 * XML that is not an invoice syntax einvoice knows.
 */
export async function validateXmlLoading(input: Uint8Array | string, options: ParseXmlOptions & ValidateDocumentOptions = {}): Promise<XmlValidationResult> {
  options = checkOptions(options, 'options', VALIDATE_XML_OPTIONS)
  const doc = parseXmlChecked(input, options)
  refuseOlderEditionNames(doc)
  const syntax = detectValidationSyntax(doc)
  if (syntax === undefined) return unsupported(doc, (await import('../read-invoice.js')).readInvoiceDocument)
  const layers = await loadLayers(syntax, specificationIdOf(doc, syntax))
  return validateDocumentWith(doc, syntax, options, layers)
}

/** Throws the reader's error for a root that is no invoice syntax (the caller passes the reader it has loaded). */
export function unsupported(doc: XmlDocument, readInvoiceDocument: (doc: XmlDocument) => unknown): never {
  // readInvoiceDocument throws the shared, well-worded UNSUPPORTED_DOCUMENT error for any root.
  readInvoiceDocument(doc)
  throw new Error('unreachable: an unsupported root was read')
}
