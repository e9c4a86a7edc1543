/**
 * Value → JSON text, writing Decimals as exact JSON numbers (never through a binary float).
 * Leaves out what Mustang's NON_EMPTY model leaves out: undefined, null, empty strings and arrays.
 * @module
 */
import { type Decimal, isDecimal } from '../model/decimal.js'

/** A number written with exactly this literal text (e.g. `197.00`, keeping the scale). */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** An amount written with at least 2 decimals, as Mustang's `setScale(2)` values appear. */
export function money(value: Decimal): JsonNumber {
  return new JsonNumber(value.toFixed(Math.max(2, value.decimalPlaces())))
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || typeof v === 'function' || (Array.isArray(v) && v.length === 0)
}

function write(v: unknown, indent: string, step: string): string {
  if (typeof v === 'string') return JSON.stringify(v)
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null'
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (v === null || v === undefined) return 'null'
  if (isDecimal(v)) return v.toString()
  if (v instanceof JsonNumber) return v.text
  const inner = step === '' ? '' : indent + step
  const sep = step === '' ? ',' : ',\n' + inner
  const open = step === '' ? '' : '\n' + inner
  const close = step === '' ? '' : '\n' + indent
  if (Array.isArray(v)) {
    const parts: string[] = []
    for (const item of v) parts.push(isEmpty(item) ? 'null' : write(item, inner, step))
    return parts.length === 0 ? '[]' : '[' + open + parts.join(sep) + close + ']'
  }
  const parts: string[] = []
  const colon = step === '' ? ':' : ': '
  for (const key of Object.keys(v as object)) {
    const value = (v as Record<string, unknown>)[key]
    if (isEmpty(value)) continue
    parts.push(JSON.stringify(key) + colon + write(value, inner, step))
  }
  return parts.length === 0 ? '{}' : '{' + open + parts.join(sep) + close + '}'
}

/** Serialises `value` as JSON; `pretty` indents by two spaces. */
export function writeJson(value: unknown, options: { pretty?: boolean | undefined } = {}): string {
  return write(value, '', options.pretty === true ? '  ' : '')
}
