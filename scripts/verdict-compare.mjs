/**
 * The comparison the differential scripts share (mutation-check.mjs, invoice-variants.mjs): runs
 * ../shared/tools/refcheck and `einvoice validate` over a folder and compares, per file, the verdict,
 * the set of error/fatal rule ids and the set of failing schema sets (refcheck reports XSD errors by
 * schema, not by rule). A stopped official transform (REFCHECK-TRANSFORM-FAILED) and einvoice's
 * EINVOICE-RULE-EVALUATION count as the same finding.
 */
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { jsonReports, stdoutOf } from './command-output.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const REFCHECK = join(ROOT, '..', 'shared', 'tools', 'refcheck')
const STOPPED = 'REFCHECK-TRANSFORM-FAILED'
/**
 * The Order-X schematron's asserts have no ids: refcheck names them `assert:<test>` with the
 * context's location, einvoice by kind (OX-CARDINALITY, OX-ATTRIBUTE, OX-RULE) with the element's
 * path and the counted child or attribute. Both compare as `OX <element path> <test>`, the path by
 * local names without positions, the test as written for cardinalities and attributes and as `rule`
 * for the reason-code asserts.
 */
const oxPath = (path) => (path ?? '').replace(/\*\[local-name\(\)='([^']*)'\]/g, '$1').replace(/\[\d+\]/g, '').replace(/\/[\w.-]+:/g, '/')
const OX_TEST = /^(?:count\([^()]*\)(?:=1|<=1|>=1|<=2)|@[\w:]+)$/
function officialId(f) {
  if (!f.id.startsWith('assert:')) return f.id
  const test = f.id.slice(7).replace(/&lt;/g, '<').replace(/\s+/g, '')
  return `OX ${oxPath(f.location)} ${OX_TEST.test(test) ? test : 'rule'}`
}
const OX_KINDS = { 'fx-one': (p) => `count(${p})=1`, 'fx-max1': (p) => `count(${p})<=1`, 'fx-min1': (p) => `count(${p})>=1`, 'fx-max2': (p) => `count(${p})<=2`, 'fx-attr': (p) => p }
function ourId(f) {
  if (f.ruleId === 'EINVOICE-RULE-EVALUATION') return STOPPED
  if (!f.ruleId.startsWith('OX-')) return f.ruleId
  const test = OX_KINDS[f.params?.kind]
  return `OX ${oxPath(f.path)} ${test === undefined ? 'rule' : test(f.params.path).replace(/\s+/g, '')}`
}
const errors = (ids) => [...new Set(ids)].sort()

/**
 * Both verdicts of every file in `dir`: `official` maps each file name to { valid, rules, stopped },
 * `differences` lists { file, official, einvoice, onlyRef, onlyOurs } where they part. For a PDF
 * refcheck judges the embedded XML only, so einvoice's verdict on the XML is compared, and `pdfParts`
 * maps the PDF to einvoice's verdict on its container ({ valid, pdfaValid, facturxValid, rules }).
 */
export function compareVerdicts(dir) {
  const official = new Map()
  for (const line of stdoutOf(REFCHECK, [dir]).split('\n')) {
    if (line.trim() === '') continue
    const r = JSON.parse(line)
    const failed = r.fired.filter((f) => f.flag === 'error' || f.flag === 'fatal')
    const stopped = new Set(failed.filter((f) => f.id === STOPPED).map((f) => f.layer))
    // The schema sets that failed compare as their ids (einvoice's XSD findings carry the same ids).
    const schemas = Object.entries(r.layerVerdicts ?? {}).filter(([layer, verdict]) => layer.startsWith('xsd:') && verdict === 'invalid').map(([layer]) => layer)
    official.set(basename(r.file), { valid: r.verdict === 'valid', rules: errors([...failed.map(officialId), ...schemas]), stopped })
  }
  const ours = stdoutOf(process.execPath, [join(ROOT, 'bin', 'einvoice.js'), 'validate', '--format', 'json', '--jobs', '1', dir])
  const differences = []
  const pdfParts = new Map()
  for (const r of jsonReports(ours)) {
    if (r.pdf !== undefined) {
      pdfParts.set(r.file, { valid: r.pdf.valid, pdfaValid: r.pdf.pdfaValid, facturxValid: r.pdf.facturxValid, rules: errors(r.pdf.findings.filter((f) => f.severity === 'error' || f.severity === 'fatal').map((f) => f.ruleId)) })
      // The report's verdict covers the PDF part too; the XML's alone is that of its binding findings.
      r.valid = !r.findings.some((f) => (f.severity === 'error' || f.severity === 'fatal') && f.advisory !== true)
    }
    const ref = official.get(r.file)
    if (ref === undefined) continue
    // Where an official transform stopped, the rest of that layer's results are lost: of the layers
    // that stopped on both sides, only the stop compares.
    const failed = r.findings.filter((f) => f.severity === 'error' || f.severity === 'fatal')
    const bothStopped = new Set(failed.filter((f) => f.ruleId === 'EINVOICE-RULE-EVALUATION' && ref.stopped.has(f.layer)).map((f) => f.layer))
    const mine = errors(failed.filter((f) => !bothStopped.has(f.layer) || f.ruleId === 'EINVOICE-RULE-EVALUATION').map(ourId))
    const onlyRef = ref.rules.filter((id) => !mine.includes(id))
    const onlyOurs = mine.filter((id) => !ref.rules.includes(id))
    if (ref.valid === r.valid && onlyRef.length === 0 && onlyOurs.length === 0) continue
    differences.push({ file: r.file, official: ref.valid, einvoice: r.valid, onlyRef, onlyOurs })
  }
  return { official, differences, pdfParts }
}

/** One line per difference, as mutation-check.mjs has always printed them. */
export const differenceLine = (d) =>
  `${d.file}${d.official === d.einvoice ? '' : ` VERDICT official=${d.official ? 'valid' : 'invalid'} einvoice=${d.einvoice ? 'valid' : 'invalid'}`} official only: ${d.onlyRef.join(' ') || '-'} einvoice only: ${d.onlyOurs.join(' ') || '-'}\n`
