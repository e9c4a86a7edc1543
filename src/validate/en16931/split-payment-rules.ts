/**
 * BR-B-01 and BR-B-02, the Italian split payment (VAT category `B`), with the official tests read
 * on the tree: they look at every category code and every country code of the document, wherever
 * it is, compared as written (no white-space normalisation).
 *
 * - BR-B-01: an invoice using `B` has no country code other than `IT` (CII: any `ram:CountryID`;
 *   UBL: any `cbc:IdentificationCode`). CII takes `B` from any `ram:CategoryCode`, UBL from any
 *   `cac:TaxCategory/cbc:ID` or `cac:ClassifiedTaxCategory/cbc:ID`.
 * - BR-B-02: an invoice using `B` uses no `S`. CII reads any `ram:CategoryCode`; UBL the VAT
 *   breakdowns' and the document allowances' and charges' categories and any line's classified one.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { stringValue } from '../syntax/paths.js'
import { type QName, descend, descendants, q } from '../syntax/tree-helpers.js'
import { when } from './model-helpers.js'
import { bound } from './syntax-bound-rules.js'

const CII_CATEGORY = q('ram:CategoryCode')
const CII_COUNTRY = q('ram:CountryID')
const TAX_CATEGORY = q('cac:TaxCategory')
const CLASSIFIED = q('cac:ClassifiedTaxCategory')
const ID = q('cbc:ID')
const UBL_COUNTRY = q('cbc:IdentificationCode')
const TAX_TOTAL = q('cac:TaxTotal')
const TAX_SUBTOTAL = q('cac:TaxSubtotal')
const ALLOWANCE_CHARGE = q('cac:AllowanceCharge')

const texts = (els: readonly XmlElement[]): string[] => els.map(stringValue)
const anyOther = (values: readonly string[], code: string): boolean => values.some((v) => v !== code)

/** `//cac:X/cbc:ID` for each X: the ids of every such element, anywhere. */
function ublCategoryIds(root: XmlElement, ...parents: QName[]): string[] {
  return parents.flatMap((p) => texts(descendants(root, p).flatMap((el) => descend(el, ID))))
}

/** The model's category and country codes, for a document without a tree. */
function modelCodes(inv: Invoice): { categories: string[]; countries: string[] } {
  const categories = [...inv.lines.map((l) => l.vat.categoryCode), ...inv.vatBreakdown.map((v) => v.categoryCode), ...inv.allowancesAndCharges.map((a) => a.vatCategoryCode)]
  const addresses = [inv.seller.address, inv.buyer.address, inv.sellerTaxRepresentative?.address, inv.delivery?.address]
  const countries = addresses.flatMap((a) => (a?.countryCode === undefined ? [] : [a.countryCode]))
  return { categories, countries }
}

const AT = btPath('BG-23')

export const brB01 = bound({
  cii: (root) => {
    const categories = texts(descendants(root, CII_CATEGORY))
    return when(categories.includes('B') && anyOther(texts(descendants(root, CII_COUNTRY)), 'IT'), AT)
  },
  ubl: (root) => {
    const categories = ublCategoryIds(root, TAX_CATEGORY, CLASSIFIED)
    return when(categories.includes('B') && anyOther(texts(descendants(root, UBL_COUNTRY)), 'IT'), AT)
  },
  model: (inv) => {
    const { categories, countries } = modelCodes(inv)
    return when(categories.includes('B') && anyOther(countries, 'IT'), AT)
  },
})

export const brB02 = bound({
  cii: (root) => {
    const categories = texts(descendants(root, CII_CATEGORY))
    return when(categories.includes('B') && categories.includes('S'), AT)
  },
  ubl: (root) => {
    const breakdowns = descend(root, TAX_TOTAL, TAX_SUBTOTAL, TAX_CATEGORY, ID)
    const documentLevel = descend(root, ALLOWANCE_CHARGE, TAX_CATEGORY, ID)
    const categories = [...texts(breakdowns), ...texts(documentLevel), ...ublCategoryIds(root, CLASSIFIED)]
    return when(categories.includes('B') && categories.includes('S'), AT)
  },
  model: (inv) => {
    const { categories } = modelCodes(inv)
    return when(categories.includes('B') && categories.includes('S'), AT)
  },
})
