import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EInvoiceError } from '../../src/errors.js'
import { WorkerPool, findWorkerFile } from '../../src/server/worker-pool.js'
import { PACKAGE_ROOT } from '../../src/version.js'
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
