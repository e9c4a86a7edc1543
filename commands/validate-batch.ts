/**
 * `einvoice validate` over many files: arguments expanded (globs, directories, `-`), files run on
 * the main thread and worker threads (`--jobs N` threads in all, default the core count), reports
 * written in argument order, a progress line on a terminal (stderr) and a summary table at the end.
 * Exit status: 0 all valid, 1 some invalid, 2 some input unreadable or some report unwritten.
 * @module
 */
import { existsSync, statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Worker } from 'node:worker_threads'
import type { WorkerBundle } from './cli-loader.js'
import { EInvoiceError, type EInvoiceErrorCode } from '../src/errors.js'
import type { ReportFormat } from '../src/validate/index.js'
import { PACKAGE_ROOT } from '../src/version.js'
import { expandFileArgs } from './file-patterns.js'
import { type OutDirTarget, foldsCase, outDirTargets, outDirWriter, relativeNames } from './inputs.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, describeError, printError } from './output.js'
import { type ValidateReply, type ValidateTask, errorData, validateBytes } from './validate-task.js'

export type BatchFlags = { format: ReportFormat; ignoreNotices?: boolean | undefined; jobs?: string | number | undefined; outDir?: string | undefined }

const REPORT_EXTENSIONS: Readonly<Record<ReportFormat, string>> = { text: '.txt', xml: '.xml', json: '.json', 'json-line': '.json' }

/** `--out-dir`: the input's relative name (relativeNames) + `.report.xml`; its own extension stays (a.xml and a.pdf differ). */
function reportPathFor(task: ValidateTask, relativeName: string, outDir: string): string {
  return join(outDir, `${relativeName}.report${REPORT_EXTENSIONS[task.format]}`)
}

/** `unwritten`: validated, but its --out-dir report could not be written (counted in valid/invalid too). */
type Counts = { valid: number; invalid: number; unreadable: number; unwritten: number }

/** The compiled worker, beside this module (dist) or in the package's dist (tests on sources). */
export function findValidateWorker(): string | undefined {
  const candidates = [fileURLToPath(new URL('./validate-worker.js', import.meta.url)), join(PACKAGE_ROOT, 'dist', 'commands', 'validate-worker.js')]
  return candidates.find((c) => existsSync(c))
}

function parseJobs(value: string | number | undefined): number {
  if (value === undefined) return availableParallelism()
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new EInvoiceError('INVALID_PARAMETER', `--jobs: expected a whole number from 1 to 256, got ${JSON.stringify(String(value))}`, { details: { jobs: '1..256' } })
  }
  return n
}

/** A worker's failure back as an error describeError understands. */
function revive(error: { message: string; code: string | undefined; einvoice: boolean }): Error {
  if (error.einvoice) return new EInvoiceError((error.code ?? 'INVALID_XML') as EInvoiceErrorCode, error.message)
  return Object.assign(new Error(error.message), { code: error.code })
}

/** Hands out the batch's tasks in argument order to whichever thread is free; only the main thread reads standard input. */
type TaskQueue = { forMain(): ValidateTask | undefined; forWorker(): ValidateTask | undefined }

function taskQueue(tasks: readonly ValidateTask[]): TaskQueue {
  const stdin = tasks.filter((t) => t.path === '-')
  const files = tasks.filter((t) => t.path !== '-')
  let s = 0
  let f = 0
  return {
    forMain: () => (s < stdin.length ? stdin[s++] : files[f++]),
    forWorker: () => files[f++],
  }
}

type Settle = (reply: ValidateReply) => void

/**
 * The main thread's share of the batch: one file validated at a time (validation is synchronous
 * work) while the next is read, which hides the disk's latency (idle time was an eighth of a batch)
 * and holds at most two files in memory. With workers running it yields between files, so their
 * replies are handled and they get their next files.
 */
async function validateInProcess(io: CliIO, take: () => ValidateTask | undefined, settle: Settle, yieldBetween: boolean): Promise<void> {
  const read = (task: ValidateTask): Promise<{ bytes: Uint8Array } | { error: unknown }> =>
    (task.path === '-' ? io.readStdin() : io.readFile(task.path)).then(
      (bytes) => ({ bytes }),
      (error: unknown) => ({ error }),
    )
  let task = take()
  let input = task === undefined ? undefined : read(task)
  while (task !== undefined && input !== undefined) {
    const next = take()
    const nextInput = next === undefined ? undefined : read(next)
    const got = await input
    let reply: ValidateReply
    try {
      if ('error' in got) throw got.error
      reply = await validateBytes(got.bytes, task)
    } catch (err) {
      reply = { id: task.id, ok: false, error: errorData(err) }
    }
    settle(reply)
    if (yieldBetween) await new Promise<void>((resolve) => setImmediate(resolve))
    task = next
    input = nextInput
  }
}

/**
 * Files each worker holds at once: it reads and validates one while the others wait in its queue,
 * so it keeps working while the main thread, busy with a file of its own, has not yet answered.
 */
const TASKS_PER_WORKER = 3

/**
 * Worker threads that take files from the queue until it is empty; `finished` settles when all have
 * answered. With `bundle`, each loads the validator from the CLI bundle; `onReady` runs once the
 * first `size` workers have loaded theirs (a worker's code cache is refused once V8's flags
 * changed, so `CliIO.parallelRun` waits for them). Exported for tests (a worker that dies with
 * files in flight).
 */
export function workerPool(
  WorkerThread: typeof Worker,
  file: string,
  size: number,
  take: () => ValidateTask | undefined,
  settle: Settle,
  bundle?: WorkerBundle | undefined,
  onReady?: () => void,
): { finished: Promise<void>; close(): Promise<void> } {
  // A worker's files in the order it was given them, which is the order it validates them in.
  type Slot = { worker: Worker; pending: Map<number, ValidateTask> }
  const slots: Slot[] = []
  let finish = (): void => {}
  const finished = new Promise<void>((resolve) => (finish = resolve))
  const feed = (slot: Slot): void => {
    while (slot.pending.size < TASKS_PER_WORKER) {
      const task = take()
      if (task === undefined) break
      slot.pending.set(task.id, task)
      slot.worker.postMessage(task)
    }
    if (slots.every((s) => s.pending.size === 0)) finish()
  }
  // The first workers that have loaded their code; onReady once all have.
  let loading = size
  const spawn = (): Slot => {
    const slot: Slot = { worker: new WorkerThread(file, { workerData: { bundle } }), pending: new Map() }
    slot.worker.on('message', (reply: ValidateReply | { ready: true }) => {
      if ('ready' in reply) {
        if (--loading === 0) onReady?.()
        return
      }
      // A reply that arrives after the thread died belongs to a file already settled or handed on.
      if (!slot.pending.delete(reply.id)) return
      settle(reply)
      feed(slot)
    })
    slot.worker.once('error', (err: Error) => {
      // A crashed worker is replaced and the batch goes on. Only the file it was validating (its
      // first pending one) is reported as failed; the files waiting behind it had not started and
      // go to the replacement, so one bad file never costs the others their reports.
      const [running, ...waiting] = slot.pending.values()
      slot.pending.clear()
      if (running !== undefined) settle({ id: running.id, ok: false, error: { message: `${err.message} (the validating thread stopped)`, code: undefined, einvoice: false } })
      const next = waiting.length > 0 ? waiting : [take()].filter((t): t is ValidateTask => t !== undefined)
      if (next.length === 0) {
        // Nothing left for it: no replacement (a worker that cannot even start must not respawn forever).
        slots.splice(slots.indexOf(slot), 1)
        if (slots.every((s) => s.pending.size === 0)) finish()
        return
      }
      const replacement = spawn()
      slots[slots.indexOf(slot)] = replacement
      for (const task of next) {
        replacement.pending.set(task.id, task)
        replacement.worker.postMessage(task)
      }
      feed(replacement)
    })
    return slot
  }
  for (let i = 0; i < size; i++) slots.push(spawn())
  for (const slot of slots) feed(slot)
  return {
    finished,
    close: async () => {
      await Promise.all(slots.map((slot) => slot.worker.terminate()))
    },
  }
}

function progress(io: CliIO, enabled: boolean): { update(done: number, total: number, c: Counts): void; clear(): void } {
  let last = 0
  let shown = false
  return {
    update(done, total, c) {
      const now = Date.now()
      if (!enabled || (now - last < 80 && done < total)) return
      last = now
      shown = true
      io.stderr.write(`\r\x1b[Kvalidating ${done}/${total} · ${c.invalid} invalid · ${c.unreadable} unreadable`)
    },
    clear() {
      if (shown) io.stderr.write('\r\x1b[K')
      shown = false
    },
  }
}

/** With --out-dir the table has an `unwritten` column: reports lost to a full disk are not input problems. */
function summaryTable(total: number, c: Counts, ms: number, outDir: boolean): string {
  const time = ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
  const head = ['files', 'valid', 'invalid', 'unreadable', ...(outDir ? ['unwritten'] : []), 'time']
  const row = [String(total), String(c.valid), String(c.invalid), String(c.unreadable), ...(outDir ? [String(c.unwritten)] : []), time]
  const widths = head.map((h, i) => Math.max(h.length, (row[i] ?? '').length))
  const line = (cells: string[]): string => cells.map((x, i) => x.padStart(widths[i] ?? 0)).join('  ')
  return `${line(head)}\n${line(row)}\n`
}

/**
 * Each worker thread loads the validator and its tables again (~0.15 s from the bundle and its code
 * cache, ~0.25 s from the ES modules) and warms up its own compiled code, more than it saves on a
 * small batch. So a validating thread (the main thread being the first) is used per 150 files,
 * up to --jobs.
 * EINVOICE_FILES_PER_WORKER overrides the 150 (tests use 1 to exercise the pool on small batches).
 */
const FILES_PER_WORKER = 150

/** Threads that validate files, the main thread included (so at most `jobs - 1` workers). */
export function threadsFor(jobs: number, fileTasks: number, env: Readonly<Record<string, string | undefined>> = {}): number {
  const override = Number(env.EINVOICE_FILES_PER_WORKER)
  const perWorker = Number.isInteger(override) && override >= 1 ? override : FILES_PER_WORKER
  return Math.max(1, Math.min(jobs, Math.floor(fileTasks / perWorker)))
}

/**
 * A batch of at most SHORT_RUN_FILES files of at most SHORT_RUN_FILE_BYTES each, validated on the
 * main thread alone, is a short run (`CliIO.shortRun`): measured up to 100 files of ~12 KB, most of
 * what TurboFan would optimise did not pay for its compiles; a 290 KB invoice of 100 lines broke
 * even (docs/validate.md, Session 10).
 */
export const SHORT_RUN_FILES = 100
export const SHORT_RUN_FILE_BYTES = 256 * 1024

/**
 * Whether a batch is a short run: no worker threads (V8's flags are the whole process's), no
 * standard input (its size is unknown until read), few and small files.
 */
export function isShortRun(threads: number, paths: readonly string[], sizeOf: (path: string) => number = (p) => statSync(p).size): boolean {
  if (threads !== 1 || paths.length > SHORT_RUN_FILES) return false
  return paths.every((path) => {
    if (path === '-') return false
    try {
      return sizeOf(path) <= SHORT_RUN_FILE_BYTES
    } catch {
      // Unreadable: reported when it is read, and costs nothing to validate.
      return true
    }
  })
}

/** Standard output, or the report's --out-dir file; false (and the reason printed) when that cannot be written. */
async function writeReport(io: CliIO, report: string, target: { path: string } | undefined, writeOut: ReturnType<typeof outDirWriter>): Promise<boolean> {
  if (target === undefined) {
    io.stdout.write(report)
    return true
  }
  try {
    await writeOut(target.path, report)
    return true
  } catch (err) {
    await printError(io, describeError(err, target.path).line)
    return false
  }
}

export async function runValidateBatch(args: readonly string[], flags: BatchFlags, io: CliIO): Promise<number> {
  const started = performance.now()
  const jobs = parseJobs(flags.jobs)
  const { files, unmatched } = expandFileArgs(args.length === 0 ? ['-'] : args)
  const counts: Counts = { valid: 0, invalid: 0, unreadable: 0, unwritten: 0 }
  let exitCode = EXIT_OK
  for (const pattern of unmatched) {
    await printError(io, `${pattern}: no .xml or .pdf file matches`)
    counts.unreadable++
    exitCode = EXIT_BAD_INPUT
  }
  // Several JSON reports on standard output go one per line (JSON Lines, as calculate and parse
  // write several results); the runs that end with the summary table are the ones that may have several.
  const several = files.length + unmatched.length > 1
  const format = flags.format === 'json' && several && flags.outDir === undefined ? 'json-line' : flags.format
  const tasks: ValidateTask[] = files.map((path, id) => ({ id, path, name: path === '-' ? '<stdin>' : path, format, ignoreNotices: flags.ignoreNotices === true }))
  const outDir = flags.outDir
  if (outDir !== undefined) {
    try {
      await io.mkdir(outDir)
    } catch (err) {
      await printError(io, describeError(err, `--out-dir ${outDir}`).line)
      return EXIT_BAD_INPUT
    }
  }
  let targets: Map<ValidateTask, OutDirTarget> | undefined
  if (outDir !== undefined) {
    const names = relativeNames(files)
    targets = outDirTargets(tasks, (task) => reportPathFor(task, names.get(task.path) ?? 'stdin', outDir), await foldsCase(outDir))
  }
  const writeOut = outDirWriter(io)
  const workerFile = findValidateWorker()
  const fileTasks = tasks.filter((t) => t.path !== '-').length
  const threads = threadsFor(jobs, fileTasks, io.env)
  if (io.shortRun !== undefined && isShortRun(threads, files)) io.shortRun()
  const bar = progress(io, io.stderr.isTTY === true && tasks.length > 1 && io.env.CI === undefined)
  const replies = new Map<number, ValidateReply>()
  let next = 0
  let done = 0
  const flush = async (): Promise<void> => {
    for (let r = replies.get(next); r !== undefined; r = replies.get(next)) {
      replies.delete(next)
      const task = tasks[next] as ValidateTask
      next++
      bar.clear()
      const target = targets?.get(task)
      if (r.ok) {
        const refusal = target?.refusal
        if (refusal !== undefined) await printError(io, `${task.name}: ${refusal}`)
        if (refusal !== undefined || !(await writeReport(io, r.report, target, writeOut))) {
          counts.unwritten++
          exitCode = Math.max(exitCode, EXIT_BAD_INPUT)
        }
        if (r.valid) counts.valid++
        else {
          counts.invalid++
          exitCode = Math.max(exitCode, EXIT_FAILED)
        }
      } else {
        const { line, exitCode: code } = describeError(revive(r.error), task.name)
        await printError(io, line)
        counts.unreadable++
        exitCode = Math.max(exitCode, code === EXIT_FAILED ? EXIT_FAILED : EXIT_BAD_INPUT)
      }
    }
    bar.update(done, tasks.length, counts)
  }
  // Reports are written one flush after another, so an error line never overtakes a report.
  let flushed: Promise<void> = Promise.resolve()
  const settle: Settle = (reply) => {
    replies.set(reply.id, reply)
    done++
    flushed = flushed.then(flush)
    // Handled at the end (await flushed); marked here so a failed write is not an unhandled rejection meanwhile.
    flushed.catch(() => {})
  }
  const queue = taskQueue(tasks)
  // The main thread is one of the threads: N jobs start N − 1 workers. worker_threads (and the ~35
  // internal modules it loads) is imported only then: a cold one-file validate never needs it.
  const pool =
    threads > 1 && workerFile !== undefined
      ? workerPool((await import('node:worker_threads')).Worker, workerFile, threads - 1, queue.forWorker, settle, io.workerBundle, io.parallelRun)
      : undefined
  try {
    await Promise.all([validateInProcess(io, queue.forMain, settle, pool !== undefined), pool?.finished])
    await flushed
  } finally {
    await pool?.close()
    bar.clear()
  }
  const total = tasks.length + unmatched.length
  if (several) {
    const table = summaryTable(total, counts, performance.now() - started, outDir !== undefined)
    // Machine-readable formats keep standard output clean: the table goes to standard error.
    if (flags.format === 'text') io.stdout.write(`\n${table}`)
    else io.stderr.write(table)
  }
  return exitCode
}
