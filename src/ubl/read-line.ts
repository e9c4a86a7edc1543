/**
 * UBL InvoiceLine / CreditNoteLine → BG-25 INVOICE LINE with its period (BG-26), allowances and
 * charges (BG-27, BG-28), price (BG-29), VAT (BG-30) and item (BG-31, BG-32).
 * @module
 */
import { ZERO } from '../model/decimal.js'
import type {
  InvoiceLine,
  InvoiceNote,
  Item,
  LineAllowanceCharge,
  LineDocumentReference,
  LineVat,
  Period,
  PriceDetails,
} from '../model/invoice.js'
import type { XmlElement } from '../xml/index.js'
import { ublLineStatus } from './line-tree.js'
import type { UblReadContext } from './read-context.js'
import type { UblKind } from './ubl-codes.js'
import { isVatTaxScheme } from './tax-scheme.js'

/** cac:InvoicePeriod → BG-14 / BG-26 (start, end; BT-8 is read by the header). */
export function readPeriod(cx: UblReadContext, el: XmlElement | undefined): Period | undefined {
  if (el === undefined) return undefined
  const startDate = cx.date(el, 'StartDate')
  const endDate = cx.date(el, 'EndDate')
  const description = cx.text(el, 'Description')
  if (startDate === undefined && endDate === undefined && description === undefined) return undefined
  return { startDate, endDate, description }
}

/** Line-level cac:AllowanceCharge (BT-136..145): no VAT category at line level in EN 16931. */
function readLineAllowanceCharge(cx: UblReadContext, el: XmlElement): LineAllowanceCharge {
  const amount = cx.amount(el, 'Amount')
  if (amount === undefined) cx.absent('BT-136')
  const allowanceCharge: LineAllowanceCharge = {
    isCharge: cx.indicator(el, 'ChargeIndicator') === true,
    amount: amount ?? ZERO,
    baseAmount: cx.amount(el, 'BaseAmount'),
    percentage: cx.amount(el, 'MultiplierFactorNumeric'),
    reason: cx.text(el, 'AllowanceChargeReason'),
    reasonCode: cx.text(el, 'AllowanceChargeReasonCode'),
  }
  return cx.noteBlankIn(allowanceCharge, { reason: cx.cbc(el, 'AllowanceChargeReason'), reasonCode: cx.cbc(el, 'AllowanceChargeReasonCode') })
}

/** cac:Price → BG-29; the price discount (BT-147) and gross price (BT-148) sit in its AllowanceCharge. */
function readPrice(cx: UblReadContext, el: XmlElement | undefined, nested: boolean): PriceDetails {
  const netPrice = cx.amount(el, 'PriceAmount')
  if (netPrice === undefined && !nested) cx.absent('BT-146')
  const baseQuantity = cx.cbc(el, 'BaseQuantity')
  const discount = cx.cacs(el, 'AllowanceCharge').find((ac) => cx.indicator(ac, 'ChargeIndicator') !== true)
  return {
    netPrice: netPrice ?? ZERO,
    priceDiscount: cx.amount(discount, 'Amount'),
    grossPrice: cx.amount(discount, 'BaseAmount'),
    baseQuantity: cx.decimalOf(baseQuantity),
    baseQuantityUnitCode: cx.attr(baseQuantity, 'unitCode'),
  }
}

function readItem(cx: UblReadContext, el: XmlElement | undefined): Item {
  const name = cx.text(el, 'Name')
  if (name === undefined) cx.absent('BT-153')
  const descriptions = cx.texts(el, 'Description')
  const classifications = cx.cacs(el, 'CommodityClassification').flatMap((cc) => {
    const code = cx.cbc(cc, 'ItemClassificationCode')
    const value = cx.textOf(code)
    if (value === undefined) return []
    return [{ value, schemeId: cx.attr(code, 'listID'), schemeVersion: cx.attr(code, 'listVersionID') }]
  })
  const attributes = cx.cacs(el, 'AdditionalItemProperty').flatMap((p) => {
    const n = cx.text(p, 'Name')
    const v = cx.text(p, 'Value')
    return n === undefined && v === undefined ? [] : [{ name: n ?? '', value: v ?? '' }]
  })
  return {
    name: name ?? '',
    // UBL-SR-50 allows one description; several (invalid but seen) are kept, joined by newlines.
    description: descriptions.length === 0 ? undefined : descriptions.join('\n'),
    sellerId: cx.text(el, 'SellersItemIdentification', 'ID'),
    buyerId: cx.text(el, 'BuyersItemIdentification', 'ID'),
    standardId: cx.identifierOf(cx.leaf(el, 'StandardItemIdentification', 'ID')),
    classifications,
    countryOfOrigin: cx.text(el, 'OriginCountry', 'IdentificationCode'),
    attributes,
  }
}

/** Line cac:DocumentReference: type 130 is BT-128, any other is kept as an extension reference. */
function readLineReferences(cx: UblReadContext, line: XmlElement): { object?: LineDocumentReference | undefined; others: LineDocumentReference[] } {
  let object: LineDocumentReference | undefined
  const others: LineDocumentReference[] = []
  for (const ref of cx.cacs(line, 'DocumentReference')) {
    const idEl = cx.cbc(ref, 'ID')
    const id = cx.textOf(idEl)
    if (id === undefined) continue
    const typeCode = cx.text(ref, 'DocumentTypeCode')
    const entry = { id, typeCode, referenceTypeCode: cx.attr(idEl, 'schemeID'), issueDate: cx.date(ref, 'IssueDate') }
    if (typeCode === '130' && object === undefined) object = entry
    else others.push(entry)
  }
  return { object, others }
}

/** BG-30 from an item's `cac:ClassifiedTaxCategory` (none: an empty category), with what the VAT rules note of it. */
function readLineVat(cx: UblReadContext, taxCategory: XmlElement | undefined): LineVat {
  const rate = cx.amount(taxCategory, 'Percent')
  const vat = {
    categoryCode: cx.text(taxCategory, 'ID') ?? '',
    rate,
    exemptionReason: cx.text(taxCategory, 'TaxExemptionReason'),
    exemptionReasonCode: cx.text(taxCategory, 'TaxExemptionReasonCode'),
  }
  cx.noteValuelessIn(vat, 'rate', cx.cbc(taxCategory, 'Percent'), rate)
  cx.noteTaxScheme(vat, taxCategory === undefined || isVatTaxScheme(taxCategory))
  return cx.noteCategoryElement(vat, taxCategory)
}

/** @param nested a sub-line (BG-DEX-01), whose quantity and price are optional (UBL 2.1 XSD). */
export function readLine(cx: UblReadContext, line: XmlElement, quantityElement: string, nested = false): InvoiceLine {
  const id = cx.text(line, 'ID')
  if (id === undefined) cx.absent('BT-126')
  const quantityEl = cx.cbc(line, quantityElement)
  const quantity = cx.decimalOf(quantityEl)
  if (quantity === undefined && !nested) cx.absent('BT-129')
  const netAmount = cx.amount(line, 'LineExtensionAmount')
  if (netAmount === undefined) cx.absent('BT-131')
  const notes = cx.texts(line, 'Note')
  const additionalNotes: InvoiceNote[] = notes.slice(1).map((text) => ({ text }))
  const refs = readLineReferences(cx, line)
  const allowanceCharges = cx.cacs(line, 'AllowanceCharge').map((ac) => readLineAllowanceCharge(cx, ac))
  const item = cx.cac(line, 'Item')
  const [taxCategory, ...otherCategories] = cx.cacs(item, 'ClassifiedTaxCategory')
  if (cx.text(taxCategory, 'ID') === undefined) cx.absent('BT-151')
  const vat = readLineVat(cx, taxCategory)
  // A sub-line's further categories the official line contexts and sums do not take (see ublSubLineVatCodes).
  if (otherCategories.length > 0 && !nested) cx.otherLineTaxes.set(vat, otherCategories.map((c) => readLineVat(cx, c)))
  return {
    id: id ?? '',
    note: notes[0],
    additionalNotes: additionalNotes.length === 0 ? undefined : additionalNotes,
    objectIdentifier: refs.object === undefined ? undefined : { value: refs.object.id, schemeId: refs.object.referenceTypeCode },
    quantity: quantity ?? ZERO,
    unitCode: cx.attr(quantityEl, 'unitCode'),
    netAmount: netAmount ?? ZERO,
    orderLineReference: cx.text(line, 'OrderLineReference', 'LineID'),
    buyerAccountingReference: cx.text(line, 'AccountingCost'),
    period: readPeriod(cx, cx.cac(line, 'InvoicePeriod')),
    allowances: allowanceCharges.filter((ac) => !ac.isCharge),
    charges: allowanceCharges.filter((ac) => ac.isCharge),
    price: readPrice(cx, cx.cac(line, 'Price'), nested),
    vat,
    item: readItem(cx, item),
    additionalReferences: refs.others.length === 0 ? undefined : refs.others,
  }
}

/**
 * The document's lines with their sub-lines (BG-DEX-01), flat in document order as CII has them:
 * each sub-line names its parent, and the status says which lines count (see line-tree.ts).
 */
export function readLines(cx: UblReadContext, root: XmlElement, kind: UblKind, withSubLines: boolean): InvoiceLine[] {
  const out: InvoiceLine[] = []
  const visit = (el: XmlElement, parentLineId: string | undefined): void => {
    const subLines = withSubLines ? cx.cacs(el, kind.subLineElement) : []
    const line = readLine(cx, el, kind.quantityElement, parentLineId !== undefined)
    const status = ublLineStatus(parentLineId !== undefined, subLines.length > 0)
    out.push(parentLineId === undefined && status === undefined ? line : { ...line, parentLineId, lineStatusReasonCode: status })
    for (const sub of subLines) visit(sub, line.id)
  }
  for (const line of cx.cacs(root, kind.lineElement)) visit(line, undefined)
  return out
}
