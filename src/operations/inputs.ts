/**
 * Access to an operation's inputs with a precise error when one is missing.
 * @module
 */
import { EInvoiceError, isEInvoiceError } from '../errors.js'
import type { Operation, OperationInput } from './types.js'
import { parseParams } from './params.js'
import { bytesArgument } from '../util/byte-input.js'
import { objectArgument, refuseMisspelt } from '../util/option-input.js'

/**
 * `run`'s input as a library caller hands it in, checked and made what the faces give: each input
 * bytes (an ArrayBuffer is viewed as its bytes), the parameters parsed by their declaration with
 * defaults applied (parseParams gives back what it is given parsed, so the faces' input passes
 * unchanged). A name that misspells a declared input or parameter is refused naming it.
 */
export function operationInput(op: Operation, input: OperationInput): OperationInput {
  objectArgument(input, 'input', 'an operation input ({ inputs, params })')
  const given = input.inputs === undefined ? {} : objectArgument(input.inputs, 'input.inputs', 'an object of bytes by input name')
  const params = input.params === undefined ? {} : objectArgument(input.params, 'input.params', 'an object of parameter values by name')
  refuseMisspelt(Object.keys(given), op.inputs.map((i) => i.name), 'input.inputs', 'input')
  refuseMisspelt(Object.keys(params), op.params.map((p) => p.name), 'input.params', 'parameter')
  const inputs: Record<string, Uint8Array | undefined> = {}
  for (const { name } of op.inputs) {
    const value = given[name]
    inputs[name] = value === undefined ? undefined : bytesArgument(value, `input.inputs.${name}`)
  }
  const names = input.fileNames === undefined ? undefined : objectArgument(input.fileNames, 'input.fileNames', 'an object of file names by input name')
  const fileNames: Record<string, string> = {}
  for (const [name, value] of Object.entries(names ?? {})) if (typeof value === 'string') fileNames[name] = value
  return { inputs, params: parseParams(op, params), ...(Object.keys(fileNames).length > 0 ? { fileNames } : {}) }
}

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
