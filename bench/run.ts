/**
 * `npm run bench`: times every case in bench/cases in-process and writes bench/results.json.
 * Usage: node dist/bench/run.js [filter]
 */
import { readdirSync, writeFileSync } from 'node:fs'
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
    console.log(`${r.name}\n  ${r.msPerOp} ms/op, ${r.opsPerSec} ops/s${target}`)
  }
}
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(`peak RSS ${peakRssMb} MB`)
const out = { version: VERSION, node: process.version, date: new Date().toISOString(), peakRssMb, results }
writeFileSync(join(PACKAGE_ROOT, 'bench', 'results.json'), JSON.stringify(out, null, 2) + '\n')
console.log('written bench/results.json')
