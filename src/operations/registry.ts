/**
 * The operation registry: every operation the engine implements, declared once. The CLI, the
 * HTTP server and the OpenAPI document are generated from this list.
 * @module
 */
import { calculate } from './calculate.js'
import { notice, ping } from './service.js'
import type { Operation } from './types.js'

export const OPERATIONS: readonly Operation[] = [calculate, ping, notice]

const byName = new Map(OPERATIONS.map((op) => [op.name.toLowerCase(), op]))
const byCliName = new Map(OPERATIONS.map((op) => [op.cliName, op]))

/** Looks an operation up by its interface name (case-insensitive). */
export function getOperation(name: string): Operation | undefined {
  return byName.get(name.toLowerCase())
}

export function getOperationByCliName(cliName: string): Operation | undefined {
  return byCliName.get(cliName)
}
