/**
 * `npm run bench`: times every case in bench/cases in-process and writes bench/results.json.
 * Usage: node dist/bench/run.js [filter]
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_ROOT, VERSION } from '../src/version.js'
import { type BenchCase, type BenchResult, measure } from './harness.js'

/**
 * This machine's speed swings by up to 2× for minutes at a time, for any work that touches memory
 * (docs/bench.md). A fixed piece of work timed before and after the cases says which phase a run
 * was in: Node's own JSON parse and stringify of the 10-line sample, no code of this project.
 */
const referenceText = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json'), 'utf8')
const reference: BenchCase = {
  name: 'machine reference: JSON.parse + JSON.stringify of samples/invoice-10-lines.json (Node only)',
  operation: 'reference',
  run: () => JSON.stringify(JSON.parse(referenceText)),
}
const referenceUs = async (): Promise<number> => Number(((await measure(reference)).msPerOp * 1000).toPrecision(3))
const referenceBeforeUs = await referenceUs()

const filter = process.argv[2]
const casesDir = new URL('./cases/', import.meta.url)
const results: BenchResult[] = []
for (const file of readdirSync(casesDir).filter((f) => f.endsWith('.js')).sort()) {
  const mod = (await import(new URL(file, casesDir).href)) as { cases: BenchCase[] }
  for (const c of mod.cases) {
    if (filter !== undefined && !c.name.includes(filter) && c.operation !== filter) continue
    const r = await measure(c)
    results.push(r)
    const target = r.targetMs === undefined ? '' : `  target ≤ ${r.targetMs} ms: ${r.meetsTarget === true ? 'met' : 'MISSED'}`
    const memory = r.peakRssMb === undefined ? '' : `, peak RSS ${r.peakRssMb} MB`
    console.log(`${r.name}\n  ${r.msPerOp} ms/op (CPU ${r.cpuMsPerOp} ms; trials ${r.trialMsPerOp.join(", ")}), ${r.opsPerSec} ops/s${memory}${target}`)
  }
}
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(`peak RSS ${peakRssMb} MB`)
const machineReference = { name: reference.name, beforeUs: referenceBeforeUs, afterUs: await referenceUs() }
console.log(`machine reference: ${machineReference.beforeUs} µs before the cases, ${machineReference.afterUs} µs after`)
// A filtered run updates its own cases and keeps the others' last figures.
const file = join(PACKAGE_ROOT, 'bench', 'results.json')
const previous: BenchResult[] =
  filter !== undefined && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { results: BenchResult[] }).results : []
const ran = new Set(results.map((r) => r.name))
const merged = [...previous.filter((r) => !ran.has(r.name)), ...results].sort((a, b) => a.operation.localeCompare(b.operation))
const out = { version: VERSION, node: process.version, date: new Date().toISOString(), peakRssMb, machineReference, results: merged }
writeFileSync(file, JSON.stringify(out, null, 2) + '\n')
console.log('written bench/results.json')
