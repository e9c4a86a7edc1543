/**
 * Access to an operation's inputs with a precise error when one is missing.
 * @module
 */
import { EInvoiceError, isEInvoiceError } from '../errors.js'
import type { OperationInput } from './types.js'

export function requireInput(input: OperationInput, name: string): Uint8Array {
  const bytes = input.inputs[name]
  if (bytes === undefined || bytes.length === 0) {
    throw new EInvoiceError('MISSING_INPUT', `${name}: the input is missing or empty`, { details: { [name]: 'required' } })
  }
  return bytes
}

/**
 * Runs the step that reads input `name` of an operation with several (combine: the PDF and the
 * invoice); an EInvoiceError it throws gets `details.input = name`, so a face can say which input
 * was wrong (the CLI names that file; it named the PDF for a broken invoice JSON). A parameter's
 * error (INVALID_PARAMETER) names the parameter instead.
 */
export async function readingInput<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (err) {
    if (isEInvoiceError(err) && err.errorCode !== 'INVALID_PARAMETER' && err.details['input'] === undefined) err.details['input'] = name
    throw err
  }
}

/** The input an error is about: `details.input`, or a details key that is one of `names`. */
export function inputOfError(err: unknown, names: readonly string[]): string | undefined {
  if (!isEInvoiceError(err)) return undefined
  return err.details['input'] ?? names.find((n) => err.details[n] !== undefined)
}
