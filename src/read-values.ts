/**
 * What every syntax reader shares when it reads values out of an XML tree: trimmed texts,
 * attributes, identifiers with their scheme, exact Decimals, booleans. A value that is present but
 * cannot be read (an amount `1,00`) is recorded as a problem with its position and treated as
 * absent, so a reader never crashes on content and never invents a value. The CII and UBL read
 * contexts add their own navigation and date formats on top.
 * @module
 */
import type { Decimal } from './model/decimal.js'
import { decimalFromText } from './read-decimal.js'
import { CATEGORY_CODE_ABSENT, type Identifier, type LineVat, type OtherAllowanceTax, type SourceProblem } from './model/invoice.js'
import { type XmlAttribute, type XmlElement, elementPath } from './xml/index.js'
import { xmlTrim } from './xml/whitespace.js'

/** xs:decimal lexical form (no exponent, no grouping). */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
/** A negative integer as Saxon compares it with an integer, exactly (at most ten digits): `-0` equals 0 there. */
const PLAIN_NEGATIVE_INTEGER = /^-\d{1,10}$/

/** True for a real calendar date (no 30 February). */
export function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

export class XmlValueReader {
  readonly problems: SourceProblem[] = []
  readonly absentTerms: string[] = []
  /** See InvoiceSource.otherAllowanceTaxes. */
  readonly otherAllowanceTaxes: OtherAllowanceTax[] = []
  /** See InvoiceSource.otherLineTaxes. */
  readonly otherLineTaxes = new Map<object, LineVat[]>()
  /** See InvoiceSource.categoryCodesAsWritten; made on the first code that needs it. */
  categoryCodesAsWritten: Map<object, string> | undefined

  /** See InvoiceSource.otherTaxSchemes; made on the first category that needs it. */
  otherTaxSchemes: Set<object> | undefined

  /** See InvoiceSource.absentIn; made on the first term that needs it. */
  absentIn: Map<object, string[]> | undefined

  /** Notes that `holder` lacks each of `terms` that is undefined in `values`; returns `holder`. */
  noteAbsentIn<T extends object>(holder: T, values: Readonly<Record<string, unknown>>): T {
    for (const [term, value] of Object.entries(values)) {
      if (value !== undefined) continue
      this.absentIn ??= new Map()
      const list = this.absentIn.get(holder)
      if (list === undefined) this.absentIn.set(holder, [term])
      else list.push(term)
    }
    return holder
  }

  /** See InvoiceSource.blankIn; made on the first field that needs it. */
  blankIn: Map<object, string[]> | undefined

  /** Notes each of `fields` whose element is there without text (see InvoiceSource.blankIn); returns `holder`. */
  noteBlankIn<T extends object>(holder: T, fields: Readonly<Record<string, XmlElement | undefined>>): T {
    for (const [field, el] of Object.entries(fields)) if (el !== undefined && xmlTrim(el.text) === '') this.noteBlank(holder, field)
    return holder
  }

  private noteBlank(holder: object, field: string): void {
    this.blankIn ??= new Map()
    const list = this.blankIn.get(holder)
    if (list === undefined) this.blankIn.set(holder, [field])
    else list.push(field)
  }

  /**
   * Notes `field` when its element is there but gave no value (blank, or text the reader could not
   * read; see InvoiceSource.blankIn), or when it is a zero written as a negative decimal (see
   * InvoiceSource.negativeZeroIn); returns `holder`.
   */
  noteValuelessIn<T extends object>(holder: T, field: string, el: XmlElement | undefined, value: Decimal | undefined): T {
    if (el !== undefined && value === undefined) this.noteBlank(holder, field)
    // A zero written with a minus sign and not as a plain integer (`-0.00`): see InvoiceSource.negativeZeroIn.
    else if (el !== undefined && value !== undefined && value.isZero() && value.isNeg() && !PLAIN_NEGATIVE_INTEGER.test(xmlTrim(el.text))) {
      this.negativeZeroIn ??= new Map()
      const list = this.negativeZeroIn.get(holder)
      if (list === undefined) this.negativeZeroIn.set(holder, [field])
      else list.push(field)
    }
    return holder
  }

  /** See InvoiceSource.negativeZeroIn; made on the first field that needs it. */
  negativeZeroIn: Map<object, string[]> | undefined

  /**
   * Notes `holder` when its UBL tax category element is absent (CATEGORY_CODE_ABSENT: the official
   * tests select no category to compare); returns `holder`.
   */
  noteCategoryElement<T extends object>(holder: T, category: XmlElement | undefined): T {
    return category === undefined ? this.noteAbsentIn(holder, { [CATEGORY_CODE_ABSENT]: undefined }) : holder
  }

  /** Notes `holder` when its tax category is of another tax scheme than VAT; returns `holder`. */
  noteTaxScheme<T extends object>(holder: T, isVat: boolean): T {
    if (!isVat) (this.otherTaxSchemes ??= new Set()).add(holder)
    return holder
  }

  /**
   * Notes `holder`'s code as written when white space around it was trimmed, or that the code
   * element is absent (CATEGORY_CODE_ABSENT); returns `holder`.
   */
  keepCodeAsWritten<T extends object>(holder: T, el: XmlElement | undefined): T {
    if (el === undefined) return this.noteAbsentIn(holder, { [CATEGORY_CODE_ABSENT]: undefined })
    const raw = el.text
    if (raw !== xmlTrim(raw)) (this.categoryCodesAsWritten ??= new Map()).set(holder, raw)
    return holder
  }

  /** Trimmed text of an element; undefined when absent or blank. */
  textOf(el: XmlElement | undefined): string | undefined {
    if (el === undefined) return undefined
    const t = xmlTrim(el.text)
    return t === '' ? undefined : t
  }

  /** A no-namespace attribute, trimmed; undefined when absent or blank. */
  attr(el: XmlElement | undefined, local: string): string | undefined {
    if (el === undefined) return undefined
    const attributes = el.attributes
    for (let i = 0; i < attributes.length; i++) {
      const a = attributes[i] as XmlAttribute
      if (a.local === local && a.ns === '') {
        const v = xmlTrim(a.value)
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
    return decimalFromText(t)
  }

  /** An xs:boolean element (`true`/`1`, `false`/`0`). */
  booleanOf(el: XmlElement | undefined): boolean | undefined {
    const t = this.textOf(el)
    if (el === undefined || t === undefined) return undefined
    if (t === 'true' || t === '1') return true
    if (t === 'false' || t === '0') return false
    this.problem(el, `not an indicator (true/false): ${JSON.stringify(t.slice(0, 40))}`)
    return undefined
  }

  problem(el: XmlElement, message: string): void {
    this.problems.push({ path: elementPath(el), line: el.line, column: el.column, message })
  }

  /** Notes that a term the model requires is missing from the document. */
  absent(term: string): void {
    if (!this.absentTerms.includes(term)) this.absentTerms.push(term)
  }
}
