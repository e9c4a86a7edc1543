/**
 * Typed access to a UBL 2.1 tree for the reader: cbc/cac children by local name, trimmed texts,
 * exact Decimals and calendar dates. A value that is present but cannot be read (an amount `1,00`,
 * a date `2024-13-01`) is recorded as a problem with its position and treated as absent, so the
 * reader never crashes on content and never invents a value (same contract as the CII reader).
 * @module
 */
import { type Decimal, ZERO } from '../model/decimal.js'
import { type CalendarDate, CHARGE_INDICATOR_ABSENT, type DocumentAllowanceCharge, type OtherAllowanceTax, type OtherLineTax } from '../model/invoice.js'
import { XmlValueReader, isCalendarDate } from '../read-values.js'
import { NS, type XmlElement } from '../xml/index.js'
import { isVatTaxScheme } from './tax-scheme.js'

/** xs:date, optionally with a time zone (which a calendar date ignores). */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/

// Indexed loops: the readers' hottest code, where for-of and filter closures allocate per call.
function find(parent: XmlElement | undefined, ns: string, local: string): XmlElement | undefined {
  if (parent === undefined) return undefined
  const kids = parent.children
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i] as XmlElement
    if (c.local === local && c.ns === ns) return c
  }
  return undefined
}

function findAll(parent: XmlElement | undefined, ns: string, local: string): XmlElement[] {
  const out: XmlElement[] = []
  if (parent === undefined) return out
  const kids = parent.children
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i] as XmlElement
    if (c.local === local && c.ns === ns) out.push(c)
  }
  return out
}

export class UblReadContext extends XmlValueReader {
  /** See InvoiceSource.otherLineTaxes. */
  readonly otherLineTaxes: OtherLineTax[] = []

  /** First `cac:<local>` child. */
  cac(parent: XmlElement | undefined, local: string): XmlElement | undefined {
    return find(parent, NS.cac, local)
  }

  /** All `cac:<local>` children in document order. */
  cacs(parent: XmlElement | undefined, local: string): XmlElement[] {
    return findAll(parent, NS.cac, local)
  }

  /**
   * Notes the `cac:TaxCategory` children of the allowance or charge `el` from the `from`th (0-based)
   * on as InvoiceSource.otherAllowanceTaxes: the official VAT category rules read every
   * `//cac:AllowanceCharge`, the model holds only the document level's first category. `of`: the
   * document allowance or charge `el` was read as.
   */
  noteOtherAllowanceTaxes(el: XmlElement, from: number, of?: DocumentAllowanceCharge): void {
    const categories = this.cacs(el, 'TaxCategory')
    if (categories.length <= from) return
    const indicator = this.indicator(el, 'ChargeIndicator')
    for (const category of categories.slice(from)) {
      const rateEl = this.cbc(category, 'Percent')
      const holder: OtherAllowanceTax = { isCharge: indicator === true, amount: ZERO, vatCategoryCode: this.text(category, 'ID') ?? '', vatRate: this.decimalOf(rateEl) }
      if (of !== undefined) holder.of = of
      this.noteAbsentIn(holder, { [CHARGE_INDICATOR_ABSENT]: indicator })
      this.noteValuelessIn(holder, 'vatRate', rateEl, holder.vatRate)
      this.otherAllowanceTaxes.push(this.noteTaxScheme(holder, isVatTaxScheme(category)))
    }
  }

  /** First `cbc:<local>` child. */
  cbc(parent: XmlElement | undefined, local: string): XmlElement | undefined {
    return find(parent, NS.cbc, local)
  }

  /** All `cbc:<local>` children in document order. */
  cbcs(parent: XmlElement | undefined, local: string): XmlElement[] {
    return findAll(parent, NS.cbc, local)
  }

  /** Follows `cac:` steps and ends on a `cbc:` leaf: `leaf(party, 'PartyName', 'Name')`. */
  leaf(parent: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
    let at = parent
    for (let i = 0; i < locals.length - 1; i++) at = this.cac(at, locals[i] ?? '')
    return this.cbc(at, locals[locals.length - 1] ?? '')
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

  amount(parent: XmlElement | undefined, ...locals: string[]): Decimal | undefined {
    return this.decimalOf(this.leaf(parent, ...locals))
  }

  /** cbc:ChargeIndicator and friends: xs:boolean. */
  indicator(parent: XmlElement | undefined, local: string): boolean | undefined {
    return this.booleanOf(this.cbc(parent, local))
  }

  /** A calendar date `YYYY-MM-DD` (a time zone suffix is dropped: BT dates are calendar dates). */
  date(parent: XmlElement | undefined, ...locals: string[]): CalendarDate | undefined {
    const el = this.leaf(parent, ...locals)
    const t = this.textOf(el)
    if (el === undefined || t === undefined) return undefined
    const m = DATE_TEXT.exec(t)
    if (m === null || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
      this.problem(el, `not a date YYYY-MM-DD: ${JSON.stringify(t.slice(0, 40))}`)
      return undefined
    }
    return `${m[1]}-${m[2]}-${m[3]}`
  }
}
