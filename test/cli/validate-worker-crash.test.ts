/**
 * A validating thread that dies with files in flight (issue #4's batch): the file it was
 * validating is reported as failed, the files queued behind it still get their reports from a
 * replacement thread, and a thread that cannot even start does not respawn forever. The worker
 * here is a stand-in that validates nothing: it answers each file in turn, a few ms apart, and
 * dies on a file whose path says `crash` (the batch code cannot tell it from a real one).
 */
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { workerPool } from '../../commands/validate-batch.js'
import type { ValidateReply, ValidateTask } from '../../commands/validate-task.js'

const FAKE_WORKER = `
const { parentPort } = require('node:worker_threads')
const queue = []
let busy = false
const next = () => {
  const task = queue.shift()
  if (task === undefined) { busy = false; return }
  busy = true
  setTimeout(() => {
    if (task.path.includes('crash')) throw new Error('died on ' + task.path)
    parentPort.postMessage({ id: task.id, ok: true, report: task.path, valid: true })
    next()
  }, 5)
}
parentPort.on('message', (task) => { queue.push(task); if (!busy) next() })
`

const BROKEN_WORKER = `throw new Error('cannot start')`

function evalWorker(code: string): typeof Worker {
  return class extends Worker {
    constructor() {
      super(code, { eval: true })
    }
  } as unknown as typeof Worker
}

async function runBatch(paths: string[], code: string, size = 1): Promise<{ replies: ValidateReply[]; spawned: number }> {
  const tasks: ValidateTask[] = paths.map((path, id) => ({ id, path, name: path, format: 'text', ignoreNotices: false }))
  let i = 0
  const replies: ValidateReply[] = []
  let spawned = 0
  const Counting = evalWorker(code)
  const WorkerThread = class extends Counting {
    constructor(file: string) {
      super(file)
      spawned++
    }
  } as unknown as typeof Worker
  const pool = workerPool(WorkerThread, 'unused', size, () => tasks[i++], (r) => replies.push(r))
  try {
    await pool.finished
  } finally {
    await pool.close()
  }
  replies.sort((a, b) => a.id - b.id)
  return { replies, spawned }
}

describe('validate batch: a worker thread that dies', () => {
  it('fails only the file it was validating; the files queued behind it are validated by a new thread', async () => {
    const { replies } = await runBatch(['a.xml', 'crash.xml', 'b.xml', 'c.xml', 'd.xml', 'e.xml'], FAKE_WORKER)
    expect(replies.map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5])
    const failed = replies.filter((r) => !r.ok)
    expect(failed.map((r) => r.id)).toEqual([1])
    expect(failed[0]).toMatchObject({ ok: false, error: { message: expect.stringContaining('died on crash.xml') as unknown } })
    expect(replies.filter((r) => r.ok).map((r) => (r.ok ? r.report : ''))).toEqual(['a.xml', 'b.xml', 'c.xml', 'd.xml', 'e.xml'])
  })

  it('reports each of two bad files in flight on its own, once', async () => {
    const { replies } = await runBatch(['crash-1.xml', 'crash-2.xml', 'ok.xml', 'ok2.xml'], FAKE_WORKER)
    expect(replies.map((r) => [r.id, r.ok])).toEqual([
      [0, false],
      [1, false],
      [2, true],
      [3, true],
    ])
  })

  it('with two threads, every file is answered exactly once', async () => {
    const paths = Array.from({ length: 20 }, (_, k) => (k % 7 === 3 ? `crash-${k}.xml` : `f-${k}.xml`))
    const { replies } = await runBatch(paths, FAKE_WORKER, 2)
    expect(replies.map((r) => r.id)).toEqual(paths.map((_, k) => k))
    expect(replies.filter((r) => !r.ok).map((r) => r.id)).toEqual([3, 10, 17])
  })

  it('a thread that cannot start fails the files one by one and stops respawning when none are left', async () => {
    const { replies, spawned } = await runBatch(['a.xml', 'b.xml', 'c.xml', 'd.xml'], BROKEN_WORKER)
    expect(replies.map((r) => [r.id, r.ok])).toEqual([
      [0, false],
      [1, false],
      [2, false],
      [3, false],
    ])
    expect(spawned).toBe(4)
  })
})
