import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Decimal } from '../../src/model/decimal.js'
import { validateDocument } from '../../src/validate/validate-xml.js'
import { validateXml } from '../../src/validate/index.js'
import { readInvoiceDocument } from '../../src/read-invoice.js'
import { runTreePatterns } from '../../src/validate/engine.js'
import { CII_RULE_SETS } from '../../src/validate/binding-cii.js'
import { planValidation } from '../../src/validate/rule-sets.js'
import { runXsdLayer } from '../../src/validate/xsd/xsd-layer.js'
import { schemasFor } from '../../src/validate/xsd/schemas.js'
import type { Finding, TreePattern } from '../../src/validate/types.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { parseXml } from '../../src/xml/index.js'
import type { BenchCase } from '../harness.js'

/**
 * A ~34 KB EN 16931 CII invoice: the two lines of the test fixture repeated, with totals and VAT
 * breakdown recomputed so that the document stays valid (the whole rule stack runs, no short cut).
 */
function buildInvoice(pairs: number): string {
  const base = readFileSync(`${PACKAGE_ROOT}/test/fixtures/validate/cii-en16931.xml`, 'utf8')
  const start = base.indexOf('<ram:IncludedSupplyChainTradeLineItem>')
  const end = base.indexOf('<ram:ApplicableHeaderTradeAgreement>')
  const lines = base.slice(start, end)
  let body = ''
  for (let i = 0; i < pairs; i++) body += lines.replace('<ram:LineID>1<', `<ram:LineID>${2 * i + 1}<`).replace('<ram:LineID>2<', `<ram:LineID>${2 * i + 2}<`)
  const n = new Decimal(pairs)
  const b19 = n.times(300)
  const b7 = n.times('45.50')
  const t19 = b19.times('0.19').toDecimalPlaces(2)
  const t7 = b7.times('0.07').toDecimalPlaces(2)
  const net = b19.plus(b7)
  const vat = t19.plus(t7)
  const f = (d: Decimal): string => d.toFixed(2)
  return (base.slice(0, start) + body + base.slice(end))
    .replace('<ram:CalculatedAmount>57.00', `<ram:CalculatedAmount>${f(t19)}`)
    .replace('<ram:BasisAmount>300.00', `<ram:BasisAmount>${f(b19)}`)
    .replace('<ram:CalculatedAmount>3.19', `<ram:CalculatedAmount>${f(t7)}`)
    .replace('<ram:BasisAmount>45.50', `<ram:BasisAmount>${f(b7)}`)
    .replace('<ram:LineTotalAmount>345.50', `<ram:LineTotalAmount>${f(net)}`)
    .replace('<ram:TaxBasisTotalAmount>345.50', `<ram:TaxBasisTotalAmount>${f(net)}`)
    .replace('<ram:TaxTotalAmount currencyID="EUR">60.19', `<ram:TaxTotalAmount currencyID="EUR">${f(vat)}`)
    .replace('<ram:GrandTotalAmount>405.69', `<ram:GrandTotalAmount>${f(net.plus(vat))}`)
    .replace('<ram:DuePayableAmount>405.69', `<ram:DuePayableAmount>${f(net.plus(vat))}`)
}

/** Exported for profiling scripts that time the stages one by one. */
export const invoice = Buffer.from(buildInvoice(14))
const kb = Math.round(invoice.length / 1024)
const check = validateXml(invoice)
if (!check.valid) throw new Error(`bench invoice is not valid: ${check.findings.map((f) => f.message).join('; ')}`)
const parsed = parseXml(invoice)
// The same invoice declared as XRechnung 3.0: XSD + CEN + the KoSIT layer (it lacks some BR-DE data,
// so it has findings; the point is the cost of the full XRechnung stack).
export const xrechnung = Buffer.from(
  invoice.toString('utf8').replace('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>', '<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>'),
)
if (validateXml(xrechnung).profile !== 'XRECHNUNG') throw new Error('bench XRechnung invoice is not recognised as XRechnung')

// Per-layer cases on the parsed XRechnung document, so a regression shows in the layer it comes from.
const xrDoc = parseXml(xrechnung)
const XR_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'
const xrPlan = planValidation('CII', XR_ID, { cii: CII_RULE_SETS })
const layerPatterns = (layer: string): TreePattern[] => xrPlan.ruleSets.filter((s) => s.layer === layer).flatMap((s) => s.treePatterns)
const cenPatterns = layerPatterns('en16931')
const kositPatterns = layerPatterns('xrechnung')
const xsdTables = schemasFor('CII', xrPlan.profile, XR_ID)
const sink = (): Finding[] => []

/**
 * A batch through the real CLI: the 44 XRechnung standard business cases (22 CII, 22 UBL) in one
 * `einvoice validate` process, in-process (--jobs 1) and on two threads, the main thread and one
 * worker (--jobs 2, forced with EINVOICE_FILES_PER_WORKER=1: by default a batch this small runs in
 * process). Wall
 * time of the whole child process (the CPU column only counts this process). Skipped without the
 * shared corpus.
 */
const BATCH_DIR = join(PACKAGE_ROOT, '..', 'shared', 'corpus', 'kosit-xrechnung-testsuite', 'src', 'test', 'business-cases', 'standard')
const batchFiles = existsSync(BATCH_DIR) ? readdirSync(BATCH_DIR).filter((f) => f.endsWith('.xml')).map((f) => join(BATCH_DIR, f)) : []
const childEnv = { ...process.env }
// Set on these machines, it adds ~90 ms to every Node start (see startup.ts).
delete childEnv.NODE_EXTRA_CA_CERTS
const batchRun = (jobs: number) => (): void => {
  const env = jobs > 1 ? { ...childEnv, EINVOICE_FILES_PER_WORKER: '1' } : childEnv
  const r = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'bin', 'einvoice.js'), 'validate', '--jobs', String(jobs), ...batchFiles], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  // 0 all valid, 1 some invalid; anything else means the batch did not run as measured.
  if (r.status !== 0 && r.status !== 1) throw new Error(`einvoice validate batch exited with ${String(r.status)}: ${r.stderr.toString()}`)
}
const batchCases: BenchCase[] = batchFiles.length === 0 ? [] : [1, 2].map((jobs) => ({
  name: `validate: batch of ${batchFiles.length} XRechnung corpus files (CII + UBL), one CLI process, ${jobs === 1 ? 'in process (--jobs 1)' : `${jobs} threads, main + ${jobs - 1} worker (forced)`}`,
  operation: 'validate',
  run: batchRun(jobs),
}))

export const cases: BenchCase[] = [
  {
    name: `validate: ${kb} KB CII EN 16931, full stack (parse + XSD tables + CEN syntax/code lists/business rules + XRechnung notice pass)`,
    operation: 'validate',
    targetMs: 1,
    run: () => validateXml(invoice),
  },
  {
    name: `validate: ${kb} KB CII XRechnung 3.0, full stack (parse + XSD + CEN + KoSIT XRechnung)`,
    operation: 'validate',
    targetMs: 1,
    run: () => validateXml(xrechnung),
  },
  {
    name: `validate: ${kb} KB CII EN 16931, ignoreNotices (no XRechnung notice pass)`,
    operation: 'validate',
    run: () => validateXml(invoice, { ignoreNotices: true }),
  },
  {
    name: `validate: ${kb} KB CII, XSD structure tables only (already parsed)`,
    operation: 'validate',
    run: () => runXsdLayer(xsdTables, xrDoc.root, sink()),
  },
  {
    name: `validate: ${kb} KB CII, CEN tree rules only (CII-SR/DT, BR-CL, BR-DEC; already parsed)`,
    operation: 'validate',
    run: () => runTreePatterns(cenPatterns, { doc: xrDoc, syntax: 'CII' }, sink()),
  },
  {
    name: `validate: ${kb} KB CII, KoSIT XRechnung tree rules only (already parsed)`,
    operation: 'validate',
    run: () => runTreePatterns(kositPatterns, { doc: xrDoc, syntax: 'CII' }, sink()),
  },
  {
    name: `validate: ${kb} KB CII, model reader only (cii/ read into the EN 16931 model; already parsed)`,
    operation: 'validate',
    run: () => readInvoiceDocument(xrDoc),
  },
  {
    name: `validate: ${kb} KB CII, rules only (already parsed)`,
    operation: 'validate',
    run: () => validateDocument(parsed, 'CII'),
  },
  ...batchCases,
]
