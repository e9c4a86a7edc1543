/**
 * Typed access to a UBL 2.1 tree for the reader: cbc/cac children by local name, trimmed texts,
 * exact Decimals and calendar dates. A value that is present but cannot be read (an amount `1,00`,
 * a date `2024-13-01`) is recorded as a problem with its position and treated as absent, so the
 * reader never crashes on content and never invents a value (same contract as the CII reader).
 * @module
 */
import { Decimal } from '../model/decimal.js'
import type { CalendarDate, Identifier, SourceProblem } from '../model/invoice.js'
import { NS, type XmlElement, elementPath } from '../xml/index.js'

/** xs:decimal lexical form (no exponent, no grouping). */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
/** xs:date, optionally with a time zone (which a calendar date ignores). */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

function find(parent: XmlElement | undefined, ns: string, local: string): XmlElement | undefined {
  if (parent === undefined) return undefined
  for (const c of parent.children) if (c.local === local && c.ns === ns) return c
  return undefined
}

export class UblReadContext {
  readonly problems: SourceProblem[] = []
  readonly absentTerms: string[] = []

  /** First `cac:<local>` child. */
  cac(parent: XmlElement | undefined, local: string): XmlElement | undefined {
    return find(parent, NS.cac, local)
  }

  /** All `cac:<local>` children in document order. */
  cacs(parent: XmlElement | undefined, local: string): XmlElement[] {
    if (parent === undefined) return []
    return parent.children.filter((c) => c.local === local && c.ns === NS.cac)
  }

  /** First `cbc:<local>` child. */
  cbc(parent: XmlElement | undefined, local: string): XmlElement | undefined {
    return find(parent, NS.cbc, local)
  }

  /** All `cbc:<local>` children in document order. */
  cbcs(parent: XmlElement | undefined, local: string): XmlElement[] {
    if (parent === undefined) return []
    return parent.children.filter((c) => c.local === local && c.ns === NS.cbc)
  }

  /** Follows `cac:` steps and ends on a `cbc:` leaf: `leaf(party, 'PartyName', 'Name')`. */
  leaf(parent: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
    let at = parent
    for (let i = 0; i < locals.length - 1; i++) at = this.cac(at, locals[i] ?? '')
    return this.cbc(at, locals[locals.length - 1] ?? '')
  }

  /** Trimmed text; undefined when absent or blank. */
  textOf(el: XmlElement | undefined): string | undefined {
    if (el === undefined) return undefined
    const t = el.text.trim()
    return t === '' ? undefined : t
  }

  /** Trimmed text of `leaf(parent, ...locals)`. */
  text(parent: XmlElement | undefined, ...locals: string[]): string | undefined {
    return this.textOf(this.leaf(parent, ...locals))
  }

  /** Texts of all `cbc:<local>` children that are not blank. */
  texts(parent: XmlElement | undefined, local: string): string[] {
    const out: string[] = []
    for (const c of this.cbcs(parent, local)) {
      const t = this.textOf(c)
      if (t !== undefined) out.push(t)
    }
    return out
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

  /** Text with its schemeID attribute (BT-29, BT-30, BT-34, BT-157 ...). */
  identifierOf(el: XmlElement | undefined): Identifier | undefined {
    const value = this.textOf(el)
    if (el === undefined || value === undefined) return undefined
    const schemeId = this.attr(el, 'schemeID')
    return schemeId === undefined ? { value } : { value, schemeId }
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
    return this.decimalOf(this.leaf(parent, ...locals))
  }

  /** cbc:ChargeIndicator and friends: xs:boolean. */
  indicator(parent: XmlElement | undefined, local: string): boolean | undefined {
    const el = this.cbc(parent, local)
    const t = this.textOf(el)
    if (el === undefined || t === undefined) return undefined
    if (t === 'true' || t === '1') return true
    if (t === 'false' || t === '0') return false
    this.problem(el, `not an indicator (true/false): ${JSON.stringify(t.slice(0, 40))}`)
    return undefined
  }

  /** A calendar date `YYYY-MM-DD` (a time zone suffix is dropped: BT dates are calendar dates). */
  date(parent: XmlElement | undefined, ...locals: string[]): CalendarDate | undefined {
    const el = this.leaf(parent, ...locals)
    const t = this.textOf(el)
    if (el === undefined || t === undefined) return undefined
    const m = DATE_TEXT.exec(t)
    if (m === null || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
      this.problem(el, `not a date YYYY-MM-DD: ${JSON.stringify(t.slice(0, 40))}`)
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
