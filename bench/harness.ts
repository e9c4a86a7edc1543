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

export async function measure(c: BenchCase, budgetMs = 1000): Promise<BenchResult> {
  const deadline = (ms: number) => performance.now() + ms
  let end = deadline(Math.min(200, budgetMs / 5))
  while (performance.now() < end) await c.run()
  let iterations = 0
  const cpuStart = process.cpuUsage()
  const start = performance.now()
  end = start + budgetMs
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
    cpuMsPerOp: Number(((cpu.user + cpu.system) / 1000 / iterations).toPrecision(4)),
    opsPerSec: Math.round(1000 / msPerOp),
    targetMs: c.targetMs,
    meetsTarget: c.targetMs === undefined ? undefined : msPerOp <= c.targetMs,
  }
}
