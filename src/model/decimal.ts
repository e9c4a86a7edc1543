/**
 * The one Decimal constructor of the engine. decimal.js defaults to 20 significant digits, which
 * silently rounds long intermediate products; Mustang's BigDecimal arithmetic is exact, so we use
 * a private clone with ample precision and Java's HALF_UP. A clone (not `Decimal.set`) leaves
 * other users of decimal.js in the same process alone.
 * @module
 */
import { Decimal as DecimalJs } from 'decimal.js'

export const Decimal = DecimalJs.clone({
  precision: 60,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 30,
})
export type Decimal = DecimalJs

/**
 * Gives `constructor` fast (non-dictionary) properties again, without changing any property.
 * decimal.js adds some 60 static members to each constructor one by one, so V8 keeps them in a
 * dictionary, and every `new Decimal(…)` runs two `instanceof` tests against such a constructor
 * (its own check that it was called with `new`, and whether the argument is a Decimal: the
 * original constructor's): V8 cannot compile those and looks Symbol.hasInstance up through the
 * dictionary each time. V8 turns an object back into fast properties when a property load it
 * caches walks through it as a prototype (a miss, here); the load needs its feedback first, which
 * V8 allocates after a few calls. Construction then costs about 40 instead of 100 ns.
 */
function useFastProperties(constructor: object): void {
  const probe: unknown = Object.create(constructor)
  for (let i = 0; i < 64; i++) readMissing(probe)
}

function readMissing(value: unknown): unknown {
  return (value as { readonly fastPropertiesProbe?: unknown }).fastPropertiesProbe
}

useFastProperties(Decimal)
useFastProperties(DecimalJs)

export const ZERO = new Decimal(0)
export const ONE = new Decimal(1)
export const HUNDRED = new Decimal(100)
const HUNDREDTH = new Decimal('0.01')

/** Rates by percent instance: the payload reader shares one Decimal per literal, so rates repeat. */
const rates = new WeakMap<Decimal, Decimal>()

/** `percent / 100`, exactly: a multiplication, much cheaper than a 60-digit division. */
export function percentToRate(percent: Decimal): Decimal {
  let rate = rates.get(percent)
  if (rate === undefined) {
    rate = percent.times(HUNDREDTH)
    rates.set(percent, rate)
  }
  return rate
}

/**
 * Texts (`toString()`) by instance, of the Decimals that recur from payload to payload: the
 * reader's shared literals (a price, a quantity, a rate) and the percents VAT groups are keyed by.
 * Writing a response then reuses the text instead of building it again.
 */
const texts = new WeakMap<Decimal, string>()

/** Marks `value` as recurring: its text is kept while the instance lives. */
export function shareText(value: Decimal): void {
  texts.set(value, value.toString())
}

/** `value.toString()`, the kept text when `value` is a recurring instance. */
export function decimalText(value: Decimal): string {
  return texts.get(value) ?? shortText(value) ?? value.toString()
}

/**
 * `value.toString()` built from the words for a finite value below 1e13 with at most 7 decimals
 * (the computed line amounts): the whole part as a number (exact below 1e13), then the one word
 * below the point without its trailing zeros. Undefined for any other value.
 */
export function shortText(value: Decimal): string | undefined {
  const words = value.d as number[] | null // null for NaN and ±Infinity
  if (words === null || value.e > 12) return undefined
  const top = Math.floor(value.e / WORD_DIGITS) // words[i] stands for words[i] × 1e7^(top − i)
  if (words.length > top + 2) return undefined // a nonzero word below 1e-7
  let whole = 0
  let fraction = 0
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as number
    const exponent = top - i // 1, 0 or −1 here (top ≤ 1 as e ≤ 12)
    if (exponent === 1) whole += word * WORD_BASE
    else if (exponent === 0) whole += word
    else fraction = word
  }
  // decimal.js writes −0 as 0.
  const sign = value.s < 0 && (whole !== 0 || fraction !== 0) ? '-' : ''
  if (fraction === 0) return sign + whole
  let places = WORD_DIGITS
  while (fraction % 10 === 0) {
    fraction /= 10
    places--
  }
  const digits = String(fraction)
  return sign + whole + '.' + ZEROS.slice(0, places - digits.length) + digits
}

const ZEROS = '000000'


/** Whether `value` is one of the recurring instances (see shareText). */
export function isShared(value: Decimal): boolean {
  return texts.has(value)
}

/** `percent.toString()`, computed once per instance (the VAT group key). */
export function percentText(percent: Decimal): string {
  let text = texts.get(percent)
  if (text === undefined) {
    text = percent.toString()
    texts.set(percent, text)
  }
  return text
}

/**
 * `value` as an amount text with at least 2 decimals: its `toString()`, with `.00` or a `0`
 * appended when it has fewer than 2 decimals (`12` → `12.00`, `0.5` → `0.50`). Built from the
 * words for a finite value below 1e13 with at most 2 decimals, as an integer number of cents (below
 * 1e15, so every step is exact in a double); undefined for any other value.
 */
export function centsText(value: Decimal): string | undefined {
  const words = value.d as number[] | null // null for NaN and ±Infinity
  if (words === null || value.e > 12) return undefined
  // Word exponent of the first word: words[i] stands for words[i] × 1e7^(top − i).
  const top = Math.floor(value.e / WORD_DIGITS)
  // A word below 1e7^-1 is nonzero at the end, so the value has more than 2 decimals.
  if (words.length > top + 2) return undefined
  let cents = 0
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as number
    const exponent = top - i // 1, 0 or −1 here (top ≤ 1 as e ≤ 12)
    if (exponent === 1) cents += word * 1e9
    else if (exponent === 0) cents += word * 100
    else if (word % 100000 === 0) cents += word / 100000 // the word of 1e-1 … 1e-7: cents only
    else return undefined
  }
  return formatCents(value.s, cents)
}

function formatCents(sign: number, cents: number): string {
  const rest = cents % 100
  const whole = (cents - rest) / 100
  // decimal.js writes −0 as 0.
  return (sign < 0 && cents !== 0 ? '-' : '') + whole + (rest < 10 ? '.0' : '.') + rest
}

/** Whether `value` is exactly 1 (decimal.js keeps 1 as sign 1, exponent 0, digits [1]). */
function isOne(value: Decimal): boolean {
  const digits = value.d as number[] | null
  return value.s === 1 && value.e === 0 && digits !== null && digits.length === 1 && digits[0] === 1
}

/**
 * `a × b`, without the allocations when b is 1 and a is short enough (at most 8 words of 7 digits)
 * that decimal.js's rounding to 60 digits leaves it as it is; a product of short factors is
 * multiplied here (see shortProduct).
 */
export function times(a: Decimal, b: Decimal): Decimal {
  const digits = a.d as number[] | null // null for NaN and ±Infinity
  if (digits === null) return a.times(b)
  if (digits.length <= 8 && isOne(b)) return a
  return shortProduct(a, b) ?? a.times(b)
}

/** Exponents this far from 0 keep a product's exponent inside decimal.js's range (±9e15). */
const SAFE_EXPONENT = 4e15

/**
 * `a × b` of nonzero finite factors of at most 8 words (base 1e7) together: the sign, exponent
 * and words decimal.js's `times` gives, without its copy of `b` and its `finalise`. A product of
 * at most 8 words has at most 56 digits, which rounding to 60 leaves as it is, and the exponents
 * are far from overflow. Undefined for any other factors.
 * Column sums first, carries after: a column adds at most 4 word products (the shorter factor has
 * at most 4 words), each below 1e14, so every sum is an integer a double holds exactly.
 */
function shortProduct(a: Decimal, b: Decimal): Decimal | undefined {
  const aWords = a.d as number[] | null
  const bWords = b.d as number[] | null
  if (aWords === null || bWords === null) return undefined
  const size = aWords.length + bWords.length
  if (size > 8 || aWords[0] === 0 || bWords[0] === 0) return undefined
  if (Math.abs(a.e) >= SAFE_EXPONENT || Math.abs(b.e) >= SAFE_EXPONENT) return undefined
  // columns[0] is the word above the factors' leading words together: word exponent aTop + bTop + 1.
  const columns: number[] = []
  for (let k = 0; k < size; k++) columns.push(0)
  for (let i = 0; i < aWords.length; i++) {
    const aWord = aWords[i] as number
    for (let j = 0; j < bWords.length; j++) columns[i + j + 1] = (columns[i + j + 1] as number) + aWord * (bWords[j] as number)
  }
  for (let k = size - 1; k > 0; k--) {
    const column = columns[k] as number
    const carry = Math.floor(column / WORD_BASE)
    columns[k] = column - carry * WORD_BASE
    columns[k - 1] = (columns[k - 1] as number) + carry
  }
  let top = Math.floor(a.e / WORD_DIGITS) + Math.floor(b.e / WORD_DIGITS) + 1
  if (columns[0] === 0) {
    columns.shift()
    top--
  }
  while (columns[columns.length - 1] === 0) columns.pop()
  return fromWords(a.s * b.s, top, columns)
}

/**
 * `a + b` for finite nonzero terms (`bSign` stands for b's sign, so that a difference is a sum
 * too) spanning at most 8 words together: the words, exponent and sign decimal.js's `plus` and
 * `minus` give, whose rounding to 60 digits leaves a result of at most 8 words (56 digits) as it
 * is. Undefined for any other terms, and for a difference of 0 (left to decimal.js, rare).
 */
function shortSum(a: Decimal, b: Decimal, bSign: number): Decimal | undefined {
  const ad = a.d as number[] | null
  const bd = b.d as number[] | null
  if (ad === null || bd === null || ad[0] === 0 || bd[0] === 0) return undefined
  if (Math.abs(a.e) >= SAFE_EXPONENT || Math.abs(b.e) >= SAFE_EXPONENT) return undefined
  // Word exponents: a's words stand for 1e7^ka, 1e7^(ka-1), ...
  const ka = Math.floor(a.e / WORD_DIGITS)
  const kb = Math.floor(b.e / WORD_DIGITS)
  const top = Math.max(ka, kb)
  const span = top - Math.min(ka - ad.length, kb - bd.length)
  if (span > 8) return undefined
  return a.s === bSign ? wordSum(a.s, ad, ka, bd, kb, top, span) : wordDifference(a.s, ad, ka, bd, kb, top, span)
}

/** The words of a and b (aligned at word exponent `top`) added: same sign. */
function wordSum(s: number, ad: number[], ka: number, bd: number[], kb: number, top: number, span: number): Decimal | undefined {
  const r: number[] = []
  for (let i = 0; i < span; i++) r.push(0)
  for (let i = 0; i < ad.length; i++) r[top - ka + i] = ad[i] as number
  for (let i = 0; i < bd.length; i++) r[top - kb + i] = (r[top - kb + i] as number) + (bd[i] as number)
  const e = top + carryUpward(r, span - 1, 0)
  while (r[r.length - 1] === 0) r.pop()
  return r.length > 8 ? undefined : fromWords(s, e, r)
}

/**
 * Adds `carry` to words[from] and carries upward until every word is below WORD_BASE (words may
 * hold up to two words' sum); a carry out of the first word becomes a new first word. Returns 1
 * when it does (the word exponent grows by one), else 0.
 */
function carryUpward(words: number[], from: number, carry: number): number {
  for (let i = from; i >= 0; i--) {
    const t = (words[i] as number) + carry
    carry = t >= WORD_BASE ? 1 : 0
    words[i] = t - carry * WORD_BASE
  }
  if (carry === 0) return 0
  words.unshift(carry)
  return 1
}

/**
 * The words of a and b (aligned at word exponent `top`) subtracted, the smaller magnitude from
 * the larger: opposite signs. The result takes the sign of the larger term, as in decimal.js.
 */
function wordDifference(s: number, ad: number[], ka: number, bd: number[], kb: number, top: number, span: number): Decimal | undefined {
  const x: number[] = []
  const y: number[] = []
  for (let i = 0; i < span; i++) {
    x.push(0)
    y.push(0)
  }
  for (let i = 0; i < ad.length; i++) x[top - ka + i] = ad[i] as number
  for (let i = 0; i < bd.length; i++) y[top - kb + i] = bd[i] as number
  let first = 0 // the first word where the magnitudes differ
  while (first < span && x[first] === y[first]) first++
  if (first === span) return undefined // a − b = 0
  let sign = s
  let big = x
  let small = y
  if ((x[first] as number) < (y[first] as number)) {
    sign = -s
    big = y
    small = x
  }
  let borrow = 0
  for (let i = span - 1; i >= first; i--) {
    let t = (big[i] as number) - (small[i] as number) - borrow
    borrow = t < 0 ? 1 : 0
    t += borrow * WORD_BASE
    big[i] = t
  }
  // Words before `first` are equal, so they cancel; leading zero words after them too.
  let lead = first
  while ((big[lead] as number) === 0) lead++
  const words = big.slice(lead)
  while (words[words.length - 1] === 0) words.pop()
  return fromWords(sign, top - lead, words)
}

/**
 * A Decimal of sign `s` whose first word (of `words`, base 1e7, no zero word at either end) is
 * word `e`. Built by the constructor, then overwritten, so it has the shape of decimal.js's own results.
 */
function fromWords(s: number, e: number, words: number[]): Decimal {
  const value = new Decimal(0)
  const parts = value as unknown as { s: number; e: number; d: number[] }
  parts.s = s
  parts.e = base10Exponent(words, e)
  parts.d = words
  return value
}

const WORD_DIGITS = 7
const WORD_BASE = 1e7
/** 10 ** n for n = 0 … 7: `**` with a variable exponent is a call of the C library's pow. */
const POWERS_OF_TEN = [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000]

/** The exponent of a word array whose first word is word `e` (decimal.js `getBase10Exponent`). */
function base10Exponent(words: readonly number[], e: number): number {
  let exponent = e * WORD_DIGITS
  for (let w = words[0] as number; w >= 10; w /= 10) exponent++
  return exponent
}

/** `value / divisor`, skipping the (costly) division when the divisor is 1. */
export function divide(value: Decimal, divisor: Decimal): Decimal {
  return divisor === ONE || divisor.eq(ONE) ? value : value.div(divisor)
}

/** Round to 2 decimals, HALF_UP (Java `setScale(2, HALF_UP)`). */
export function round2(value: Decimal): Decimal {
  return roundTo(value, 2)
}

/** Round to `places` decimals, HALF_UP; a value already that short is returned as it is. */
export function roundTo(value: Decimal, places: number): Decimal {
  if (value.decimalPlaces() <= places) return value
  return shortRound(value, places) ?? value.toDecimalPlaces(places, DecimalJs.ROUND_HALF_UP)
}

/**
 * `value` rounded HALF_UP to `places` (≥ 1) decimals, cut from its words: the words, exponent
 * and sign decimal.js's `toDecimalPlaces` gives, without its copy and `finalise`. For a finite
 * value of at most 8 words with more decimals than `places` and a nonzero result; undefined
 * otherwise (rounding to 0 is left to decimal.js, with its sign rules).
 */
function shortRound(value: Decimal, places: number): Decimal | undefined {
  const words = value.d as number[] | null
  if (words === null || words.length > 8 || places < 1 || Math.abs(value.e) >= SAFE_EXPONENT) return undefined
  const top = Math.floor(value.e / WORD_DIGITS) // words[i] stands for words[i] × 1e7^(top − i)
  const below = Math.ceil(places / WORD_DIGITS) // the word of the last kept decimal: exponent −below
  const cut = top + below // its index in words
  if (cut < 0 || cut >= words.length) return undefined
  const kept = places - (below - 1) * WORD_DIGITS // decimals of that word that stay: 1 … 7
  const unit = POWERS_OF_TEN[WORD_DIGITS - kept] as number // the last kept decimal, in that word's units
  const word = words[cut] as number
  const rest = word % unit
  // HALF_UP: up when the first dropped digit is 5 or more (in this word, or leading the next).
  const up = unit > 1 ? rest >= unit / 2 : (words[cut + 1] as number) >= WORD_BASE / 2
  const result = words.slice(0, cut + 1)
  result[cut] = word - rest
  const first = top + carryUpward(result, cut, up ? unit : 0)
  while (result.length > 0 && result[result.length - 1] === 0) result.pop()
  let lead = 0
  while (lead < result.length && result[lead] === 0) lead++
  if (lead === result.length) return undefined // rounds to 0
  return fromWords(value.s, first - lead, lead === 0 ? result : result.slice(lead))
}

/**
 * Whether `value ± 0` is `value` itself: decimal.js rounds every sum to the precision (60 digits)
 * and turns -0 into 0, so only a nonzero value of at most 8 words (7 digits each) is unchanged.
 */
function unchangedBySum(value: Decimal): boolean {
  const digits = value.d as number[] | null // null for NaN and ±Infinity
  return digits !== null && digits.length <= 8 && !value.isZero()
}

/** `a + b`, without the allocations when one side is 0 and the sum is the other side exactly; a short sum is taken here (see shortSum). */
export function plus(a: Decimal, b: Decimal): Decimal {
  if (b.isZero() && unchangedBySum(a)) return a
  if (a.isZero() && unchangedBySum(b)) return b
  return shortSum(a, b, b.s) ?? a.plus(b)
}

/** `a - b`, without the allocations when b is 0 and the difference is a exactly; a short difference is taken here (see shortSum), and `0 - b` of a short b is b negated. */
export function minus(a: Decimal, b: Decimal): Decimal {
  if (b.isZero() && unchangedBySum(a)) return a
  if (a.isZero() && unchangedBySum(b)) return fromWords(-b.s, Math.floor(b.e / WORD_DIGITS), (b.d as number[]).slice())
  return shortSum(a, b, -b.s) ?? a.minus(b)
}

export function isDecimal(value: unknown): value is Decimal {
  return DecimalJs.isDecimal(value)
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO
  for (const v of values) total = plus(total, v)
  return total
}

/**
 * The exact value of a double as decimal text, as Saxon casts xs:double to xs:decimal: 21.54e0
 * becomes 21.539999999999999147…, not the shortest text "21.54" that `new Decimal(number)` would
 * take. The official rules compute in doubles where they do arithmetic on untyped values
 * (BR-FXEXT-CO-11's sums, UBL BR-S-08's `TaxableAmount + 1`), so a difference of exactly one cent
 * or one unit can decide their verdict.
 */
export function exactDecimalText(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) return String(x)
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  const bits = view.getBigUint64(0)
  const sign = bits >> 63n === 1n ? '-' : ''
  const biased = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & ((1n << 52n) - 1n)
  // value = mantissa × 2^exponent
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n)
  const exponent = (biased === 0 ? 1 : biased) - 1075
  if (exponent >= 0) return sign + (mantissa << BigInt(exponent)).toString()
  // mantissa / 2^k = mantissa × 5^k / 10^k
  const k = -exponent
  const digits = (mantissa * 5n ** BigInt(k)).toString().padStart(k + 1, '0')
  const text = `${digits.slice(0, -k)}.${digits.slice(-k)}`.replace(/0+$/, '').replace(/\.$/, '')
  return sign + text
}
