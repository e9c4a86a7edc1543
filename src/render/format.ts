/**
 * Numbers, amounts and dates written the way each language reads them. Decimals are formatted
 * from their exact digits (never through a JS number), so 0.1 + 0.2 rounding can never show.
 *
 * - DE: `1.234,56 €`, dates `31.12.2024`
 * - FR: `1 234,56 €` (no-break space U+00A0 between groups and before the currency), dates `31/12/2024`
 * - EN: `€1,234.56` for EUR/USD/GBP, otherwise `1,234.56 CHF`; dates `31 Dec 2024`
 *
 * Amounts keep every decimal the document carries and show at least two; quantities, prices and
 * percentages show exactly the decimals they have.
 * @module
 */
import type { Decimal } from '../model/decimal.js'
import type { Language } from './i18n/index.js'
import { lookupTable } from '../util/lookup-table.js'

/** U+00A0: keeps `1 234,56` and `56 €` on one line. */
const NBSP = '\u00a0'

type NumberStyle = {
  group: string
  decimal: string
  /** Puts the currency beside a formatted number. */
  withCurrency(number: string, currency: string): string
  date(year: string, month: string, day: string): string
}

/** Currency signs used where a language writes a sign; other currencies keep their ISO 4217 code. */
const SYMBOLS = lookupTable<string>({ EUR: '€', USD: '$', GBP: '£' })

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const STYLES: Readonly<Record<Language, NumberStyle>> = {
  DE: {
    group: '.',
    decimal: ',',
    withCurrency: (n, c) => `${n}${NBSP}${SYMBOLS[c] ?? c}`,
    date: (y, m, d) => `${d}.${m}.${y}`,
  },
  FR: {
    group: NBSP,
    decimal: ',',
    withCurrency: (n, c) => `${n}${NBSP}${SYMBOLS[c] ?? c}`,
    date: (y, m, d) => `${d}/${m}/${y}`,
  },
  EN: {
    group: ',',
    decimal: '.',
    withCurrency: (n, c) => {
      const symbol = SYMBOLS[c]
      if (symbol === undefined) return `${n}${NBSP}${c}`
      return n.startsWith('-') ? `-${symbol}${n.slice(1)}` : `${symbol}${n}`
    },
    date: (y, m, d) => `${d} ${EN_MONTHS[Number(m) - 1] ?? m} ${y}`,
  },
}

function groupDigits(digits: string, separator: string): string {
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator
    out += digits[i]
  }
  return out
}

/**
 * A decimal in the language's spelling, with at least `minDecimals` decimals (padding only,
 * never rounding: every digit of the document is shown).
 */
export function formatDecimal(value: Decimal, language: Language, minDecimals = 0): string {
  const style = STYLES[language]
  // toFixed() without an argument gives the exact digits in plain (non-exponent) notation.
  const plain = value.toFixed()
  const negative = plain.startsWith('-')
  const [intPart = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.')
  const decimals = fraction.padEnd(minDecimals, '0')
  const body = groupDigits(intPart, style.group) + (decimals === '' ? '' : style.decimal + decimals)
  return (negative ? '-' : '') + body
}

/** An amount (at least two decimals) without currency, as in table cells. */
export function formatAmount(value: Decimal, language: Language): string {
  return formatDecimal(value, language, 2)
}

/** An amount with its currency (BT-5 or BT-6). */
export function formatMoney(value: Decimal, currency: string, language: Language): string {
  return STYLES[language].withCurrency(formatAmount(value, language), currency)
}

/** A percentage: `19 %` (DE, FR) or `19%` (EN). */
export function formatPercent(value: Decimal, language: Language): string {
  const n = formatDecimal(value, language)
  return language === 'EN' ? `${n}%` : `${n}${NBSP}%`
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date `YYYY-MM-DD`; anything else is shown as it is (never dropped). */
export function formatDate(value: string, language: Language): string {
  const m = ISO_DATE.exec(value)
  if (m === null) return value
  const [, y = '', mo = '', d = ''] = m
  if (Number(mo) < 1 || Number(mo) > 12) return value
  return STYLES[language].date(y, mo, d)
}
