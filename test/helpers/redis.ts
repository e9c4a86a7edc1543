/**
 * A throw-away redis-server for tests (Debian package redis-server): a free port, no persistence.
 * Suites use `describe.skipIf(!hasRedis)` and `noteIfNoRedis()` says why they were skipped.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server']

export const REDIS_SERVER = CANDIDATES.find((p) => existsSync(p))
export const hasRedis = REDIS_SERVER !== undefined

export function noteIfNoRedis(suite: string): void {
  if (!hasRedis) process.stderr.write(`\n[skip] ${suite}: redis-server not installed (apt-get install -y redis-server)\n`)
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/** `pause`/`resume`: SIGSTOP/SIGCONT, a Redis that keeps its connections but answers nothing. */
export type TestRedis = { url: string; stop(): Promise<void>; pause(): void; resume(): void }

export async function startRedis(): Promise<TestRedis> {
  if (REDIS_SERVER === undefined) throw new Error('redis-server not installed')
  const port = await freePort()
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)))
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGCONT')
        child.kill('SIGTERM')
      }),
  }
}
