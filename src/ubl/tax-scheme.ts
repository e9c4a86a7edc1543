/**
 * Whether a UBL tax category (`cac:TaxCategory`, `cac:ClassifiedTaxCategory`) or party tax scheme
 * (`cac:PartyTaxScheme`) is of the VAT scheme, as the official tests decide it:
 * `cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'`. Trimming is enough: a space inside
 * leaves no `VAT` either. Shared by the reader and the validation rules.
 * @module
 */
import { NS, type XmlElement } from '../xml/index.js'
import { xmlTrim } from '../xml/whitespace.js'

export function isVatTaxScheme(holder: XmlElement): boolean {
  for (const scheme of holder.children) {
    if (scheme.local !== 'TaxScheme' || scheme.ns !== NS.cac) continue
    const id = scheme.children.find((c) => c.local === 'ID' && c.ns === NS.cbc)
    if (xmlTrim(id?.text.toUpperCase() ?? '') === 'VAT') return true
  }
  return false
}
