#!/usr/bin/env node
/**
 * Robustness hunt of the library face (a developer tool, not part of `npm test`; needs the build):
 * calls every function exported by `einvoice` and `einvoice/server`, and every registry
 * operation's `run`, with seeded random arguments (the right values, scalars of every kind, typed
 * arrays, invalid Dates, and objects whose keys are option names, misspelt ones included). A call
 * must return or throw an EInvoiceError (writeJson: a TypeError naming itself for a value without
 * JSON form); anything else is printed once, with the arguments, as a violation. startServer and
 * the store constructors are left out (they open files and sockets: test/server/server-options.test.ts).
 *
 *   node scripts/library-fuzz.mjs [SEED] [CALLS]     (defaults 1 and 3000)
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { setTimeout } from 'node:timers'
import { fileURLToPath } from 'node:url'

const say = (text) => process.stdout.write(`${text}\n`)

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const lib = await import(join(root, 'dist/src/index.js'))
const srv = await import(join(root, 'dist/src/server/index.js'))
const seed = Number(process.argv[2] ?? 1)
let state = seed >>> 0 || 1
const rnd = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32)
const pick = (a) => a[Math.floor(rnd() * a.length)]
const cii = readFileSync(join(root, '../shared/corpus/cen-en16931/cii/examples/CII_business_example_02.xml'))
const json = readFileSync(join(root, 'samples/invoice.json'))
const model = lib.readInvoice(cii)
const doc = lib.parseXml(cii)
const good = [cii, json, cii.toString(), model, doc, {}, { maxBytes: 1000 }, { pretty: true }, { format: 'xr', profile: 'XRECHNUNG', version: 3 }, lib.getOperation('calculate'), { inputs: { invoice: json } }]
const scalars = () => pick([undefined, null, 0, -1, 1.5, NaN, Infinity, 2n ** 70n, '', 'x', ' EN16931 ', true, false, Symbol('s'), () => 1, [], [1, 2], new Date(NaN), new Date(), new ArrayBuffer(3), new Uint16Array(3), new DataView(new ArrayBuffer(2)), Object.create(null), { length: 5 }, new Map(), /re/, new Error('e')])
function value(depth = 0) {
  const r = rnd()
  if (r < 0.3) return pick(good)
  if (r < 0.7 || depth > 2) return scalars()
  const o = {}
  const keys = ['maxBytes', 'maxDepth', 'ignoreNotices', 'pretty', 'format', 'profile', 'version', 'xml', 'fileName', 'container', 'now', 'ghostscript', 'namespaces', 'inputs', 'params', 'zfitems', 'lines', 'totals', 'root', 'children', 'name', 'maxbytes', 'ignoreNotice', 'invoice', 'file']
  for (let i = 0, n = Math.floor(rnd() * 4); i < n; i++) o[pick(keys)] = value(depth + 1)
  return o
}
const fns = [...Object.entries(lib), ...Object.entries(srv).map(([k, v]) => ['server.' + k, v])].filter(([k, v]) => typeof v === 'function' && !/^(EInvoiceError|Decimal|isEInvoiceError)$/.test(k))
const ops = lib.OPERATIONS.map((op) => ['op.' + op.name, (a) => op.run(a)])
const all = [...fns, ...ops]
let violations = 0, calls = 0
const seen = new Map()
for (let i = 0; i < Number(process.argv[3] ?? 3000); i++) {
  const [name, f] = pick(all)
  const args = Array.from({ length: Math.floor(rnd() * 4) }, () => value())
  if (/^server\.(startServer|SqliteStore|RedisUsageStore)$/.test(name)) continue // would open files, sockets
  calls++
  try {
    let r = /^server\.[A-Z]/.test(name) || name === 'Decimal' ? new f(...args) : f(...args)
    if (r && typeof r.then === 'function') r = await Promise.race([r, new Promise((_, rej) => setTimeout(() => rej(new Error('TIMEOUT 20s')), 20000))])
  } catch (err) {
    if (err instanceof lib.EInvoiceError) continue
    if (name === 'writeJson' && err instanceof TypeError && /writeJson:/.test(err.message)) continue
    const key = name + ': ' + (err?.constructor?.name ?? typeof err) + ': ' + String(err?.message ?? err).slice(0, 120)
    if (!seen.has(key)) { seen.set(key, args.map((a) => { try { return typeof a === 'symbol' ? 'Symbol' : typeof a === 'bigint' ? a + 'n' : a instanceof Uint8Array ? `<${a.length} bytes>` : JSON.stringify(a)?.slice(0, 80) } catch { return String(a) } })); say(`VIOLATION ${key} ${JSON.stringify(seen.get(key))}`) }
    violations++
  }
}
say(`seed ${seed}: ${calls} calls, ${violations} violations, ${seen.size} distinct`)
process.exit(0)
