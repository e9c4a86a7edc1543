#!/usr/bin/env node
/**
 * Compares `einvoice validate` with the official verdicts (../shared/tools/refcheck) on folders of
 * invoices, per file: the verdict, which schema sets find it invalid (refcheck's `xsd:<set>` layer
 * verdicts, einvoice's `xsd:<set>` findings) and the error/fatal rule ids per layer (non-advisory
 * findings only; a stopped official transform and EINVOICE-RULE-EVALUATION count as the same, and
 * a layer both stopped compares no further). Stricter than mutation-check.mjs, which compares the
 * verdict and one rule set over all layers. A developer tool, not part of `npm test`.
 *
 *   node scripts/layer-compare.mjs DIR...        (e.g. the --out folder of mutation-check --generate-only)
 *   EINVOICE=path/to/bin/einvoice.js …           (another build, e.g. a base commit's, for before/after)
 *
 * refcheck's output is kept beside each folder (`DIR.ref.jsonl`) and reused; files are matched by
 * name, so the folders of one call must not share file names.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { jsonReports, stdoutOf } from './command-output.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const REFCHECK = join(ROOT, '..', 'shared', 'tools', 'refcheck')
const dirs = process.argv.slice(2)
const STOPPED = 'REFCHECK-TRANSFORM-FAILED'
const idOf = (id) => (id === 'EINVOICE-RULE-EVALUATION' ? STOPPED : id.startsWith('assert:') || id.startsWith('OX-') ? 'Order-X assert' : id)

const official = new Map()
for (const dir of dirs) {
  const cache = `${dir.replace(/\/$/, '')}.ref.jsonl`
  const text = existsSync(cache) ? readFileSync(cache, 'utf8') : stdoutOf(REFCHECK, [dir])
  if (!existsSync(cache)) writeFileSync(cache, text)
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const r = JSON.parse(line)
    const layers = {}
    for (const f of r.fired) if (f.flag === 'error' || f.flag === 'fatal') (layers[f.layer] ??= new Set()).add(idOf(f.id))
    const xsd = new Set(Object.entries(r.layerVerdicts ?? {}).filter(([k, v]) => k.startsWith('xsd:') && v === 'invalid').map(([k]) => k))
    official.set(basename(r.file), { valid: r.verdict === 'valid', layers, xsd })
  }
}
const ours = stdoutOf(process.execPath, [process.env.EINVOICE ?? join(ROOT, 'bin', 'einvoice.js'), 'validate', '--format', 'json', '--jobs', '2', ...dirs])
let compared = 0
let differ = 0
let verdicts = 0
const kinds = new Map()
for (const r of jsonReports(ours)) {
  const ref = official.get(r.file)
  if (ref === undefined) continue
  compared++
  const layers = {}
  const xsd = new Set()
  for (const f of r.findings) {
    if (f.severity !== 'error' && f.severity !== 'fatal') continue
    if (f.ruleId.startsWith('xsd:')) xsd.add(f.ruleId)
    else if (!f.advisory) (layers[f.layer] ??= new Set()).add(idOf(f.ruleId))
  }
  const diffs = []
  if (ref.valid !== r.valid) diffs.push(`VERDICT official=${ref.valid ? 'valid' : 'invalid'}`)
  const onlyRef = (a, b) => [...a].filter((x) => !b.has(x)).sort()
  if (onlyRef(ref.xsd, xsd).length + onlyRef(xsd, ref.xsd).length > 0) diffs.push(`schemas official only [${onlyRef(ref.xsd, xsd)}] einvoice only [${onlyRef(xsd, ref.xsd)}]`)
  for (const layer of new Set([...Object.keys(ref.layers), ...Object.keys(layers)])) {
    const a = ref.layers[layer] ?? new Set()
    const b = layers[layer] ?? new Set()
    if (a.has(STOPPED) && b.has(STOPPED)) continue
    if (onlyRef(a, b).length + onlyRef(b, a).length > 0) diffs.push(`${layer}: official only [${onlyRef(a, b)}] einvoice only [${onlyRef(b, a)}]`)
  }
  if (diffs.length === 0) continue
  differ++
  if (ref.valid !== r.valid) verdicts++
  const kind = diffs.map((d) => (d.startsWith('VERDICT') ? 'VERDICT' : d)).join(' | ')
  kinds.set(kind, [...(kinds.get(kind) ?? []), r.file])
  process.stdout.write(`${r.file} ${diffs.join(' ; ')}\n`)
}
process.stdout.write(`${compared} compared, ${differ} differ, ${verdicts} in their verdict\n`)
for (const [kind, files] of [...kinds].sort((a, b) => b[1].length - a[1].length)) process.stdout.write(`${files.length} × ${kind} (e.g. ${files[0]})\n`)
