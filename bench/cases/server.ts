import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { createApp } from '../../src/server/app.js'
import { generateKey, hashKey } from '../../src/server/gateway/key-format.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

// In-process cost of the gateway + routing (no sockets; bench/http.ts measures over HTTP). The
// requests go through the Node adapter as `einvoice serve` gets them: an IncomingMessage in, the
// adapter's own Request and Response (it installs them as the globals, as the server does). Going
// through `app.request()` instead builds an undici Request with a body stream and reads the
// answer back through a stream: that alone was most of a calculate's 0.6–0.85 ms there.
const store = new SqliteStore(':memory:')
const key = generateKey('ei_', 'sandbox')
store.create({ hash: hashKey(key), environment: 'sandbox', ratePerMinute: 1_000_000_000 })
const app = createApp({ keys: store, usage: store })
const listener = getRequestListener(app.fetch)
const tenLines = readFileSync(`${PACKAGE_ROOT}/samples/invoice-10-lines.json`)

/** What the adapter uses of a ServerResponse: the status, headers and body it writes, and its events. */
class CapturedResponse extends EventEmitter {
  headersSent = false
  writable = true
  status = 0
  body: unknown
  constructor(private readonly done: (res: CapturedResponse) => void) {
    super()
  }
  hasHeader(): boolean {
    return false
  }
  writeHead(status: number): this {
    this.status = status
    this.headersSent = true
    return this
  }
  end(body?: unknown): this {
    this.body = body
    this.emit('finish')
    this.emit('close')
    this.done(this)
    return this
  }
}

/** One request through the adapter; the body arrives on the next turn, as from a socket. */
function serve(method: string, path: string, body?: Buffer): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const incoming = new IncomingMessage(new Socket())
    incoming.method = method
    incoming.url = path
    incoming.headers = { host: 'localhost', authorization: `Bearer ${key}` }
    if (body === undefined) incoming.push(null)
    else {
      incoming.headers['content-type'] = 'application/json'
      incoming.headers['content-length'] = String(body.length)
      setImmediate(() => {
        incoming.push(body)
        incoming.complete = true
        incoming.push(null)
      })
    }
    incoming.rawHeaders = Object.entries(incoming.headers).flatMap(([name, value]) => [name, String(value)])
    const res = new CapturedResponse((r) => (r.status === 200 ? resolve(r) : reject(new Error(`${method} ${path}: status ${r.status}`))))
    void listener(incoming, res as never)
  })
}

export const cases: BenchCase[] = [
  {
    name: 'serve: ping through the gateway (in-process, Node adapter)',
    operation: 'serve',
    targetMs: 0.1,
    run: () => serve('GET', '/api/v1.8.2/e-invoice/ping'),
  },
  {
    name: 'serve: calculate 10-line invoice through the gateway (in-process, Node adapter)',
    operation: 'serve',
    targetMs: 0.2,
    run: () => serve('POST', '/api/v1.8.2/e-invoice/calculate', tenLines),
  },
]
