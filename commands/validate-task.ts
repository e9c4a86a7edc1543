/**
 * One file's validation as the CLI batch runs it, in the main thread or a worker: bytes in, the
 * formatted report and verdict out; failures travel as data (message, code) between threads.
 * @module
 */
import { basename } from 'node:path'
import type { ReportFormat } from '../src/validate/index.js'
import { lazyModule } from '../src/util/lazy-module.js'

// The two modules it needs, not the validate index: a cold process loads only this document's tables.
const validateFileModule = lazyModule(() => import('../src/validate/validate-file.js'))
const formatReportModule = lazyModule(() => import('../src/validate/format-report.js'))

export type ValidateTask = { id: number; path: string; name: string; format: ReportFormat; ignoreNotices: boolean }

export type ValidateReply =
  | { id: number; ok: true; report: string; valid: boolean }
  | { id: number; ok: false; error: { message: string; code: string | undefined; einvoice: boolean } }

export async function validateBytes(bytes: Uint8Array, task: ValidateTask): Promise<ValidateReply> {
  const [{ validateFile }, { formatReport }] = await Promise.all([validateFileModule(), formatReportModule()])
  const fileName = task.name === '<stdin>' ? 'stdin' : basename(task.name)
  const result = await validateFile(bytes, { fileName, ignoreNotices: task.ignoreNotices })
  return { id: task.id, ok: true, report: formatReport(result, task.format), valid: result.valid }
}

/** A failure as data that crosses the thread boundary. */
export function errorData(err: unknown): { message: string; code: string | undefined; einvoice: boolean } {
  const e = err as { message?: string; errorCode?: string; code?: string; name?: string } | undefined
  return { message: e?.message ?? String(err), code: e?.errorCode ?? e?.code, einvoice: e?.name === 'EInvoiceError' }
}
