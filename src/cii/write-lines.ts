/**
 * CII invoice lines (ram:IncludedSupplyChainTradeLineItem, behaviour doc §3.2) in XSD order:
 * line document, product, agreement (prices), delivery (quantity), settlement (VAT, period,
 * allowances/charges, line total, object identifier, accounting account).
 * @module
 */
import { ZERO } from '../model/decimal.js'
import type { InvoiceLine, LineAllowanceCharge, LineDocumentReference } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'
import type { CiiContentRules } from './content-rules.js'
import { allowanceChargeReason, writeProductDetails } from './write-common.js'
import { partyShape, writeParty } from './write-party.js'
import { amountText, percentText, priceText, writeDate } from './write-format.js'

/** BT-128's TypeCode: "invoiced object" (UNTDID 1001 code 130). */
const OBJECT_IDENTIFIER_TYPE = '130'

/**
 * An EXTENDED sub-line (GROUP or INFORMATION) counts in no sum, and the Factur-X EXTENDED rules ask
 * quantity, net price and VAT of DETAIL lines only (BR-FXEXT-BR-22 to -26, BR-FXEXT-CO-04). Where
 * the model holds a zero quantity or net price (what the readers and the JSON mapping hold when the
 * source had none) or no VAT category, such a line gets none of them: Mustang writes BilledQuantity
 * 0, a net price 0 and VAT category Z, and that Z makes BR-FXEXT-Z-01 fail without a Z breakdown.
 */
function isSubLine(line: InvoiceLine): boolean {
  const code = line.lineStatusReasonCode
  return code !== undefined && code !== 'DETAIL'
}

function writeIndicator(w: XmlTextWriter, isCharge: boolean): void {
  w.open('ram:ChargeIndicator')
  w.text('udt:Indicator', isCharge ? 'true' : 'false')
  w.close()
}

/**
 * BG-27/BG-28 line allowances and charges (SpecifiedTradeAllowanceCharge, amounts with 2
 * decimals, no VAT category on the line), or EXTENDED gross price adjustments
 * (AppliedTradeAllowanceCharge: amounts per unit, with price precision). The percentage is
 * written exactly; `reason` is the caller's (BG-27/BG-28 get a default, price adjustments do not).
 */
function writeAllowanceCharge(
  w: XmlTextWriter,
  name: string,
  ac: LineAllowanceCharge,
  money: (d: typeof ac.amount) => string,
  reason: string | undefined,
): void {
  w.open(name)
  writeIndicator(w, ac.isCharge)
  if (ac.percentage) w.text('ram:CalculationPercent', percentText(ac.percentage))
  if (ac.baseAmount) w.text('ram:BasisAmount', money(ac.baseAmount))
  w.text('ram:ActualAmount', money(ac.amount))
  w.leaf('ram:ReasonCode', ac.reasonCode)
  w.leaf('ram:Reason', reason)
  w.close()
}

function writeReferencedDocument(w: XmlTextWriter, name: string, ref: LineDocumentReference): void {
  w.open(name)
  w.leaf('ram:IssuerAssignedID', ref.id)
  w.leaf('ram:LineID', ref.lineId)
  w.leaf('ram:TypeCode', ref.typeCode)
  w.leaf('ram:ReferenceTypeCode', ref.referenceTypeCode)
  writeDate(w, 'ram:FormattedIssueDateTime', ref.issueDate, 'qdt')
  w.close()
}

/**
 * BG-29 gross price. EXTENDED lists each product-level adjustment; the other profiles allow one
 * AppliedTradeAllowanceCharge, an allowance (BT-147 is a discount), so they carry the net
 * discount, and no gross price at all when the product charges outweigh the allowances.
 */
function writeGrossPrice(w: XmlTextWriter, line: InvoiceLine, rules: CiiContentRules): void {
  const { grossPrice: gross, priceDiscount, grossPriceAdjustments } = line.price
  if (gross === undefined) return
  if (rules.extended && grossPriceAdjustments !== undefined) {
    w.open('ram:GrossPriceProductTradePrice')
    w.text('ram:ChargeAmount', priceText(gross))
    writeBasisQuantity(w, line)
    for (const ac of grossPriceAdjustments) writeAllowanceCharge(w, 'ram:AppliedTradeAllowanceCharge', ac, priceText, ac.reason)
    w.close()
    return
  }
  // BT-147 alone: one allowance (EXTENDED may express a net surcharge as a charge).
  const discount = priceDiscount ?? ZERO
  const surcharge = discount.isNegative()
  if (surcharge && !rules.extended) return
  w.open('ram:GrossPriceProductTradePrice')
  w.text('ram:ChargeAmount', priceText(gross))
  writeBasisQuantity(w, line)
  // A BT-147 of 0 given explicitly is kept (the source said "no discount"); an absent one is not written.
  if (priceDiscount !== undefined && (!discount.isZero() || rules.extended)) {
    w.open('ram:AppliedTradeAllowanceCharge')
    writeIndicator(w, surcharge)
    w.text('ram:ActualAmount', priceText(discount.abs()))
    w.close()
  }
  w.close()
}

function writeBasisQuantity(w: XmlTextWriter, line: InvoiceLine): void {
  const q = line.price.baseQuantity
  if (q) w.text('ram:BasisQuantity', priceText(q), attr('unitCode', line.price.baseQuantityUnitCode))
}

function writeProduct(w: XmlTextWriter, line: InvoiceLine, rules: CiiContentRules): void {
  const item = line.item
  const std = item.standardId
  const full = rules.fullEn16931
  w.open('ram:SpecifiedTradeProduct')
  if (std && std.schemeId !== undefined) w.text('ram:GlobalID', std.value, attr('schemeID', std.schemeId))
  if (full) {
    w.leaf('ram:SellerAssignedID', item.sellerId)
    w.leaf('ram:BuyerAssignedID', item.buyerId)
  }
  w.text('ram:Name', item.name)
  if (full) {
    w.leaf('ram:Description', item.description)
    writeProductDetails(w, item, rules.extended)
  }
  w.close()
}

function writeNote(w: XmlTextWriter, text: string, subjectCode?: string): void {
  w.open('ram:IncludedNote')
  w.text('ram:Content', text)
  w.leaf('ram:SubjectCode', subjectCode)
  w.close()
}

function writeLineDocument(w: XmlTextWriter, line: InvoiceLine, rules: CiiContentRules): void {
  const extra = line.additionalNotes
  w.open('ram:AssociatedDocumentLineDocument')
  w.text('ram:LineID', line.id)
  if (rules.extended) {
    w.leaf('ram:ParentLineID', line.parentLineId)
    w.leaf('ram:LineStatusReasonCode', line.lineStatusReasonCode)
    // EXTENDED keeps every line note apart, with its subject code.
    if (line.note !== undefined) writeNote(w, line.note)
    for (const n of extra ?? []) writeNote(w, n.text, n.subjectCode)
  } else {
    // EN 16931 allows one line note (BT-127): further notes join it there.
    const texts = extra === undefined ? [] : extra.map((n) => n.text)
    if (line.note !== undefined) texts.unshift(line.note)
    if (texts.length > 0) writeNote(w, texts.join('\n'))
  }
  w.close()
}

function writeAgreement(w: XmlTextWriter, line: InvoiceLine, rules: CiiContentRules): void {
  // Empty only for a sub-line without price: left out then (optional in EXTENDED).
  w.openOptional('ram:SpecifiedLineTradeAgreement')
  if (rules.fullEn16931 && (line.orderLineReference !== undefined || (rules.extended && line.buyerOrderReference !== undefined))) {
    w.open('ram:BuyerOrderReferencedDocument')
    if (rules.extended) w.leaf('ram:IssuerAssignedID', line.buyerOrderReference)
    w.leaf('ram:LineID', line.orderLineReference)
    w.close()
  }
  // EXTENDED line references, in model order; BT-128 has its own place in the line settlement.
  if (rules.extended) for (const r of line.additionalReferences ?? []) writeReferencedDocument(w, 'ram:AdditionalReferencedDocument', r)
  writeGrossPrice(w, line, rules)
  if (!isSubLine(line) || !line.price.netPrice.isZero()) {
    w.open('ram:NetPriceProductTradePrice')
    w.text('ram:ChargeAmount', priceText(line.price.netPrice))
    writeBasisQuantity(w, line)
    w.close()
  }
  if (rules.extended && line.lineSeller) writeParty(w, 'ram:ItemSellerTradeParty', line.lineSeller, partyShape(rules, 'other'), rules)
  w.close()
}

function writeLineSettlement(w: XmlTextWriter, line: InvoiceLine, rules: CiiContentRules): void {
  const vat = line.vat
  const period = line.period
  const object = rules.fullEn16931 ? line.objectIdentifier : undefined
  w.open('ram:SpecifiedLineTradeSettlement')
  if (!isSubLine(line) || vat.categoryCode !== '') {
    w.open('ram:ApplicableTradeTax')
    w.text('ram:TypeCode', 'VAT')
    if (rules.lineExemptionReasons) w.leaf('ram:ExemptionReason', vat.exemptionReason)
    w.text('ram:CategoryCode', vat.categoryCode)
    if (rules.lineExemptionReasons) w.leaf('ram:ExemptionReasonCode', vat.exemptionReasonCode)
    if (vat.rate) w.text('ram:RateApplicablePercent', amountText(vat.rate))
    w.close()
  }
  if (period) {
    w.open('ram:BillingSpecifiedPeriod')
    writeDate(w, 'ram:StartDateTime', period.startDate)
    writeDate(w, 'ram:EndDateTime', period.endDate)
    w.close()
  }
  // BR-42/BR-44 want a reason or a code on each, as BR-33/BR-38 on the document level.
  for (const ac of [...line.allowances, ...line.charges]) {
    writeAllowanceCharge(w, 'ram:SpecifiedTradeAllowanceCharge', ac, amountText, allowanceChargeReason(ac))
  }
  w.open('ram:SpecifiedTradeSettlementLineMonetarySummation')
  w.text('ram:LineTotalAmount', amountText(line.netAmount))
  w.close()
  if (object) {
    w.open('ram:AdditionalReferencedDocument')
    w.text('ram:IssuerAssignedID', object.value)
    w.text('ram:TypeCode', OBJECT_IDENTIFIER_TYPE)
    w.leaf('ram:ReferenceTypeCode', object.schemeId)
    w.close()
  }
  if (rules.fullEn16931) w.wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', line.buyerAccountingReference)
  w.close()
}

export function writeLine(w: XmlTextWriter, line: InvoiceLine, rules: CiiContentRules): void {
  const delivery = line.deliveryNoteReference
  w.open('ram:IncludedSupplyChainTradeLineItem')
  writeLineDocument(w, line, rules)
  writeProduct(w, line, rules)
  writeAgreement(w, line, rules)
  w.openOptional('ram:SpecifiedLineTradeDelivery')
  if (!isSubLine(line) || !line.quantity.isZero()) w.text('ram:BilledQuantity', priceText(line.quantity), attr('unitCode', line.unitCode))
  if (rules.extended && delivery) writeReferencedDocument(w, 'ram:DeliveryNoteReferencedDocument', delivery)
  w.close()
  writeLineSettlement(w, line, rules)
  w.close()
}
