/**
 * Access to an operation's inputs with a precise error when one is missing.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import type { OperationInput } from './types.js'

export function requireInput(input: OperationInput, name: string): Uint8Array {
  const bytes = input.inputs[name]
  if (bytes === undefined || bytes.length === 0) {
    throw new EInvoiceError('MISSING_INPUT', `${name}: the input is missing or empty`, { details: { [name]: 'required' } })
  }
  return bytes
}
