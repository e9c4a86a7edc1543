/**
 * Runs a payload schema and turns zod issues into one EInvoiceError whose message names the JSON
 * path, e.g. `zfitems[2].quantity: expected a number, got "abc"`.
 * @module
 */
import type { z } from 'zod'
import { EInvoiceError } from '../errors.js'

/** `['zfitems', 2, 'quantity']` → `zfitems[2].quantity`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else out += out === '' ? String(part) : `.${String(part)}`
  }
  return out === '' ? '(root)' : out
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const expected = issue.expected === 'object' ? 'an object' : issue.expected === 'array' ? 'an array' : issue.expected
    return `expected ${expected}`
  }
  if (issue.code === 'invalid_value') {
    return `expected one of ${issue.values.map((v) => String(v)).join(', ')}`
  }
  if (issue.code === 'invalid_union') return 'has none of the accepted forms'
  return issue.message
}

/**
 * Parses an already-decoded JSON value with `schema`.
 * @throws EInvoiceError INVALID_PAYLOAD listing every problem; `details` maps each path to its message.
 */
export function readPayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const details: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const path = formatJsonPath(issue.path)
    details[path] ??= issueMessage(issue)
  }
  const lines = Object.entries(details).map(([path, msg]) => `${path}: ${msg}`)
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more: ${lines.slice(1, 4).join('; ')}${lines.length > 4 ? '; …' : ''})` : ''
  throw new EInvoiceError('INVALID_PAYLOAD', `${lines[0] ?? 'invalid payload'}${more}`, { details })
}
