/**
 * Zod field types shared by the payload schemas: exact decimals, calendar dates, and the lenient
 * scalar coercions Jackson applies (a number where a string is expected, `"true"` for a boolean).
 * @module
 */
import { Decimal, isDecimal, shareText } from '../model/decimal.js'
import { z } from 'zod'
import type { CalendarDate } from '../model/invoice.js'

/** Why a field value is refused; the message becomes the zod issue's. */
export class FieldIssue {
  constructor(readonly message: string) {}
}

/** Reads one JSON value (numbers as their literal text, as `parseJsonText` gives them). */
export type FieldRead<T> = (value: unknown) => T | FieldIssue

/**
 * How the single-pass reader (read-json-payload.ts) reads a schema node without running zod: a
 * leaf's own read function, or `null` meaning absent around an inner schema.
 */
export type FieldForm =
  | { kind: 'leaf'; read: FieldRead<unknown> }
  | { kind: 'nullish'; inner: z.ZodType }
  | { kind: 'list'; item: z.ZodType }
  | { kind: 'mergeVatId'; object: z.ZodType }

/** Forms by schema instance, filled as the schemas are built. */
export const fieldForms = new WeakMap<z.ZodType, FieldForm>()

/** A leaf field: one read function gives both the zod transform and the fast reader's form. */
function field<T>(read: FieldRead<T>) {
  const schema = z.unknown().transform((value, ctx): T => {
    const result = read(value)
    if (result instanceof FieldIssue) {
      ctx.addIssue({ code: 'custom', message: result.message })
      return z.NEVER
    }
    return result
  })
  fieldForms.set(schema, { kind: 'leaf', read })
  return schema
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'bigint') return `${value}n`
  return typeof value === 'object' ? 'an object' : String(value)
}

const knownDecimals = new Map<string, Decimal>()
const MAX_KNOWN_DECIMALS = 4000

function toDecimal(value: unknown): Decimal | string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `expected a finite number, got ${String(value)}`
    return new Decimal(value)
  }
  if (typeof value === 'string') {
    // Decimals are immutable: a literal seen before (a rate, a quantity, a price) is shared.
    let result = knownDecimals.get(value)
    if (result !== undefined) return result
    const text = value.trim()
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
      return `expected a number, got ${describe(value)}`
    }
    result = new Decimal(text)
    if (knownDecimals.size < MAX_KNOWN_DECIMALS && value.length <= 24) {
      knownDecimals.set(value, result)
      shareText(result)
    }
    return result
  }
  if (isDecimal(value)) return new Decimal(value)
  // A library caller's exact integer (JSON text never gives one).
  if (typeof value === 'bigint') return new Decimal(value.toString())
  return `expected a number, got ${describe(value)}`
}

type DecimalOptions = { min?: 'positive' | 'nonNegative' }

/**
 * A number (JSON number or numeric string) as an exact Decimal, bounded in magnitude.
 * `null` reads as absent (Jackson's NON_EMPTY model), so every field is optional.
 */
export function decimal(options: DecimalOptions = {}) {
  return field((value): Decimal | undefined | FieldIssue => {
    if (value === null || value === undefined) return undefined
    const result = toDecimal(value)
    if (typeof result === 'string') return new FieldIssue(result)
    // Beyond 1e15 a value is a mistake, not money. |x| >= 1e15 exactly when the exponent of the
    // leading digit is 15 or more.
    if (result.e >= 15) return new FieldIssue(`number out of range (${describe(value)}): magnitude must be below 1e15`)
    if (options.min === 'nonNegative' && result.isNegative() && !result.isZero()) {
      return new FieldIssue(`must not be negative, got ${result.toString()}`)
    }
    if (options.min === 'positive' && !result.isPositive()) {
      return new FieldIssue(`must be greater than 0, got ${result.toString()}`)
    }
    return result
  })
}

/** An int32 (CashDiscount.days, basePeriodMeasure). */
export const int32 = field((value): number | undefined | FieldIssue => {
  if (value === null || value === undefined) return undefined
  const result = toDecimal(value)
  if (typeof result === 'string' || !result.isInteger() || result.abs().gt(2147483647)) {
    return new FieldIssue(`expected a whole number, got ${describe(value)}`)
  }
  return result.toNumber()
})

/**
 * A byte of an attachment's data given as an array (Jackson's byte[] also takes one): -128 to 255,
 * as a signed Java byte or an unsigned one. Read by `toDecimal`, so the JSON text reader (numbers
 * as their literal text) and the value reader take the same arrays.
 */
export const byteValue = field((value): number | FieldIssue => {
  const result = value === null || value === undefined ? 'absent' : toDecimal(value)
  if (typeof result === 'string' || !result.isInteger() || result.lt(-128) || result.gt(255)) {
    return new FieldIssue(`expected a byte value from -128 to 255, got ${describe(value)}`)
  }
  return result.toNumber() & 0xff
})

/** A string; numbers and booleans are coerced to their text as Jackson does. */
export const text = field((value): string | undefined | FieldIssue => {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return undefined
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return new FieldIssue(`expected a string, got ${describe(value)}`)
})

/**
 * A string in a list (notes): a number or boolean is taken as its text, as a single string field
 * takes it (Jackson); null or another kind is refused. The JSON text reader and the JS value reader
 * read it alike.
 */
export const listText = field((value): string | FieldIssue => {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return new FieldIssue(`expected a string, got ${describe(value)}`)
})

export const bool = field((value): boolean | undefined | FieldIssue => {
  if (typeof value === 'boolean') return value
  if (value === null || value === undefined) return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  return new FieldIssue(`expected true or false, got ${describe(value)}`)
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

/** The number written by the digits `s[from, to)`, or -1 when one is no digit. */
function digitsAt(s: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 0x30
    if (c < 0 || c > 9) return -1
    n = n * 10 + c
  }
  return n
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * Whether `s` is exactly `YYYY-MM-DD`, a valid day of a year from 100 on (Date.UTC reads years
 * below 100 as 19xx, which validDate refuses): the common form, checked without a RegExp match
 * or a Date. Anything else takes the general path.
 */
function isPlainDate(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d) return false
  const year = digitsAt(s, 0, 4)
  const month = digitsAt(s, 5, 7)
  const day = digitsAt(s, 8, 10)
  if (year < 100 || month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number))
}

/**
 * Reads a date as a calendar date. A date-only value is taken as written. A date-time keeps the
 * calendar date written in its own offset (`2018-03-04T00:00+01:00` is 4 March); epoch millis and
 * a date-time without offset are read in UTC, as Mustang reads them.
 */
export function toCalendarDate(value: unknown): CalendarDate | string {
  if (typeof value === 'string' && isPlainDate(value)) return value
  // A number is read as the JSON text reader sees it, its literal: 20261124 is 24 November 2026
  // and epoch millis have 10 digits or more, whichever reader the payload came through.
  if (typeof value === 'number' || typeof value === 'bigint') value = String(value)
  if (typeof value === 'string' && /^-?\d{10,}$/.test(value.trim())) {
    const millis = Number(value)
    if (!Number.isSafeInteger(millis)) return `expected a date, got ${describe(value)}`
    const date = new Date(millis)
    if (Number.isNaN(date.getTime())) return `expected a date, got ${describe(value)}`
    return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
  }
  if (value instanceof Date) {
    return 'expected a date as text (YYYY-MM-DD), got a Date object: which calendar day a Date object is depends on the time zone, so give the day itself'
  }
  if (typeof value !== 'string') return `expected a date (YYYY-MM-DD, ISO date-time or epoch millis), got ${describe(value)}`
  const s = value.trim()
  const m = DATE_ONLY.exec(s) ?? DATE_TIME.exec(s) ?? COMPACT_DATE.exec(s)
  if (!m) return `expected a date (YYYY-MM-DD, ISO date-time or epoch millis), got ${describe(value)}`
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!validDate(y, mo, d)) return `not a calendar date: ${describe(value)}`
  return `${m[1]}-${m[2]}-${m[3]}`
}

export const calendarDate = field((value): CalendarDate | undefined | FieldIssue => {
  if (value === null || value === undefined) return undefined
  const result = toCalendarDate(value)
  if (!DATE_ONLY.test(result)) return new FieldIssue(result)
  return result
})

const nullToUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v)

/** An optional object (or other non-primitive schema); `null` counts as absent. */
export function optional<T extends z.ZodType>(schema: T) {
  const out = schema.nullish().transform(nullToUndefined).optional()
  fieldForms.set(out, { kind: 'nullish', inner: schema })
  return out
}

/** An optional array; `null` counts as absent. */
export function list<T extends z.ZodType>(item: T) {
  const out = z.array(item).nullish().transform(nullToUndefined).optional()
  fieldForms.set(out, { kind: 'list', item })
  return out
}
