/**
 * A tiny in-process benchmark harness: each case runs until it has used ~1 s, after a warm-up.
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

export async function measure(c: BenchCase, budgetMs = 1000): Promise<BenchResult> {
  // Warm up by this process's CPU time, not wall time: on a busy machine 200 ms of wall time gave
  // a case too little CPU to be optimised before it was measured (the first case of a file came out
  // 3-6 times slower). Cases that run child processes use little CPU here; the wall cap ends theirs.
  const warmCpuUs = Math.min(300, budgetMs * 0.3) * 1000
  const warmCpu = process.cpuUsage()
  const warmEnd = performance.now() + Math.min(1000, budgetMs)
  do await c.run()
  while (cpuUs(process.cpuUsage(warmCpu)) < warmCpuUs && performance.now() < warmEnd)
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
