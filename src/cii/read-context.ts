/**
 * Typed access to a CII-family tree for the readers: children by local name in the dialect's RAM
 * namespace, trimmed texts, exact Decimals and calendar dates. A value that is present but cannot
 * be read (an amount `1,00`, a date `20241301`) is recorded as a problem with its position and
 * treated as absent, so a reader never crashes on content and never invents a value.
 * @module
 */
import { type Decimal, ZERO } from '../model/decimal.js'
import { type CalendarDate, CHARGE_INDICATOR_ABSENT, type DocumentAllowanceCharge, type OtherAllowanceTax } from '../model/invoice.js'
import { XmlValueReader, isCalendarDate } from '../read-values.js'
import type { XmlElement } from '../xml/index.js'
import type { CiiDialect } from './dialect.js'

/** UNTDID 2379 date formats: how many leading digits form the calendar date. */
const DATE_FORMATS: Readonly<Record<string, RegExp>> = {
  '102': /^(\d{4})(\d{2})(\d{2})$/,
  '203': /^(\d{4})(\d{2})(\d{2})\d{4}$/,
  '204': /^(\d{4})(\d{2})(\d{2})\d{6}$/,
}
/** No format attribute (ZUGFeRD 1 reference dates are xs:dateTime text): ISO or compact digits. */
const FREE_DATE = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|T|\s)/

export class CiiReadContext extends XmlValueReader {
  constructor(readonly dialect: CiiDialect) {
    super()
  }

  /** First child `ram:<local>` of `parent`. */
  el(parent: XmlElement | undefined, local: string): XmlElement | undefined {
    if (parent === undefined) return undefined
    const ns = this.dialect.ram
    // Indexed: the reader's hottest loop, and for-of allocates an iterator here.
    const kids = parent.children
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i] as XmlElement
      if (c.local === local && c.ns === ns) return c
    }
    return undefined
  }

  /**
   * `tax` (an ApplicableTradeTax or CategoryTradeTax) is of the VAT scheme, as the official tests
   * decide it: `upper-case(ram:TypeCode) = 'VAT'`, untrimmed. An absent element counts as VAT: its
   * holder has no category code to check.
   */
  isVatTax(tax: XmlElement | undefined): boolean {
    return tax === undefined || this.all(tax, 'TypeCode').some((type) => type.text.toUpperCase() === 'VAT')
  }

  /**
   * Notes the `ram:CategoryTradeTax` children of the allowance or charge `el` from the `from`th
   * (0-based) on as InvoiceSource.otherAllowanceTaxes: the official VAT category rules read them,
   * the model does not hold them. `priceAdjustment`: `el` is a `ram:AppliedTradeAllowanceCharge`;
   * `of`: the document allowance or charge `el` was read as.
   */
  noteOtherAllowanceTaxes(el: XmlElement, from: number, priceAdjustment: boolean, of?: DocumentAllowanceCharge): void {
    const taxes = this.all(el, 'CategoryTradeTax')
    if (taxes.length <= from) return
    const indicator = this.indicator(el, 'ChargeIndicator')
    for (const tax of taxes.slice(from)) {
      const rateEl = this.el(tax, this.dialect.rate)
      const holder: OtherAllowanceTax = { isCharge: indicator === true, amount: ZERO, vatCategoryCode: this.text(tax, 'CategoryCode') ?? '', vatRate: this.decimalOf(rateEl) }
      if (priceAdjustment) holder.priceAdjustment = true
      if (of !== undefined) holder.of = of
      this.noteAbsentIn(holder, { [CHARGE_INDICATOR_ABSENT]: indicator })
      this.noteValuelessIn(holder, 'vatRate', rateEl, holder.vatRate)
      this.otherAllowanceTaxes.push(this.noteTaxScheme(this.keepCodeAsWritten(holder, this.el(tax, 'CategoryCode')), this.isVatTax(tax)))
    }
  }

  /** All children `ram:<local>` of `parent`, in document order. */
  all(parent: XmlElement | undefined, local: string): XmlElement[] {
    if (parent === undefined) return []
    const ns = this.dialect.ram
    const out: XmlElement[] = []
    const kids = parent.children
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i] as XmlElement
      if (c.local === local && c.ns === ns) out.push(c)
    }
    return out
  }

  /**
   * Follows `ram:<local>` and then (when given) `ram:<next>`. Two fixed parameters rather than a
   * rest list: the readers ask this dozens of times per line, and a rest list is an array each time.
   */
  path(parent: XmlElement | undefined, local: string, next?: string): XmlElement | undefined {
    const at = this.el(parent, local)
    return next === undefined ? at : this.el(at, next)
  }

  text(parent: XmlElement | undefined, local: string, next?: string): string | undefined {
    return this.textOf(this.path(parent, local, next))
  }

  /** The first of several alternative children that has text. */
  firstText(parent: XmlElement | undefined, locals: readonly string[]): string | undefined {
    for (const local of locals) {
      const t = this.text(parent, local)
      if (t !== undefined) return t
    }
    return undefined
  }

  amount(parent: XmlElement | undefined, local: string, next?: string): Decimal | undefined {
    return this.decimalOf(this.path(parent, local, next))
  }

  /** A udt/qdt Indicator child as a boolean. */
  indicator(parent: XmlElement | undefined, local: string): boolean | undefined {
    const holder = this.el(parent, local)
    return this.booleanOf(holder?.children.find((c) => c.local === 'Indicator' && this.dialect.dataTypeNs.includes(c.ns)))
  }

  /**
   * The calendar date inside a date container: its udt:DateTimeString / qdt:DateTimeString /
   * udt:DateString child with the UNTDID 2379 format, or (ZUGFeRD 1 references) its own text.
   */
  date(parent: XmlElement | undefined, local: string, next?: string): CalendarDate | undefined {
    const holder = this.path(parent, local, next)
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
    if (m === null || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
      this.problem(el, `not a date in format ${format ?? 'CCYYMMDD'}: ${JSON.stringify(t.slice(0, 40))}`)
      return undefined
    }
    return `${m[1]}-${m[2]}-${m[3]}`
  }
}
