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
 * A union's problem said by the one form the value has the kind of: `data: [104, 300]` is an
 * array, so what is wrong is its element (`data[1]: expected a byte value …`), not that it "has
 * none of the accepted forms". When no form or several fit the kind, the union's own issue stays.
 */
function unionBranchIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue]
  const fitting = issue.errors.filter((branch) => !branch.some((i) => i.code === 'invalid_type' && i.path.length === 0))
  if (fitting.length !== 1 || fitting[0] === undefined || fitting[0].length === 0) return [issue]
  return fitting[0].flatMap((i) => unionBranchIssues({ ...i, path: [...issue.path, ...i.path] }))
}

/**
 * Parses an already-decoded JSON value with `schema`.
 * @throws EInvoiceError INVALID_PAYLOAD listing every problem; `details` maps each path to its message.
 */
export function readPayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const details: Record<string, string> = {}
  for (const issue of result.error.issues.flatMap((i) => unionBranchIssues(i))) {
    const path = formatJsonPath(issue.path)
    details[path] ??= issueMessage(issue)
  }
  const lines = Object.entries(details).map(([path, msg]) => `${path}: ${msg}`)
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more: ${lines.slice(1, 4).join('; ')}${lines.length > 4 ? '; …' : ''})` : ''
  throw new EInvoiceError('INVALID_PAYLOAD', `${lines[0] ?? 'invalid payload'}${more}`, { details })
}
