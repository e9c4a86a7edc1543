/**
 * `npm run bench`: times every case in bench/cases in-process and writes bench/results.json.
 * Usage: node dist/bench/run.js [filter]
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_ROOT, VERSION } from '../src/version.js'
import { type BenchCase, type BenchResult, measure } from './harness.js'

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
    console.log(`${r.name}\n  ${r.msPerOp} ms/op (CPU ${r.cpuMsPerOp} ms), ${r.opsPerSec} ops/s${target}`)
  }
}
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(`peak RSS ${peakRssMb} MB`)
// A filtered run updates its own cases and keeps the others' last figures.
const file = join(PACKAGE_ROOT, 'bench', 'results.json')
const previous: BenchResult[] =
  filter !== undefined && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { results: BenchResult[] }).results : []
const ran = new Set(results.map((r) => r.name))
const merged = [...previous.filter((r) => !ran.has(r.name)), ...results].sort((a, b) => a.operation.localeCompare(b.operation))
const out = { version: VERSION, node: process.version, date: new Date().toISOString(), peakRssMb, results: merged }
writeFileSync(file, JSON.stringify(out, null, 2) + '\n')
console.log('written bench/results.json')
