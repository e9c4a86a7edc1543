import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { WorkerPool, findWorkerFile } from '../../src/server/worker-pool.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import { tempDir } from '../helpers/cli.js'
import { hasDist, noteIfNoDist } from '../helpers/dist.js'

noteIfNoDist('worker pool')
const invoice = readFileSync(join(PACKAGE_ROOT, 'samples', 'invoice.json'))

describe.skipIf(!hasDist)('WorkerPool (threads running the built registry)', () => {
  const pool = () => new WorkerPool({ size: 2, workerFile: findWorkerFile() as string })

  it('runs a registry operation on a thread and brings the result back', async () => {
    const p = pool()
    try {
      const outs = await Promise.all([1, 2, 3].map(() => p.run('calculate', { inputs: { invoice }, params: {} })))
      for (const out of outs) expect(JSON.parse(String(out.body))).toHaveProperty('grandTotal')
      expect(p.threads).toBe(2)
      // The caller's buffer is copied, not moved away from it.
      expect(invoice.length).toBeGreaterThan(0)
    } finally {
      await p.close()
    }
  })

  it('rethrows the operation’s EInvoiceError with its code', async () => {
    const p = pool()
    try {
      const err = await p.run('calculate', { inputs: { invoice: Buffer.from('{') }, params: {} }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(EInvoiceError)
      expect((err as EInvoiceError).errorCode).toBe('INVALID_JSON')
    } finally {
      await p.close()
    }
  })

  it('stops a task whose request was aborted and keeps serving', async () => {
    const p = pool()
    try {
      const controller = new AbortController()
      controller.abort(new Error('time is up'))
      await expect(p.run('calculate', { inputs: { invoice }, params: {} }, controller.signal)).rejects.toThrow('time is up')
      const late = new AbortController()
      const running = p.run('calculate', { inputs: { invoice }, params: {} }, late.signal)
      late.abort(new Error('late abort'))
      await running.then(
        () => undefined,
        (e: unknown) => expect(String(e)).toContain('late abort'),
      )
      const out = await p.run('ping', { inputs: {}, params: {} })
      expect(out.body).toBe('pong')
    } finally {
      await p.close()
    }
  })

  it('fails a task for an operation the registry does not have', async () => {
    const p = pool()
    try {
      await expect(p.run('noSuchOperation', { inputs: {}, params: {} })).rejects.toThrow(/no operation noSuchOperation/)
    } finally {
      await p.close()
    }
  })
})

describe('WorkerPool memory limit', () => {
  // A worker of the protocol that answers ping and, for anything else, allocates until V8 stops it.
  const hog = join(tempDir(), 'hog-worker.cjs')
  writeFileSync(
    hog,
    `const { parentPort } = require('node:worker_threads')
parentPort.on('message', (task) => {
  if (task.name === 'ping') return parentPort.postMessage({ id: task.id, ok: true, output: { body: 'pong', mediaType: 'text/plain', warnings: [] } })
  const kept = []
  for (;;) kept.push(new Array(100000).fill(task.id + 0.5))
})
`,
  )

  it('fails the task that runs out of memory with INPUT_TOO_LARGE, not a crash, and serves the next one on a fresh thread', async () => {
    const p = new WorkerPool({ size: 1, workerFile: hog, maxHeapMb: 48 })
    try {
      const err = await p.run('validate', { inputs: {}, params: {} }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(EInvoiceError)
      expect(err).toMatchObject({ errorCode: 'INPUT_TOO_LARGE', message: expect.stringMatching(/more than the 48 MB of memory a worker may use/) })
      expect((await p.run('ping', { inputs: {}, params: {} })).body).toBe('pong')
    } finally {
      await p.close()
    }
  }, 60_000)
})
