import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { NS, el, parseXml, serializeXml } from '../../src/xml/index.js'
import type { XmlNode } from '../../src/xml/index.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

const CORPUS = join(PACKAGE_ROOT, '..', 'shared', 'corpus')
// A 34 KB XRechnung CII (KoSIT test suite) and the 11 KB EN 16931 example 4.
const cii34k = readFileSync(join(CORPUS, 'kosit-xrechnung-testsuite/src/test/technical-cases/cvd/02.01a-cvd_INVOICE_uncefact.xml'))
const cii11k = readFileSync(join(CORPUS, 'cen-en16931/cii/examples/CII_example4.xml'))
const cii34kText = cii34k.toString('utf8')
// The same invoice with its 36 non-ASCII bytes replaced: pure ASCII takes the fast decoding path.
const cii34kAscii = Buffer.from(cii34kText.replace(/[\u0080-\uffff]/g, 'e'), 'latin1')

const lines: XmlNode[] = Array.from({ length: 100 }, (_, i) =>
  el(
    'ram:IncludedSupplyChainTradeLineItem',
    undefined,
    el('ram:AssociatedDocumentLineDocument', undefined, el('ram:LineID', undefined, String(i + 1))),
    el('ram:SpecifiedTradeProduct', undefined, el('ram:Name', undefined, `Item ${i} <special> & "quoted"`)),
    el('ram:BilledQuantity', { unitCode: 'H87' }, '2.0000'),
    el('ram:LineTotalAmount', undefined, '19.90'),
  ),
)
const tree = el('rsm:CrossIndustryInvoice', undefined, el('rsm:SupplyChainTradeTransaction', undefined, ...lines))

/**
 * The machine the benchmarks run on is often shared, so wall time per op overstates the work:
 * this wrapper also measures the process's CPU time (process.cpuUsage, sampled every 32 calls
 * after a 250 ms warm-up) over the same calls and prints both when the run ends.
 */
const cpuReports: (() => string | undefined)[] = []
function withCpuTime(c: BenchCase): BenchCase {
  let calls = 0
  let firstAt = 0
  let start: { cpu: NodeJS.CpuUsage; wall: number; calls: number } | undefined
  let last: { cpuMs: number; wallMs: number; calls: number } | undefined
  cpuReports.push(() => {
    if (last === undefined || last.calls === 0) return undefined
    const cpu = last.cpuMs / last.calls
    const target = c.targetMs === undefined ? '' : `  target ≤ ${c.targetMs} ms CPU: ${cpu <= c.targetMs ? 'met' : 'MISSED'}`
    return `${c.name}\n  ${cpu.toFixed(3)} ms CPU/op, ${(last.wallMs / last.calls).toFixed(3)} ms wall/op over ${last.calls} calls${target}`
  })
  return {
    ...c,
    run() {
      if (calls === 0) firstAt = performance.now()
      else if (start === undefined) {
        if (performance.now() - firstAt > 250) start = { cpu: process.cpuUsage(), wall: performance.now(), calls }
      } else if ((calls & 31) === 0) {
        const d = process.cpuUsage(start.cpu)
        last = { cpuMs: (d.user + d.system) / 1000, wallMs: performance.now() - start.wall, calls: calls - start.calls }
      }
      calls++
      return c.run()
    },
  }
}

export const cases: BenchCase[] = [
  {
    name: `xml: parseXml 34 KB CII (${cii34k.length} bytes, UTF-8 bytes in)`,
    operation: 'xml',
    targetMs: 1,
    run: () => parseXml(cii34k),
  },
  {
    name: 'xml: parseXml 34 KB CII (string in, no decoding)',
    operation: 'xml',
    run: () => parseXml(cii34kText),
  },
  {
    name: 'xml: parseXml 34 KB CII, ASCII only (bytes in, fast decoding path)',
    operation: 'xml',
    run: () => parseXml(cii34kAscii),
  },
  {
    name: `xml: parseXml 11 KB CII example 4 (${cii11k.length} bytes)`,
    operation: 'xml',
    run: () => parseXml(cii11k),
  },
  {
    name: 'xml: serializeXml 100-line CII tree',
    operation: 'xml',
    run: () => serializeXml(tree, { namespaces: { rsm: NS.rsm, ram: NS.ram } }),
  },
].map(withCpuTime)

process.on('exit', () => {
  const lines = cpuReports.map((report) => report()).filter((line) => line !== undefined)
  if (lines.length > 0) console.log(`CPU time (process.cpuUsage) for the xml cases:\n${lines.join('\n')}`)
})
