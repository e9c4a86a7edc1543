/**
 * A raw HTTP client for tests that must send what fetch refuses to (huge headers, lying
 * Content-Types, bodies on odd methods) and must see every status, even when the server closes.
 */
import { request } from 'node:http'

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

export function rawRequest(url: string, init: { method?: string | undefined; headers?: Record<string, string> | undefined; body?: Uint8Array | string | undefined } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    if (init.body !== undefined) req.write(init.body)
    req.end()
  })
}
