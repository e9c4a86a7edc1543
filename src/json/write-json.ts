/**
 * Value → JSON text, writing Decimals as exact JSON numbers (never through a binary float).
 * Leaves out what Mustang's NON_EMPTY model leaves out: undefined, null, empty strings and arrays.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { type Decimal, isDecimal } from '../model/decimal.js'

/** A number written with exactly this literal text (e.g. `197.00`, keeping the scale). */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** An amount written with at least 2 decimals, as Mustang's `setScale(2)` values appear. */
export function money(value: Decimal): JsonNumber {
  // toString (plain notation for amounts) plus zero padding: much cheaper than toFixed's rounding.
  const text = value.toString()
  const dot = text.indexOf('.')
  if (dot < 0) return new JsonNumber(text.includes('e') ? value.toFixed(2) : text + '.00')
  return new JsonNumber(text.length - dot === 2 ? text + '0' : text)
}

// Exact numbers travel through JSON.stringify as marked strings. The random nonce makes a marker
// impossible to forge from user text.
const NONCE = randomBytes(6).toString('hex')
const MARK = `\u0000${NONCE}#`
const MARKED = new RegExp(`"\\\\u0000${NONCE}#([-0-9.eE+]+)"`, 'g')

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || typeof v === 'function' || (Array.isArray(v) && v.length === 0)
}

/** A copy without empty values, exact numbers replaced by marked strings for JSON.stringify. */
function prepare(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v
  if (isDecimal(v)) return MARK + v.toString()
  if (v instanceof JsonNumber) return MARK + v.text
  if (Array.isArray(v)) return v.map((item) => (isEmpty(item) ? null : prepare(item)))
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(v)) {
    const value = (v as Record<string, unknown>)[key]
    if (!isEmpty(value)) out[key] = prepare(value)
  }
  return out
}

/** Serialises `value` as JSON; `pretty` indents by two spaces. Native JSON.stringify does the work. */
export function writeJson(value: unknown, options: { pretty?: boolean | undefined } = {}): string {
  return JSON.stringify(prepare(value), null, options.pretty === true ? 2 : undefined).replace(MARKED, '$1')
}
