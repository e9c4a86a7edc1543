/**
 * Values of the XPath 2.0 subset: nodes (elements, attributes, the document node) and atomic
 * values with the types the rules rely on. xs:integer and xs:decimal are exact (Decimal), as in
 * Saxon; untyped node values used in arithmetic become xs:double, as XPath 2.0 prescribes — the
 * difference decides some rounding rules (BR-CO-*, BR-S-08) exactly as the reference does.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { Decimal, exactDecimalText, minus, plus, times } from '../../model/decimal.js'
import { xmlTrim } from '../../xml/whitespace.js'
import { compareCodePoints } from '../../xml/xml-chars.js'

export type AttrNode = { t: 'attr'; owner: XmlElement; local: string; ns: string; value: string }
export type DocNode = { t: 'doc'; root: XmlElement }
export type Node = XmlElement | AttrNode | DocNode

export type Atomic =
  | { t: 'str'; v: string }
  /** xs:untypedAtomic: the typed value of a node of an unvalidated document. */
  | { t: 'untyped'; v: string }
  | { t: 'dec'; v: Decimal }
  | { t: 'dbl'; v: number }
  | { t: 'bool'; v: boolean }
  /** xs:date: its lexical form and its start in ms since 1970 (UTC; no timezone counts as UTC). */
  | { t: 'date'; v: string; ms: number }

export type Item = Node | Atomic
export type Sequence = Item[]

/**
 * The function a `text()` step becomes (no XPath name can collide with it): the element's direct
 * text as one text node's value, none for an element without text. The tree keeps no text nodes;
 * an element with child elements and text between them yields it as one value, not one per run.
 */
export const TEXT_CHILDREN = '#text()'

/** A dynamic error (XPath err:FORG0001, err:XPTY0004 …): in the reference the whole transformation stops. */
export class XPathDynamicError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export function isNode(item: Item): item is Node {
  return !('t' in item) || item.t === 'attr' || item.t === 'doc'
}

export function isElement(item: Item): item is XmlElement {
  return !('t' in item)
}

/** XPath string value of an element: all descendant text in document order. */
export function elementString(el: XmlElement): string {
  if (el.children.length === 0) return el.text
  let s = el.text
  for (const c of el.children) s += elementString(c)
  return s
}

export function nodeString(n: Node): string {
  if (!('t' in n)) return elementString(n)
  return n.t === 'attr' ? n.value : elementString(n.root)
}

export function atomize(item: Item): Atomic {
  if (isNode(item)) return { t: 'untyped', v: nodeString(item) }
  return item as Atomic
}

export const str = (v: string): Atomic => ({ t: 'str', v })
export const bool = (v: boolean): Atomic => ({ t: 'bool', v })
export const dec = (v: Decimal): Atomic => ({ t: 'dec', v })
export const dbl = (v: number): Atomic => ({ t: 'dbl', v })

export function stringOf(a: Atomic): string {
  switch (a.t) {
    case 'str':
    case 'untyped':
    case 'date':
      return a.v
    case 'bool':
      return a.v ? 'true' : 'false'
    case 'dec':
      return a.v.isInteger() ? a.v.toFixed(0) : a.v.toFixed()
    case 'dbl':
      // XPath writes integral doubles below 1e6 without exponent, as JS does; larger ones differ
      // only in the exponent form, which no rule relies on.
      return String(a.v)
  }
}

const DECIMAL_LEXICAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
const DOUBLE_LEXICAL = /^[+-]?((\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|INF)$|^NaN$/

/** xs:decimal(value): lexical decimals only (no exponent), surrounding whitespace allowed. */
export function toDecimal(a: Atomic): Decimal {
  switch (a.t) {
    case 'dec':
      return a.v
    case 'dbl':
      if (!Number.isFinite(a.v)) throw new XPathDynamicError('FOCA0002', `${a.v} cannot be a decimal`)
      return new Decimal(exactDecimalText(a.v))
    case 'bool':
      return new Decimal(a.v ? 1 : 0)
    default: {
      let d = DECIMALS.get(a.v)
      if (d === undefined) {
        const s = xmlTrim(a.v)
        if (!DECIMAL_LEXICAL.test(s)) throw new XPathDynamicError('FORG0001', `"${a.v}" is not a decimal number`)
        if (DECIMALS.size >= MAX_DECIMALS) DECIMALS.clear()
        DECIMALS.set(a.v, (d = new Decimal(s)))
      }
      return d
    }
  }
}

const INTEGER_LEXICAL = /^[+-]?\d+$/

/**
 * xs:integer(value): a number is truncated; a text must be an integer's lexical form (surrounding
 * white space allowed): `xs:integer('12.5')` is an error (FORG0001), not 12.
 */
export function toInteger(a: Atomic): Decimal {
  if ((a.t === 'str' || a.t === 'untyped') && !INTEGER_LEXICAL.test(xmlTrim(a.v))) throw new XPathDynamicError('FORG0001', `"${a.v}" is not an integer`)
  return toDecimal(a).truncated()
}

/**
 * Parsed decimals by lexical form: the rules convert the same amounts and rates again and again
 * (every VAT breakdown re-sums the lines). Decimals are immutable, so sharing them is safe.
 */
const DECIMALS = new Map<string, Decimal>()
const MAX_DECIMALS = 4096

/** xs:double(value); `strict` casts fail on bad lexical forms, number() returns NaN instead. */
export function toDouble(a: Atomic, strict: boolean): number {
  switch (a.t) {
    case 'dbl':
      return a.v
    case 'dec':
      return a.v.toNumber()
    case 'bool':
      return a.v ? 1 : 0
    default: {
      const s = xmlTrim(a.v)
      if (!DOUBLE_LEXICAL.test(s)) {
        if (strict) throw new XPathDynamicError('FORG0001', `"${a.v}" is not a number`)
        return Number.NaN
      }
      return s === 'INF' ? Infinity : s === '-INF' ? -Infinity : Number(s)
    }
  }
}

/** A node's text cast to xs:double as a general comparison with a number does: an error for a bad lexical form. */
export function untypedDouble(text: string): number {
  return toDouble({ t: 'untyped', v: text }, true)
}

const TWO_POW_52 = 2 ** 52
const TWO_POW_63 = 2 ** 63

/**
 * fn:round on an xs:double as Saxon 9.9 computes it: halves go towards +∞; -0.5 ≤ d < 0 and -0
 * itself give -0 (F&O). Below 2^63 in magnitude the rounding is exact (as Java's `Math.round`:
 * `0.49999999999999994` gives 0, an integral double stays itself, where `Math.floor(d + 0.5)` is
 * one off on both). From 2^63 on Saxon rounds in doubles: it multiplies the magnitude by 10, moves
 * it to a multiple of 10 by its remainder and divides by 10 again, which changes most such numbers
 * (`round(2.0484375E21)` is 2.0484374999999998E21). Measured with Saxon-HE 9.9.1.
 */
export function roundDouble(d: number): number {
  if (!Number.isFinite(d) || d === 0) return d
  if (d > -TWO_POW_63 && d < TWO_POW_63) {
    if (d < 0 && d >= -0.5) return -0
    if (Math.abs(d) >= TWO_POW_52) return d
    const floor = Math.floor(d)
    // d - floor is exact below 2^52.
    return d - floor >= 0.5 ? floor + 1 : floor
  }
  let a = Math.abs(d * 10)
  // Where d * 10 overflows Saxon rounds in decimal, and such a double is integral already.
  if (!Number.isFinite(a)) return d
  const rem = a % 10
  a = rem >= 5 ? a + (10 - rem) : a - rem
  a /= 10
  return d < 0 ? -a : a
}

/** A node's text compared with a number in XPath (`amount < 0`): xs:double, NaN for a bad lexical form. */
export function xsDouble(text: string): number {
  return toDouble({ t: 'untyped', v: text }, false)
}

/**
 * A node's text cast as `xs:date` in XPath: its starting instant in ms (no time zone: UTC, as
 * refcheck's Saxon reads it), undefined where the cast fails (a dynamic error the probe reports).
 */
export function xsDateMs(text: string): number | undefined {
  try {
    const d = toDate({ t: 'untyped', v: text })
    return d.t === 'date' ? d.ms : undefined
  } catch (err) {
    if (err instanceof XPathDynamicError) return undefined
    throw err
  }
}

const DATE_LEXICAL = /^(-?\d{4,})-(\d{2})-(\d{2})(Z|[+-](\d{2}):(\d{2}))?$/
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * xs:date(value) as refcheck's Saxon casts it (XSD 1.1 dates, surrounding white space allowed): a
 * year of four digits or more without leading zeros beyond four, year 0000 (-0000 too) being 1 BCE
 * and a leap year, negative years counted the same way (-0004 is leap, -0001 is not); a time zone
 * of hour 00 to 14 and minute 00 to 59 (Saxon takes +14:59, which XSD's ±14:00 bound excludes and
 * the schema check rejects). Anything else fails the cast (FORG0001: the official transform stops).
 */
export function toDate(a: Atomic): Atomic {
  if (a.t === 'date') return a
  if (a.t !== 'str' && a.t !== 'untyped') throw new XPathDynamicError('XPTY0004', `a ${a.t === 'bool' ? 'boolean' : 'number'} cannot be a date`)
  const s = xmlTrim(a.v)
  const m = DATE_LEXICAL.exec(s)
  const year = Number(m?.[1])
  const month = Number(m?.[2])
  const day = Number(m?.[3])
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const digits = m?.[1]?.replace('-', '')
  const valid = m !== null && (digits?.length === 4 || !digits?.startsWith('0')) && month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0))
  const zoneHour = Number(m?.[5] ?? 0)
  const zoneMinute = Number(m?.[6] ?? 0)
  const offsetMinutes = (zoneHour * 60 + zoneMinute) * (m?.[4]?.startsWith('-') === true ? -1 : 1)
  if (!valid || zoneHour > 14 || zoneMinute > 59) throw new XPathDynamicError('FORG0001', `"${a.v}" is not a date`)
  const utc = new Date(0)
  utc.setUTCFullYear(year, month - 1, day)
  return { t: 'date', v: s, ms: utc.getTime() - offsetMinutes * 60_000 }
}

export function toBoolean(a: Atomic): boolean {
  if (a.t === 'bool') return a.v
  if (a.t === 'date') throw new XPathDynamicError('XPTY0004', 'a date cannot be a boolean')
  if (a.t === 'dec') return !a.v.isZero()
  if (a.t === 'dbl') return a.v !== 0 && !Number.isNaN(a.v)
  const s = xmlTrim(a.v)
  if (s === 'true' || s === '1') return true
  if (s === 'false' || s === '0') return false
  throw new XPathDynamicError('FORG0001', `"${a.v}" is not a boolean`)
}

/** Effective boolean value (XPath 2.0 §2.4.3). */
export function ebv(seq: Sequence): boolean {
  if (seq.length === 0) return false
  const first = seq[0] as Item
  if (isNode(first)) return true
  if (seq.length > 1) throw new XPathDynamicError('FORG0006', 'the boolean value of a sequence of several values is undefined')
  const a = first as Atomic
  switch (a.t) {
    case 'bool':
      return a.v
    case 'str':
    case 'untyped':
      return a.v.length > 0
    case 'dec':
      return !a.v.isZero()
    case 'dbl':
      return a.v !== 0 && !Number.isNaN(a.v)
    case 'date':
      throw new XPathDynamicError('FORG0006', 'a date has no boolean value')
  }
}

const isNumeric = (a: Atomic): boolean => a.t === 'dec' || a.t === 'dbl'

/** Compares two atomic values; returns <0, 0, >0, or NaN when unordered. */
function compareAtomic(a: Atomic, b: Atomic, general: boolean): number {
  // General comparisons cast untyped operands to the other operand's type (XPath 2.0 §3.5.2).
  if (general) {
    if (a.t === 'untyped' && b.t === 'untyped') return cmpStr(a.v, b.v)
    // An untyped value against a number: ordered as Saxon orders them (saxonOrder).
    if (a.t === 'untyped' && isNumeric(b)) return compareUntypedWithNumber(a.v, b)
    if (b.t === 'untyped' && isNumeric(a)) return -compareUntypedWithNumber(b.v, a)
    if (a.t === 'untyped') a = castLike(a, b)
    if (b.t === 'untyped') b = castLike(b, a)
  } else {
    if (a.t === 'untyped') a = str(a.v)
    if (b.t === 'untyped') b = str(b.v)
  }
  if (isNumeric(a) && isNumeric(b)) {
    if (a.t === 'dec' && b.t === 'dec') return a.v.comparedTo(b.v)
    const x = toDouble(a, true)
    const y = toDouble(b, true)
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN
  }
  if (a.t === 'bool' && b.t === 'bool') return Number(a.v) - Number(b.v)
  if (a.t === 'date' && b.t === 'date') return a.ms - b.ms
  if ((a.t === 'str' || a.t === 'untyped') && (b.t === 'str' || b.t === 'untyped')) return cmpStr(a.v, b.v)
  throw new XPathDynamicError('XPTY0004', `cannot compare ${a.t} with ${b.t}`)
}

/** An untyped text written as an integer with at most ten digits (a minus sign allowed, no plus). */
const PLAIN_INTEGER = /^-?\d{1,10}$/

/**
 * How Saxon 9.9, the official validator's processor, orders an untyped text (read as the double
 * `x`) against the number `y` (an xs:integer when `integer`) in a general comparison. XPath would
 * compare the doubles, where -0 equals +0; Saxon orders them as Java's `Double.compare` does:
 * -0.0 below +0.0, a text `NaN` above every number. A text written as a plain integer (at most ten
 * digits, a minus sign allowed) against an integer is compared as an integer, so `-0 = 0` holds and
 * `-0.00 = 0` does not. A number NaN equals nothing. Measured with Saxon-HE 9.9.1 on `-0`, `-00`,
 * `-0.00`, `-.0`, `-0.`, `-0.0e0`, `0.00` and `NaN` against integers, decimals, doubles and sums.
 */
function saxonOrder(x: number, text: string, y: number, integer: boolean): number {
  if (Number.isNaN(y)) return Number.NaN
  if (Number.isNaN(x)) return 1
  if (x !== y) return x < y ? -1 : 1
  if (x !== 0 || Object.is(x, -0) === Object.is(y, -0)) return 0
  if (integer && PLAIN_INTEGER.test(xmlTrim(text))) return 0
  return Object.is(x, -0) ? -1 : 1
}

/**
 * An untyped text compared with a number in a general comparison, as Saxon 9.9 does it (see
 * `saxonOrder`): an error for a text that is no xs:double. einvoice's decimals do not tell
 * xs:integer from xs:decimal: an integral one counts as an integer, so `-0` against a decimal zero
 * (`0.0`, `xs:decimal('0')`; Saxon: unequal) compares equal here.
 */
export function compareUntypedWithNumber(text: string, n: Atomic): number {
  // A decimal has no negative zero (xs:decimal('-0.00') is 0).
  return compareUntypedWithDouble(text, n.t === 'dec' ? n.v.toNumber() + 0 : toDouble(n, true), n.t === 'dec' && n.v.isInteger())
}

/** `compareUntypedWithNumber` against a number already read as the double `y` (an integer when `integer`). */
export function compareUntypedWithDouble(text: string, y: number, integer: boolean): number {
  return saxonOrder(untypedDouble(text), text, y, integer)
}

/**
 * A node's text compared with the integer `k` in a general comparison (`amount >= 0`), as Saxon
 * 9.9 does it (see `saxonOrder`): <0, 0 or >0; NaN where the text is no xs:double
 * (the official transform stops there). `-0.00 >= 0` is false, `-0 >= 0` true.
 */
export function compareTextWithInteger(text: string, k: number): number {
  const x = xsDouble(text)
  if (Number.isNaN(x) && xmlTrim(text) !== 'NaN') return Number.NaN
  return saxonOrder(x, text, k + 0, true)
}

/** Strings in XPath's code point collation (not JavaScript's UTF-16 order). */
function cmpStr(a: string, b: string): number {
  return Math.sign(compareCodePoints(a, b))
}

function castLike(u: Atomic & { t: 'untyped' }, other: Atomic): Atomic {
  if (isNumeric(other)) return dbl(toDouble(u, true))
  if (other.t === 'bool') return bool(toBoolean(u))
  if (other.t === 'date') return toDate(u)
  return str(u.v)
}

const OP_TEST: Readonly<Record<string, (c: number) => boolean>> = {
  '=': (c) => c === 0,
  eq: (c) => c === 0,
  '!=': (c) => c !== 0,
  ne: (c) => c !== 0,
  '<': (c) => c < 0,
  lt: (c) => c < 0,
  '<=': (c) => c <= 0,
  le: (c) => c <= 0,
  '>': (c) => c > 0,
  gt: (c) => c > 0,
  '>=': (c) => c >= 0,
  ge: (c) => c >= 0,
}

/** General comparison: true when some pair of atomised items satisfies the operator. */
export function generalCompare(op: string, left: Sequence, right: Sequence): boolean {
  const test = OP_TEST[op] as (c: number) => boolean
  if (right.length === 1) {
    // The usual shape (`… = $rate`, `… = 'S'`): one value on the right, no list to build.
    const r = atomize(right[0] as Item)
    for (const l of left) if (test(compareAtomic(atomize(l), r, true))) return true
    return false
  }
  const ra = right.map(atomize)
  for (const l of left) {
    const la = atomize(l)
    for (const r of ra) if (test(compareAtomic(la, r, true))) return true
  }
  return false
}

/** Value comparison (`eq`, `le` …): both operands single atomic values; empty yields empty. */
export function valueCompare(op: string, left: Sequence, right: Sequence): Sequence {
  if (left.length === 0 || right.length === 0) return []
  if (left.length > 1 || right.length > 1) throw new XPathDynamicError('XPTY0004', 'a value comparison needs single values')
  const test = OP_TEST[op] as (c: number) => boolean
  return [bool(test(compareAtomic(atomize(left[0] as Item), atomize(right[0] as Item), false)))]
}

/** The numeric value of an arithmetic operand: untyped becomes xs:double. */
export function numericOperand(a: Atomic): Atomic {
  if (a.t === 'dec' || a.t === 'dbl') return a
  if (a.t === 'untyped') return dbl(toDouble(a, true))
  throw new XPathDynamicError('XPTY0004', `arithmetic on a ${a.t === 'str' ? 'string' : a.t === 'date' ? 'date' : 'boolean'}`)
}

const RECIPROCALS = new WeakMap<Decimal, Decimal | null>()

/**
 * 10^-k when `d` is 10^k (k ≥ 0), else null; kept per instance (the literal `100` of a rule is one
 * object). Multiplying by it is exact, as dividing by 10^k is, for every value of at most the
 * working precision's digits.
 */
function reciprocalOfPowerOfTen(d: Decimal): Decimal | null {
  let r = RECIPROCALS.get(d)
  if (r === undefined) {
    r = d.s === 1 && d.isInteger() && /^10*$/.test(d.toFixed(0)) ? new Decimal(`1e-${d.toFixed(0).length - 1}`) : null
    RECIPROCALS.set(d, r)
  }
  return r
}

/** The fewest decimal places of an xs:decimal quotient in the reference's Saxon (9.9). */
const DIVIDE_PLACES = 18

/** `value` as an integer coefficient and a scale without trailing zeros (300 is 3 with scale −2, as Java's stripTrailingZeros). */
function strippedDecimal(value: Decimal): { readonly coefficient: bigint; readonly scale: number } {
  if (value.isZero()) return { coefficient: 0n, scale: 0 }
  const text = value.toFixed() // plain notation, no zeros after the last nonzero decimal
  const point = text.indexOf('.')
  let digits = point < 0 ? text : text.slice(0, point) + text.slice(point + 1)
  let scale = point < 0 ? 0 : text.length - point - 1
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1)
    scale--
  }
  return { coefficient: BigInt(digits), scale }
}

/**
 * `a div b` of two xs:decimals as the reference (Saxon 9.9) computes it: both operands without
 * trailing zeros, the quotient to max(18, 18 + scale(a) − scale(b)) decimal places, rounded half
 * down (a remainder of exactly half goes toward zero). `20 div 3` is 6.666666666666666667,
 * `11.76 div 9` 1.30666666666666666667 (20 places), `1 div 524288` 0.000001907348632812. A 60-digit
 * quotient decided PEPPOL-EN16931-R120 otherwise: 7 × (11.80 div 7) is 11.8000000000000000001 in
 * Saxon, just outside a line amount of 11.78 ± 0.02. `b` must not be zero; a quotient of more than
 * 60 significant digits is rounded to 60 (the engine's Decimal).
 */
export function xpathDivide(a: Decimal, b: Decimal): Decimal {
  const x = strippedDecimal(a)
  const y = strippedDecimal(b)
  const scale = Math.max(DIVIDE_PLACES, DIVIDE_PLACES + x.scale - y.scale)
  // a / b × 10^scale = x × 10^(scale − scale(a) + scale(b)) / y, a shift of at least 18 places.
  const numerator = x.coefficient * 10n ** BigInt(scale - x.scale + y.scale)
  let quotient = numerator / y.coefficient // truncated toward zero
  const remainder = numerator % y.coefficient
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  if (twice > (y.coefficient < 0n ? -y.coefficient : y.coefficient)) quotient += numerator < 0n !== y.coefficient < 0n ? -1n : 1n
  return new Decimal(`${quotient}e-${scale}`)
}

export function arithmetic(op: string, a: Atomic, b: Atomic): Atomic {
  const x = numericOperand(a)
  const y = numericOperand(b)
  if (x.t === 'dec' && y.t === 'dec') {
    // The model's exact helpers: decimal.js's results, without its copies for short operands.
    switch (op) {
      case '+':
        return dec(plus(x.v, y.v))
      case '-':
        return dec(minus(x.v, y.v))
      case '*':
        return dec(times(x.v, y.v))
      case 'div': {
        if (y.v.isZero()) throw new XPathDynamicError('FOAR0001', 'division by zero')
        // `… div 100` (the rounding rules): a product with 0.01, the same exact value (Saxon's
        // quotient has places enough for it) without a long division.
        const reciprocal = reciprocalOfPowerOfTen(y.v)
        return dec(reciprocal === null ? xpathDivide(x.v, y.v) : times(x.v, reciprocal))
      }
      case 'idiv':
        if (y.v.isZero()) throw new XPathDynamicError('FOAR0001', 'division by zero')
        return dec(x.v.dividedToIntegerBy(y.v))
      case 'mod':
        return dec(x.v.mod(y.v))
    }
  }
  const p = toDouble(x, true)
  const q = toDouble(y, true)
  switch (op) {
    case '+':
      return dbl(p + q)
    case '-':
      return dbl(p - q)
    case '*':
      return dbl(p * q)
    case 'div':
      return dbl(p / q)
    case 'idiv':
      return dbl(Math.trunc(p / q))
    default:
      return dbl(p % q)
  }
}
