/**
 * BR-x-01 of the UBL binding, read from the tree: whether an invoice that uses a VAT category has
 * the VAT breakdown(s) of it. The official UBL tests look at tax schemes, which the model drops:
 * for Z, E, AE, K (BR-IC), G and O only categories of the VAT scheme count, on both sides (a use
 * of `E` under another scheme needs no breakdown, a breakdown under another scheme is none), and
 * the breakdown's own category counts as a use. S counts every scheme; L (BR-AF) and M (BR-AG)
 * mix both, as written in the official tests.
 * @module
 */
import type { XmlDocument, XmlElement } from '../../xml/index.js'
import { normalizeSpace, stringValue } from '../syntax/paths.js'
import { descendants, kids, q } from '../syntax/tree-helpers.js'
import { ublIsVat } from './syntax-bound-rules.js'

const U = {
  taxTotal: q('cac:TaxTotal'),
  taxSubtotal: q('cac:TaxSubtotal'),
  taxCategory: q('cac:TaxCategory'),
  classifiedTaxCategory: q('cac:ClassifiedTaxCategory'),
  allowanceCharge: q('cac:AllowanceCharge'),
  id: q('cbc:ID'),
  item: q('cac:Item'),
}

/** A tax category as the tests read it. */
type Category = {
  vat: boolean
  /** `normalize-space(cbc:ID)`: the first ID (XSD allows one). */
  code: string
  /** Every `cbc:ID`, as written and normalised. */
  ids: { written: string; normalized: string }[]
}

function categoryOf(el: XmlElement): Category {
  const ids = kids(el, U.id).map((id) => {
    const written = stringValue(id)
    return { written, normalized: normalizeSpace(written) }
  })
  return { vat: ublIsVat(el), code: ids[0]?.normalized ?? '', ids }
}

/** The document's categories, read once for the nine rules. */
type Categories = {
  /** `cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory` of the document element. */
  breakdowns: Category[]
  /** `//cac:AllowanceCharge/cac:TaxCategory` and `//cac:ClassifiedTaxCategory`: the uses S, L and M count. */
  uses: Category[]
  /** Codes of every VAT `cac:TaxCategory` and `cac:ClassifiedTaxCategory` (any of its IDs, normalised). */
  vatCodes: Set<string>
}

const read = new WeakMap<XmlDocument, Categories>()

function categoriesOf(doc: XmlDocument): Categories {
  let found = read.get(doc)
  if (found !== undefined) return found
  const root = doc.root
  const breakdowns = kids(root, U.taxTotal).flatMap((total) => kids(total, U.taxSubtotal).flatMap((subtotal) => kids(subtotal, U.taxCategory).map(categoryOf)))
  const uses = [...descendants(root, U.allowanceCharge).flatMap((ac) => kids(ac, U.taxCategory)), ...descendants(root, U.classifiedTaxCategory)].map(categoryOf)
  const vatCodes = new Set<string>()
  for (const el of [...descendants(root, U.taxCategory), ...descendants(root, U.classifiedTaxCategory)]) {
    const c = categoryOf(el)
    if (c.vat) for (const id of c.ids) vatCodes.add(id.normalized)
  }
  found = { breakdowns, uses, vatCodes }
  read.set(doc, found)
  return found
}

/** The uses (lines, allowances, charges) and breakdowns of a category as the test counts them. */
export type BreakdownPresence = { ok: boolean; used: number; found: number }

/** The official UBL BR-x-01 of category `code`. */
export function ublBreakdownPresence(doc: XmlDocument, code: string): BreakdownPresence {
  const { breakdowns, uses, vatCodes } = categoriesOf(doc)
  const count = (cats: readonly Category[], test: (c: Category) => boolean): number => cats.filter(test).length
  const normalized = (c: Category): boolean => c.code === code
  const vatNormalized = (c: Category): boolean => c.vat && c.code === code
  switch (code) {
    case 'S': {
      const used = count(uses, normalized)
      const found = count(breakdowns, normalized)
      return { ok: used > 0 === found > 0, used, found }
    }
    case 'L':
    case 'M': {
      const used = count(uses, vatNormalized)
      // With uses, BR-AF-01 compares `cbc:ID = 'L'` as written and ignores the scheme; BR-AG-01
      // keeps the scheme there. Without, both count normalised codes of the VAT scheme.
      const written = (c: Category): boolean => (code === 'M' ? c.vat : true) && c.ids.some((id) => id.written === code)
      const found = used > 0 ? count(breakdowns, written) : count(breakdowns, vatNormalized)
      return { ok: used > 0 ? found > 0 : found === 0, used, found }
    }
    default: {
      // `count(…/cac:TaxCategory[VAT]/cbc:ID[normalize-space(.) = code]) = 1` counts ID elements,
      // and `//cac:TaxCategory` finds the breakdowns' own categories as uses too.
      const idsOf = (c: Category): number => (c.vat ? c.ids.filter((id) => id.normalized === code).length : 0)
      const found = breakdowns.reduce((n, c) => n + idsOf(c), 0)
      return { ok: !vatCodes.has(code) || found === 1, used: count(uses, (c) => idsOf(c) > 0), found }
    }
  }
}

const SUB_LINES = [q('cac:SubInvoiceLine'), q('cac:SubCreditNoteLine')]
const subLineCodes = new WeakMap<XmlDocument, readonly string[]>()

/**
 * `normalize-space(cbc:ID)` of the VAT-scheme `cac:ClassifiedTaxCategory` elements of XRechnung
 * sub-invoice lines (BG-DEX-01). The UBL tests that look for line categories with
 * `//cac:ClassifiedTaxCategory` (BR-x-02, BR-O-12) find them too; the model the CEN rules read
 * holds the top-level lines only.
 */
export function ublSubLineVatCodes(doc: XmlDocument): readonly string[] {
  let codes = subLineCodes.get(doc)
  if (codes !== undefined) return codes
  const found: string[] = []
  for (const name of SUB_LINES) {
    // Nested sub-lines are descendants too: each line's own categories, once.
    for (const line of descendants(doc.root, name)) {
      for (const item of kids(line, U.item)) {
        for (const c of kids(item, U.classifiedTaxCategory)) if (ublIsVat(c)) found.push(categoryOf(c).code)
      }
    }
  }
  subLineCodes.set(doc, (codes = found))
  return codes
}
