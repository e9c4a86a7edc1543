/**
 * `einvoice serve` as real processes (the build in dist/): the first key, quota persistence
 * across a restart, durability under kill -9, graceful SIGTERM, and two instances sharing one
 * key's rate limit through Redis.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { request } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BIN, hasDist, noteIfNoDist } from '../helpers/dist.js'
import { hasRedis, noteIfNoRedis, startRedis } from '../helpers/redis.js'
import { tempDir } from '../helpers/cli.js'

noteIfNoDist('einvoice serve processes')
noteIfNoRedis('two instances sharing Redis')

type Served = { base: string; proc: ChildProcess; stderr(): string; exited: Promise<number | null>; stop(signal?: NodeJS.Signals): Promise<number | null> }
const running: Served[] = []
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')))
})

async function serve(args: string[]): Promise<Served> {
  const proc = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  let err = ''
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 15_000)
    proc.stderr?.on('data', (c: Buffer) => {
      err += c.toString()
      const m = /listening on (http:\/\/\S+)/.exec(err)
      if (m?.[1] !== undefined) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    proc.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)))
  })
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
  const served: Served = {
    base,
    proc,
    exited,
    stderr: () => err,
    stop: (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal)
      return exited
    },
  }
  running.push(served)
  return served
}

function keysCli(args: string[]): { stdout: string; stderr: string } {
  const stdout = execFileSync(process.execPath, [BIN, 'keys', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  return { stdout, stderr: '' }
}

function createKey(db: string, extra: string[]): { key: string; id: string } {
  const out = execFileSync(process.execPath, [BIN, 'keys', 'create', '--env', 'test', '--db', db, ...extra], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const key = out.trim()
  const list = JSON.parse(keysCli(['list', '--json', '--db', db]).stdout) as { id: string }[]
  return { key, id: (list.at(-1) as { id: string }).id }
}

const ping = (base: string, key: string) => fetch(`${base}/e-invoice/ping`, { headers: { authorization: `Bearer ${key}` } })

describe.skipIf(!hasDist)('einvoice serve (processes)', () => {
  it('creates and prints one sandbox key on the first start only', async () => {
    const db = join(tempDir(), 'keys.db')
    const first = await serve(['--db', db])
    const key = /^\s+(ei_test_\S+)$/m.exec(first.stderr())?.[1] as string
    expect(key).toBeDefined()
    expect((await ping(first.base, key)).status).toBe(200)
    expect(await first.stop()).toBe(0)
    // --heap-growth 0 leaves V8's heap growth alone (the default 75 is logged by the SIGTERM test).
    const second = await serve(['--db', db, '--heap-growth', '0'])
    expect(second.stderr()).not.toMatch(/ei_test_/)
    expect(await (await ping(second.base, key)).text()).toBe('pong')
    expect(await second.stop()).toBe(0)
    expect(second.stderr()).not.toContain(key)
    expect(second.stderr()).toContain('"msg":"listening"')
    expect(second.stderr()).not.toContain('heapGrowthPercent')
  })

  it('keeps the monthly quota across a restart', async () => {
    const db = join(tempDir(), 'keys.db')
    const { key } = createKey(db, ['--quota', '3'])
    const a = await serve(['--db', db])
    expect((await ping(a.base, key)).status).toBe(200)
    expect((await ping(a.base, key)).status).toBe(200)
    expect(await a.stop()).toBe(0)
    const b = await serve(['--db', db])
    expect((await ping(b.base, key)).status).toBe(200)
    const refused = await ping(b.base, key)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('x-error-code')).toBe('QUOTA_EXHAUSTED')
    await b.stop()
  })

  it('loses no counted request under kill -9', async () => {
    const db = join(tempDir(), 'keys.db')
    const { key, id } = createKey(db, [])
    const s = await serve(['--db', db])
    for (let i = 0; i < 25; i++) expect((await ping(s.base, key)).status).toBe(200)
    expect(await s.stop('SIGKILL')).toBeNull()
    const usage = JSON.parse(keysCli(['usage', id, '--db', db]).stdout) as { thisMonth: number }
    expect(usage.thisMonth).toBe(25)
  })

  it('loses no counted request of concurrent batches (group commit) under kill -9', async () => {
    const db = join(tempDir(), 'keys.db')
    const { key, id } = createKey(db, [])
    const s = await serve(['--db', db])
    let answered = 0
    for (let round = 0; round < 3; round++) {
      const statuses = await Promise.all(Array.from({ length: 30 }, () => ping(s.base, key).then((r) => r.status)))
      answered += statuses.filter((st) => st === 200).length
    }
    expect(await s.stop('SIGKILL')).toBeNull()
    const usage = JSON.parse(keysCli(['usage', id, '--db', db]).stdout) as { thisMonth: number }
    expect(usage.thisMonth).toBe(answered)
    expect(answered).toBe(90)
  })

  it('answers a client that sends its whole body first although the answer came before the body was read', { timeout: 30_000 }, async () => {
    // A 3 MB upload without a key: the gateway answers 401 at once. Node closed the connection
    // then, the bytes still coming met a closed socket, and the reset lost the client the answer
    // (4 of 10 such uploads in scripts/server-fuzz.mjs's replay); now the rest is read and dropped.
    const s = await serve(['--db', join(tempDir(), 'keys.db')])
    const { port } = new URL(s.base)
    const body = Buffer.alloc(3_000_000, 0x41)
    const head = `POST ${new URL(s.base).pathname}/e-invoice/calculate HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`
    const upload = (head: string) =>
      new Promise<{ text: string; error: string | undefined }>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1')
        let text = ''
        let error: string | undefined
        socket.on('data', (c: Buffer) => (text += c.toString('latin1')))
        socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
        socket.on('close', () => resolve({ text, error }))
        socket.on('connect', () => socket.end(Buffer.concat([Buffer.from(head), body])))
      })
    for (let i = 0; i < 10; i++) {
      const { text, error } = await upload(head)
      expect(error).toBeUndefined()
      expect(text).toMatch(/^HTTP\/1\.1 401 /)
    }
    // The same for a request Node's parser refuses (a control character in a header).
    for (let i = 0; i < 10; i++) {
      const { text, error } = await upload(head.replace('Host: x', 'Host: x\r\nX-A: a\u0001b'))
      expect(error).toBeUndefined()
      expect(text).toMatch(/^HTTP\/1\.1 400 [^]*"INVALID_REQUEST"/)
    }
    await s.stop()
  })

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const db = join(tempDir(), 'keys.db')
    const { key } = createKey(db, [])
    const s = await serve(['--db', db])
    const { readFileSync } = await import('node:fs')
    const { PACKAGE_ROOT } = await import('../../src/version.js')
    const body = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'))
    const result = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${s.base}/e-invoice/calculate`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-length': String(body.length) } }, (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      req.write(body.subarray(0, 10))
      setTimeout(() => {
        s.proc.kill('SIGTERM')
        setTimeout(() => req.end(body.subarray(10)), 300)
      }, 200)
    })
    const { status, text } = await result
    expect(status).toBe(200)
    expect(JSON.parse(text)).toHaveProperty('grandTotal')
    // A second SIGTERM would force the exit: wait for the first one to finish.
    expect(await s.exited).toBe(0)
    expect(s.stderr()).toContain('"msg":"stopped"')
    expect(s.stderr()).toContain('"heapGrowthPercent":75')
  })
})

describe.skipIf(!hasDist || !hasRedis)('two einvoice serve instances sharing Redis', () => {
  it('let exactly N of 2N alternating requests through for a key limited to N per minute', async () => {
    const redis = await startRedis()
    try {
      const db = join(tempDir(), 'keys.db')
      const N = 6
      const { key } = createKey(db, ['--rate', String(N)])
      const [a, b] = await Promise.all([serve(['--db', db, '--redis', redis.url]), serve(['--db', db, '--redis', redis.url])])
      // A minute boundary between the requests would start a new window: start early in a minute.
      const secondsIntoMinute = new Date().getUTCSeconds()
      if (secondsIntoMinute > 50) await new Promise((r) => setTimeout(r, (61 - secondsIntoMinute) * 1000))
      const statuses: number[] = []
      for (let i = 0; i < 2 * N; i++) statuses.push((await ping(i % 2 === 0 ? a.base : b.base, key)).status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(N)
      expect(statuses.filter((s) => s === 429)).toHaveLength(N)
      expect(await a.stop()).toBe(0)
      expect(await b.stop()).toBe(0)
    } finally {
      await redis.stop()
    }
  })
})
