/**
 * A worker thread of `einvoice validate --jobs N`: reads a file, validates it and answers the
 * formatted report (or the error line), so the main thread only writes output in order. It loads
 * the validator from the CLI bundle the main thread runs from (with its code cache), else from
 * the ES modules.
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { WorkerBundle } from './cli-loader.js'
import { type ValidateTask, type ValidateReply, errorData, type validateBytes as validateBytesFn } from './validate-task.js'
import { readInputFile } from './read-input.js'

type ValidateBytes = typeof validateBytesFn

async function loadValidator(bundle: WorkerBundle | undefined): Promise<ValidateBytes> {
  if (bundle !== undefined) {
    try {
      const { loadWorkerBundle } = await import('./cli-loader.js')
      const { validateBytes } = loadWorkerBundle(bundle)
      if (typeof validateBytes === 'function') return validateBytes as ValidateBytes
    } catch {
      // A bundle that fails to load: the modules below are the same code.
    }
  }
  return (await import('./validate-task.js')).validateBytes
}

const port = parentPort
if (port !== null) {
  const validateBytes = await loadValidator((workerData as { bundle?: WorkerBundle } | undefined)?.bundle)
  // Loaded: V8's flags may change now without this thread's code cache being refused (validate-batch.ts).
  port.postMessage({ ready: true })
  port.on('message', (task: ValidateTask) => {
    void (async (): Promise<ValidateReply> => {
      try {
        // A synchronous read: this thread has nothing else to do meanwhile, and it costs a third
        // of the CPU of fs/promises' readFile (~30 µs against ~100 µs for 35 KB from the page cache).
        return await validateBytes(readInputFile(task.path), task)
      } catch (err) {
        return { id: task.id, ok: false, error: errorData(err) }
      }
    })().then((reply) => port.postMessage(reply))
  })
}
