/**
 * HTTP benchmark of `einvoice serve` through the full gateway (key check, usage counting in
 * SQLite, access log): starts one server process, drives it flat out with wrk (when installed)
 * and with autocannon, then with autocannon at fixed rates for the latency, and writes
 * bench/http-results.json with req/s, latency, the server's CPU time per request and its peak
 * RSS, and the CPU each client itself takes per request (it shares the two cores with the server:
 * wrk, written in C, takes a third of what autocannon does). Usage: npm run build &&
 * node dist/bench/http.js [seconds]
 * BENCH_SERVER_NODE_FLAGS="--max-semi-space-size=8" starts the server with those Node flags (to try
 * heap settings; recorded in the results).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
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

type WrkResult = { reqPerSec: number; total: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number; clientCpuUsPerReq: number }

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

/** CPU time (user + system) of this process's finished children so far, in ms (/proc/self/stat fields 16 and 17). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[13]) + Number(fields[14])) * 10
}

const wrkInstalled = spawnSync('wrk', ['--version']).error === undefined

/** wrk's latency figures: `851.00us`, `11.23ms`, `1.02s`. */
function wrkMs(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text ?? '')
  if (m === null) return Number.NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
}

/** One wrk run (one thread, `connections` keep-alive connections); the request comes from a Lua script. */
function runWrk(request: { url: string; method: string; headers: Record<string, string>; body?: Buffer }, connections: number, duration: number): WrkResult {
  const bodyFile = join(dir, 'wrk-body')
  if (request.body !== undefined) writeFileSync(bodyFile, request.body)
  const lua = [
    `wrk.method = ${JSON.stringify(request.method)}`,
    ...Object.entries(request.headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
    ...(request.body === undefined ? [] : [`local f = io.open(${JSON.stringify(bodyFile)}, "rb")`, 'wrk.body = f:read("*a")', 'f:close()']),
  ].join('\n')
  const script = join(dir, 'wrk.lua')
  writeFileSync(script, lua + '\n')
  const cpuBefore = childrenCpuMs()
  const run = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-s', script, request.url], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`)
  const out = run.stdout
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    reqPerSec: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    total,
    p50Ms: wrkMs(/50%\s+(\S+)/.exec(out)?.[1]),
    p99Ms: wrkMs(/99%\s+(\S+)/.exec(out)?.[1]),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socketErrors === null ? 0 : socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0),
    clientCpuUsPerReq: Math.round(((childrenCpuMs() - cpuBefore) * 1000) / Math.max(1, total)),
  }
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

/** The server's CPU per request over `work`, the whole process and its main thread (one core's worth caps the req/s of one process). */
async function serverCpu<T>(work: () => Promise<T> | T, requests: (r: T) => number): Promise<{ result: T; serverCpuUsPerReq: number; serverMainThreadCpuUsPerReq: number }> {
  const pid = server.pid as number
  const before = cpuMs(pid)
  const mainBefore = cpuMs(pid, pid)
  const result = await work()
  const n = Math.max(1, requests(result))
  return {
    result,
    serverCpuUsPerReq: Math.round(((cpuMs(pid) - before) * 1000) / n),
    serverMainThreadCpuUsPerReq: Math.round(((cpuMs(pid, pid) - mainBefore) * 1000) / n),
  }
}

const results: Record<string, unknown> = {}
for (const [name, t] of Object.entries(targets)) {
  const { goal, ...request } = t
  await autocannon({ ...request, connections: 20, duration: 2 }) // warm-up
  let viaWrk: Record<string, number> | undefined
  if (wrkInstalled) {
    const w = await serverCpu(() => runWrk(request, 50, seconds), (r) => r.total)
    const { total: _total, ...figures } = w.result
    viaWrk = { ...figures, serverCpuUsPerReq: w.serverCpuUsPerReq, serverMainThreadCpuUsPerReq: w.serverMainThreadCpuUsPerReq }
  }
  const clientBefore = process.cpuUsage()
  const ac = await serverCpu(() => autocannon({ ...request, connections: 50, duration: seconds }), (r) => r.requests.total)
  const max = ac.result
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
    wrk: viaWrk ?? 'not installed (apt-get install wrk)',
    maxReqPerSec: Math.round(max.requests.average),
    maxP50Ms: max.latency.p50,
    maxP99Ms: max.latency.p99,
    serverCpuUsPerReq: ac.serverCpuUsPerReq,
    serverMainThreadCpuUsPerReq: ac.serverMainThreadCpuUsPerReq,
    clientCpuUsPerReq,
    halfLoadReqPerSec: halfRate,
    halfLoadP50Ms: half.latency.p50,
    halfLoadP99Ms: half.latency.p99,
    halfGoalOfferedReqPerSec: goalHalfRate,
    halfGoalServedReqPerSec: Math.round(goalHalf.requests.average),
    halfGoalP50Ms: goalHalf.latency.p50,
    halfGoalP99Ms: goalHalf.latency.p99,
    non2xx: max.non2xx + half.non2xx + goalHalf.non2xx + (viaWrk?.['non2xx'] ?? 0),
    errors: max.errors + half.errors + goalHalf.errors + max.timeouts + half.timeouts + goalHalf.timeouts + (viaWrk?.['errors'] ?? 0),
  }
  const wrkLine =
    viaWrk === undefined
      ? 'wrk not installed'
      : `wrk ${viaWrk['reqPerSec']} req/s, p99 ${viaWrk['p99Ms']} ms, server CPU ${viaWrk['serverCpuUsPerReq']} µs/request (main thread ${viaWrk['serverMainThreadCpuUsPerReq']}), wrk CPU ${viaWrk['clientCpuUsPerReq']} µs/request`
  console.log(
    `${name} (goal ${goal} req/s):\n  ${wrkLine}\n  autocannon ${Math.round(max.requests.average)} req/s, p99 ${max.latency.p99} ms at max; p99 ${half.latency.p99} ms at ${halfRate} req/s; p99 ${goalHalf.latency.p99} ms with ${goalHalfRate} req/s offered (${Math.round(goalHalf.requests.average)} served); server CPU ${ac.serverCpuUsPerReq} µs/request (main thread ${ac.serverMainThreadCpuUsPerReq}), autocannon CPU ${clientCpuUsPerReq} µs/request`,
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
