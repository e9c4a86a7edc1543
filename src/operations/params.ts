/**
 * Parses query/header/CLI parameter text into typed values by the operation's declaration.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import type { Operation, ParamSpec, ParamValue } from './types.js'
import { objectArgument } from '../util/option-input.js'
import { describeValue } from '../util/byte-input.js'

const INT32_MIN = -2_147_483_648
const INT32_MAX = 2_147_483_647

function parseOne(spec: ParamSpec, raw: string | boolean | number): ParamValue {
  const text = String(raw).trim()
  switch (spec.type) {
    case 'boolean': {
      if (typeof raw === 'boolean') return raw
      const lower = text.toLowerCase()
      if (lower === 'true' || lower === '1' || lower === '') return true
      if (lower === 'false' || lower === '0') return false
      throw invalid(spec, text, 'true or false')
    }
    case 'integer': {
      // The interface declares integers as int32: the whole range is a number, past it is refused.
      const value = /^-?\d{1,20}$/.test(text) ? Number(text) : Number.NaN
      if (!Number.isFinite(value)) throw invalid(spec, text, 'a whole number')
      if (value < INT32_MIN || value > INT32_MAX) throw invalid(spec, text, `a whole number from ${INT32_MIN} to ${INT32_MAX}`)
      if (spec.values !== undefined && !spec.values.includes(String(value))) {
        throw invalid(spec, text, `one of ${spec.values.join(', ')}`)
      }
      return value
    }
    case 'string': {
      if (spec.values === undefined) return text
      const match = spec.values.find((v) => v.toLowerCase() === text.toLowerCase())
      if (match === undefined) throw invalid(spec, text, `one of ${spec.values.join(', ')}`)
      return match
    }
  }
}

function invalid(spec: ParamSpec, got: string, expected: string): EInvoiceError {
  return new EInvoiceError('INVALID_PARAMETER', `${spec.name}: expected ${expected}, got ${JSON.stringify(got)}`, {
    details: { [spec.name]: `expected ${expected}` },
  })
}

/**
 * @param raw parameter values by declared name (absent ones undefined).
 * @throws EInvoiceError MISSING_INPUT for a missing required parameter, INVALID_PARAMETER for a bad value.
 */
export function parseParams(
  op: Pick<Operation, 'params'>,
  raw: Readonly<Record<string, string | boolean | number | undefined>>,
): Record<string, ParamValue> {
  objectArgument(op, 'op', 'an operation (from OPERATIONS or getOperation)', (v) => Array.isArray(v['params']))
  objectArgument(raw, 'raw', 'an object of parameter values by name')
  const out: Record<string, ParamValue> = {}
  for (const spec of op.params) {
    const value = raw[spec.name]
    if (value === undefined) {
      if (spec.required) {
        throw new EInvoiceError('MISSING_INPUT', `${spec.name}: required ${spec.in} parameter is missing`, {
          details: { [spec.name]: 'required' },
        })
      }
      out[spec.name] = spec.default
      continue
    }
    if (typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') {
      // String() of an object would be taken as the text "[object Object]".
      throw new EInvoiceError('INVALID_PARAMETER', `${spec.name}: expected text, a number or true/false, got ${describeValue(value)}`, {
        details: { [spec.name]: `expected text, a number or true/false` },
      })
    }
    out[spec.name] = parseOne(spec, value)
  }
  return out
}
