/**
 * A tiny in-process benchmark harness: each case runs for ~1 s, after a warm-up to steady speed.
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
}

export type BenchResult = {
  name: string
  operation: string
  iterations: number
  msPerOp: number
  /** CPU time (user + system) per operation: steadier than wall time on a busy machine. */
  cpuMsPerOp: number
  opsPerSec: number
  targetMs?: number | undefined
  meetsTarget?: boolean | undefined
}

const cpuUs = (u: NodeJS.CpuUsage): number => u.user + u.system

/**
 * Warm-up until the case runs at a steady speed: chunks of ~50 ms CPU until one costs, per run,
 * within 5 % of the one before (at least 300 ms CPU, at most 2 s). A fixed 300 ms was too short
 * for cases whose code V8 optimises late (calculate's first 1,000 runs cost 5–7 times its steady
 * ~0.1 ms, and the measured second still carried that tail).
 * By this process's CPU time, not wall time: on a busy machine wall time gave a case too little CPU
 * to be optimised. Cases that run child processes use little CPU here: a second of wall time ends theirs.
 */
async function warmUp(c: BenchCase, budgetMs: number): Promise<void> {
  const minCpuUs = Math.min(300, budgetMs * 0.3) * 1000
  const maxCpuUs = Math.min(2000, budgetMs * 2) * 1000
  const chunkCpuUs = 50_000
  const start = process.cpuUsage()
  const wallStart = performance.now()
  const wallEnd = wallStart + Math.min(3000, budgetMs * 3)
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
    // A case whose work runs in child processes never uses 300 ms here: one second of it warms enough.
    if (used < minCpuUs && now - wallStart >= Math.min(1000, budgetMs)) return
    if (used >= minCpuUs && Math.abs(perRun - previous) <= 0.05 * previous) return
    previous = perRun
  }
}

export async function measure(c: BenchCase, budgetMs = 1000): Promise<BenchResult> {
  await warmUp(c, budgetMs)
  let iterations = 0
  const cpuStart = process.cpuUsage()
  const start = performance.now()
  const end = start + budgetMs
  while (performance.now() < end) {
    await c.run()
    iterations++
  }
  const elapsed = performance.now() - start
  const cpu = process.cpuUsage(cpuStart)
  iterations *= c.opsPerRun ?? 1
  const msPerOp = elapsed / iterations
  return {
    name: c.name,
    operation: c.operation,
    iterations,
    msPerOp: Number(msPerOp.toPrecision(4)),
    cpuMsPerOp: Number((cpuUs(cpu) / 1000 / iterations).toPrecision(4)),
    opsPerSec: Math.round(1000 / msPerOp),
    targetMs: c.targetMs,
    meetsTarget: c.targetMs === undefined ? undefined : msPerOp <= c.targetMs,
  }
}
