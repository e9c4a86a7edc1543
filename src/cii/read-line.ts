/**
 * CII IncludedSupplyChainTradeLineItem → BG-25 INVOICE LINE (with BG-26 … BG-32 and the
 * EXTENDED line content: sub-line structure, line references, line seller and ship-to).
 * @module
 */
import { ZERO, sum } from '../model/decimal.js'
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
import type { CiiReadContext } from './read-context.js'
import { compact, readParty } from './read-party.js'

/**
 * An IncludedNote: ZUGFeRD 1 allows several Content elements, joined by a line break. Each is
 * trimmed like every other text the readers take (and as Mustang trims CII notes); line breaks
 * and indentation inside it are kept. The UBL reader trims cbc:Note the same way.
 */
export function readNote(cx: CiiReadContext, el: XmlElement): InvoiceNote | undefined {
  const contents = cx.all(el, 'Content').map((c) => cx.textOf(c))
  const text = contents.filter((c) => c !== undefined).join('\n')
  const subjectCode = cx.text(el, 'SubjectCode')
  const contentCode = cx.text(el, 'ContentCode')
  if (text === '' && subjectCode === undefined && contentCode === undefined) return undefined
  return compact<InvoiceNote>({ subjectCode, text, contentCode })
}

/** BG-27 / BG-28 (and the gross price adjustments of BG-29): one SpecifiedTradeAllowanceCharge. */
export function readLineAllowanceCharge(cx: CiiReadContext, el: XmlElement, priceAdjustment = false): LineAllowanceCharge {
  cx.noteOtherAllowanceTaxes(el, 0, priceAdjustment)
  const amount = cx.amount(el, 'ActualAmount')
  if (amount === undefined) cx.problem(el, 'allowance/charge without ActualAmount (BT-136/BT-141), read as 0')
  const allowanceCharge = compact<LineAllowanceCharge>({
    isCharge: cx.indicator(el, 'ChargeIndicator') === true,
    amount: amount ?? ZERO,
    baseAmount: cx.amount(el, 'BasisAmount'),
    percentage: cx.amount(el, 'CalculationPercent'),
    reason: cx.text(el, 'Reason'),
    reasonCode: cx.text(el, 'ReasonCode'),
  })
  return cx.noteBlankIn(allowanceCharge, { reason: cx.el(el, 'Reason'), reasonCode: cx.el(el, 'ReasonCode') })
}

export function readPeriod(cx: CiiReadContext, el: XmlElement | undefined): Period | undefined {
  if (el === undefined) return undefined
  const period = compact<Period>({
    startDate: cx.date(el, 'StartDateTime'),
    endDate: cx.date(el, 'EndDateTime'),
    description: cx.text(el, 'Description'),
  })
  return Object.keys(period).length === 0 ? undefined : period
}

/** A referenced document with a line id (EXTENDED line references). */
export function readLineReference(cx: CiiReadContext, el: XmlElement | undefined): LineDocumentReference | undefined {
  if (el === undefined) return undefined
  const id = cx.firstText(el, cx.dialect.referenceId)
  const lineId = cx.text(el, 'LineID')
  if (id === undefined && lineId === undefined) return undefined
  return compact<LineDocumentReference>({
    id: id ?? '',
    lineId,
    typeCode: cx.text(el, 'TypeCode'),
    referenceTypeCode: cx.text(el, 'ReferenceTypeCode'),
    issueDate: firstDate(cx, el, cx.dialect.referenceDate),
  })
}

export function firstDate(cx: CiiReadContext, el: XmlElement, locals: readonly string[]): string | undefined {
  for (const local of locals) {
    const d = cx.date(el, local)
    if (d !== undefined) return d
  }
  return undefined
}

/** BG-31 ITEM INFORMATION + BG-32 attributes. */
function readItem(cx: CiiReadContext, el: XmlElement | undefined): Item {
  const classifications = cx.all(el, 'DesignatedProductClassification')
  const codes = classifications.map((c) => {
    const code = cx.el(c, 'ClassCode')
    const value = cx.textOf(code)
    if (value === undefined) return undefined
    return compact({ value, schemeId: cx.attr(code, 'listID'), schemeVersion: cx.attr(code, 'listVersionID') })
  })
  const kept = classifications.filter((_, i) => codes[i] !== undefined)
  const names = kept.map((c) => cx.text(c, 'ClassName'))
  const name = cx.text(el, 'Name')
  if (name === undefined) cx.absent('BT-153')
  return compact<Item>({
    name: name ?? '',
    description: cx.text(el, 'Description'),
    sellerId: cx.text(el, 'SellerAssignedID'),
    buyerId: cx.text(el, 'BuyerAssignedID'),
    standardId: cx.identifierOf(cx.el(el, 'GlobalID')),
    classifications: codes.filter((c) => c !== undefined),
    classificationNames: names.some((n) => n !== undefined) ? names : undefined,
    countryOfOrigin: cx.text(el, 'OriginTradeCountry', 'ID'),
    attributes: cx.all(el, 'ApplicableProductCharacteristic').map((a) => ({
      name: cx.text(a, 'Description') ?? '',
      value: cx.text(a, 'Value') ?? cx.text(a, 'ValueMeasure') ?? '',
    })),
  })
}

/** BG-29 PRICE DETAILS: net price BT-146, gross price BT-148 with its discount BT-147. */
function readPrice(cx: CiiReadContext, agreement: XmlElement | undefined): PriceDetails {
  const net = cx.el(agreement, 'NetPriceProductTradePrice')
  const gross = cx.el(agreement, 'GrossPriceProductTradePrice')
  const netPrice = cx.amount(net, 'ChargeAmount')
  if (netPrice === undefined) cx.absent('BT-146')
  const adjustments = cx.all(gross, 'AppliedTradeAllowanceCharge').map((a) => readLineAllowanceCharge(cx, a, true))
  // The net price's adjustments are no business term, but their tax categories count for the VAT rules.
  for (const a of cx.all(net, 'AppliedTradeAllowanceCharge')) cx.noteOtherAllowanceTaxes(a, 0, true)
  // BT-147 is the gross price allowance (one amount in EN 16931). EXTENDED may list several,
  // charges among them, with reasons: those are kept whole, BT-147 is then their net sum.
  const discount = sum(adjustments.map((a) => (a.isCharge ? a.amount.neg() : a.amount)))
  const detailed = adjustments.length > 1 || adjustments.some((a) => Object.keys(a).length > 2 || a.isCharge)
  const basis = cx.el(net, 'BasisQuantity') ?? cx.el(gross, 'BasisQuantity')
  const price = compact<PriceDetails>({
    netPrice: netPrice ?? ZERO,
    priceDiscount: adjustments.length > 0 ? discount : undefined,
    grossPrice: cx.amount(gross, 'ChargeAmount'),
    baseQuantity: cx.decimalOf(basis),
    baseQuantityUnitCode: cx.attr(basis, 'unitCode'),
    grossPriceAdjustments: detailed ? adjustments : undefined,
  })
  return netPrice === undefined ? cx.noteAbsentIn(price, { 'BT-146': netPrice }) : price
}

/** BT-127 and the EXTENDED further notes: a note with codes keeps them in `additionalNotes`. */
function splitNotes(notes: InvoiceNote[]): Pick<InvoiceLine, 'note' | 'additionalNotes'> {
  const first = notes[0]
  if (first === undefined) return {}
  if (first.subjectCode === undefined && first.contentCode === undefined) {
    return compact({ note: first.text, additionalNotes: notes.length > 1 ? notes.slice(1) : undefined })
  }
  return { additionalNotes: notes }
}

/** BG-30 from a line's `ram:ApplicableTradeTax` (none: an empty category), with what the VAT rules note of it. */
function readLineVat(cx: CiiReadContext, tax: XmlElement | undefined): LineVat {
  const rateEl = cx.el(tax, cx.dialect.rate)
  const rate = cx.decimalOf(rateEl)
  const vat = compact<LineVat>({
    categoryCode: cx.text(tax, 'CategoryCode') ?? '',
    rate,
    exemptionReason: cx.text(tax, 'ExemptionReason'),
    exemptionReasonCode: cx.text(tax, 'ExemptionReasonCode'),
  })
  return cx.noteTaxScheme(cx.keepCodeAsWritten(cx.noteValuelessIn(vat, 'rate', rateEl, rate), cx.el(tax, 'CategoryCode')), cx.isVatTax(tax))
}

/**
 * Lines without a LineID (ZUGFeRD 1 often has none; BT-126 is mandatory elsewhere) are read with
 * id `''` and numbered here: by position, or the next number no other line has, so that a line
 * without id before "1", "2" … never shares an id with another line.
 */
export function numberLinesWithoutId(lines: readonly InvoiceLine[]): void {
  const taken = new Set(lines.map((l) => l.id).filter((id) => id !== ''))
  lines.forEach((line, i) => {
    if (line.id !== '') return
    let n = i + 1
    while (taken.has(String(n))) n++
    line.id = String(n)
    taken.add(line.id)
  })
}

/** One line; its id is `''` when it has no LineID (see numberLinesWithoutId). */
export function readLine(cx: CiiReadContext, el: XmlElement): InvoiceLine {
  const d = cx.dialect
  const doc = cx.el(el, 'AssociatedDocumentLineDocument')
  const agreement = cx.el(el, d.lineAgreement)
  const delivery = cx.el(el, d.lineDelivery)
  const settlement = cx.el(el, d.lineSettlement)
  const [tax, ...otherTaxes] = cx.all(settlement, 'ApplicableTradeTax')
  const notes = cx
    .all(doc, 'IncludedNote')
    .map((n) => readNote(cx, n))
    .filter((n) => n !== undefined)

  let quantityEl: XmlElement | undefined
  for (const local of d.lineQuantity) quantityEl ??= cx.el(delivery, local)
  const quantity = cx.decimalOf(quantityEl)
  const netAmount = cx.amount(settlement, d.lineSummation, 'LineTotalAmount')
  const id = cx.text(doc, 'LineID')
  // ZUGFeRD 1 lines often have no LineID (numberLinesWithoutId numbers them): not a missing term there.
  if (id === undefined && d.syntax !== 'ZUGFeRD1') cx.absent('BT-126')
  if (quantity === undefined) cx.absent('BT-129')
  if (netAmount === undefined) cx.absent('BT-131')
  if (cx.text(tax, 'CategoryCode') === undefined) cx.absent('BT-151')
  const vat = readLineVat(cx, tax)
  if (otherTaxes.length > 0) cx.otherLineTaxes.set(vat, otherTaxes.map((t) => readLineVat(cx, t)))

  const allowances = cx.all(settlement, 'SpecifiedTradeAllowanceCharge').map((a) => readLineAllowanceCharge(cx, a))
  const buyerOrder = cx.el(agreement, 'BuyerOrderReferencedDocument')
  // BT-128 is the settlement's AdditionalReferencedDocument with TypeCode 130 (scheme in
  // ReferenceTypeCode); EXTENDED adds further references in the line agreement.
  const settlementRefs = cx.all(settlement, 'AdditionalReferencedDocument')
  const objectRef = settlementRefs.find((r) => cx.text(r, 'TypeCode') === '130')
  const references = [...cx.all(agreement, 'AdditionalReferencedDocument'), ...settlementRefs]
  const otherRefs = references
    .filter((r) => r !== objectRef)
    .map((r) => readLineReference(cx, r))
    .filter((r) => r !== undefined)
  const objectId = cx.firstText(objectRef, d.referenceId)
  // Named fields rather than a spread: a spread in the middle of this literal sends every line
  // through V8's slow generic property copy. compact() drops the undefined ones, same key order.
  const { note, additionalNotes } = splitNotes(notes)

  const line = compact<InvoiceLine>({
    id: id ?? '',
    note,
    additionalNotes,
    objectIdentifier:
      objectId === undefined ? undefined : compact({ value: objectId, schemeId: cx.text(objectRef, 'ReferenceTypeCode') }),
    quantity: quantity ?? ZERO,
    unitCode: cx.attr(quantityEl, 'unitCode'),
    netAmount: netAmount ?? ZERO,
    orderLineReference: cx.text(buyerOrder, 'LineID'),
    buyerAccountingReference: cx.text(settlement, 'ReceivableSpecifiedTradeAccountingAccount', 'ID'),
    period: readPeriod(cx, cx.el(settlement, 'BillingSpecifiedPeriod')),
    allowances: allowances.filter((a) => !a.isCharge),
    charges: allowances.filter((a) => a.isCharge),
    price: readPrice(cx, agreement),
    vat,
    item: readItem(cx, cx.el(el, 'SpecifiedTradeProduct')),
    parentLineId: cx.text(doc, 'ParentLineID'),
    lineStatusReasonCode: cx.text(doc, 'LineStatusReasonCode'),
    buyerOrderReference: cx.firstText(buyerOrder, d.referenceId),
    deliveryNoteReference: readLineReference(cx, cx.el(delivery, 'DeliveryNoteReferencedDocument')),
    additionalReferences: otherRefs.length > 0 ? otherRefs : undefined,
    lineSeller: readParty(cx, cx.el(agreement, 'ItemSellerTradeParty')),
    shipTo: readParty(cx, cx.el(delivery, 'ShipToTradeParty')),
  })
  // Per line, so that a ZUGFeRD 1 line's missing amount can be told from a written 0 (read-zf1-lines.ts).
  return quantity === undefined || netAmount === undefined ? cx.noteAbsentIn(line, { 'BT-129': quantity, 'BT-131': netAmount }) : line
}
