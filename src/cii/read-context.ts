/**
 * Typed access to a CII-family tree for the readers: children by local name in the dialect's RAM
 * namespace, trimmed texts, exact Decimals and calendar dates. A value that is present but cannot
 * be read (an amount `1,00`, a date `20241301`) is recorded as a problem with its position and
 * treated as absent, so a reader never crashes on content and never invents a value.
 * @module
 */
import { Decimal } from '../model/decimal.js'
import type { CalendarDate, Identifier, SourceProblem } from '../model/invoice.js'
import { type XmlElement, elementPath } from '../xml/index.js'
import type { CiiDialect } from './dialect.js'

/** xs:decimal lexical form (no exponent, no grouping). */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/** UNTDID 2379 date formats: how many leading digits form the calendar date. */
const DATE_FORMATS: Readonly<Record<string, RegExp>> = {
  '102': /^(\d{4})(\d{2})(\d{2})$/,
  '203': /^(\d{4})(\d{2})(\d{2})\d{4}$/,
  '204': /^(\d{4})(\d{2})(\d{2})\d{6}$/,
}
/** No format attribute (ZUGFeRD 1 reference dates are xs:dateTime text): ISO or compact digits. */
const FREE_DATE = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|T|\s)/

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

export class CiiReadContext {
  readonly problems: SourceProblem[] = []
  readonly absentTerms: string[] = []

  constructor(readonly dialect: CiiDialect) {}

  /** First child `ram:<local>` of `parent`. */
  el(parent: XmlElement | undefined, local: string): XmlElement | undefined {
    if (parent === undefined) return undefined
    const ns = this.dialect.ram
    for (const c of parent.children) if (c.local === local && c.ns === ns) return c
    return undefined
  }

  /** All children `ram:<local>` of `parent`, in document order. */
  all(parent: XmlElement | undefined, local: string): XmlElement[] {
    if (parent === undefined) return []
    const ns = this.dialect.ram
    return parent.children.filter((c) => c.local === local && c.ns === ns)
  }

  /** Follows a chain of `ram:` children. */
  path(parent: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
    let at = parent
    for (const local of locals) at = this.el(at, local)
    return at
  }

  /** Trimmed text of an element; undefined when absent or blank. */
  textOf(el: XmlElement | undefined): string | undefined {
    if (el === undefined) return undefined
    const t = el.text.trim()
    return t === '' ? undefined : t
  }

  text(parent: XmlElement | undefined, ...locals: string[]): string | undefined {
    return this.textOf(this.path(parent, ...locals))
  }

  /** The first of several alternative children that has text. */
  firstText(parent: XmlElement | undefined, locals: readonly string[]): string | undefined {
    for (const local of locals) {
      const t = this.text(parent, local)
      if (t !== undefined) return t
    }
    return undefined
  }

  /** Text with its schemeID attribute (BT-29, BT-30, BT-34, BT-157 ...). */
  identifierOf(el: XmlElement | undefined): Identifier | undefined {
    const value = this.textOf(el)
    if (el === undefined || value === undefined) return undefined
    const schemeId = this.attr(el, 'schemeID')
    return schemeId === undefined ? { value } : { value, schemeId }
  }

  attr(el: XmlElement | undefined, local: string): string | undefined {
    if (el === undefined) return undefined
    for (const a of el.attributes) {
      if (a.local === local && a.ns === '') {
        const v = a.value.trim()
        return v === '' ? undefined : v
      }
    }
    return undefined
  }

  /** An exact Decimal from the element's text, as written (`0012.50` is 12.50). */
  decimalOf(el: XmlElement | undefined): Decimal | undefined {
    const t = this.textOf(el)
    if (el === undefined || t === undefined) return undefined
    if (!DECIMAL_TEXT.test(t)) {
      this.problem(el, `not a decimal number: ${JSON.stringify(t.slice(0, 40))}`)
      return undefined
    }
    return new Decimal(t)
  }

  amount(parent: XmlElement | undefined, ...locals: string[]): Decimal | undefined {
    return this.decimalOf(this.path(parent, ...locals))
  }

  /** A udt/qdt Indicator child as a boolean. */
  indicator(parent: XmlElement | undefined, local: string): boolean | undefined {
    const holder = this.el(parent, local)
    const ind = holder?.children.find((c) => c.local === 'Indicator' && this.dialect.dataTypeNs.includes(c.ns))
    const t = this.textOf(ind)
    if (t === undefined || ind === undefined) return undefined
    if (t === 'true' || t === '1') return true
    if (t === 'false' || t === '0') return false
    this.problem(ind, `not an indicator (true/false): ${JSON.stringify(t.slice(0, 40))}`)
    return undefined
  }

  /**
   * The calendar date inside a date container: its udt:DateTimeString / qdt:DateTimeString /
   * udt:DateString child with the UNTDID 2379 format, or (ZUGFeRD 1 references) its own text.
   */
  date(parent: XmlElement | undefined, ...locals: string[]): CalendarDate | undefined {
    const holder = this.path(parent, ...locals)
    if (holder === undefined) return undefined
    const inner = holder.children.find(
      (c) => (c.local === 'DateTimeString' || c.local === 'DateString') && this.dialect.dataTypeNs.includes(c.ns),
    )
    const el = inner ?? holder
    const t = this.textOf(el)
    if (t === undefined) return undefined
    const format = inner === undefined ? undefined : this.attr(inner, 'format')
    const pattern = format === undefined ? FREE_DATE : DATE_FORMATS[format]
    if (pattern === undefined) {
      this.problem(el, `date format ${format} is not a calendar date (102, 203 or 204 expected)`)
      return undefined
    }
    const m = pattern.exec(t)
    if (m === null || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
      this.problem(el, `not a date in format ${format ?? 'CCYYMMDD'}: ${JSON.stringify(t.slice(0, 40))}`)
      return undefined
    }
    return `${m[1]}-${m[2]}-${m[3]}`
  }

  problem(el: XmlElement, message: string): void {
    this.problems.push({ path: elementPath(el), line: el.line, column: el.column, message })
  }

  /** Notes that a term the model requires is missing from the document. */
  absent(term: string): void {
    if (!this.absentTerms.includes(term)) this.absentTerms.push(term)
  }
}
