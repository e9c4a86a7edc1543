/**
 * A small pool of worker threads for CPU-heavy operations (`heavy: true` in the registry), so a
 * long validation or PDF rendering never blocks the event loop that answers `ping`.
 * Workers start on first use; a task whose request timed out terminates its worker (the only way
 * to stop synchronous work) and a fresh one takes its place.
 * @module
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { EInvoiceError } from '../errors.js'
import type { OperationInput, OperationOutput } from '../operations/types.js'
import { PACKAGE_ROOT } from '../version.js'
import { type WorkerReply, type WorkerTask, fromFailure, ownBytes, transferList } from './worker-protocol.js'

export type WorkerPoolOptions = {
  /** Number of threads. @default os.availableParallelism() */
  size: number
  /** Path of the compiled worker script. @default found beside this module or in dist/ */
  workerFile?: string | undefined
  /** V8 heap limit of each thread in MB. @default WORKER_HEAP_MB */
  maxHeapMb?: number | undefined
}

/**
 * A thread's heap limit: an input that needs more fails alone with INPUT_TOO_LARGE (413), and the
 * thread is replaced, instead of a 500 or the machine's memory. The engine's own limits (XML 50 MB
 * and 2 million elements, PDF 100 MiB, 256 MiB decoded) keep real inputs well below it.
 */
export const WORKER_HEAP_MB = 2048

type Pending = {
  task: WorkerTask
  resolve(output: OperationOutput): void
  reject(err: unknown): void
  signal?: AbortSignal | undefined
  onAbort?: (() => void) | undefined
}

type Slot = { worker: Worker; current: Pending | undefined }

/**
 * The compiled worker: beside this module when running from dist/, else the build's copy (tests
 * run the TypeScript sources, which a worker thread on Node 20 cannot load).
 */
export function findWorkerFile(): string | undefined {
  const candidates = [fileURLToPath(new URL('./worker.js', import.meta.url)), join(PACKAGE_ROOT, 'dist', 'src', 'server', 'worker.js')]
  return candidates.find((file) => existsSync(file))
}

const isOutOfMemory = (err: unknown): boolean => (err as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY'

function outOfMemory(maxHeapMb: number): EInvoiceError {
  return new EInvoiceError('INPUT_TOO_LARGE', `the operation needed more than the ${maxHeapMb} MB of memory a worker may use for this input; refused`, {
    details: { limit: `${maxHeapMb} MB` },
  })
}

export class WorkerPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private nextId = 1
  private closed = false

  constructor(private readonly options: WorkerPoolOptions & { workerFile: string }) {}

  /** Runs operation `name` on a worker; rejects with the operation's EInvoiceError as is. */
  run(name: string, input: OperationInput, signal?: AbortSignal): Promise<OperationOutput> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'))
    if (signal?.aborted === true) return Promise.reject(signal.reason)
    const inputs: Record<string, Uint8Array | undefined> = {}
    for (const [k, v] of Object.entries(input.inputs)) inputs[k] = v === undefined ? undefined : ownBytes(v)
    return new Promise<OperationOutput>((resolve, reject) => {
      const pending: Pending = { task: { id: this.nextId++, name, inputs, params: { ...input.params }, fileNames: input.fileNames === undefined ? undefined : { ...input.fileNames } }, resolve, reject, signal }
      if (signal !== undefined) {
        pending.onAbort = () => this.abort(pending)
        signal.addEventListener('abort', pending.onAbort, { once: true })
      }
      this.queue.push(pending)
      this.pump()
    })
  }

  /** Threads started so far (for tests and the log). */
  get threads(): number {
    return this.slots.length
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === undefined)
      if (slot === undefined && this.slots.length < this.options.size) slot = this.spawn()
      if (slot === undefined) return
      const pending = this.queue.shift() as Pending
      slot.current = pending
      slot.worker.postMessage(pending.task, transferList(Object.values(pending.task.inputs)))
    }
  }

  private spawn(): Slot {
    const maxHeapMb = this.options.maxHeapMb ?? WORKER_HEAP_MB
    const worker = new Worker(this.options.workerFile, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } })
    const slot: Slot = { worker, current: undefined }
    worker.on('message', (reply: WorkerReply) => {
      const pending = slot.current
      if (pending === undefined || pending.task.id !== reply.id) return
      this.finish(slot)
      if (reply.ok) pending.resolve(reply.output)
      else pending.reject(fromFailure(reply.error))
    })
    const onDeath = (err: unknown) => {
      const pending = slot.current
      slot.current = undefined
      this.remove(slot)
      if (pending !== undefined) pending.reject(isOutOfMemory(err) ? outOfMemory(maxHeapMb) : err instanceof Error ? err : new Error(`worker stopped: ${String(err)}`))
      if (!this.closed) this.pump()
    }
    worker.on('error', onDeath)
    worker.on('exit', (code) => onDeath(new Error(`worker exited with code ${code}`)))
    // An idle pool must not keep the process alive.
    worker.unref()
    this.slots.push(slot)
    return slot
  }

  private finish(slot: Slot): void {
    const pending = slot.current
    slot.current = undefined
    if (pending?.onAbort !== undefined) pending.signal?.removeEventListener('abort', pending.onAbort)
    this.pump()
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot)
    if (i >= 0) this.slots.splice(i, 1)
  }

  private abort(pending: Pending): void {
    const queued = this.queue.indexOf(pending)
    if (queued >= 0) {
      this.queue.splice(queued, 1)
      pending.reject(pending.signal?.reason)
      return
    }
    const slot = this.slots.find((s) => s.current === pending)
    if (slot === undefined) return
    slot.current = undefined
    this.remove(slot)
    void slot.worker.terminate()
    pending.reject(pending.signal?.reason)
    this.pump()
  }

  /** Stops all threads; the server calls it once in-flight requests have finished. */
  async close(): Promise<void> {
    this.closed = true
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the worker pool is closed'))
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()))
  }
}
