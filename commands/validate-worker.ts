/**
 * A worker thread of `einvoice validate --jobs N`: reads a file, validates it and answers the
 * formatted report (or the error line), so the main thread only writes output in order.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import { type ValidateTask, type ValidateReply, errorData, validateBytes } from './validate-task.js'

const port = parentPort
if (port !== null) {
  port.on('message', (task: ValidateTask) => {
    void (async (): Promise<ValidateReply> => {
      try {
        return await validateBytes(await readFile(task.path), task)
      } catch (err) {
        return { id: task.id, ok: false, error: errorData(err) }
      }
    })().then((reply) => port.postMessage(reply))
  })
}
