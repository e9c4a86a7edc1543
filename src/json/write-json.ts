/**
 * Value → JSON text, writing Decimals as exact JSON numbers (never through a binary float).
 * Leaves out what Mustang's NON_EMPTY model leaves out: undefined, null, empty strings and arrays.
 * @module
 */
import { Decimal, centsText, decimalText, isDecimal } from '../model/decimal.js'
import { boolean, checkOptions, type OptionSpec } from '../util/option-input.js'

export type JsonTextOptions = {
  /** Indent by two spaces, laid out as JSON.stringify does. @default false (compact) */
  pretty?: boolean | undefined
}

export const JSON_TEXT_OPTIONS: OptionSpec<JsonTextOptions> = { pretty: boolean }

/**
 * A number written with exactly this literal text (e.g. `197.00`, keeping the scale). `writeJson`
 * writes it as that JSON number; elsewhere it behaves as decimal.js's Decimal does: `String(n)`
 * and `JSON.stringify` give the text, `Number(n)` the number (they gave `[object Object]`,
 * `{"text":"197.00"}` and NaN to library users who met one in a `calculateInvoice` result).
 */
export class JsonNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
  toJSON(): string {
    return this.text
  }
  valueOf(): number {
    return Number(this.text)
  }
}

/** An amount written with at least 2 decimals, as Mustang's `setScale(2)` values appear. */
export function money(value: Decimal): JsonNumber {
  return new JsonNumber(moneyText(value))
}

function moneyText(value: Decimal): string {
  // Most amounts (rounded to 2 decimals) are written straight from their words.
  const cents = centsText(value)
  if (cents !== undefined) return cents
  // toString (plain notation for amounts) plus zero padding: much cheaper than toFixed's rounding.
  const text = decimalText(value)
  const dot = text.indexOf('.')
  if (dot < 0) return text.includes('e') ? value.toFixed(2) : text + '.00'
  return text.length - dot === 2 ? text + '0' : text
}

/**
 * `{ ...base, ...overrides }` written without building the copy: base's keys in its order, then
 * the overrides' new keys; an override's value wins. `spreadOut` builds the plain object.
 */
export class JsonSpread {
  constructor(
    readonly base: object,
    readonly overrides: Readonly<Record<string, unknown>>,
  ) {}
}

/** A value with its JsonSpreads built into plain objects (arrays holding them are copied). */
export function spreadOut(v: unknown): unknown {
  if (v instanceof JsonSpread) {
    const out: Record<string, unknown> = { ...v.base }
    for (const key of Object.keys(v.overrides)) out[key] = spreadOut(v.overrides[key])
    return out
  }
  if (Array.isArray(v) && v.some((item) => item instanceof JsonSpread)) return v.map(spreadOut)
  return v
}

// An array-index key ("0", "42") comes first in any object's key order, wherever it was added.
function isIndexKey(key: string | undefined): boolean {
  if (key === undefined) return false
  // Field names start with a letter: the pattern runs only for a leading digit.
  const c = key.charCodeAt(0)
  return c >= 0x30 && c <= 0x39 && /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295
}

const NUMBER_TEXT = /^[-0-9.eE+]+$/

/**
 * What JSON.stringify writes for an object with a `toJSON` method (a Date, a URL, a caller's own
 * class): the method's result, given the key. Decimals keep their exact number (decimal.js's
 * toJSON would give a string).
 */
function jsonOf(v: unknown, key: string): unknown {
  if (typeof v !== 'object' || v === null || typeof (v as { toJSON?: unknown }).toJSON !== 'function') return v
  if (v instanceof Decimal || v instanceof JsonNumber || isDecimal(v)) return v
  return (v as { toJSON(key: string): unknown }).toJSON(key)
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || typeof v === 'function' || (Array.isArray(v) && v.length === 0)
}

// Property names repeat from object to object (the payload's field names): each key's compact
// openings (`{"key":` first in its object, `,"key":` after another entry) are built once, so an
// entry is one append, not three concatenations.
type KeyText = {
  key: string
  quoted: string
  first: string
  next: string
  firstQuote: string
  nextQuote: string
  /** The text of the key asked for after this one last time: objects of one shape repeat their key sequence. */
  following: KeyText | undefined
}
const keyTexts = new Map<string, KeyText>()
const MAX_KEY_TEXTS = 2000

function newKeyText(key: string): KeyText {
  const quoted = JSON.stringify(key)
  return { key, quoted, first: `{${quoted}:`, next: `,${quoted}:`, firstQuote: `{${quoted}:"`, nextQuote: `,${quoted}:"`, following: undefined }
}

/** The kept text asked for last; its `following` is tried before the map (a compare, not a hash lookup). */
let previousKeyText: KeyText = newKeyText('')

function keyText(key: string): KeyText {
  const guess = previousKeyText.following
  if (guess !== undefined && guess.key === key) {
    previousKeyText = guess
    return guess
  }
  let text = keyTexts.get(key)
  if (text === undefined) {
    text = newKeyText(key)
    // Beyond the limit a text is neither kept nor linked.
    if (keyTexts.size >= MAX_KEY_TEXTS) return text
    keyTexts.set(key, text)
  }
  previousKeyText.following = text
  previousKeyText = text
  return text
}

/** The literal of an exact number; text that is no number literal is written as a string. */
function numberLiteral(text: string): string {
  return NUMBER_TEXT.test(text) ? text : JSON.stringify(text)
}

/**
 * Text JSON.stringify would write unchanged between quotes (no quote, backslash, control character
 * or surrogate) is the common case, written without the call. A scan of these short strings is
 * cheaper than a RegExp test.
 */
function quote(text: string): string {
  return isPlain(text) ? '"' + text + '"' : JSON.stringify(text)
}

function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false
  }
  return true
}

/**
 * The text being written: one string appended to, cheaper than joining nested results. It lives
 * in an object made per call, not in a module variable: the module's scope is an old object, and
 * every append stored a new young string into it through V8's write barrier (about a tenth of
 * the writer's instructions); a store into a young object skips that.
 */
type Sink = {
  out: string
  /** Every string to write is known to need no escaping (see writeCompactJson): no scan. */
  plain: boolean
}
const EMPTY_SINK: Sink = { out: '', plain: false }
let sink = EMPTY_SINK

function writeDecimal(v: Decimal): void {
  sink.out += v.isFinite() ? decimalText(v) : JSON.stringify(v.toString())
}

/**
 * Appends one value. `step` is '' for compact output, else the indentation per level and
 * `indent` the current line's, laid out as JSON.stringify's `space` argument does.
 */
function write(v: unknown, indent: string, step: string): void {
  switch (typeof v) {
    case 'string':
      sink.out += sink.plain ? '"' + v + '"' : quote(v)
      return
    case 'number':
      sink.out += Number.isFinite(v) ? String(v) : 'null'
      return
    case 'boolean':
      sink.out += v ? 'true' : 'false'
      return
    case 'object':
      break
    case 'bigint':
      // An exact integer, as Decimals are written exactly (JSON.stringify refuses it).
      sink.out += String(v)
      return
    default:
      // Symbols and functions never reach here (isEmpty).
      sink.out += 'null'
      return
  }
  if (v === null) {
    sink.out += 'null'
    return
  }
  // Decimals are the bulk: `instanceof` first, which V8 compiles to a walk of the prototype chain
  // (decimal.ts gives the constructor the fast properties that needs); Object.getPrototypeOf is a
  // call into the runtime each time. Plain objects and arrays are then told apart by prototype
  // before the general (slower) class tests.
  if (v instanceof Decimal) {
    writeDecimal(v)
    return
  }
  const proto: unknown = Object.getPrototypeOf(v)
  if (proto !== Object.prototype && proto !== Array.prototype) {
    if (v instanceof JsonNumber) {
      sink.out += numberLiteral(v.text)
      return
    }
    if (isDecimal(v)) {
      writeDecimal(v)
      return
    }
  }
  const inner = step === '' ? '' : indent + step
  const separator = step === '' ? ',' : ',\n' + inner
  if (Array.isArray(v)) {
    if (v.length === 0) {
      sink.out += '[]'
      return
    }
    sink.out += step === '' ? '[' : '[\n' + inner
    for (let i = 0; i < v.length; i++) {
      const item = jsonOf(v[i], String(i))
      if (i > 0) sink.out += separator
      if (isEmpty(item) || typeof item === 'symbol') sink.out += 'null'
      else write(item, inner, step)
    }
    sink.out += step === '' ? ']' : '\n' + indent + ']'
    return
  }
  if (v instanceof JsonSpread) {
    writeSpread(v, indent, step)
    return
  }
  writeObject(v as Readonly<Record<string, unknown>>, indent, step)
}

// Objects are walked with for-in and an own-key test rather than Object.keys: the same keys in the
// same order (index keys first, then insertion order), without a fresh key array per object.

const HAS_OWN_PROPERTY = Object.prototype.hasOwnProperty

/**
 * Whether `key` is an own property of `record`: `Object.hasOwn`, in the form V8 (Node 20) answers
 * without a lookup inside a for-in over `record` (it knows the enumerated keys are own); it does
 * not do that for `Object.hasOwn`, which cost ~18 ns per key.
 */
export function isOwnKey(record: object, key: string): boolean {
  return HAS_OWN_PROPERTY.call(record, key)
}

/** The first own enumerable key of `record`, or undefined. */
function firstOwnKey(record: object): string | undefined {
  for (const key in record) if (isOwnKey(record, key)) return key
  return undefined
}

function writeObject(record: Readonly<Record<string, unknown>>, indent: string, step: string): void {
  const inner = step === '' ? '' : indent + step
  let first = true
  for (const key in record) {
    if (isOwnKey(record, key) && writeEntry(key, record[key], first, inner, step)) first = false
  }
  closeObject(first, indent, step)
}

/** Base's keys in its order, each value taken from the overrides when they have the key; then the overrides' new keys. */
function writeSpread(v: JsonSpread, indent: string, step: string): void {
  const base = v.base as Readonly<Record<string, unknown>>
  const overrides = v.overrides
  if (isIndexKey(firstOwnKey(base)) || isIndexKey(firstOwnKey(overrides))) {
    write(spreadOut(v), indent, step)
    return
  }
  const inner = step === '' ? '' : indent + step
  let first = true
  // How many of base's keys the overrides have: once that many were met again among the
  // overrides' keys, the rest are new to base and need no lookup there.
  let shared = 0
  for (const key in base) {
    if (!isOwnKey(base, key)) continue
    let value: unknown
    if (isOwnKey(overrides, key)) {
      value = overrides[key]
      shared++
    } else value = base[key]
    if (writeEntry(key, value, first, inner, step)) first = false
  }
  for (const key in overrides) {
    if (!isOwnKey(overrides, key)) continue
    if (shared > 0 && Object.prototype.propertyIsEnumerable.call(base, key)) {
      shared--
      continue
    }
    if (writeEntry(key, overrides[key], first, inner, step)) first = false
  }
  closeObject(first, indent, step)
}

/**
 * Appends `"key":value` (after `{` when `first`, else after a comma), unless the value is left out.
 * @returns whether the entry was written.
 */
function writeEntry(key: string, value: unknown, first: boolean, inner: string, step: string): boolean {
  value = jsonOf(value, key)
  // Symbols are dropped by JSON.stringify itself.
  if (isEmpty(value) || typeof value === 'symbol') return false
  if (step === '') {
    const text = keyText(key)
    if (typeof value === 'string' && (sink.plain || isPlain(value))) {
      // The opening quote rides with the key: two appends fewer than quote() and its concatenations.
      sink.out += first ? text.firstQuote : text.nextQuote
      sink.out += value
      sink.out += '"'
      return true
    }
    sink.out += first ? text.first : text.next
  } else sink.out += (first ? '{\n' : ',\n') + inner + keyText(key).quoted + ': '
  write(value, inner, step)
  return true
}

function closeObject(empty: boolean, indent: string, step: string): void {
  if (empty) sink.out += '{}'
  else sink.out += step === '' ? '}' : '\n' + indent + '}'
}

/**
 * Compact JSON built by a writer that knows its value's shape (see calculated-invoice.ts): `build`
 * appends with the functions below, which write exactly what writeJson writes for the same parts.
 * `plainStrings`: the caller knows that every string it writes is one JSON.stringify writes as it
 * is between quotes (no quote, backslash, control character or surrogate), so none is scanned.
 */
export function writeCompactJson(build: () => void, plainStrings = false): string {
  // The writer's state is the outer call's again afterwards: a toJSON or a getter may write JSON too.
  const outer = sink
  const outerKey = previousKeyText
  sink = { out: '', plain: plainStrings }
  try {
    build()
    return sink.out
  } finally {
    sink = outer
    previousKeyText = outerKey
  }
}

/** Appends JSON text as it is (a fixed key opening, a bracket, a number literal). */
export function appendText(text: string): void {
  sink.out += text
}

/** Appends a Decimal as its number literal. */
export function appendDecimal(value: Decimal): void {
  writeDecimal(value)
}

/** Appends `money(value)` as writeJson writes it. */
export function appendMoney(value: Decimal): void {
  // A finite value's text is a number literal; the others become strings, as numberLiteral does.
  sink.out += value.isFinite() ? moneyText(value) : JSON.stringify(moneyText(value))
}

/** Appends any value, compact (as writeJson). */
export function appendValue(value: unknown): void {
  write(value, '', '')
}

/**
 * Appends a compact `"key":value` entry (see writeEntry) unless the value is left out.
 * @returns whether it was written.
 */
export function appendEntry(key: string, value: unknown, first: boolean): boolean {
  return writeEntry(key, value, first, '', '')
}

/** Appends the opening of the entry `key`: `{"key":` when `first`, else `,"key":`. */
export function appendKey(key: string, first: boolean): void {
  const text = keyText(key)
  sink.out += first ? text.first : text.next
}

/** Closes an object opened by its first entry, or writes `{}` when it got none. */
export function closeCompactObject(empty: boolean): void {
  closeObject(empty, '', '')
}

/**
 * Serialises `value` as JSON; `pretty` indents by two spaces, laid out as JSON.stringify does, and
 * an object with a `toJSON` method (a Date) is written as what it returns. A Decimal or a bigint is
 * written as its exact number. Empty values (null, "", []) are left out of objects (the payloads'
 * convention) and written as null in arrays.
 */
export function writeJson(value: unknown, options: JsonTextOptions = {}): string {
  options = checkOptions(options, 'options', JSON_TEXT_OPTIONS)
  value = jsonOf(value, '')
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError('writeJson: the value has no JSON form')
  }
  const outer = sink
  const outerKey = previousKeyText
  sink = { out: '', plain: false }
  try {
    write(value, '', options.pretty === true ? '  ' : '')
    return sink.out
  } catch (err) {
    // As JSON.stringify refuses a cycle: a TypeError that says why, not the stack overflow it causes here.
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      throw new TypeError('writeJson: the value refers to itself (a cycle), or is nested too deeply to write', { cause: err })
    }
    throw err
  } finally {
    sink = outer
    previousKeyText = outerKey
  }
}
