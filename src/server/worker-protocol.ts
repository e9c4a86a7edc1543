/**
 * Messages between the worker pool and its worker threads, and how an operation's bytes and
 * errors cross the thread boundary.
 * @module
 */
import { ERROR_CODES, EInvoiceError, type EInvoiceErrorCode, isEInvoiceError } from '../errors.js'
import type { OperationOutput, ParamValue } from '../operations/types.js'

export type WorkerTask = {
  id: number
  /** Operation name as in the registry. */
  name: string
  inputs: Record<string, Uint8Array | undefined>
  params: Record<string, ParamValue>
  fileNames?: Record<string, string> | undefined
}

export type WorkerFailure =
  | { kind: 'einvoice'; errorCode: string; message: string; details: Record<string, string> }
  | { kind: 'other'; message: string; stack?: string | undefined }

export type WorkerReply = { id: number; ok: true; output: OperationOutput } | { id: number; ok: false; error: WorkerFailure }

export function toFailure(err: unknown): WorkerFailure {
  if (isEInvoiceError(err)) return { kind: 'einvoice', errorCode: err.errorCode, message: err.message, details: err.details }
  const e = err instanceof Error ? err : new Error(String(err))
  return { kind: 'other', message: e.message, stack: e.stack }
}

export function fromFailure(failure: WorkerFailure): Error {
  if (failure.kind === 'einvoice' && (ERROR_CODES as readonly string[]).includes(failure.errorCode)) {
    return new EInvoiceError(failure.errorCode as EInvoiceErrorCode, failure.message, { details: failure.details })
  }
  const err = new Error(`worker: ${failure.message}`)
  if (failure.kind === 'other' && failure.stack !== undefined) err.stack = failure.stack
  return err
}

/**
 * Buffers that may be moved (not copied) to the other thread: only a Uint8Array that owns its
 * whole ArrayBuffer. Node's pooled Buffers share one ArrayBuffer, and moving that would detach
 * unrelated data, so those are copied first (`ownBytes`).
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes
  return bytes.slice()
}

export function transferList(values: Iterable<Uint8Array | string | undefined>): ArrayBuffer[] {
  const list: ArrayBuffer[] = []
  for (const v of values) if (v instanceof Uint8Array && v.buffer instanceof ArrayBuffer) list.push(v.buffer)
  return list
}
