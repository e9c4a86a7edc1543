/**
 * Test servers: createApp on an in-memory (or file) SQLite store, listening on an ephemeral
 * port of 127.0.0.1, and key minting straight into the store.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { afterAll, beforeAll } from 'vitest'
import { type AppOptions, BASE_PATH, createApp } from '../../src/server/app.js'
import { type Environment, generateKey, hashKey } from '../../src/server/gateway/key-format.js'
import { SqliteStore } from '../../src/server/stores/sqlite-store.js'
import type { KeyRecord, NewKey } from '../../src/server/stores/types.js'

export type TestServer = {
  /** http://127.0.0.1:PORT/api/v1.8.2 */
  base: string
  store: SqliteStore
  /** Mints a key of `environment` (default sandbox) into the store; returns the key text. */
  key(environment?: Environment, extra?: Partial<NewKey>): { key: string; record: KeyRecord }
  close(): Promise<void>
}

export function mintKey(store: SqliteStore, environment: Environment = 'sandbox', extra: Partial<NewKey> = {}, prefix = 'ei_') {
  const key = generateKey(prefix, environment)
  const record = store.create({ hash: hashKey(key), environment, ...extra })
  return { key, record }
}

export async function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ port: number; server: Server }> {
  const server = createAdaptorServer({ fetch }) as Server
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, server }
}

export async function startTestServer(options: Partial<AppOptions> & { db?: string } = {}): Promise<TestServer> {
  const store = new SqliteStore(options.db ?? ':memory:')
  const app = createApp({ keys: store, usage: store, ...options })
  const { port, server } = await listen(app.fetch)
  return {
    base: `http://127.0.0.1:${port}${BASE_PATH}`,
    store,
    key: (environment = 'sandbox', extra = {}) => mintKey(store, environment, extra, options.keyPrefix ?? 'ei_'),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await store.close()
    },
  }
}

export const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` })

/**
 * A test server for the whole file, started before its tests and closed after them, with one
 * sandbox key. The getters are read inside the tests (the server exists only once they run).
 */
export function useTestServer(): { readonly base: string; readonly key: string } {
  let srv: TestServer | undefined
  let key = ''
  beforeAll(async () => {
    srv = await startTestServer()
    key = srv.key('sandbox').key
  })
  afterAll(() => srv?.close())
  return {
    get base() {
      if (srv === undefined) throw new Error('useTestServer: the server starts in beforeAll; read base inside a test')
      return srv.base
    },
    get key() {
      return key
    },
  }
}
