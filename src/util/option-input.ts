/**
 * The library's option objects, checked where a caller hands them in. A JavaScript caller gets no
 * compiler: `{ maxBytes: '5MB' }` would otherwise end as "more than the limit of 5MB bytes", and
 * `{ ignoreNotice: true }` would be dropped without a word. Each spec is typed against the option
 * type it checks, so an option added to the type and not to its spec fails the build.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { argumentError, describeValue } from './byte-input.js'
import { excerpt } from './excerpt.js'

/** One option's test, with the words the refusal uses for what it wanted. */
export type Check<V> = {
  readonly expected: string
  /** May throw an EInvoiceError naming a field inside the value (nested objects). */
  readonly test: (value: unknown, name: string) => value is V
}

/** A check for every key of `T`: the compiler keeps a spec and its type in step. */
export type OptionSpec<T> = { readonly [K in keyof T]-?: Check<Exclude<T[K], undefined>> }

/** INVALID_PARAMETER for the option `name` (a path such as `options.container.xmp.prefix`). */
export function optionError(name: string, message: string): EInvoiceError {
  return new EInvoiceError('INVALID_PARAMETER', `${name}: ${message}`, { details: { [name]: message } })
}

/** A value of the right type is quoted (bounded), so `"Alt"` is named; others by their type. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(excerpt(value))
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  if (value instanceof Date && Number.isNaN(value.getTime())) return 'an invalid Date'
  return describeValue(value)
}

function refuse(name: string, expected: string, value: unknown): never {
  throw optionError(name, `expected ${expected}, got ${shown(value)}`)
}

export const positiveInteger: Check<number> = {
  expected: 'a whole number above 0',
  test: (v): v is number => Number.isSafeInteger(v) && (v as number) > 0,
}

export const integer: Check<number> = {
  expected: 'a whole number',
  test: (v): v is number => Number.isSafeInteger(v),
}

/** A whole number from `min` to `max` (a port, a thread count, a timer's milliseconds). */
export function wholeNumber(min: number, max: number): Check<number> {
  return {
    expected: `a whole number from ${min} to ${max}`,
    test: (v): v is number => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max,
  }
}

/** An object that has the methods an interface needs (a store, a logger), by their names. */
export function withMethods<T>(expected: string, methods: readonly string[]): Check<T> {
  return {
    expected,
    test: (v): v is T => typeof v === 'object' && v !== null && methods.every((m) => typeof (v as Record<string, unknown>)[m] === 'function'),
  }
}

/** A function (a logger's sink, a clock); what it takes is typed where the option is declared. */
export function callable<F>(): Check<F> {
  return { expected: 'a function', test: (v): v is F => typeof v === 'function' }
}

export const boolean: Check<boolean> = { expected: 'true or false', test: (v): v is boolean => typeof v === 'boolean' }

export const text: Check<string> = { expected: 'a string', test: (v): v is string => typeof v === 'string' }

export const nonEmptyText: Check<string> = {
  expected: 'a non-empty string',
  test: (v): v is string => typeof v === 'string' && v !== '',
}

export const validDate: Check<Date> = {
  expected: 'a valid Date',
  test: (v): v is Date => v instanceof Date && !Number.isNaN(v.getTime()),
}

export function oneOf<const V extends string | number | boolean>(values: readonly V[]): Check<V> {
  return {
    expected: `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
    test: (v): v is V => (values as readonly unknown[]).includes(v),
  }
}

export function recordOf<V>(values: Check<V>): Check<Record<string, V>> {
  return {
    expected: `an object whose values are each ${values.expected}`,
    test: (v, name): v is Record<string, V> => {
      if (!isPlainObject(v)) return false
      for (const [key, value] of Object.entries(v)) {
        const path = `${name}.${excerpt(key)}`
        if (!values.test(value, path)) refuse(path, values.expected, value)
      }
      return true
    },
  }
}

/** Options nested in options (`validateFile`'s `xml`): each optional, checked like the outer ones. */
export function nestedOptions<T extends object>(spec: OptionSpec<T>): Check<T> {
  return { expected: 'an object of options', test: (v, name): v is T => isPlainObject(v) && (checkOptions<T>(v, name, spec), true) }
}

/** A value whose fields are all required (an `InvoiceContainer`). */
export function fields<T extends object>(spec: OptionSpec<T>): Check<T> {
  return {
    expected: `an object with ${Object.keys(spec).join(', ')}`,
    test: (v, name): v is T => {
      if (!isPlainObject(v)) return false
      for (const key of Object.keys(spec) as (keyof T & string)[]) {
        const value = v[key]
        if (value === undefined) throw new EInvoiceError('MISSING_INPUT', `${name}.${key}: required`, { details: { [`${name}.${key}`]: 'required' } })
        if (!spec[key].test(value, `${name}.${key}`)) refuse(`${name}.${key}`, spec[key].expected, value)
      }
      return true
    },
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !ArrayBuffer.isView(v)
}

/**
 * `value` as options of `spec`: undefined and null stand for no options. A known option with a
 * value of the wrong kind is refused (INVALID_PARAMETER, naming it); so is a key that misspells a
 * known one. Other keys are left alone, so one options object may serve several calls.
 */
export function checkOptions<T extends object>(value: unknown, name: string, spec: OptionSpec<T>): T {
  if (value === undefined || value === null) return {} as T
  if (!isPlainObject(value)) refuse(name, 'an object of options', value)
  refuseMisspelt(Object.keys(value), Object.keys(spec), name, 'option')
  for (const key of Object.keys(value)) {
    const check = (spec as Record<string, Check<unknown> | undefined>)[key]
    const optionValue = value[key]
    if (check !== undefined && optionValue !== undefined && !check.test(optionValue, `${name}.${key}`)) refuse(`${name}.${key}`, check.expected, optionValue)
  }
  return value as T
}

/**
 * Refuses a key of `keys` that misspells one of `known` (an option, an operation's input or
 * parameter), naming the one meant; other unknown keys are left alone.
 */
export function refuseMisspelt(keys: readonly string[], known: readonly string[], where: string, noun: string): void {
  for (const key of keys) {
    if (known.includes(key)) continue
    const meant = nearestOption(key, known)
    if (meant !== undefined) throw optionError(`${where}.${key}`, `no such ${noun}; did you mean ${meant}?`)
  }
}

/**
 * The known option a key misspells: the same but for case, or at most two edits away; a short key
 * (3–4 letters, where two edits reach unrelated words) one edit away or its letters swapped
 * (`prot` for `port`, which was passed over and the server bound port 8080).
 */
function nearestOption(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase()
  for (const option of known) if (option.toLowerCase() === lower) return option
  if (key.length < 3) return undefined
  if (key.length < 5) {
    const letters = [...lower].sort().join('')
    for (const option of known) {
      const other = option.toLowerCase()
      if (Math.abs(other.length - lower.length) <= 1 && (editDistance(lower, other) <= 1 || [...other].sort().join('') === letters)) return option
    }
    return undefined
  }
  for (const option of known) if (Math.abs(option.length - key.length) <= 2 && editDistance(lower, option.toLowerCase()) <= 2) return option
  return undefined
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length] as number
}

/**
 * An object argument that is not options (a report, a model, a parsed document): present and an
 * object, or an EInvoiceError naming it (MISSING_INPUT for null and undefined). Its fields are the
 * caller's word: only what `looksRight` tests is checked.
 */
export function objectArgument<T extends object>(value: T, name: string, expected: string, looksRight: (v: Record<string, unknown>) => boolean = () => true): T {
  if (isPlainObject(value) && looksRight(value)) return value
  // By its type: quoting a document handed in where its parsed form belongs would say nothing more.
  throw argumentError(value, name, expected)
}
