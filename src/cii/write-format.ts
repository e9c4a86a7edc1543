/**
 * Number and date text of the CII writers (behaviour doc §3.4): amounts and rates with exactly
 * 2 decimals, prices and quantities with 4 to 18, dates in format 102 (yyyyMMdd). HALF_UP.
 * @module
 */
import type { Decimal } from '../model/decimal.js'
import type { CalendarDate } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'

/** Adds one unit in the last place to a string of decimal digits (`'0999'` → `'1000'`). */
function incrementDigits(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String.fromCharCode((out[i] as string).charCodeAt(0) + 1)
      return out.join('')
    }
    out[i] = '0'
  }
  return '1' + out.join('')
}

/**
 * `value` with exactly `places` decimals, HALF_UP (away from zero, like Java's BigDecimal), and
 * never `-0.00`. Done on the digit string: decimal.js' toFixed re-normalises at 60 digits of
 * precision, which made formatting the most expensive step of writing an invoice.
 */
function fixed(value: Decimal, places: number): string {
  const text = value.toFixed()
  const negative = text.charCodeAt(0) === 45 /* - */
  const unsigned = negative ? text.slice(1) : text
  const dot = unsigned.indexOf('.')
  let int = dot < 0 ? unsigned : unsigned.slice(0, dot)
  let frac = dot < 0 ? '' : unsigned.slice(dot + 1)
  if (frac.length > places) {
    const roundUp = frac.charCodeAt(places) >= 53 /* '5' */
    frac = frac.slice(0, places)
    if (roundUp) {
      const bumped = incrementDigits(int + frac)
      int = bumped.slice(0, bumped.length - places)
      frac = bumped.slice(bumped.length - places)
    }
  } else {
    frac = frac.padEnd(places, '0')
  }
  const body = places === 0 ? int : `${int}.${frac}`
  return negative && /[1-9]/.test(body) ? '-' + body : body
}

/** Amounts (udt:AmountType) and percentages: exactly 2 decimals. */
export function amountText(value: Decimal): string {
  return fixed(value, 2)
}

/** Prices and quantities: at least 4, at most 18 decimals (`9.9` → `9.9000`, `1.23456` stays). */
export function priceText(value: Decimal): string {
  const places = value.decimalPlaces()
  if (places <= 4) return fixed(value, 4)
  if (places <= 18) return fixed(value, places)
  // Rounded to 18 places, trailing zeros then dropped down to the 4th decimal.
  return fixed(value, 18).replace(/(\.\d{4}\d*?)0+$/, '$1')
}

/** `2026-11-02` → `20261102` (UNTDID 2379 format 102). */
export function dateText(date: CalendarDate): string {
  return date.replaceAll('-', '')
}

/** An element with text, or nothing when the value is absent or blank (never an empty element). */
export function leaf(name: string, value: string | undefined, attrs?: Record<string, string | undefined>): XmlNode | undefined {
  if (value === undefined || value.trim() === '') return undefined
  return el(name, attrs ?? {}, value)
}

/** An element wrapping one text leaf (`ram:Wrapper/ram:Leaf`), or nothing. */
export function wrapped(name: string, leafName: string, value: string | undefined, attrs?: Record<string, string | undefined>): XmlNode | undefined {
  const inner = leaf(leafName, value, attrs)
  return inner === undefined ? undefined : el(name, {}, inner)
}

/** `<ram:X><udt:DateTimeString format="102">yyyyMMdd</udt:DateTimeString></ram:X>`, or nothing. */
export function dateNode(name: string, date: CalendarDate | undefined, prefix: 'udt' | 'qdt' = 'udt'): XmlNode | undefined {
  if (date === undefined) return undefined
  return el(name, {}, el(`${prefix}:DateTimeString`, { format: '102' }, dateText(date)))
}
