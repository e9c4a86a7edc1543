/**
 * Lexical checks of simple content, as XSD 1.0 Part 2 defines the built-in types the invoice
 * schemas use (decimal, boolean, date, time, dateTime, integer, base64Binary; string types with
 * enumeration, pattern and length facets). Whitespace is handled per type (§4.3.6): `string`
 * keeps it, `normalizedString` replaces, every other type collapses.
 *
 * Where the official XSD check (xmllint, i.e. libxml2) reads a value differently from the
 * specification, these checks follow xmllint, because its verdict is the official one:
 * - `date` takes no white space at either end, `time` none at the end, `dateTime` none at the
 *   start and at the end only after a time zone;
 * - `base64Binary` skips every character outside its alphabet (`-`, `!`, NBSP…) and checks only
 *   what remains.
 * @module
 */
import type { XsdValue } from './xsd-table.js'
import { collapseXmlSpace, xmlTrim } from '../../xml/whitespace.js'
import { codePointLength } from '../../xml/xml-chars.js'
import { isAnyUri } from './any-uri.js'

/**
 * libxml2 holds a decimal in 24 digits: the digits of the integer part after its leading zeros and
 * every digit of the fraction, trailing zeros included, may be 24 at most. xmllint rejects a longer
 * xs:decimal or xs:integer (`1.000000000000000000000000` is 25 digits; `0.` and leading zeros are
 * free). Measured with xmllint (libxml2 2.9.14) on decimal, integer, nonNegativeInteger and
 * positiveInteger.
 */
const MAX_DIGITS = 24
function fitsDigits(v: string): boolean {
  const dot = v.indexOf('.')
  const whole = (dot < 0 ? v : v.slice(0, dot)).replace(/^[+-]?0*/, '')
  return whole.length + (dot < 0 ? 0 : v.length - dot - 1) <= MAX_DIGITS
}
const limited = (re: RegExp): { test(v: string): boolean } => ({ test: (v) => re.test(v) && fitsDigits(v) })
const DECIMAL = limited(/^[+-]?(\d+(\.\d*)?|\.\d+)$/)
const INTEGER = limited(/^[+-]?\d+$/)
const BOOLEAN = /^(true|false|1|0)$/
const ZONE = '(Z|[+-](0\\d|1[0-3]):[0-5]\\d|[+-]14:00)'
const TZ = `${ZONE}?`
/** XSD 1.0 years: four digits or more without a leading zero, never 0000 (there is no year zero). */
const YEAR = '-?(?!0000)([1-9]\\d{4,}|\\d{4})'
const DATE = new RegExp(`^${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])${TZ}$`)
const TIME = new RegExp(`^[ \\t\\n\\r]*(([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?|24:00:00(\\.0+)?)${TZ}$`)
const DATETIME = new RegExp(`^${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T(([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?|24:00:00(\\.0+)?)(${ZONE}[ \\t\\n\\r]*)?$`)
/** Characters outside the base64 alphabet, which xmllint skips. */
const NOT_BASE64 = /[^A-Za-z0-9+/=]+/g
const BASE64_QUANTA = /^[A-Za-z0-9+/]*(?:[AEIMQUYcgkosw048]=|[AQgw]==)?$/
/**
 * base64Binary: whole quanta, at most two `=` at the end, and the bits a padded quantum leaves
 * over must be zero (`QQ==`, not `QR==`), as XSD's grammar has it. One pass over the alphabet's
 * characters, so a large attachment stays linear.
 */
const BASE64 = { test: (v: string): boolean => {
  const c = v.replace(NOT_BASE64, '')
  return c.length % 4 === 0 && BASE64_QUANTA.test(c)
} }

/** Base type → lexical test of the whitespace-processed value (types not listed accept any text). */
const LEXICAL: Readonly<Record<string, { test(v: string): boolean }>> = {
  decimal: DECIMAL,
  integer: INTEGER,
  int: INTEGER,
  long: INTEGER,
  nonNegativeInteger: limited(/^\+?\d+$|^-0+$/),
  positiveInteger: limited(/^\+?0*[1-9]\d*$/),
  boolean: BOOLEAN,
  date: DATE,
  time: TIME,
  dateTime: DATETIME,
  base64Binary: BASE64,
  language: /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/,
  // An NCName: letters of any script, digits, `.`, `-`, `_`, combining marks, no colon (the
  // signature schemas' Id attributes; uniqueness is structure-check's).
  ID: /^[\p{L}_][\p{L}\p{Nd}\p{M}._\-\u00B7]*$/u,
  anyURI: { test: isAnyUri },
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** Day-of-month beyond the month's length (XSD date values must exist; 29 Feb only in leap years). */
function impossibleDate(v: string): boolean {
  const m = /^(-?\d{4,})-(\d\d)-(\d\d)/.exec(v)
  if (m === null) return false
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return day > (DAYS_IN_MONTH[month - 1] ?? 31) || (month === 2 && day === 29 && !leap)
}

/**
 * Values that need whitespace processing: tab/CR/LF, double spaces, or a space at either end (XML
 * white space only: an NBSP is content). Most values need none and are used as they are.
 */
const NEEDS_WHITESPACE = /[\t\n\r]| {2}|^ | $/

/** Types whose white space xmllint leaves in place (the lexical tests above say what they accept). */
const KEPT_AS_WRITTEN: ReadonlySet<string> = new Set(['string', 'date', 'dateTime', 'time', 'base64Binary'])

function whitespace(base: string, raw: string): string {
  if (KEPT_AS_WRITTEN.has(base) || !NEEDS_WHITESPACE.test(raw)) return raw
  if (base === 'normalizedString') return raw.replace(/[\t\n\r]/g, ' ')
  return collapseXmlSpace(raw)
}

/** Enumerations as sets, built on first use per value kind (code lists run to thousands of codes). */
const enumSets = new WeakMap<XsdValue, ReadonlySet<string>>()

function enumSet(kind: XsdValue & { e: readonly string[] }): ReadonlySet<string> {
  let set = enumSets.get(kind)
  if (set === undefined) enumSets.set(kind, (set = new Set(kind.e)))
  return set
}

const patternCache = new Map<string, RegExp>()

/** XSD patterns are implicitly anchored; `\i`/`\c` classes do not occur in the invoice schemas. */
function xsdPattern(p: string): RegExp {
  let re = patternCache.get(p)
  if (re === undefined) {
    re = new RegExp(`^(?:${p})$`, 'u')
    patternCache.set(p, re)
  }
  return re
}

/** Returns why the value is not valid for the kind, or undefined when it is. */
export function checkValue(kind: XsdValue, raw: string): string | undefined {
  if (kind.u !== undefined) return checkUnion(kind.u, raw)
  const v = whitespace(kind.b, raw)
  const lexical = LEXICAL[kind.b]
  if (lexical !== undefined && !lexical.test(v)) {
    // Say why where the quoted value (trimmed of XML white space) cannot show it.
    if (v.includes('\u00a0')) return `not a valid xs:${kind.b}: it contains a no-break space (U+00A0)`
    const trimmed = xmlTrim(v)
    if (trimmed !== v && lexical.test(trimmed)) return `not a valid xs:${kind.b}: white space around it is not accepted`
    return `not a valid xs:${kind.b}`
  }
  if ((kind.b === 'date' || kind.b === 'dateTime') && impossibleDate(v)) return `not an existing calendar date (xs:${kind.b})`
  if (kind.e !== undefined && !enumSet(kind as XsdValue & { e: readonly string[] }).has(v)) {
    // A one-value enumeration is how the tables write a value the schema fixes.
    return kind.e.length === 1 ? `not "${kind.e[0]}", the only value the schema allows` : `not one of the ${kind.e.length} allowed codes`
  }
  if (kind.p !== undefined && !kind.p.some((p) => xsdPattern(p).test(v))) return `does not match the pattern ${kind.p.join(' | ')}`
  if (kind.length === undefined && kind.minLength === undefined && kind.maxLength === undefined) return undefined
  const len = codePointLength(v)
  if (kind.length !== undefined && len !== Number(kind.length)) return `length ${len}, expected ${kind.length}`
  if (kind.minLength !== undefined && len < Number(kind.minLength)) return `length ${len}, expected at least ${kind.minLength}`
  if (kind.maxLength !== undefined && len > Number(kind.maxLength)) return `length ${len}, expected at most ${kind.maxLength}`
  return undefined
}

/**
 * A union (ZUGFeRD 1's `xs:dateTime xs:date` dates of referenced documents): xmllint collapses
 * the white space first, so unlike a plain xs:date, `" 2013-06-03 "` passes there.
 */
function checkUnion(members: readonly XsdValue[], raw: string): string | undefined {
  const v = collapseXmlSpace(raw)
  if (members.some((m) => checkValue(m, v) === undefined)) return undefined
  return `not a valid ${members.map((m) => `xs:${m.b}`).join(' or ')}`
}
