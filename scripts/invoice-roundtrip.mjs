#!/usr/bin/env node
/**
 * Semantic round trips over the output of scripts/invoice-variants.mjs (a developer tool, not part
 * of `npm test`: it needs ../shared/tools/refxr with its artefacts fetched; build first).
 *
 *   node scripts/invoice-variants.mjs --seed 29 --count 200 --out OUT --generate-only
 *   node scripts/invoice-roundtrip.mjs OUT
 *
 * Two checks, each with KoSIT's semantic view (refxr --normalize: one element per BT/BG):
 *  1. CII → UBL: each xr-3 and fx-EN16931 CII against its ciitoubl UBL (ubl-xr3, ubl-en16931);
 *  2. CII → JSON → CII: `einvoice parse` of each xr-3 and fx-EN16931 CII (one batch), then
 *     invoice2xml of that JSON in the same format and profile (the built library, in-process: the
 *     CLI's code), against the original.
 * All views are made in one JVM (refxr's own functions, loaded from ../shared/tools), so a few
 * hundred invoices take minutes. Every changed line of a diff is matched against GAPS (differences
 * the target syntax or the JSON form imposes, documented in docs/ubl.md and docs/parse.md); the
 * rest are printed as losses by BT/BG, with the files (marked `departure` for invoices made
 * inconsistent on purpose, see manifest.json). Diffs are kept in OUT/roundtrip/diff/.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { execFileSync } from 'node:child_process'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const CLI = join(ROOT, 'bin', 'einvoice.js')
const REFXR = join(ROOT, '..', 'shared', 'tools', 'refxr')
/** CII target → its UBL target and its invoice2xml options (as in invoice-variants.mjs). */
const PAIRS = {
  'xr-3': { ubl: 'ubl-xr3', options: { format: 'xr', profile: 'XRECHNUNG', version: 3 } },
  'fx-EN16931': { ubl: 'ubl-en16931', options: { format: 'fx', profile: 'EN16931' } },
}

/** The text of file `path`, read once. */
const texts = new Map()
const textOf = (path) => texts.get(path) ?? texts.set(path, readFileSync(path, 'utf8')).get(path)
const valueOf = (line) => />([^<]*)</.exec(line)?.[1]

/**
 * Differences that are no loss: { check, line: pattern on a changed diff line, when?(lines, i, a, b),
 * reason }. `ubl` ones are the mappings of docs/ubl.md, `json` ones the limits of docs/parse.md.
 */
const GAPS = [
  { check: 'ubl', line: /^\+\s*<xr:Item_price_discount xr:id="BT-147">0</, reason: 'UBL needs Price/AllowanceCharge/Amount beside a gross price (BT-148): BT-147 = 0 is written' },
  { check: 'ubl', line: /^\+\s*<xr:Purchase_order_reference xr:id="BT-13">NA</, reason: 'BT-13 is mandatory in UBL OrderReference: NA is written when only BT-14 is known' },
  {
    check: 'ubl',
    line: /^-\s*<xr:Payment_due_date xr:id="BT-9">/,
    when: (_lines, _i, _a, b) => textOf(b).includes('<CreditNote') && !textOf(b).includes('<cac:PaymentMeans>'),
    reason: 'BT-9 of a CreditNote without payment means: UBL 2.1 CreditNote carries it only in PaymentMeans (warned)',
  },
  {
    check: 'ubl',
    line: /^-\s*<\/?xr:(DIRECT_DEBIT|Mandate_reference_identifier|Bank_assigned_creditor_identifier|Debited_account_identifier)\b/,
    when: (_lines, _i, _a, b) => textOf(b).includes('<cac:PaymentMandate>'),
    reason: 'BG-19: CII has it once per document (KoSIT\'s CII view repeats it under every payment means), UBL under the direct debit means',
  },
  {
    check: 'json',
    line: /^[+-]\s*<xr:VAT_exemption_reason_text xr:id="BT-120">/,
    when: (lines, i) => {
      const other = lines[i].startsWith('-') ? lines[i + 1] : lines[i - 1]
      const parts = (line) => [...new Set((valueOf(line ?? '') ?? '').split(',').map((p) => p.trim()))].sort().join('|')
      return other !== undefined && /xr:id="BT-120"/.test(other) && parts(other) === parts(lines[i])
    },
    reason: 'line reasons that differ only in surrounding whitespace: the reader trims texts, so the rebuilt BT-120 lists them once',
  },
  {
    check: 'json',
    line: /^-\s*<xr:Item_gross_price xr:id="BT-148">/,
    when: (lines, i) => /xr:id="BT-146"/.test(lines[i - 1] ?? '') && valueOf(lines[i - 1]) === valueOf(lines[i]),
    reason: 'a gross price equal to the net price (no discount): the JSON has one price, invoice2xml writes BT-148 only with a discount',
  },
]

const out = process.argv[2]
if (out === undefined || !existsSync(join(out, 'xml'))) throw new Error('usage: invoice-roundtrip.mjs OUT (the --out of invoice-variants.mjs)')
const xmlDir = join(out, 'xml')
const rtDir = join(out, 'roundtrip')
const jsonDir = join(rtDir, 'json')
const backDir = join(rtDir, 'xml')
const diffDir = join(rtDir, 'diff')
for (const d of [jsonDir, backDir, diffDir]) mkdirSync(d, { recursive: true })

const files = readdirSync(xmlDir).sort()
const ciis = files.filter((f) => Object.keys(PAIRS).some((t) => f.endsWith(`-${t}.xml`)))
/** [check, A, B] pairs for refxr. */
const pairs = []
for (const f of ciis) {
  const t = Object.keys(PAIRS).find((k) => f.endsWith(`-${k}.xml`))
  const ubl = f.replace(`-${t}.xml`, `-${PAIRS[t].ubl}.xml`)
  if (files.includes(ubl)) pairs.push(['ubl', join(xmlDir, f), join(xmlDir, ubl)])
}

// CII → JSON (one CLI batch) → CII.
try {
  execFileSync(process.execPath, [CLI, 'parse', '--out-dir', jsonDir, ...ciis.map((f) => join(xmlDir, f))], { stdio: ['ignore', 'ignore', 'inherit'] })
} catch { /* refusals were printed; the files parsed are compared */ }
const { invoiceJsonToXml } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'operations', 'invoice-to-xml.js')).href)
const refusals = []
for (const f of ciis) {
  const t = Object.keys(PAIRS).find((k) => f.endsWith(`-${k}.xml`))
  const json = join(jsonDir, f.replace(/\.xml$/, '.json'))
  if (!existsSync(json)) { refusals.push(`parse ${f}`); continue }
  try {
    writeFileSync(join(backDir, f), invoiceJsonToXml(readFileSync(json, 'utf8'), PAIRS[t].options).xml)
    pairs.push(['json', join(xmlDir, f), join(backDir, f)])
  } catch (err) {
    refusals.push(`invoice2xml ${f}: ${err.code ?? ''} ${err.message}`)
  }
}

// One JVM for every view: refxr's to_xr/clean and refcheck's batch runner, then a unified diff per pair.
const PY = `
import difflib, importlib.machinery, importlib.util, json, os, shutil, sys, tempfile
loader = importlib.machinery.SourceFileLoader('refxr_mod', sys.argv[1])
spec = importlib.util.spec_from_loader('refxr_mod', loader)
m = importlib.util.module_from_spec(spec)
loader.exec_module(m)
pairs = json.load(sys.stdin)
paths = sorted({p for pair in pairs for p in pair})
work = tempfile.mkdtemp(prefix='refxr-batch.')
try:
    jobs = [(xsl, xml, view) for xml, xsl, view in (m.to_xr(p, work, n) for n, p in enumerate(paths))]
    res = m.RC.run_xslt_jobs(jobs, work, 2)
    views = {}
    for p, job, (ok, msg) in zip(paths, jobs, res):
        views[p] = m.clean(open(job[2], encoding='utf-8').read(), True, True) if ok else None
        if not ok: print('refxr %s: %s' % (p, msg), file=sys.stderr)
    result = []
    for a, b in pairs:
        if views[a] is None or views[b] is None:
            result.append(None)
        else:
            result.append(''.join(difflib.unified_diff(views[a].splitlines(True), views[b].splitlines(True), a, b)))
    json.dump(result, sys.stdout)
finally:
    shutil.rmtree(work, ignore_errors=True)
`
const diffs = JSON.parse(execFileSync('python3', ['-c', PY, REFXR], { input: JSON.stringify(pairs.map(([, a, b]) => [a, b])), encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'inherit'] }))

/** The BT/BG of a changed line (its own xr:id, else the nearest one above it in the hunk). */
const termOf = (lines, i) => {
  for (let j = i; j >= 0; j--) {
    const id = /xr:id="([^"]+)"/.exec(lines[j])?.[1]
    if (id !== undefined) return id
  }
  return '?'
}
const counts = { ubl: { pairs: 0, same: 0, gapsOnly: 0 }, json: { pairs: 0, same: 0, gapsOnly: 0 } }
const gapCounts = new Map()
const losses = new Map()
// Invoices made inconsistent on purpose (invoice-variants' manifest): their differences are listed apart.
const manifest = existsSync(join(out, 'manifest.json')) ? JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) : {}
const departed = (file) => (manifest[/^(.*?-\d+)-/.exec(basename(file))?.[1] ?? '']?.length ?? 0) > 0
pairs.forEach(([check, a, b], n) => {
  const diff = diffs[n]
  counts[check].pairs++
  if (diff === null) { refusals.push(`refxr ${basename(a)} ${basename(b)}`); return }
  if (diff === '') { counts[check].same++; return }
  writeFileSync(join(diffDir, `${check}-${basename(a, '.xml')}.diff`), diff)
  const lines = diff.split('\n')
  let lost = false
  lines.forEach((line, i) => {
    if (!/^[+-]\s/.test(line)) return
    const gap = GAPS.find((g) => g.check === check && g.line.test(line) && (g.when === undefined || g.when(lines, i, a, b)))
    if (gap !== undefined) { gapCounts.set(gap.reason, (gapCounts.get(gap.reason) ?? 0) + 1); return }
    lost = true
    const key = `${departed(a) ? 'departure ' : ''}${check} ${termOf(lines, i)} ${line.trim().replace(/>[^<]*</, '>…<').slice(0, 110)}`
    const seen = losses.get(key) ?? []
    seen.push(basename(a))
    losses.set(key, seen)
  })
  if (!lost) counts[check].gapsOnly++
})

const say = (line) => process.stdout.write(`${line}\n`)
for (const [check, c] of Object.entries(counts)) say(`${check === 'ubl' ? 'CII → UBL' : 'CII → JSON → CII'}: ${c.pairs} pairs, ${c.same} equal, ${c.gapsOnly} differing by known gaps only, ${c.pairs - c.same - c.gapsOnly} with losses`)
if (gapCounts.size > 0) say('\nknown gaps (changed lines):')
for (const [reason, n] of gapCounts) say(`  ${n}× ${reason}`)
if (losses.size > 0) say('\nlosses (changed line, files):')
for (const [key, seen] of [...losses].sort((x, y) => y[1].length - x[1].length)) say(`  ${seen.length}× ${key}  e.g. ${seen.slice(0, 3).join(' ')}`)
if (refusals.length > 0) say(`\n${refusals.length} refusals:\n  ${refusals.join('\n  ')}`)
