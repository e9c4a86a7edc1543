/**
 * Zod field types shared by the payload schemas: exact decimals, calendar dates, and the lenient
 * scalar coercions Jackson applies (a number where a string is expected, `"true"` for a boolean).
 * @module
 */
import { Decimal, isDecimal } from '../model/decimal.js'
import { z } from 'zod'
import type { CalendarDate } from '../model/invoice.js'

/** Magnitude bound for any number in a payload: beyond it a value is a mistake, not money. */
export const MAX_MAGNITUDE = new Decimal('1e15')

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : String(value)
}

function toDecimal(value: unknown): Decimal | string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `expected a finite number, got ${String(value)}`
    return new Decimal(value)
  }
  if (typeof value === 'string') {
    const text = value.trim()
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
      return `expected a number, got ${describe(value)}`
    }
    return new Decimal(text)
  }
  if (isDecimal(value)) return new Decimal(value)
  return `expected a number, got ${describe(value)}`
}

type DecimalOptions = { min?: 'positive' | 'nonNegative' }

/**
 * A number (JSON number or numeric string) as an exact Decimal, bounded in magnitude.
 * `null` reads as absent (Jackson's NON_EMPTY model), so every field is optional.
 */
export function decimal(options: DecimalOptions = {}) {
  return z.unknown().transform((value, ctx): Decimal | undefined => {
    if (value === null || value === undefined) return undefined
    const result = toDecimal(value)
    if (typeof result === 'string') {
      ctx.addIssue({ code: 'custom', message: result })
      return z.NEVER
    }
    if (result.abs().gte(MAX_MAGNITUDE)) {
      ctx.addIssue({ code: 'custom', message: `number out of range (${describe(value)}): magnitude must be below 1e15` })
      return z.NEVER
    }
    if (options.min === 'nonNegative' && result.isNegative() && !result.isZero()) {
      ctx.addIssue({ code: 'custom', message: `must not be negative, got ${result.toString()}` })
      return z.NEVER
    }
    if (options.min === 'positive' && !result.isPositive()) {
      ctx.addIssue({ code: 'custom', message: `must be greater than 0, got ${result.toString()}` })
      return z.NEVER
    }
    return result
  })
}

/** An int32 (CashDiscount.days, basePeriodMeasure). */
export const int32 = z.unknown().transform((value, ctx): number | undefined => {
  if (value === null || value === undefined) return undefined
  const result = toDecimal(value)
  if (typeof result === 'string' || !result.isInteger() || result.abs().gt(2147483647)) {
    ctx.addIssue({ code: 'custom', message: `expected a whole number, got ${describe(value)}` })
    return z.NEVER
  }
  return result.toNumber()
})

/** A string; numbers and booleans are coerced to their text as Jackson does. */
export const text = z.unknown().transform((value, ctx): string | undefined => {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return undefined
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  ctx.addIssue({ code: 'custom', message: `expected a string, got ${describe(value)}` })
  return z.NEVER
})

export const bool = z.unknown().transform((value, ctx): boolean | undefined => {
  if (typeof value === 'boolean') return value
  if (value === null || value === undefined) return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  ctx.addIssue({ code: 'custom', message: `expected true or false, got ${describe(value)}` })
  return z.NEVER
})

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/**
 * Reads a date as a calendar date. A date-only value is taken as written. A date-time keeps the
 * calendar date written in its own offset (`2018-03-04T00:00+01:00` is 4 March); epoch millis and
 * a date-time without offset are read in UTC, as Mustang reads them.
 */
export function toCalendarDate(value: unknown): CalendarDate | string {
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d{10,}$/.test(value.trim()))) {
    const millis = Number(value)
    if (!Number.isSafeInteger(millis)) return `expected a date, got ${describe(value)}`
    const date = new Date(millis)
    if (Number.isNaN(date.getTime())) return `expected a date, got ${describe(value)}`
    return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
  }
  if (typeof value !== 'string') return `expected a date (YYYY-MM-DD, ISO date-time or epoch millis), got ${describe(value)}`
  const s = value.trim()
  const m = DATE_ONLY.exec(s) ?? DATE_TIME.exec(s) ?? COMPACT_DATE.exec(s)
  if (!m) return `expected a date (YYYY-MM-DD, ISO date-time or epoch millis), got ${describe(value)}`
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!validDate(y, mo, d)) return `not a calendar date: ${describe(value)}`
  return `${m[1]}-${m[2]}-${m[3]}`
}

export const calendarDate = z.unknown().transform((value, ctx): CalendarDate | undefined => {
  if (value === null || value === undefined) return undefined
  const result = toCalendarDate(value)
  if (!DATE_ONLY.test(result)) {
    ctx.addIssue({ code: 'custom', message: result })
    return z.NEVER
  }
  return result
})

const nullToUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v)

/** An optional object (or other non-primitive schema); `null` counts as absent. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform(nullToUndefined).optional()
}

/** An optional array; `null` counts as absent. */
export function list<T extends z.ZodType>(item: T) {
  return z.array(item).nullish().transform(nullToUndefined).optional()
}
