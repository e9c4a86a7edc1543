/**
 * Business rules whose official tests ask for an element's presence, or for a VAT category of the
 * VAT tax scheme, in ways the model does not keep: a blank code is present for them, and a tax
 * category whose scheme is not VAT (CII `ram:TypeCode`, UBL `cac:TaxScheme/cbc:ID`, compared
 * upper-cased) is no VAT category at all. They read the tree of the syntax, with the official
 * contexts (`//` and relative patterns match at any depth):
 *
 * - BR-21…BR-28 (BG-25): per line, with the official tests: a non-blank line id (BR-21; the CII
 *   reader numbers lines without one), a quantity element (BR-22) with a unitCode (BR-23), a net
 *   amount element (BR-24), a non-blank item name (BR-25), a net price element (BR-26) that is
 *   ≥ 0 (BR-27: an absent price fails too), a gross price, where given, ≥ 0 (BR-28);
 * - BR-47/BR-48 (BT-118/119): each VAT breakdown (CII `ram:ApplicableTradeTax` of the header
 *   settlement, UBL `cac:TaxTotal/cac:TaxSubtotal`) has a VAT-scheme category with a code element,
 *   and a rate element or category `O`;
 * - BR-49 (BT-81): each payment means has a type code element;
 * - BR-51 (BT-87): each payment card's number is at most 10 characters once white space is
 *   normalised (CII `//ram:ApplicableTradeSettlementFinancialCard`, fatal; UBL
 *   `cac:PaymentMeans/cac:CardAccount/cbc:PrimaryAccountNumberID`, a warning there: one rule row per
 *   syntax);
 * - BR-52 (BT-122): each additional document reference, wherever it sits, has a non-blank id (CII
 *   `//ram:AdditionalReferencedDocument`: line references and the invoiced-object and tender
 *   references too; UBL `cac:AdditionalDocumentReference` at any depth, inside
 *   `cac:BillingReference` too), where the model knows only the header's supporting documents;
 * - BR-57 (BT-80): in UBL each `cac:Delivery/cac:DeliveryLocation/cac:Address`, line deliveries
 *   included, has a `cac:Country/cbc:IdentificationCode` element (CII asks for a non-blank country
 *   of the header delivery, which the model states exactly);
 * - BR-65 (BT-158-1) in CII: each `//ram:DesignatedProductClassification` with a class code has a
 *   non-blank `listID` on it, wherever it sits (a referenced product's classification too);
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
import { codePointLength } from '../../xml/xml-chars.js'
import { isVatTaxScheme } from '../../ubl/tax-scheme.js'
import { btPath } from '../location.js'
import { compareTextWithInteger } from '../schematron/values.js'
import { attrValue, normalizeSpace, stringValue } from '../syntax/paths.js'
import { type QName, decimalOf, descend, descendants, kid, kids, q } from '../syntax/tree-helpers.js'
import type { Issue, MessageParams, ModelContext } from '../types.js'
import { fmt, hasText, isAbsent, issue, when, xpathRound0, xpathRound2 } from './model-helpers.js'

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
  lineDocument: q('ram:AssociatedDocumentLineDocument'),
  lineId: q('ram:LineID'),
  lineSummation: q('ram:SpecifiedTradeSettlementLineMonetarySummation'),
  lineTotal: q('ram:LineTotalAmount'),
  product: q('ram:SpecifiedTradeProduct'),
  name: q('ram:Name'),
  lineAgreement: q('ram:SpecifiedLineTradeAgreement'),
  netPrice: q('ram:NetPriceProductTradePrice'),
  grossPrice: q('ram:GrossPriceProductTradePrice'),
  chargeAmount: q('ram:ChargeAmount'),
  paymentMeans: q('ram:SpecifiedTradeSettlementPaymentMeans'),
  additionalDocument: q('ram:AdditionalReferencedDocument'),
  issuerAssignedId: q('ram:IssuerAssignedID'),
  financialCard: q('ram:ApplicableTradeSettlementFinancialCard'),
  id: q('ram:ID'),
  classification: q('ram:DesignatedProductClassification'),
  classCode: q('ram:ClassCode'),
  taxPointDate: q('ram:TaxPointDate'),
  dueDateTypeCode: q('ram:DueDateTypeCode'),
}
const U = {
  taxTotal: q('cac:TaxTotal'),
  taxSubtotal: q('cac:TaxSubtotal'),
  taxCategory: q('cac:TaxCategory'),
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
  lineExtensionAmount: q('cbc:LineExtensionAmount'),
  name: q('cbc:Name'),
  price: q('cac:Price'),
  priceAmount: q('cbc:PriceAmount'),
  allowanceCharge: q('cac:AllowanceCharge'),
  baseAmount: q('cbc:BaseAmount'),
  paymentMeans: q('cac:PaymentMeans'),
  paymentMeansCode: q('cbc:PaymentMeansCode'),
  additionalDocument: q('cac:AdditionalDocumentReference'),
  cardAccount: q('cac:CardAccount'),
  primaryAccountNumberId: q('cbc:PrimaryAccountNumberID'),
  delivery: q('cac:Delivery'),
  deliveryLocation: q('cac:DeliveryLocation'),
  address: q('cac:Address'),
  country: q('cac:Country'),
  identificationCode: q('cbc:IdentificationCode'),
  taxPointDate: q('cbc:TaxPointDate'),
  invoicePeriod: q('cac:InvoicePeriod'),
  descriptionCode: q('cbc:DescriptionCode'),
  standardItemIdentification: q('cac:StandardItemIdentification'),
  commodityClassification: q('cac:CommodityClassification'),
  itemClassificationCode: q('cbc:ItemClassificationCode'),
}

export type Check = (ctx: ModelContext) => readonly Issue[]
type TreeCheck = (root: XmlElement, invoice: Invoice) => readonly Issue[]
type Bound = { cii: TreeCheck; ubl: TreeCheck; model: (invoice: Invoice) => readonly Issue[] }

/** The tree check of the document's syntax, or the model check where there is no tree of CII or UBL. */
export function bound(rule: Bound): Check {
  return (ctx) => {
    if (ctx.doc !== undefined && ctx.syntax === 'CII') return rule.cii(ctx.doc.root, ctx.invoice)
    if (ctx.doc !== undefined && (ctx.syntax === 'UBL-Invoice' || ctx.syntax === 'UBL-CreditNote')) return rule.ubl(ctx.doc.root, ctx.invoice)
    return rule.model(ctx.invoice)
  }
}

export const isChildOf = (el: XmlElement, parent: QName): boolean => el.parent !== undefined && el.parent.local === parent.local && el.parent.ns === parent.ns

/** One issue at `group[i]/bt` for each element that fails `ok` (1-based, in document order). */
function each(elements: readonly XmlElement[], group: string, bt: string, ok: (el: XmlElement) => boolean, params?: (el: XmlElement) => MessageParams): Issue[] {
  const out: Issue[] = []
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i] as XmlElement
    if (!ok(el)) out.push(issue(btPath(group, i + 1, bt), params?.(el)))
  }
  return out
}

const has = (el: XmlElement, name: QName): boolean => kid(el, name) !== undefined

/** CII `.[upper-case(ram:TypeCode) = 'VAT']`: the tax is of the VAT scheme (compared as written, upper-cased). */
export const ciiIsVat = (tax: XmlElement): boolean => {
  const type = kid(tax, C.typeCode)
  return type !== undefined && stringValue(type).toUpperCase() === 'VAT'
}

/** UBL `cac:TaxCategory[cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT']` (the reader's test). */
export const ublIsVat = isVatTaxScheme

const ciiBreakdowns = (root: XmlElement): XmlElement[] => descendants(root, C.tradeTax).filter((t) => isChildOf(t, C.headerSettlement))
const ublBreakdowns = (root: XmlElement): XmlElement[] => descendants(root, U.taxSubtotal).filter((s) => isChildOf(s, U.taxTotal))
const ublVatCategories = (subtotal: XmlElement): XmlElement[] => kids(subtotal, U.taxCategory).filter(ublIsVat)
/** The top-level lines of a UBL invoice or credit note, in document order (no sub-invoice lines). */
export const ublLines = (root: XmlElement): XmlElement[] => [...descendants(root, U.invoiceLine), ...descendants(root, U.creditNoteLine)]

/** Categories whose CII breakdown rules have the ApplicableTradeTax itself as their context. */
const OWN_BREAKDOWN_CONTEXT = new Set(['L', 'M', 'O'])

/**
 * Whether the official CII breakdown rules (BR-45…48, BR-CO-17, BR-DEC-19/20) see this header
 * ApplicableTradeTax. They share a pattern with the category rules, and an element is checked by
 * the first rule whose context matches it: an L, M or O breakdown of the VAT type
 * (`[ram:CategoryCode = 'O'][upper-case(ram:TypeCode) = 'VAT']`) is taken by its category's rule,
 * so the general ones never run on it.
 */
export const ciiGeneralBreakdown = (t: XmlElement): boolean => !(kids(t, C.categoryCode).some((c) => OWN_BREAKDOWN_CONTEXT.has(stringValue(c))) && ciiIsVat(t))

/** BR-45 / BR-46: each breakdown has its taxable / tax amount element (UBL and model: BT-116/117 absent). */
function breakdownAmountRule(bt: 'BT-116' | 'BT-117'): Check {
  const amount = bt === 'BT-116' ? C.basisAmount : C.calculatedAmount
  return bound({
    cii: (root) => each(ciiBreakdowns(root), 'BG-23', bt, (t) => !ciiGeneralBreakdown(t) || has(t, amount)),
    ubl: (_root, invoice) => when(isAbsent(invoice, bt), btPath('BG-23', bt)),
    model: (invoice) => when(isAbsent(invoice, bt), btPath('BG-23', bt)),
  })
}

export const br45 = breakdownAmountRule('BT-116')
export const br46 = breakdownAmountRule('BT-117')

const ciiLines = (root: XmlElement): XmlElement[] => descendants(root, C.lineItem)

/** A per-line rule: one issue at BG-25[i]/bt for each line the syntax's test rejects. */
function lineRule(
  bt: string,
  ok: { cii: (li: XmlElement) => boolean; ubl: (l: XmlElement) => boolean },
  model: (invoice: Invoice) => readonly Issue[],
  found?: { cii: (li: XmlElement) => readonly XmlElement[]; ubl: (l: XmlElement) => readonly XmlElement[] },
): Check {
  const params = (values: (el: XmlElement) => readonly XmlElement[]) => (el: XmlElement): MessageParams => {
    const first = values(el)[0]
    return { found: first === undefined ? '(absent)' : normalizeSpace(stringValue(first)) }
  }
  return bound({
    cii: (root) => each(ciiLines(root), 'BG-25', bt, ok.cii, found && params(found.cii)),
    ubl: (root) => each(ublLines(root), 'BG-25', bt, ok.ubl, found && params(found.ubl)),
    model,
  })
}

/** `normalize-space(path) != ''` on the first element of the path. */
const nonBlank = (els: readonly XmlElement[]): boolean => els[0] !== undefined && normalizeSpace(stringValue(els[0])) !== ''
/**
 * `(path) >= 0`: some element of the path is not below the integer 0, compared as Saxon does (a
 * negative zero written with decimals, `-0.00`, is below it).
 */
const someNotNegative = (els: readonly XmlElement[]): boolean => els.some((e) => compareTextWithInteger(stringValue(e), 0) >= 0)
const withUnit = (els: readonly XmlElement[]): boolean => els.some((e) => attrValue(e, 'unitCode') !== undefined)
const ublQuantities = (l: XmlElement): XmlElement[] => [...kids(l, U.invoicedQuantity), ...kids(l, U.creditedQuantity)]
const ciiQuantities = (li: XmlElement): XmlElement[] => descend(li, C.lineDelivery, C.billedQuantity)
const ciiNetPrice = (li: XmlElement): XmlElement[] => descend(li, C.lineAgreement, C.netPrice, C.chargeAmount)
const ciiGrossPrice = (li: XmlElement): XmlElement[] => descend(li, C.lineAgreement, C.grossPrice, C.chargeAmount)
const ublNetPrice = (l: XmlElement): XmlElement[] => descend(l, U.price, U.priceAmount)
const ublGrossPrice = (l: XmlElement): XmlElement[] => descend(l, U.price, U.allowanceCharge, U.baseAmount)
type Line = Invoice['lines'][number]
const modelLines = (invoice: Invoice, bt: string, bad: (l: Line) => boolean, found?: (l: Line) => string): Issue[] =>
  invoice.lines.flatMap((l, i) => (bad(l) ? [issue(btPath('BG-25', i + 1, bt), found === undefined ? {} : { found: found(l) })] : []))
const modelAbsent = (bt: string) => (invoice: Invoice): Issue[] => (isAbsent(invoice, bt) ? [issue(btPath('BG-25', bt))] : [])

export const br21 = lineRule(
  'BT-126',
  { cii: (li) => nonBlank(descend(li, C.lineDocument, C.lineId)), ubl: (l) => nonBlank(kids(l, U.id)) },
  (invoice) => modelLines(invoice, 'BT-126', (l) => !hasText(l.id)),
)
export const br22 = lineRule('BT-129', { cii: (li) => ciiQuantities(li).length > 0, ubl: (l) => ublQuantities(l).length > 0 }, modelAbsent('BT-129'))
export const br23 = lineRule(
  'BT-130',
  { cii: (li) => withUnit(ciiQuantities(li)), ubl: (l) => withUnit(ublQuantities(l)) },
  (invoice) => modelLines(invoice, 'BT-130', (l) => l.unitCode === undefined),
)
export const br24 = lineRule(
  'BT-131',
  { cii: (li) => descend(li, C.lineSettlement, C.lineSummation, C.lineTotal).length > 0, ubl: (l) => has(l, U.lineExtensionAmount) },
  modelAbsent('BT-131'),
)
export const br25 = lineRule(
  'BT-153',
  { cii: (li) => nonBlank(descend(li, C.product, C.name)), ubl: (l) => nonBlank(descend(l, U.item, U.name)) },
  (invoice) => modelLines(invoice, 'BT-153', (l) => !hasText(l.item.name)),
)
export const br26 = lineRule('BT-146', { cii: (li) => ciiNetPrice(li).length > 0, ubl: (l) => ublNetPrice(l).length > 0 }, modelAbsent('BT-146'))
export const br27 = lineRule(
  'BT-146',
  { cii: (li) => someNotNegative(ciiNetPrice(li)), ubl: (l) => someNotNegative(ublNetPrice(l)) },
  (invoice) => modelLines(invoice, 'BT-146', (l) => l.price.netPrice.isNegative() && !l.price.netPrice.isZero(), (l) => fmt(l.price.netPrice)),
  { cii: ciiNetPrice, ubl: ublNetPrice },
)
export const br28 = lineRule(
  'BT-148',
  {
    cii: (li) => ciiGrossPrice(li).length === 0 || someNotNegative(ciiGrossPrice(li)),
    ubl: (l) => ublGrossPrice(l).length === 0 || someNotNegative(ublGrossPrice(l)),
  },
  (invoice) => modelLines(invoice, 'BT-148', (l) => l.price.grossPrice !== undefined && l.price.grossPrice.isNegative() && !l.price.grossPrice.isZero(), (l) => fmt(l.price.grossPrice)),
  { cii: ciiGrossPrice, ubl: ublGrossPrice },
)

export const br47: Check = bound({
  cii: (root) => each(ciiBreakdowns(root), 'BG-23', 'BT-118', (t) => !ciiGeneralBreakdown(t) || (ciiIsVat(t) && has(t, C.categoryCode))),
  ubl: (root) => each(ublBreakdowns(root), 'BG-23', 'BT-118', (s) => ublVatCategories(s).some((c) => has(c, U.id))),
  model: (invoice) => invoice.vatBreakdown.flatMap((v, i) => (hasText(v.categoryCode) ? [] : [issue(btPath('BG-23', i + 1, 'BT-118'))])),
})

export const br48: Check = bound({
  cii: (root) =>
    each(ciiBreakdowns(root), 'BG-23', 'BT-119', (t) => !ciiGeneralBreakdown(t) || (ciiIsVat(t) && (has(t, C.rate) || kids(t, C.categoryCode).some((c) => stringValue(c) === 'O')))),
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

/**
 * BR-CO-03 (BT-7/BT-8): a VAT point date and a VAT point date code exclude each other. UBL asks once
 * per document for the root's `cbc:TaxPointDate` and `cac:InvoicePeriod/cbc:DescriptionCode`. CII
 * asks on each header breakdown the general rules see (not an L, M or O one, ciiGeneralBreakdown)
 * whether the document has a `ram:TaxPointDate` and a `ram:DueDateTypeCode` anywhere: one finding
 * per such breakdown, none when every breakdown is L, M or O.
 */
export const brCo03: Check = bound({
  cii: (root) => {
    const both = descendants(root, C.taxPointDate).length > 0 && descendants(root, C.dueDateTypeCode).length > 0
    return both ? each(ciiBreakdowns(root), 'BG-23', 'BT-7', (t) => !ciiGeneralBreakdown(t)) : []
  },
  ubl: (root) => when(has(root, U.taxPointDate) && kids(root, U.invoicePeriod).some((p) => has(p, U.descriptionCode)), btPath('BT-7')),
  model: (invoice) => {
    const pointDate = invoice.taxPointDate !== undefined || invoice.vatBreakdown.some((v) => v.taxPointDate !== undefined)
    const pointCode = invoice.vatPointDateCode !== undefined || invoice.vatBreakdown.some((v) => v.dueDateTypeCode !== undefined)
    return when(pointDate && pointCode, btPath('BT-7'))
  },
})

export const brCo04: Check = bound({
  cii: (root) =>
    each(descendants(root, C.lineItem), 'BG-25', 'BT-151', (li) => descend(li, C.lineSettlement, C.tradeTax).some((t) => ciiIsVat(t) && has(t, C.categoryCode))),
  ubl: (root) =>
    each(ublLines(root), 'BG-25', 'BT-151', (l) => descend(l, U.item, U.classifiedTaxCategory).some((c) => ublIsVat(c) && has(c, U.id))),
  model: (invoice) => invoice.lines.flatMap((l, i) => (hasText(l.vat.categoryCode) ? [] : [issue(btPath('BG-25', i + 1, 'BT-151'))])),
})

/** BR-51's test on a card number (absent: '', which passes): `string-length(normalize-space(x)) <= 10`. */
const cardNumberShort = (els: readonly XmlElement[]): boolean => els[0] === undefined || codePointLength(normalizeSpace(stringValue(els[0]))) <= 10
/** BR-51 on the model (no tree): the card numbers of the payment means. */
const modelCards = (invoice: Invoice): Issue[] =>
  (invoice.paymentInstructions?.means ?? []).flatMap((m, i) =>
    m.card === undefined || codePointLength(normalizeSpace(m.card.primaryAccountNumber)) <= 10 ? [] : [issue(btPath('BG-16', i + 1, 'BT-87'))],
  )
const isUbl = (ctx: ModelContext): boolean => ctx.syntax === 'UBL-Invoice' || ctx.syntax === 'UBL-CreditNote'
/** The CII binding's BR-51 (fatal): every financial card, wherever it sits. */
export const br51Cii: Check = (ctx) => {
  if (ctx.syntax !== 'CII') return []
  if (ctx.doc === undefined) return modelCards(ctx.invoice)
  return descendants(ctx.doc.root, C.financialCard).flatMap((c) => (cardNumberShort(kids(c, C.id)) ? [] : [{ at: c }]))
}
/** The UBL binding's BR-51 (a warning): every card number of a payment means' card account. */
export const br51Ubl: Check = (ctx) => {
  if (!isUbl(ctx)) return []
  if (ctx.doc === undefined) return modelCards(ctx.invoice)
  return descendants(ctx.doc.root, U.primaryAccountNumberId).flatMap((n) =>
    n.parent !== undefined && isChildOf(n, U.cardAccount) && isChildOf(n.parent, U.paymentMeans) && !cardNumberShort([n]) ? [{ at: n }] : [],
  )
}

export const br52: Check = bound({
  cii: (root) => each(descendants(root, C.additionalDocument), 'BG-24', 'BT-122', (d) => nonBlank(kids(d, C.issuerAssignedId))),
  ubl: (root) => each(descendants(root, U.additionalDocument), 'BG-24', 'BT-122', (d) => nonBlank(kids(d, U.id))),
  model: (invoice) => when(isAbsent(invoice, 'BT-122'), btPath('BG-24', 'BT-122')),
})

/** BR-57: CII's test is the model's (a non-blank country of the header deliver-to address). */
const deliveryCountryGiven = (invoice: Invoice): readonly Issue[] => {
  const address = invoice.delivery?.address
  return address !== undefined && !hasText(address.countryCode) ? [issue(btPath('BG-13', 'BG-15', 'BT-80'))] : []
}

export const br57: Check = bound({
  cii: (_root, invoice) => deliveryCountryGiven(invoice),
  ubl: (root) =>
    each(
      descendants(root, U.address).filter((a) => isChildOf(a, U.deliveryLocation) && a.parent !== undefined && isChildOf(a.parent, U.delivery)),
      'BG-13',
      'BG-15/BT-80',
      (a) => descend(a, U.country, U.identificationCode).length > 0,
    ),
  model: deliveryCountryGiven,
})

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

function co17Issues(breakdowns: readonly { tax: Decimal | undefined; basis: Decimal | undefined; rate: Decimal | undefined; checked?: boolean }[], inclusive: boolean): Issue[] {
  const out: Issue[] = []
  breakdowns.forEach(({ tax, basis, rate, checked }, i) => {
    if (checked === false || taxAmountOk(tax, basis, rate, inclusive)) return
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
        checked: ciiGeneralBreakdown(t),
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

const ITEM_ATTRIBUTE = {
  cii: q('ram:ApplicableProductCharacteristic'),
  ciiName: q('ram:Description'),
  ciiValue: q('ram:Value'),
  ubl: q('cac:AdditionalItemProperty'),
  ublName: q('cbc:Name'),
  ublValue: q('cbc:Value'),
}

/** BR-54: each item attribute (BG-32) has a name and a value; the official tests ask for the elements, blank or not. */
export const br54: Check = bound({
  cii: (root) => descendants(root, ITEM_ATTRIBUTE.cii).flatMap((a) => (has(a, ITEM_ATTRIBUTE.ciiName) && has(a, ITEM_ATTRIBUTE.ciiValue) ? [] : [{ at: a }])),
  ubl: (root) => descendants(root, ITEM_ATTRIBUTE.ubl).flatMap((a) => (has(a, ITEM_ATTRIBUTE.ublName) && has(a, ITEM_ATTRIBUTE.ublValue) ? [] : [{ at: a }])),
  model: (invoice) => invoice.lines.flatMap((l, i) => l.item.attributes.flatMap((a, j) => (a.name === '' || a.value === '' ? [issue(btPath('BG-25', i + 1, 'BG-32', j + 1))] : []))),
})

/**
 * BR-64 / BR-65 (BT-157-1, BT-158-1): UBL asks only that each line's item identifier and
 * classification code element has the attribute (`exists(@schemeID)`, `exists(@listID)`), so an
 * empty attribute passes and a blank identifier without one fails; the model keeps neither (a blank
 * identifier is absent there). CII asks for a non-blank attribute where the element exists, as the
 * model states it.
 */
function lineSchemeRule(bt: 'BT-157' | 'BT-158', path: readonly QName[], attr: string, model: (invoice: Invoice) => readonly Issue[]): Check {
  return bound({
    cii: (_root, invoice) => model(invoice),
    ubl: (root) => each(ublLines(root), 'BG-25', bt, (l) => descend(l, ...path).every((el) => attrValue(el, attr) !== undefined)),
    model,
  })
}
export const br64 = lineSchemeRule('BT-157', [U.item, U.standardItemIdentification, U.id], 'schemeID', (invoice) =>
  modelLines(invoice, 'BT-157', (l) => l.item.standardId !== undefined && !hasText(l.item.standardId.schemeId)),
)
const br65Model = (invoice: Invoice): readonly Issue[] => modelLines(invoice, 'BT-158', (l) => l.item.classifications.some((c) => !hasText(c.schemeId)))
const br65Lines = lineSchemeRule('BT-158', [U.item, U.commodityClassification, U.itemClassificationCode], 'listID', br65Model)
/** CII: `normalize-space(ram:ClassCode/@listID) != '' or not(ram:ClassCode)` on every classification, wherever it sits. */
export const br65: Check = (ctx) =>
  ctx.doc !== undefined && ctx.syntax === 'CII'
    ? descendants(ctx.doc.root, C.classification).flatMap((c) => {
        const code = kid(c, C.classCode)
        return code === undefined || normalizeSpace(attrValue(code, 'listID') ?? '') !== '' ? [] : [{ at: c }]
      })
    : br65Lines(ctx)
