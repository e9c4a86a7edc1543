/**
 * Business rules whose official tests ask for an element's presence, or for a VAT category of the
 * VAT tax scheme, in ways the model does not keep: a blank code is present for them, and a tax
 * category whose scheme is not VAT (CII `ram:TypeCode`, UBL `cac:TaxScheme/cbc:ID`, compared
 * upper-cased) is no VAT category at all. They read the tree of the syntax, with the official
 * contexts (`//` and relative patterns match at any depth):
 *
 * - BR-22 (BT-129): each line has a quantity element (CII `ram:BilledQuantity`, UBL
 *   `cbc:InvoicedQuantity`/`cbc:CreditedQuantity`);
 * - BR-47/BR-48 (BT-118/119): each VAT breakdown (CII `ram:ApplicableTradeTax` of the header
 *   settlement, UBL `cac:TaxTotal/cac:TaxSubtotal`) has a VAT-scheme category with a code element,
 *   and a rate element or category `O`;
 * - BR-49 (BT-81): each payment means has a type code element;
 * - BR-57 (BT-80), UBL only: each `cac:Delivery/cac:DeliveryLocation/cac:Address`, line deliveries
 *   included, has a `cac:Country/cbc:IdentificationCode` element (CII asks for a non-blank country
 *   of the header delivery, which the model states exactly);
 * - BR-CO-04 (BT-151): each line has a VAT-scheme category with a code element;
 * - BR-CO-17 (BT-117): each VAT breakdown's tax amount is basis × rate (±1, CII inclusive), its
 *   rate being the VAT-scheme rate: a breakdown without one (no rate element, or a scheme other
 *   than VAT) must have a tax amount that rounds to 0.
 *
 * A document without a tree, or of another syntax, is checked on the model.
 * @module
 */
import { type Decimal, ZERO } from '../../model/decimal.js'
import type { Invoice, VatBreakdown } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { normalizeSpace, stringValue } from '../syntax/paths.js'
import { type QName, decimalOf, descend, descendants, kid, kids, q } from '../syntax/tree-helpers.js'
import type { Issue, ModelContext } from '../types.js'
import { fmt, hasText, isAbsent, issue, xpathRound0, xpathRound2 } from './model-helpers.js'

const C = {
  headerSettlement: q('ram:ApplicableHeaderTradeSettlement'),
  tradeTax: q('ram:ApplicableTradeTax'),
  typeCode: q('ram:TypeCode'),
  categoryCode: q('ram:CategoryCode'),
  rate: q('ram:RateApplicablePercent'),
  calculatedAmount: q('ram:CalculatedAmount'),
  basisAmount: q('ram:BasisAmount'),
  lineItem: q('ram:IncludedSupplyChainTradeLineItem'),
  lineSettlement: q('ram:SpecifiedLineTradeSettlement'),
  lineDelivery: q('ram:SpecifiedLineTradeDelivery'),
  billedQuantity: q('ram:BilledQuantity'),
  paymentMeans: q('ram:SpecifiedTradeSettlementPaymentMeans'),
}
const U = {
  taxTotal: q('cac:TaxTotal'),
  taxSubtotal: q('cac:TaxSubtotal'),
  taxCategory: q('cac:TaxCategory'),
  taxScheme: q('cac:TaxScheme'),
  id: q('cbc:ID'),
  percent: q('cbc:Percent'),
  taxAmount: q('cbc:TaxAmount'),
  taxableAmount: q('cbc:TaxableAmount'),
  invoiceLine: q('cac:InvoiceLine'),
  creditNoteLine: q('cac:CreditNoteLine'),
  item: q('cac:Item'),
  classifiedTaxCategory: q('cac:ClassifiedTaxCategory'),
  invoicedQuantity: q('cbc:InvoicedQuantity'),
  creditedQuantity: q('cbc:CreditedQuantity'),
  paymentMeans: q('cac:PaymentMeans'),
  paymentMeansCode: q('cbc:PaymentMeansCode'),
  delivery: q('cac:Delivery'),
  deliveryLocation: q('cac:DeliveryLocation'),
  address: q('cac:Address'),
  country: q('cac:Country'),
  identificationCode: q('cbc:IdentificationCode'),
}

type Check = (ctx: ModelContext) => readonly Issue[]
type Bound = { cii: (root: XmlElement) => readonly Issue[]; ubl: (root: XmlElement) => readonly Issue[]; model: (invoice: Invoice) => readonly Issue[] }

/** The tree check of the document's syntax, or the model check where there is none. */
function bound(rule: Bound): Check {
  return (ctx) => {
    if (ctx.doc !== undefined && ctx.syntax === 'CII') return rule.cii(ctx.doc.root)
    if (ctx.doc !== undefined && (ctx.syntax === 'UBL-Invoice' || ctx.syntax === 'UBL-CreditNote')) return rule.ubl(ctx.doc.root)
    return rule.model(ctx.invoice)
  }
}

const isChildOf = (el: XmlElement, parent: QName): boolean => el.parent !== undefined && el.parent.local === parent.local && el.parent.ns === parent.ns

/** One issue at `group[i]/bt` for each element that fails `ok` (1-based, in document order). */
function each(elements: readonly XmlElement[], group: string, bt: string, ok: (el: XmlElement) => boolean): Issue[] {
  const out: Issue[] = []
  for (let i = 0; i < elements.length; i++) if (!ok(elements[i] as XmlElement)) out.push(issue(btPath(group, i + 1, bt)))
  return out
}

const has = (el: XmlElement, name: QName): boolean => kid(el, name) !== undefined

/** CII `.[upper-case(ram:TypeCode) = 'VAT']`: the tax is of the VAT scheme (compared as written, upper-cased). */
const ciiIsVat = (tax: XmlElement): boolean => {
  const type = kid(tax, C.typeCode)
  return type !== undefined && stringValue(type).toUpperCase() === 'VAT'
}

/** UBL `cac:TaxCategory[cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT']`. */
const ublIsVat = (category: XmlElement): boolean =>
  kids(category, U.taxScheme).some((scheme) => {
    const id = kid(scheme, U.id)
    return normalizeSpace(id === undefined ? '' : stringValue(id).toUpperCase()) === 'VAT'
  })

const ciiBreakdowns = (root: XmlElement): XmlElement[] => descendants(root, C.tradeTax).filter((t) => isChildOf(t, C.headerSettlement))
const ublBreakdowns = (root: XmlElement): XmlElement[] => descendants(root, U.taxSubtotal).filter((s) => isChildOf(s, U.taxTotal))
const ublVatCategories = (subtotal: XmlElement): XmlElement[] => kids(subtotal, U.taxCategory).filter(ublIsVat)
const ublLines = (root: XmlElement): XmlElement[] => [...descendants(root, U.invoiceLine), ...descendants(root, U.creditNoteLine)]

export const br22: Check = bound({
  cii: (root) => each(descendants(root, C.lineItem), 'BG-25', 'BT-129', (li) => descend(li, C.lineDelivery, C.billedQuantity).length > 0),
  ubl: (root) => each(ublLines(root), 'BG-25', 'BT-129', (l) => has(l, U.invoicedQuantity) || has(l, U.creditedQuantity)),
  model: (invoice) => (isAbsent(invoice, 'BT-129') ? [issue(btPath('BG-25', 'BT-129'))] : []),
})

export const br47: Check = bound({
  cii: (root) => each(ciiBreakdowns(root), 'BG-23', 'BT-118', (t) => ciiIsVat(t) && has(t, C.categoryCode)),
  ubl: (root) => each(ublBreakdowns(root), 'BG-23', 'BT-118', (s) => ublVatCategories(s).some((c) => has(c, U.id))),
  model: (invoice) => invoice.vatBreakdown.flatMap((v, i) => (hasText(v.categoryCode) ? [] : [issue(btPath('BG-23', i + 1, 'BT-118'))])),
})

export const br48: Check = bound({
  cii: (root) =>
    each(ciiBreakdowns(root), 'BG-23', 'BT-119', (t) => ciiIsVat(t) && (has(t, C.rate) || kids(t, C.categoryCode).some((c) => stringValue(c) === 'O'))),
  ubl: (root) =>
    each(ublBreakdowns(root), 'BG-23', 'BT-119', (s) => {
      const vat = ublVatCategories(s)
      return vat.some((c) => has(c, U.percent)) || vat.some((c) => {
        const id = kid(c, U.id)
        return id !== undefined && normalizeSpace(stringValue(id)) === 'O'
      })
    }),
  model: (invoice) => invoice.vatBreakdown.flatMap((v, i) => (v.rate === undefined && v.categoryCode !== 'O' ? [issue(btPath('BG-23', i + 1, 'BT-119'))] : [])),
})

export const br49: Check = bound({
  cii: (root) => each(descendants(root, C.paymentMeans), 'BG-16', 'BT-81', (m) => has(m, C.typeCode)),
  ubl: (root) => each(descendants(root, U.paymentMeans), 'BG-16', 'BT-81', (m) => has(m, U.paymentMeansCode)),
  model: (invoice) => (isAbsent(invoice, 'BT-81') ? [issue(btPath('BG-16', 'BT-81'))] : []),
})

export const brCo04: Check = bound({
  cii: (root) =>
    each(descendants(root, C.lineItem), 'BG-25', 'BT-151', (li) => descend(li, C.lineSettlement, C.tradeTax).some((t) => ciiIsVat(t) && has(t, C.categoryCode))),
  ubl: (root) =>
    each(ublLines(root), 'BG-25', 'BT-151', (l) => descend(l, U.item, U.classifiedTaxCategory).some((c) => ublIsVat(c) && has(c, U.id))),
  model: (invoice) => invoice.lines.flatMap((l, i) => (hasText(l.vat.categoryCode) ? [] : [issue(btPath('BG-25', i + 1, 'BT-151'))])),
})

/** UBL only: CII's test is the model's (a non-blank country of the header deliver-to address). */
export const ublBr57 = (root: XmlElement): readonly Issue[] =>
  each(
    descendants(root, U.address).filter((a) => isChildOf(a, U.deliveryLocation) && a.parent !== undefined && isChildOf(a.parent, U.delivery)),
    'BG-13',
    'BG-15/BT-80',
    (a) => descend(a, U.country, U.identificationCode).length > 0,
  )

/**
 * BR-CO-17's three ways to pass, as the official test states them: a rate rounding to 0 with a
 * tax amount rounding to 0; another rate with the tax amount within 1 of round(|basis| × rate ÷
 * 100, 2); no rate with a tax amount rounding to 0. An absent amount passes none of them.
 */
function taxAmountOk(tax: Decimal | undefined, basis: Decimal | undefined, rate: Decimal | undefined, inclusive: boolean): boolean {
  if (tax === undefined) return false
  if (rate === undefined || xpathRound0(rate).isZero()) return xpathRound0(tax).isZero()
  if (basis === undefined) return false
  const diff = tax.abs().minus(expectedTax(basis, rate)).abs()
  return inclusive ? diff.lessThanOrEqualTo(1) : diff.lessThan(1)
}

const expectedTax = (basis: Decimal, rate: Decimal): Decimal => xpathRound2(basis.abs().times(rate).dividedBy(100))

function co17Issues(breakdowns: readonly { tax: Decimal | undefined; basis: Decimal | undefined; rate: Decimal | undefined }[], inclusive: boolean): Issue[] {
  const out: Issue[] = []
  breakdowns.forEach(({ tax, basis, rate }, i) => {
    if (taxAmountOk(tax, basis, rate, inclusive)) return
    const expected = rate === undefined || xpathRound0(rate).isZero() || basis === undefined ? ZERO : expectedTax(basis, rate)
    out.push(issue(btPath('BG-23', i + 1, 'BT-117'), { expected: expected.toString(), found: fmt(tax) }))
  })
  return out
}

/** CII BR-CO-17 reads the rate under `normalize-space(upper-case(ram:TypeCode)) = 'VAT'` (BR-47 does not normalise). */
const ciiIsVatNormalised = (tax: XmlElement): boolean => {
  const type = kid(tax, C.typeCode)
  return type !== undefined && normalizeSpace(stringValue(type).toUpperCase()) === 'VAT'
}

export const brCo17: Check = bound({
  cii: (root) =>
    co17Issues(
      ciiBreakdowns(root).map((t) => ({
        tax: decimalOf(kid(t, C.calculatedAmount)),
        basis: decimalOf(kid(t, C.basisAmount)),
        rate: ciiIsVatNormalised(t) ? decimalOf(kid(t, C.rate)) : undefined,
      })),
      true,
    ),
  ubl: (root) =>
    co17Issues(
      ublBreakdowns(root).map((s) => {
        const rateEl = ublVatCategories(s)
          .map((c) => kid(c, U.percent))
          .find((p) => p !== undefined)
        return { tax: decimalOf(kid(s, U.taxAmount)), basis: decimalOf(kid(s, U.taxableAmount)), rate: decimalOf(rateEl) }
      }),
      false,
    ),
  model: (invoice) => co17Issues(invoice.vatBreakdown.map((v: VatBreakdown) => ({ tax: v.taxAmount, basis: v.taxableAmount, rate: v.rate })), true),
})
