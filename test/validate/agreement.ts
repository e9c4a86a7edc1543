/**
 * Compares einvoice's validator with the official verdicts of oracle.jsonl: (a) the overall
 * verdict, the XSD verdict, (b) the sets of error/fatal rule ids of the CEN (`en16931`) and
 * XRechnung layers (and Factur-X, reported), (c) the warning/information ids of those layers.
 */
import { type XmlValidationResult, validateXml } from '../../src/validate/validate-xml.js'
import { isEInvoiceError } from '../../src/errors.js'
import type { Finding } from '../../src/validate/types.js'
import type { OracleEntry } from '../helpers/corpus.js'
import { FX_NOT_USED } from '../../src/validate/facturx/index.js'
import { readCorpusFile } from '../helpers/corpus.js'

type Fired = { id: string; flag: string; layer: string }
export type OracleRow = OracleEntry & { fired?: Fired[]; xsd?: string[]; xsdValid?: boolean; xsdErrors?: string[] }

/** Layers compared rule by rule; `orderx` and the PDF part are compared by verdict only. */
export const COMPARED_LAYERS = ['xsd', 'en16931', 'xrechnung', 'facturx'] as const
/** Schematron layers not implemented yet (PDFs are compared by pdf-agreement.test.ts). */
export const NOT_IMPLEMENTED_LAYERS: readonly string[] = []

/** refcheck's id for a layer whose stylesheet stopped on a dynamic error; einvoice reports it as below. */
const TRANSFORM_FAILED = 'REFCHECK-TRANSFORM-FAILED'
const OUR_EVALUATION_FAILURE = 'EINVOICE-RULE-EVALUATION'

/**
 * The error ids of one schematron layer, comparable with the oracle: when the official stylesheet
 * stopped (transform failed), only that fact is comparable — its other results were lost.
 */
function layerErrorIds(official: Set<string>, ours: Set<string>): Set<string> {
  if (ours.has(OUR_EVALUATION_FAILURE)) return official.has(TRANSFORM_FAILED) ? new Set([TRANSFORM_FAILED]) : ours
  return ours
}

export type IdSetDiff = { comparable: boolean; agrees: boolean; missing: string[]; extra: string[] }

export type FileAgreement = {
  file: string
  syntax: string
  profile: string | undefined
  officialVerdict: string
  ourVerdict: 'valid' | 'invalid' | 'unreadable'
  verdictAgrees: boolean
  /** Undefined when no XSD applies (not an invoice). */
  xsdAgrees: boolean | undefined
  officialXsdValid: boolean | undefined
  ourXsdProblems: string[]
  officialCenVerdict: string | undefined
  ourCenVerdict: 'valid' | 'invalid' | 'unreadable'
  cenVerdictAgrees: boolean | undefined
  cen: IdSetDiff
  xrechnung: IdSetDiff
  facturx: IdSetDiff
  orderx: IdSetDiff
  /** Factur-X warnings/information (PEPPOL-EN16931-R008, CII-SR-475 …), without the reports. */
  facturxWarnings: IdSetDiff
  /** How many "not used in this context" reports the official layer and einvoice give. */
  facturxReports: { comparable: boolean; official: number; ours: number }
  warnings: IdSetDiff
  note?: string | undefined
}

const isError = (flag: string): boolean => flag === 'fatal' || flag === 'error'
const isNotice = (flag: string): boolean => flag === 'warning' || flag === 'information'

function diff(comparable: boolean, official: Set<string>, ours: Set<string>): IdSetDiff {
  const missing = [...official].filter((e) => !ours.has(e)).sort()
  const extra = [...ours].filter((e) => !official.has(e)).sort()
  return { comparable, agrees: missing.length === 0 && extra.length === 0, missing, extra }
}

const ids = (list: readonly { id: string }[]): Set<string> => new Set(list.map((f) => f.id))
const ruleIds = (list: readonly Finding[]): Set<string> => new Set(list.map((f) => f.ruleId))

/**
 * Compares one oracle entry with einvoice's result; `validate` gives the XML result (default: the
 * corpus file read as XML; for PDFs the embedded XML, validated by the caller).
 */
export function compareFile(entry: OracleRow, validate: () => XmlValidationResult = () => validateXml(readCorpusFile(entry))): FileAgreement {
  const fired = entry.fired ?? []
  // EXTENDED runs the CEN rules as advice: the oracle keeps their verdict but not their rule ids.
  const advisory = entry.profile === 'EXTENDED'
  const lv = entry.layerVerdicts ?? {}
  let findings: Finding[] = []
  let ourVerdict: FileAgreement['ourVerdict']
  let note: string | undefined
  try {
    const result = validate()
    findings = result.findings
    ourVerdict = result.valid ? 'valid' : 'invalid'
    const readerErrors = findings.filter((f) => f.layer === 'syntax' && isError(f.severity))
    if (readerErrors.length > 0) note = readerErrors.map((f) => f.message).join(' | ').slice(0, 300)
  } catch (err) {
    if (!isEInvoiceError(err)) throw err
    ourVerdict = 'unreadable'
    note = err.message.slice(0, 300)
  }
  const ours = (layer: string, pick: (f: Finding) => boolean): Finding[] => findings.filter((f) => f.layer === layer && pick(f))
  const schematronDiff = (comparable: boolean, layer: string): IdSetDiff => {
    const official = ids(fired.filter((f) => f.layer === layer && isError(f.flag)))
    return diff(comparable, official, layerErrorIds(official, ruleIds(ours(layer, (f) => isError(f.severity)))))
  }
  const cenErrors = ours('en16931', (f) => isError(f.severity) || (f.advisory === true && isError(f.ruleSeverity ?? 'information')))
  const readerErrors = ours('syntax', (f) => isError(f.severity))
  const ourCenVerdict: FileAgreement['ourCenVerdict'] =
    ourVerdict === 'unreadable' ? 'unreadable' : cenErrors.length > 0 || readerErrors.length > 0 ? 'invalid' : 'valid'
  const officialCen = lv.en16931
  const xsdProblems = ours('xsd', () => true)
  const hasXsd = (entry.xsd ?? []).length > 0
  const officialWarnings = ids(fired.filter((f) => (f.layer === 'en16931' || f.layer === 'xrechnung') && isNotice(f.flag)))
  const ourWarnings = ruleIds(findings.filter((f) => (f.layer === 'en16931' || f.layer === 'xrechnung') && isNotice(f.severity) && f.advisory !== true))
  return {
    file: entry.file,
    syntax: entry.syntax,
    profile: entry.profile,
    officialVerdict: entry.verdict,
    ourVerdict,
    verdictAgrees: (ourVerdict === 'unreadable' ? 'invalid' : ourVerdict) === entry.verdict,
    xsdAgrees: hasXsd && ourVerdict !== 'unreadable' ? (xsdProblems.length === 0) === entry.xsdValid : undefined,
    officialXsdValid: entry.xsdValid,
    ourXsdProblems: xsdProblems.slice(0, 3).map((f) => `${f.location.line ?? 0}: ${f.message}`),
    officialCenVerdict: officialCen,
    ourCenVerdict,
    cenVerdictAgrees: officialCen === undefined ? undefined : (ourCenVerdict === 'unreadable' ? 'invalid' : ourCenVerdict) === officialCen,
    cen: (() => {
      const official = ids(fired.filter((f) => f.layer === 'en16931' && isError(f.flag)))
      return diff(officialCen !== undefined && !advisory, official, layerErrorIds(official, ruleIds(cenErrors)))
    })(),
    xrechnung: diff(lv.xrechnung !== undefined, ids(fired.filter((f) => f.layer === 'xrechnung' && isError(f.flag))), ruleIds(ours('xrechnung', (f) => isError(f.severity)))),
    facturx: schematronDiff(lv.facturx !== undefined, 'facturx'),
    orderx: schematronDiff(lv.orderx !== undefined, 'orderx'),
    facturxWarnings: diff(
      // A stopped stylesheet loses its warnings too: nothing to compare then.
      lv.facturx !== undefined && !fired.some((f) => f.layer === 'facturx' && f.id === TRANSFORM_FAILED),
      ids(fired.filter((f) => f.layer === 'facturx' && isNotice(f.flag))),
      ruleIds(ours('facturx', (f) => isNotice(f.severity) && f.ruleId !== FX_NOT_USED)),
    ),
    facturxReports: {
      comparable: lv.facturx !== undefined,
      official: fired.filter((f) => f.layer === 'facturx' && f.flag === 'report').length,
      ours: ours('facturx', (f) => f.ruleId === FX_NOT_USED).length,
    },
    warnings: diff(officialCen !== undefined && !advisory, officialWarnings, ourWarnings),
    note,
  }
}

export type AgreementSummary = {
  files: number
  verdictAgreement: number
  xsdFiles: number
  xsdVerdictAgreement: number
  cenFiles: number
  cenVerdictAgreement: number
  errorSetFiles: number
  /** CEN error-set agreement (kept under its historical name for the threshold file). */
  errorSetAgreement: number
  xrechnungFiles: number
  xrechnungErrorSetAgreement: number
  facturxFiles: number
  facturxErrorSetAgreement: number
  orderxFiles: number
  orderxErrorSetAgreement: number
  facturxWarningSetAgreement: number
  /** Files whose number of "not used" reports equals the official one. */
  facturxReportAgreement: number
  warningSetAgreement: number
  comparedLayers: readonly string[]
  notImplementedLayers: readonly string[]
  /** Rule ids that differ, with how many files. */
  missingRules: Record<string, number>
  extraRules: Record<string, number>
}

const pct = (n: number, d: number): number => (d === 0 ? 100 : Math.round((10000 * n) / d) / 100)

function countIds(lists: string[][]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const l of lists) for (const id of l) out[id] = (out[id] ?? 0) + 1
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1]))
}

const rate = (rows: readonly FileAgreement[], pick: (r: FileAgreement) => IdSetDiff): [number, number] => {
  const comparable = rows.filter((r) => pick(r).comparable)
  return [comparable.length, pct(comparable.filter((r) => pick(r).agrees).length, comparable.length)]
}

export function summarise(rows: readonly FileAgreement[]): AgreementSummary {
  const cen = rows.filter((r) => r.cenVerdictAgrees !== undefined)
  const xsd = rows.filter((r) => r.xsdAgrees !== undefined)
  const [errorSetFiles, errorSetAgreement] = rate(rows, (r) => r.cen)
  const [xrechnungFiles, xrechnungErrorSetAgreement] = rate(rows, (r) => r.xrechnung)
  const [facturxFiles, facturxErrorSetAgreement] = rate(rows, (r) => r.facturx)
  const [, warningSetAgreement] = rate(rows, (r) => r.warnings)
  const [orderxFiles, orderxErrorSetAgreement] = rate(rows, (r) => r.orderx)
  const [, facturxWarningSetAgreement] = rate(rows, (r) => r.facturxWarnings)
  const reports = rows.filter((r) => r.facturxReports.comparable)
  const layers = [(r: FileAgreement) => r.cen, (r: FileAgreement) => r.xrechnung, (r: FileAgreement) => r.facturx, (r: FileAgreement) => r.orderx]
  return {
    files: rows.length,
    verdictAgreement: pct(rows.filter((r) => r.verdictAgrees).length, rows.length),
    xsdFiles: xsd.length,
    xsdVerdictAgreement: pct(xsd.filter((r) => r.xsdAgrees === true).length, xsd.length),
    cenFiles: cen.length,
    cenVerdictAgreement: pct(cen.filter((r) => r.cenVerdictAgrees === true).length, cen.length),
    errorSetFiles,
    errorSetAgreement,
    xrechnungFiles,
    xrechnungErrorSetAgreement,
    facturxFiles,
    facturxErrorSetAgreement,
    orderxFiles,
    orderxErrorSetAgreement,
    facturxWarningSetAgreement,
    facturxReportAgreement: pct(reports.filter((r) => r.facturxReports.official === r.facturxReports.ours).length, reports.length),
    warningSetAgreement,
    comparedLayers: COMPARED_LAYERS,
    notImplementedLayers: NOT_IMPLEMENTED_LAYERS,
    missingRules: countIds(rows.flatMap((r) => layers.map((l) => (l(r).comparable ? l(r).missing : [])))),
    extraRules: countIds(rows.flatMap((r) => layers.map((l) => (l(r).comparable ? l(r).extra : [])))),
  }
}
