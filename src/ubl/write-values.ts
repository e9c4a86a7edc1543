/**
 * Small builders for the UBL writer: cbc/cac elements that vanish when they would be empty
 * (UBL elements must carry content), and the number formats of amounts, quantities and rates.
 * @module
 */
import type { Decimal } from '../model/decimal.js'
import type { Identifier } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'

export type Child = XmlNode | undefined | false | null

/** A cbc element with text, or nothing when the text is absent or blank. */
export function cbc(local: string, text: string | undefined, attrs?: Record<string, string | undefined>): XmlNode | undefined {
  if (text === undefined || text.trim() === '') return undefined
  return el(`cbc:${local}`, attrs, text)
}

/** A cac element, or nothing when none of its children exists (no empty aggregates). */
export function cac(local: string, ...children: Child[]): XmlNode | undefined {
  const kids = children.filter((c): c is XmlNode => c !== undefined && c !== false && c !== null)
  if (kids.length === 0) return undefined
  return el(`cac:${local}`, undefined, ...kids)
}

/** An identifier with its optional scheme attribute (`schemeID` by default). */
export function cbcId(local: string, id: Identifier | undefined, schemeAttr = 'schemeID'): XmlNode | undefined {
  if (id === undefined) return undefined
  return cbc(local, id.value, { [schemeAttr]: id.schemeId })
}

/** Plain decimal text, never exponent notation, never `-0`. */
export function decimalText(d: Decimal): string {
  return d.isZero() ? d.abs().toFixed() : d.toFixed()
}

/** Amounts and percentages: at least two decimals (`100.00`), more only when the value has them. */
export function amountText(d: Decimal): string {
  const v = d.isZero() ? d.abs() : d
  return v.decimalPlaces() < 2 ? v.toFixed(2) : v.toFixed()
}

/** A monetary amount element with its currencyID. */
export function cbcAmount(local: string, value: Decimal | undefined, currency: string): XmlNode | undefined {
  if (value === undefined) return undefined
  return el(`cbc:${local}`, { currencyID: currency }, amountText(value))
}

export function cbcPercent(local: string, value: Decimal | undefined): XmlNode | undefined {
  if (value === undefined) return undefined
  return el(`cbc:${local}`, undefined, amountText(value))
}

/** The VAT tax scheme every TaxCategory and PartyTaxScheme ends with. */
export function taxScheme(id: string): XmlNode {
  return el('cac:TaxScheme', undefined, el('cbc:ID', undefined, id))
}
