/**
 * A tiny in-process benchmark harness: each case is warmed up to a steady speed, then timed in
 * five trials of 0.3 s; the median trial is its figure.
 * @module
 */
export type BenchCase = {
  /** e.g. `calculate: 10-line invoice`. */
  name: string
  /** Operation it measures (for grouping in results.json). */
  operation: string
  /** Issue target in ms per operation, if any. */
  targetMs?: number | undefined
  /** Operations one `run()` does (a batch): figures are per operation. @default 1 */
  opsPerRun?: number | undefined
  run(): unknown
  /** Peak resident memory in MB of the last run, for a case whose run is a child process. */
  peakRssMb?: (() => number | undefined) | undefined
}

export type BenchResult = {
  name: string
  operation: string
  /** Operations timed, over all trials. */
  iterations: number
  /** Wall time per operation of the median trial. */
  msPerOp: number
  /** CPU time (user + system) per operation of the median trial: steadier than wall time on a busy machine. */
  cpuMsPerOp: number
  /** Wall time per operation of each trial, in the order run. */
  trialMsPerOp: number[]
  opsPerSec: number
  targetMs?: number | undefined
  meetsTarget?: boolean | undefined
  /** Peak resident memory of the case's last run (child-process cases that report it). */
  peakRssMb?: number | undefined
}

const cpuUs = (u: NodeJS.CpuUsage): number => u.user + u.system

/**
 * Warm-up until the case runs at a steady speed: chunks of ~50 ms CPU until one costs, per run,
 * within 5 % of the one before (at least 1 s, at most 3 s of CPU). A short warm-up ended inside the
 * optimising compiler's tail: calculate's first 1,000 runs cost 5–7 times its steady cost, and in
 * a loop of 0.5 s rounds it only settled after 1–1.5 s (docs/bench.md).
 * By this process's CPU time, not wall time: on a busy machine wall time gave a case too little CPU
 * to be optimised. Cases that run child processes use little CPU here: a second of wall time ends theirs.
 */
async function warmUp(c: BenchCase, budgetMs: number): Promise<void> {
  const minCpuUs = Math.min(1000, budgetMs) * 1000
  const maxCpuUs = Math.min(3000, budgetMs * 3) * 1000
  const chunkCpuUs = 50_000
  const start = process.cpuUsage()
  const wallStart = performance.now()
  const wallEnd = wallStart + Math.min(4000, budgetMs * 4)
  let previous = Number.POSITIVE_INFINITY
  for (;;) {
    const chunkStart = process.cpuUsage()
    let runs = 0
    do {
      await c.run()
      runs++
    } while (cpuUs(process.cpuUsage(chunkStart)) < chunkCpuUs && performance.now() < wallEnd)
    const perRun = cpuUs(process.cpuUsage(chunkStart)) / runs
    const used = cpuUs(process.cpuUsage(start))
    const now = performance.now()
    if (now >= wallEnd || used >= maxCpuUs) return
    // A case whose work runs in child processes never uses 1 s here: one second of it warms enough.
    if (used < minCpuUs * 0.3 && now - wallStart >= Math.min(1000, budgetMs)) return
    if (used >= minCpuUs && Math.abs(perRun - previous) <= 0.05 * previous) return
    previous = perRun
  }
}

type Trial = { runs: number; wallMs: number; cpuUs: number }

async function trial(c: BenchCase, wallMs: number): Promise<Trial> {
  let runs = 0
  const cpuStart = process.cpuUsage()
  const start = performance.now()
  const end = start + wallMs
  while (performance.now() < end) {
    await c.run()
    runs++
  }
  return { runs, wallMs: performance.now() - start, cpuUs: cpuUs(process.cpuUsage(cpuStart)) }
}

/** Trials per case: the figure is the median one, so a burst of the machine's other work in one trial does not decide it. */
export const TRIALS = 5

/**
 * Times a case: warm-up, then `TRIALS` trials of `budgetMs / TRIALS` wall time each (a run longer
 * than that makes a trial of one run). msPerOp and cpuMsPerOp are the median trial's; the
 * others are listed in trialMsPerOp.
 */
export async function measure(c: BenchCase, budgetMs = 1500): Promise<BenchResult> {
  await warmUp(c, budgetMs)
  const ops = c.opsPerRun ?? 1
  const trials: Trial[] = []
  for (let i = 0; i < TRIALS; i++) trials.push(await trial(c, budgetMs / TRIALS))
  const perOp = (t: Trial): number => t.wallMs / (t.runs * ops)
  const sorted = [...trials].sort((a, b) => perOp(a) - perOp(b))
  const median = sorted[Math.floor(TRIALS / 2)] as Trial
  const msPerOp = perOp(median)
  const round = (n: number): number => Number(n.toPrecision(4))
  return {
    name: c.name,
    operation: c.operation,
    iterations: trials.reduce((sum, t) => sum + t.runs * ops, 0),
    msPerOp: round(msPerOp),
    cpuMsPerOp: round(median.cpuUs / 1000 / (median.runs * ops)),
    trialMsPerOp: trials.map((t) => round(perOp(t))),
    opsPerSec: Math.round(1000 / msPerOp),
    targetMs: c.targetMs,
    meetsTarget: c.targetMs === undefined ? undefined : msPerOp <= c.targetMs,
    peakRssMb: c.peakRssMb?.(),
  }
}
