/**
 * A worker thread of the pool: runs registry operations by name and sends the result back,
 * moving the bytes instead of copying them.
 * @module
 */
import { parentPort } from 'node:worker_threads'
import { getOperation } from '../operations/registry.js'
import { keepBrowserAlive } from '../render/chromium.js'
import { type WorkerReply, type WorkerTask, ownBytes, toFailure, transferList } from './worker-protocol.js'

const port = parentPort
if (port === null) throw new Error('src/server/worker.js runs as a worker thread only')

// styledinvoicetofx requests in a row start Chromium once per worker; an idle browser goes after
// 30 s. When the pool stops a worker, its Chromium exits with the closed pipe.
keepBrowserAlive(30_000)

port.on('message', (task: WorkerTask) => {
  void runTask(task).then((reply) => {
    const body = reply.ok ? reply.output.body : undefined
    port.postMessage(reply, transferList([body]))
  })
})

async function runTask(task: WorkerTask): Promise<WorkerReply> {
  try {
    const op = getOperation(task.name)
    if (op === undefined) throw new Error(`no operation ${task.name} in the registry`)
    const output = await op.run({ inputs: task.inputs, params: task.params, fileNames: task.fileNames })
    const body = typeof output.body === 'string' ? output.body : ownBytes(output.body)
    return { id: task.id, ok: true, output: { ...output, body } }
  } catch (err) {
    return { id: task.id, ok: false, error: toFailure(err) }
  }
}
