import { readFileSync } from 'node:fs'
import { createApp } from '../../src/server/app.js'
import { generateKey, hashKey } from '../../src/server/gateway/key-format.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

// In-process cost of the gateway + routing (no sockets; bench/http.ts measures over HTTP).
const store = new SqliteStore(':memory:')
const key = generateKey('ei_', 'sandbox')
store.create({ hash: hashKey(key), environment: 'sandbox', ratePerMinute: 1_000_000_000 })
const app = createApp({ keys: store, usage: store })
const headers = { authorization: `Bearer ${key}` }
const tenLines = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`)

export const cases: BenchCase[] = [
  {
    name: 'serve: ping through the gateway (in-process app.request)',
    operation: 'serve',
    targetMs: 0.1,
    run: () => app.request('/api/v1.8.2/e-invoice/ping', { headers }),
  },
  {
    name: 'serve: calculate 10-line invoice through the gateway (in-process)',
    operation: 'serve',
    targetMs: 0.2,
    run: async () => (await app.request('/api/v1.8.2/e-invoice/calculate', { method: 'POST', headers, body: tenLines })).text(),
  },
]
