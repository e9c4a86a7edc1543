/**
 * Number and date text of the CII writers (behaviour doc §3.4): amounts and rates with exactly
 * 2 decimals, prices and quantities with 4 to 18, dates in format 102 (yyyyMMdd). HALF_UP.
 * Allowance, charge and discount percentages are written exactly (at least 2 decimals).
 * @module
 */
import { type Decimal, isShared } from '../model/decimal.js'
import type { CalendarDate } from '../model/invoice.js'
import type { XmlTextWriter } from '../xml/text-writer.js'

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

const ZEROS = '000000000000000000'

/**
 * `value` with exactly `places` decimals, HALF_UP (away from zero, like Java's BigDecimal), and
 * never `-0.00`. Done on the digit string: decimal.js' toFixed re-normalises at 60 digits of
 * precision, which made formatting the most expensive step of writing an invoice.
 */
function fixed(value: Decimal, places: number): string {
  const text = value.toFixed()
  // Common case, no rounding: pad with zeros (decimal.js writes no '-0', so the sign stands).
  const point = text.indexOf('.')
  const decimals = point < 0 ? 0 : text.length - point - 1
  if (decimals <= places) {
    if (decimals === places) return text
    return (point < 0 ? text + '.' : text) + ZEROS.slice(0, places - decimals)
  }
  // More decimals than places: cut, and round half up on the first dropped digit.
  const negative = text.charCodeAt(0) === 45 /* - */
  let int = text.slice(negative ? 1 : 0, point)
  let frac = text.slice(point + 1, point + 1 + places)
  if (text.charCodeAt(point + 1 + places) >= 53 /* '5' */) {
    const bumped = incrementDigits(int + frac)
    int = bumped.slice(0, bumped.length - places)
    frac = bumped.slice(bumped.length - places)
  }
  const body = places === 0 ? int : `${int}.${frac}`
  return negative && /[1-9]/.test(body) ? '-' + body : body
}

/**
 * Texts of the recurring Decimals (the payload's shared literals: prices, quantities, rates), by
 * instance: they come back in every invoice, so each is formatted once.
 */
const amountTexts = new WeakMap<Decimal, string>()
const priceTexts = new WeakMap<Decimal, string>()

function kept(texts: WeakMap<Decimal, string>, value: Decimal, format: (value: Decimal) => string): string {
  let text = texts.get(value)
  if (text === undefined) {
    text = format(value)
    if (isShared(value)) texts.set(value, text)
  }
  return text
}

function formatAmount(value: Decimal): string {
  return fixed(value, 2)
}

function formatPrice(value: Decimal): string {
  const places = value.decimalPlaces()
  if (places <= 4) return fixed(value, 4)
  if (places <= 18) return fixed(value, places)
  // Rounded to 18 places, trailing zeros then dropped down to the 4th decimal.
  return fixed(value, 18).replace(/(\.\d{4}\d*?)0+$/, '$1')
}

/** Amounts (udt:AmountType) and VAT rates: exactly 2 decimals. */
export function amountText(value: Decimal): string {
  return kept(amountTexts, value, formatAmount)
}

/**
 * Percentages of an amount (CalculationPercent: BT-94, BT-101, BT-138, BT-143, discount terms):
 * the exact value, padded to `minDecimals` and never rounded. Rounded, the percentage no longer
 * gives the amount beside it (2.125 % of 1000.00 is 21.25, 2.13 % is 21.30: PEPPOL-EN16931-R040).
 */
export function percentText(value: Decimal, minDecimals = 2): string {
  return value.decimalPlaces() <= minDecimals ? fixed(value, minDecimals) : value.toFixed()
}

/** Prices and quantities: at least 4, at most 18 decimals (`9.9` → `9.9000`, `1.23456` stays). */
export function priceText(value: Decimal): string {
  return kept(priceTexts, value, formatPrice)
}

/** `2026-11-02` → `20261102` (UNTDID 2379 format 102). */
export function dateText(date: CalendarDate): string {
  return date.replaceAll('-', '')
}

/** The `format` attribute of a UNTDID 2379 format-102 date. */
export const FORMAT_102 = ' format="102"'

/** `<name><udt:DateTimeString format="102">yyyyMMdd</udt:DateTimeString></name>`, or nothing. */
export function writeDate(w: XmlTextWriter, name: string, date: CalendarDate | undefined, prefix: 'udt' | 'qdt' = 'udt'): void {
  if (date === undefined) return
  w.open(name)
  w.text(prefix === 'udt' ? 'udt:DateTimeString' : 'qdt:DateTimeString', dateText(date), FORMAT_102)
  w.close()
}
