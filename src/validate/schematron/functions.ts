/**
 * The XPath 2.0 functions (and xs: constructor functions) the schematron rule tables call, with
 * the argument cardinality checks of the specification: a string function given two nodes is a
 * dynamic error, as in Saxon, not a silent pick of the first.
 * @module
 */
import { Decimal, ZERO, plus } from '../../model/decimal.js'
import {
  type Atomic,
  type Item,
  type Sequence,
  TEXT_CHILDREN,
  XPathDynamicError,
  atomize,
  bool,
  dbl,
  dec,
  ebv,
  roundDouble,
  isElement,
  isNode,
  str,
  stringOf,
  toBoolean,
  toDate,
  toDecimal,
  toInteger,
  toDouble,
} from './values.js'
import { collapseXmlSpace, isXmlBlank } from '../../xml/whitespace.js'
import { textRunsOf } from '../../xml/text-runs.js'
import { codePointLength } from '../../xml/xml-chars.js'
import { LINEAR_MATCHES, xpathRegex } from './xpath-regex.js'

/** What a function sees: its evaluated arguments and the context item (for `normalize-space()`). */
export type CallInput = { args: Sequence[]; context: Item | undefined }
type Fn = (input: CallInput) => Sequence

const SMALL_INTS: Decimal[] = Array.from({ length: 256 }, (_, i) => new Decimal(i))
/** count() and string-length() results, without building a Decimal each time. */
export const integer = (n: number): Atomic => dec(SMALL_INTS[n] ?? new Decimal(n))

function single(seq: Sequence | undefined, fn: string): Atomic | undefined {
  if (seq === undefined || seq.length === 0) return undefined
  if (seq.length > 1) throw new XPathDynamicError('XPTY0004', `${fn}() expects one value, got ${seq.length}`)
  return atomize(seq[0] as Item)
}

/** `xs:string?` argument, defaulting to the context item when the call has no argument. */
function stringArg(input: CallInput, i: number, fn: string): string {
  const seq = input.args.length > i ? input.args[i] : input.context === undefined ? [] : [input.context]
  const a = single(seq, fn)
  return a === undefined ? '' : stringOf(a)
}

const normalizeSpace = collapseXmlSpace
const codepoints = (s: string): string[] => Array.from(s)

/**
 * The effective boolean value of normalize-space(…) without building the normalised string: it is
 * empty exactly when every character is XML white space (an NBSP is content, as in Saxon).
 */
export const normalizedIsNonEmpty = (input: CallInput): boolean => !isXmlBlank(stringArg(input, 0, 'normalize-space'))

/** string-length(…) as a plain number (compared with integer literals, `… <= 2`). */
export const stringLength = (input: CallInput): number => codePointLength(stringArg(input, 0, 'string-length'))

/** fn:matches: a pattern of LINEAR_MATCHES (no flags) by its linear test, any other by its RegExp. */
function matcher(pattern: string, flags: string): { test(value: string): boolean } {
  return (flags === '' ? LINEAR_MATCHES.get(pattern) : undefined) ?? regex(pattern, flags)
}

const REGEX_CACHE = new Map<string, RegExp>()
/** XPath regular expressions match anywhere unless anchored (xpath-regex.ts translates the class escapes). */
function regex(pattern: string, flags: string): RegExp {
  const key = `${flags}/${pattern}`
  let re = REGEX_CACHE.get(key)
  if (re === undefined) {
    re = xpathRegex(pattern, flags.replace(/[^ims]/g, ''))
    REGEX_CACHE.set(key, re)
  }
  return re
}

type Replacing = { re: RegExp; groups: number }
const GLOBAL_CACHE = new Map<string, Replacing>()
/**
 * The pattern of fn:replace() or fn:tokenize() as a global RegExp. A pattern that matches the
 * empty string is FORX0003 (replacing or splitting by it would never end), as in Saxon.
 */
function replacing(pattern: string, flags: string): Replacing {
  const key = `${flags}/${pattern}`
  let r = GLOBAL_CACHE.get(key)
  if (r === undefined) {
    const one = regex(pattern, flags)
    if (new RegExp(`^(?:${one.source})$`, one.flags).test('')) {
      throw new XPathDynamicError('FORX0003', `the pattern ${JSON.stringify(pattern)} matches an empty string`)
    }
    // An alternative that always matches counts the groups: the match array has one entry each.
    const groups = (new RegExp(`${one.source}|`, one.flags).exec('') as RegExpExecArray).length - 1
    r = { re: new RegExp(one.source, `${one.flags}g`), groups }
    GLOBAL_CACHE.set(key, r)
  }
  return r
}

/**
 * The text that replaces one match: `$N` is group N (the longest group number that exists, an
 * absent group is empty), `\$` and `\\` are the characters; any other `$` or `\` is FORX0004.
 */
function replacement(template: string, groups: readonly (string | undefined)[]): string {
  let out = ''
  for (let i = 0; i < template.length; i++) {
    const c = template[i] as string
    const next = template[i + 1]
    if (c === '\\' && (next === '\\' || next === '$')) {
      out += next
      i++
    } else if (c === '$' && next !== undefined && next >= '0' && next <= '9') {
      let n = Number(next)
      i++
      while (i + 1 < template.length && /[0-9]/.test(template[i + 1] as string) && n * 10 + Number(template[i + 1]) < groups.length) n = n * 10 + Number(template[++i])
      out += groups[n] ?? ''
    } else if (c === '\\' || c === '$') {
      throw new XPathDynamicError('FORX0004', `replace(): ${JSON.stringify(template)} is no valid replacement string`)
    } else out += c
  }
  return out
}

/**
 * fn:sum: the integer 0 for no values, otherwise the first value plus each of the others, so a
 * lone -0.0 (or only negative zeros) sums to -0.0, as in Saxon: `0.00 = sum(-0.00)` is false there
 * (see `saxonOrder` in values.ts). A decimal has no negative zero.
 */
function sum(seq: Sequence): Atomic {
  let decimal: Decimal | undefined = ZERO
  let double = 0
  let first = true
  for (const item of seq) {
    const a = atomize(item)
    if (a.t === 'dec' && decimal !== undefined) decimal = plus(decimal, a.v)
    else {
      const d = a.t === 'dec' ? a.v.toNumber() + 0 : toDouble(a, true)
      double = first ? d : (decimal === undefined ? double : decimal.toNumber() + 0) + d
      decimal = undefined
    }
    first = false
  }
  return decimal !== undefined ? dec(decimal) : dbl(double)
}

/** XPath round(): half towards positive infinity. */
function round(a: Atomic): Atomic {
  // An integer rounds to itself (decimal.js would return an equal copy).
  if (a.t === 'dec') return a.v.isInteger() ? a : dec(a.v.toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL))
  const d = toDouble(a, true)
  return dbl(roundDouble(d))
}

function numeric(a: Atomic): Atomic {
  return a.t === 'dec' || a.t === 'dbl' ? a : dbl(toDouble(a, true))
}

const nameOf = (item: Item | undefined, local: boolean): string => {
  if (item === undefined || !isNode(item)) return ''
  if (isElement(item)) return local ? item.local : item.qname
  return item.t === 'attr' ? item.local : ''
}

/**
 * An argument declared `as="xs:decimal"` in a stylesheet function: exactly one value, untyped
 * text cast to xs:decimal, a decimal or integer as it is; anything else (a double, a string, none
 * or two) is the type error XTTE0790 that stops the transform.
 */
function decimalParam(seq: Sequence | undefined, fn: string): Decimal {
  const n = seq?.length ?? 0
  if (n !== 1) throw new XPathDynamicError('XTTE0790', `${fn}() expects one decimal, got ${n} values`)
  const a = atomize((seq as Sequence)[0] as Item)
  if (a.t === 'untyped' || a.t === 'dec') return toDecimal(a)
  throw new XPathDynamicError('XTTE0790', `${fn}() expects a decimal, got ${a.t === 'dbl' ? 'a double' : `"${stringOf(a)}"`}`)
}

const FUNCTIONS: Readonly<Record<string, Fn>> = {
  true: () => [bool(true)],
  false: () => [bool(false)],
  not: ({ args }) => [bool(!ebv(args[0] ?? []))],
  boolean: ({ args }) => [bool(ebv(args[0] ?? []))],
  exists: ({ args }) => [bool((args[0] ?? []).length > 0)],
  empty: ({ args }) => [bool((args[0] ?? []).length === 0)],
  count: ({ args }) => [integer((args[0] ?? []).length)],
  sum: ({ args }) => [sum(args[0] ?? [])],
  round: ({ args }) => {
    const a = single(args[0], 'round')
    return a === undefined ? [] : [round(numeric(a))]
  },
  abs: ({ args }) => {
    const a = single(args[0], 'abs')
    if (a === undefined) return []
    const n = numeric(a)
    // A positive decimal is its own absolute value (decimal.js would return an equal copy).
    return [n.t === 'dec' ? (n.v.s === 1 ? n : dec(n.v.abs())) : dbl(Math.abs(toDouble(n, true)))]
  },
  number: (input) => {
    const a = single(input.args.length > 0 ? input.args[0] : input.context === undefined ? [] : [input.context], 'number')
    return [dbl(a === undefined ? Number.NaN : toDouble(a, false))]
  },
  string: (input) => [str(stringArg(input, 0, 'string'))],
  'normalize-space': (input) => [str(normalizeSpace(stringArg(input, 0, 'normalize-space')))],
  'string-length': (input) => [integer(stringLength(input))],
  'upper-case': (input) => [str(stringArg(input, 0, 'upper-case').toUpperCase())],
  'lower-case': (input) => [str(stringArg(input, 0, 'lower-case').toLowerCase())],
  contains: (input) => [bool(stringArg(input, 0, 'contains').includes(stringArg(input, 1, 'contains')))],
  'starts-with': (input) => [bool(stringArg(input, 0, 'starts-with').startsWith(stringArg(input, 1, 'starts-with')))],
  'ends-with': (input) => [bool(stringArg(input, 0, 'ends-with').endsWith(stringArg(input, 1, 'ends-with')))],
  'substring-after': (input) => {
    const s = stringArg(input, 0, 'substring-after')
    const find = stringArg(input, 1, 'substring-after')
    const at = s.indexOf(find)
    return [str(at < 0 ? '' : s.slice(at + find.length))]
  },
  'substring-before': (input) => {
    const s = stringArg(input, 0, 'substring-before')
    const at = s.indexOf(stringArg(input, 1, 'substring-before'))
    return [str(at < 0 ? '' : s.slice(0, at))]
  },
  substring: (input) => {
    const chars = codepoints(stringArg(input, 0, 'substring'))
    const start = Math.round(toDouble(single(input.args[1], 'substring') ?? dbl(Number.NaN), true))
    const lenArg = input.args.length > 2 ? single(input.args[2], 'substring') : undefined
    const end = lenArg === undefined ? Infinity : start + Math.round(toDouble(lenArg, true))
    return [str(chars.filter((_, i) => i + 1 >= start && i + 1 < end).join(''))]
  },
  concat: ({ args }) => [str(args.map((a, i) => (a.length === 0 ? '' : stringOf(single(a, `concat#${i}`) as Atomic))).join(''))],
  replace: (input) => {
    const text = stringArg(input, 0, 'replace')
    const { re, groups } = replacing(stringArg(input, 1, 'replace'), input.args.length > 3 ? stringArg(input, 3, 'replace') : '')
    const template = stringArg(input, 2, 'replace')
    // The callback gets the match and one argument per group, then offset and input.
    return [str(text.replace(re, (...m: (string | undefined)[]) => replacement(template, m.slice(0, groups + 1))))]
  },
  'string-join': (input) => [str((input.args[0] ?? []).map((item) => stringOf(atomize(item))).join(stringArg(input, 1, 'string-join')))],
  'string-to-codepoints': (input) => Array.from(stringArg(input, 0, 'string-to-codepoints'), (c) => integer(c.codePointAt(0) as number)),
  matches: (input) => [bool(matcher(stringArg(input, 1, 'matches'), input.args.length > 2 ? stringArg(input, 2, 'matches') : '').test(stringArg(input, 0, 'matches')))],
  tokenize: (input) => {
    const s = stringArg(input, 0, 'tokenize')
    const { re } = replacing(stringArg(input, 1, 'tokenize'), input.args.length > 2 ? stringArg(input, 2, 'tokenize') : '')
    if (s === '') return []
    // The text between matches; unlike String.split, no captured group joins the result.
    const out: Sequence = []
    let from = 0
    for (const m of s.matchAll(re)) {
      out.push(str(s.slice(from, m.index)))
      from = m.index + m[0].length
    }
    out.push(str(s.slice(from)))
    return out
  },
  name: (input) => [str(nameOf(input.args.length > 0 ? input.args[0]?.[0] : input.context, false))],
  'local-name': (input) => [str(nameOf(input.args.length > 0 ? input.args[0]?.[0] : input.context, true))],
  'distinct-values': ({ args }) => {
    const seen = new Set<string>()
    const out: Sequence = []
    for (const item of args[0] ?? []) {
      const a = atomize(item)
      const key = `${a.t === 'untyped' ? 'str' : a.t}:${stringOf(a)}`
      if (!seen.has(key)) {
        seen.add(key)
        out.push(a.t === 'untyped' ? str(a.v) : a)
      }
    }
    return out
  },
  'xs:decimal': ({ args }) => {
    const a = single(args[0], 'xs:decimal')
    return a === undefined ? [] : [dec(toDecimal(a))]
  },
  'xs:integer': ({ args }) => {
    const a = single(args[0], 'xs:integer')
    return a === undefined ? [] : [dec(toInteger(a))]
  },
  'xs:double': ({ args }) => {
    const a = single(args[0], 'xs:double')
    return a === undefined ? [] : [dbl(toDouble(a, true))]
  },
  'xs:string': ({ args }) => {
    const a = single(args[0], 'xs:string')
    return a === undefined ? [] : [str(stringOf(a))]
  },
  'xs:boolean': ({ args }) => {
    const a = single(args[0], 'xs:boolean')
    return a === undefined ? [] : [bool(toBoolean(a))]
  },
  'xs:date': ({ args }) => {
    const a = single(args[0], 'xs:date')
    return a === undefined ? [] : [toDate(a)]
  },
  [TEXT_CHILDREN]: ({ context }) => {
    if (context === undefined || !isElement(context) || context.text === '') return []
    // A comment or PI between text makes several text nodes (text-runs.ts).
    const runs = textRunsOf(context)
    return runs === undefined ? [{ t: 'untyped', v: context.text }] : runs.map((v): Atomic => ({ t: 'untyped', v }))
  },
  // Functions of the KoSIT XRechnung stylesheets (namespace prefix `u:`), which their tests call.
  /** Whether `exp` is within `slack` of `val`: `xs:decimal($exp + $slack) >= $val and xs:decimal($exp - $slack) <= $val`. */
  'u:slack': ({ args }) => {
    const exp = decimalParam(args[0], 'u:slack')
    const val = decimalParam(args[1], 'u:slack')
    const slack = decimalParam(args[2], 'u:slack')
    return [bool(exp.plus(slack).greaterThanOrEqualTo(val) && exp.minus(slack).lessThanOrEqualTo(val))]
  },
  /** `if (boolean($element)) then xs:decimal($element) else 0`. */
  'u:decimalOrZero': ({ args }) => {
    const element = args[0] ?? []
    if (!ebv(element)) return [integer(0)]
    const a = single(element, 'xs:decimal') as Atomic
    return [dec(toDecimal(a))]
  },
}

/** Casts for `cast as` / `castable as` (type names as the rules spell them). */
export function castTo(type: string, a: Atomic): Atomic {
  const fn = FUNCTIONS[type]
  if (fn === undefined) throw new Error(`unsupported cast to ${type}`)
  return fn({ args: [[a]], context: undefined })[0] as Atomic
}

export function functionFor(name: string): Fn | undefined {
  return FUNCTIONS[name]
}
