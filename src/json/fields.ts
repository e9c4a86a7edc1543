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
  if (isDecimal(value)) {
    const digits = value.toString()
    return digits.length > 40 ? digits.slice(0, 40) + '…' : digits
  }
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'bigint') return `${value}n`
  return typeof value === 'object' ? 'an object' : String(value)
}

const knownDecimals = new Map<string, Decimal>()
const MAX_KNOWN_DECIMALS = 4000

/**
 * |x| < 10^15: beyond it a value is a mistake, not money. It is exactly when the power of ten of
 * the leading digit is below 15. Computed amounts are held to it too (calc/amount-range.ts).
 */
export const MAX_EXPONENT = 15
/**
 * Most decimals a number may have: no digit below 10^-30. A nonzero number is then at least 1e-30
 * in magnitude and has at most 45 significant digits, so no arithmetic on it can grow without
 * bound (1e-99999999999 as a divisor wrote a million-digit amount, then ran out of memory). A
 * JavaScript number of magnitude 1e-13 or more passes whatever its digits (17 at most).
 */
const MAX_DECIMALS = 30

const DIGIT_0 = 0x30
const DIGIT_9 = 0x39

/** Powers of ten of a number text's first and last significant digit; undefined for zero. */
type DigitSpan = { first: number; last: number } | undefined

/**
 * Reads number text (`[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`) in one pass, without building the
 * value: its digit span, or 'syntax' when it is not such text. A RegExp with the ambiguous
 * `\d+\.?\d*` backtracked quadratically on a long run of digits followed by a stray character
 * (100 s for 100,000 digits); decimal.js would make Infinity or 0 of a huge exponent.
 */
function digitSpan(text: string): DigitSpan | 'syntax' {
  const n = text.length
  let i = 0
  let c = text.charCodeAt(0)
  if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++i)
  const intStart = i
  while (c >= DIGIT_0 && c <= DIGIT_9) c = text.charCodeAt(++i)
  const intEnd = i
  let fracStart = i
  let fracEnd = i
  if (c === 0x2e) {
    fracStart = ++i
    c = text.charCodeAt(i)
    while (c >= DIGIT_0 && c <= DIGIT_9) c = text.charCodeAt(++i)
    fracEnd = i
  }
  if (intEnd === intStart && fracEnd === fracStart) return 'syntax'
  let exponent = 0
  if (c === 0x65 || c === 0x45) {
    c = text.charCodeAt(++i)
    const negative = c === 0x2d
    if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++i)
    const expStart = i
    while (c >= DIGIT_0 && c <= DIGIT_9) {
      // Saturates: no text is long enough for its digits to bring 1e10 back into range.
      if (exponent < 1e10) exponent = exponent * 10 + (c - DIGIT_0)
      c = text.charCodeAt(++i)
    }
    if (i === expStart) return 'syntax'
    if (negative) exponent = -exponent
  }
  if (i !== n) return 'syntax'
  // A digit at index j of the integer part stands for 10^(intEnd - 1 - j), of the fraction for 10^(fracStart - 1 - j).
  const power = (j: number): number => (j < intEnd ? intEnd - 1 - j : fracStart - 1 - j) + exponent
  let first = intStart
  while (first < fracEnd && (first === intEnd || text.charCodeAt(first) === DIGIT_0)) first++
  if (first >= fracEnd) return undefined
  let last = fracEnd - 1
  while (last === intEnd || text.charCodeAt(last) === DIGIT_0) last--
  return { first: power(first), last: power(last) }
}

/** @param most decimals allowed (checked on text before the value is built; callers check the others). */
function toDecimal(value: unknown, most = MAX_DECIMALS, why = ''): Decimal | string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `expected a finite number, got ${String(value)}`
    return new Decimal(value)
  }
  if (typeof value === 'string') {
    // Decimals are immutable: a literal seen before (a rate, a quantity, a price) is shared.
    let result = knownDecimals.get(value)
    if (result !== undefined) return result
    const text = value.trim()
    const span = digitSpan(text)
    if (span === 'syntax') return `expected a number, got ${describe(value)}`
    // Checked on the text: the value is not built (a million digits, or an exponent decimal.js cannot hold).
    if (span !== undefined) {
      if (span.first >= MAX_EXPONENT) return outOfRange(value)
      if (span.last < -most) return tooManyDecimals(value, most, why)
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
  if (typeof value === 'bigint') return toDecimal(value.toString())
  return `expected a number, got ${describe(value)}`
}

function outOfRange(value: unknown): string {
  return `number out of range (${describe(value)}): magnitude must be below 1e15`
}

function tooManyDecimals(value: unknown, most: number, why = ''): string {
  return `too many decimals (${describe(value)}): at most ${most} are allowed${why}, so a nonzero magnitude must be at least 1e-${most}`
}

type DecimalOptions = {
  min?: 'positive' | 'nonNegative'
  /** Fewer decimals than MAX_DECIMALS, and why (said in the message). */
  maxDecimals?: { most: number; why: string }
}

/**
 * A number (JSON number or numeric string) as an exact Decimal, bounded in magnitude (below 1e15)
 * and in decimals (30, or `maxDecimals`). `null` reads as absent (Jackson's NON_EMPTY model), so
 * every field is optional.
 */
export function decimal(options: DecimalOptions = {}) {
  const most = options.maxDecimals?.most ?? MAX_DECIMALS
  const why = options.maxDecimals === undefined ? '' : ` (${options.maxDecimals.why})`
  return field((value): Decimal | undefined | FieldIssue => {
    if (value === null || value === undefined) return undefined
    const result = toDecimal(value, most, why)
    if (typeof result === 'string') return new FieldIssue(result)
    // A Decimal from the library may be NaN or infinite (its exponent is then NaN).
    if (!result.isFinite()) return new FieldIssue(`expected a finite number, got ${result.toString()}`)
    if (result.e >= MAX_EXPONENT) return new FieldIssue(outOfRange(value))
    if (result.decimalPlaces() > most) return new FieldIssue(tooManyDecimals(value, most, why))
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
