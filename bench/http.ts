/**
 * HTTP benchmark of `einvoice serve` through the full gateway (key check, usage counting in
 * SQLite, access log): starts one server process, drives it with autocannon, writes
 * bench/http-results.json with req/s, latency, the server's CPU time per request and its peak
 * RSS, and the CPU autocannon itself takes per request (it shares the cores). Usage: npm run build &&
 * node dist/bench/http.js [seconds]
 * BENCH_SERVER_NODE_FLAGS="--max-semi-space-size=8" starts the server with those Node flags (to try
 * heap settings; recorded in the results).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PACKAGE_ROOT, VERSION } from '../src/version.js'

type AutocannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number; max: number }
  non2xx: number
  errors: number
  timeouts: number
}
type AutocannonOptions = {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: Buffer | string
  connections?: number
  pipelining?: number
  duration?: number
  overallRate?: number
  workers?: number
}
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (o: AutocannonOptions) => Promise<AutocannonResult>

const seconds = Number(process.argv[2] ?? 10)
const BIN = join(PACKAGE_ROOT, 'bin', 'einvoice.js')

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => resolve(typeof addr === 'object' && addr !== null ? addr.port : 0))
    })
  })
}

/**
 * CPU time (user + system) the process has used so far, in ms: /proc/PID/stat fields 14 and 15.
 * With `thread`, that of one of its threads (the main thread's id is the process id).
 */
function cpuMs(pid: number, thread?: number): number {
  const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? []
  const ticksPerMs = 100 / 1000 // USER_HZ is 100 on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

async function waitReady(url: string, key: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url, { headers: { apikey: key } })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start')
}

const dir = mkdtempSync(join(tmpdir(), 'einvoice-bench-'))
const db = join(dir, 'keys.db')
const key = execFileSync(process.execPath, [BIN, 'keys', 'create', '--env', 'test', '--db', db], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
const port = await freePort()
// The access log is written as in production (JSON lines to stderr), into a file here.
const logFd = openSync(join(dir, 'access.log'), 'w')
const serverNodeFlags = (process.env['BENCH_SERVER_NODE_FLAGS'] ?? '').split(/\s+/).filter((flag) => flag !== '')
const server: ChildProcess = spawn(process.execPath, [...serverNodeFlags, BIN, 'serve', '--port', String(port), '--db', db], { stdio: ['ignore', 'ignore', logFd] })
const base = `http://127.0.0.1:${port}/api/v1.8.2/e-invoice`
await waitReady(`${base}/ping`, key)

const tenLines = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice-10-lines.json'))
const targets = {
  ping: { url: `${base}/ping`, method: 'GET', headers: { authorization: `Bearer ${key}` }, goal: 10_000 },
  calculate: {
    url: `${base}/calculate`,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: tenLines,
    goal: 5_000,
  },
}

const results: Record<string, unknown> = {}
for (const [name, t] of Object.entries(targets)) {
  const { goal, ...request } = t
  await autocannon({ ...request, connections: 20, duration: 2 }) // warm-up
  const cpuBefore = cpuMs(server.pid as number)
  const mainBefore = cpuMs(server.pid as number, server.pid)
  const clientBefore = process.cpuUsage()
  const max = await autocannon({ ...request, connections: 50, duration: seconds })
  // The server's own CPU per request: steadier than req/s when autocannon and other work share the cores.
  const serverCpuUsPerReq = Math.round(((cpuMs(server.pid as number) - cpuBefore) * 1000) / Math.max(1, max.requests.total))
  // Of it, the main thread's (the rest is V8's GC helpers): one core's worth caps the req/s of one process.
  const serverMainThreadCpuUsPerReq = Math.round(((cpuMs(server.pid as number, server.pid) - mainBefore) * 1000) / Math.max(1, max.requests.total))
  // autocannon runs in this process: what the client takes from the same two cores.
  const client = process.cpuUsage(clientBefore)
  const clientCpuUsPerReq = Math.round((client.user + client.system) / Math.max(1, max.requests.total))
  const halfRate = Math.max(1, Math.round(max.requests.average / 2))
  const half = await autocannon({ ...request, connections: 20, duration: seconds, overallRate: halfRate })
  // #6 asks for p99 at half the goal's load, which may be more than half of what this machine reaches.
  const goalHalfRate = goal / 2
  const goalHalf = await autocannon({ ...request, connections: 20, duration: seconds, overallRate: goalHalfRate })
  results[name] = {
    goalReqPerSec: goal,
    maxReqPerSec: Math.round(max.requests.average),
    maxP50Ms: max.latency.p50,
    maxP99Ms: max.latency.p99,
    serverCpuUsPerReq,
    serverMainThreadCpuUsPerReq,
    clientCpuUsPerReq,
    halfLoadReqPerSec: halfRate,
    halfLoadP50Ms: half.latency.p50,
    halfLoadP99Ms: half.latency.p99,
    halfGoalOfferedReqPerSec: goalHalfRate,
    halfGoalServedReqPerSec: Math.round(goalHalf.requests.average),
    halfGoalP50Ms: goalHalf.latency.p50,
    halfGoalP99Ms: goalHalf.latency.p99,
    non2xx: max.non2xx + half.non2xx + goalHalf.non2xx,
    errors: max.errors + half.errors + goalHalf.errors + max.timeouts + half.timeouts + goalHalf.timeouts,
  }
  console.log(
    `${name}: ${Math.round(max.requests.average)} req/s (goal ${goal}), p99 ${max.latency.p99} ms at max; p99 ${half.latency.p99} ms at ${halfRate} req/s; p99 ${goalHalf.latency.p99} ms with ${goalHalfRate} req/s offered (${Math.round(goalHalf.requests.average)} served); server CPU ${serverCpuUsPerReq} µs/request (main thread ${serverMainThreadCpuUsPerReq}), client (autocannon) CPU ${clientCpuUsPerReq} µs/request`,
  )
}
const rss = peakRssMb(server.pid as number)
console.log(`server peak RSS ${rss} MB (goal ≤ 150)`)
server.kill('SIGTERM')
await new Promise((r) => server.once('exit', r))
rmSync(dir, { recursive: true, force: true })
const out = { version: VERSION, node: process.version, date: new Date().toISOString(), cpus: (await import('node:os')).availableParallelism(), seconds, serverNodeFlags, serverPeakRssMb: rss, results }
writeFileSync(join(PACKAGE_ROOT, 'bench', 'http-results.json'), JSON.stringify(out, null, 2) + '\n')
console.log('written bench/http-results.json')
