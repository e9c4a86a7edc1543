/**
 * Value → JSON text, writing Decimals as exact JSON numbers (never through a binary float).
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

const MARK = '\u0000#'
const MARKED = /"\\u0000#([-0-9.eE+]+)"/g

/** Serialises `value`; Decimals become number literals, `undefined` and empty arrays are left out. */
export function writeJson(value: unknown, options: { pretty?: boolean | undefined } = {}): string {
  const text = JSON.stringify(
    value,
    function replacer(this: Record<string, unknown>, key: string, v: unknown) {
      // Decimal's toJSON has already turned `v` into a string: look at the holder's own value.
      const raw = this[key]
      if (isDecimal(raw)) return MARK + raw.toString()
      if (v instanceof JsonNumber) return MARK + v.text
      // Mustang's NON_EMPTY: empty arrays and empty strings are not written.
      if (Array.isArray(v) && v.length === 0) return undefined
      if (v === '') return undefined
      return v
    },
    options.pretty === true ? 2 : undefined,
  )
  return text.replace(MARKED, '$1')
}
