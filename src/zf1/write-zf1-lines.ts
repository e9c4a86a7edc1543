/**
 * ZUGFeRD 1.0 invoice lines (ram:IncludedSupplyChainTradeLineItem, RAM :12) in the XSD's order:
 * line document, agreement (order reference, prices), delivery (quantity), settlement (VAT,
 * period, allowances/charges, line total, accounting account), product.
 * @module
 */
import { writeProductDetails } from '../cii/write-common.js'
import { percentText, priceText, writeDate } from '../cii/write-format.js'
import type { InvoiceLine, LineAllowanceCharge } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'
import type { Zf1ContentRules } from './content-rules.js'
import { writeAllowanceCharge, writeAmount, writeIndicator, writeReference, writeTax } from './write-zf1-parts.js'

/**
 * Prices keep their currency in ZUGFeRD 1; 4 to 18 decimals as in CII (Mustang: fixed 4).
 * `currency` is the attribute text; `adjustments` are written after the basis quantity.
 */
function writePrice(w: XmlTextWriter, name: string, value: string, line: InvoiceLine, currency: string, adjustments: readonly LineAllowanceCharge[]): void {
  const q = line.price.baseQuantity
  w.open(name)
  w.text('ram:ChargeAmount', value, currency)
  if (q) w.text('ram:BasisQuantity', priceText(q), attr('unitCode', line.price.baseQuantityUnitCode))
  for (const ac of adjustments) writePriceAdjustment(w, ac, currency)
  w.close()
}

function writePriceAdjustment(w: XmlTextWriter, ac: LineAllowanceCharge, currency: string): void {
  w.open('ram:AppliedTradeAllowanceCharge')
  writeIndicator(w, 'ram:ChargeIndicator', ac.isCharge)
  if (ac.percentage) w.text('ram:CalculationPercent', percentText(ac.percentage))
  if (ac.baseAmount) w.text('ram:BasisAmount', priceText(ac.baseAmount), currency)
  w.text('ram:ActualAmount', priceText(ac.amount), currency)
  w.leaf('ram:ReasonCode', ac.reasonCode)
  w.leaf('ram:Reason', ac.reason)
  w.close()
}

const NO_ADJUSTMENTS: readonly LineAllowanceCharge[] = []

/** BG-29: the gross price with its adjustments (the itemised ones, or BT-147 as one allowance). */
function writeGrossPrice(w: XmlTextWriter, line: InvoiceLine, currency: string): void {
  const { grossPrice, priceDiscount, grossPriceAdjustments } = line.price
  if (grossPrice === undefined) return
  const adjustments =
    grossPriceAdjustments ?? (priceDiscount === undefined ? NO_ADJUSTMENTS : [{ isCharge: priceDiscount.isNegative(), amount: priceDiscount.abs() }])
  writePrice(w, 'ram:GrossPriceProductTradePrice', priceText(grossPrice), line, currency, adjustments)
}

function writeProduct(w: XmlTextWriter, line: InvoiceLine, rules: Zf1ContentRules): void {
  const item = line.item
  const std = item.standardId
  w.open('ram:SpecifiedTradeProduct')
  if (std) w.text('ram:GlobalID', std.value, attr('schemeID', std.schemeId))
  w.leaf('ram:SellerAssignedID', item.sellerId)
  if (rules.comfort) w.leaf('ram:BuyerAssignedID', item.buyerId)
  w.text('ram:Name', item.name)
  if (rules.comfort) w.leaf('ram:Description', item.description)
  if (rules.extended) {
    writeProductDetails(w, item, true)
  }
  w.close()
}

function writeNote(w: XmlTextWriter, text: string, subjectCode: string | undefined): void {
  w.open('ram:IncludedNote')
  w.text('ram:Content', text)
  w.leaf('ram:SubjectCode', subjectCode)
  w.close()
}

/** `currency` is the ` currencyID="…"` attribute text. */
export function writeZf1Line(w: XmlTextWriter, line: InvoiceLine, currency: string, rules: Zf1ContentRules): void {
  const { comfort, extended } = rules
  const period = line.period
  w.open('ram:IncludedSupplyChainTradeLineItem')
  w.open('ram:AssociatedDocumentLineDocument')
  w.text('ram:LineID', line.id)
  if (comfort) {
    if (line.note !== undefined) writeNote(w, line.note, undefined)
    if (extended) for (const n of line.additionalNotes ?? []) writeNote(w, n.text, n.subjectCode)
  }
  w.close()
  if (comfort) {
    w.open('ram:SpecifiedSupplyChainTradeAgreement')
    if (line.orderLineReference !== undefined || line.buyerOrderReference !== undefined) {
      writeReference(w, 'ram:BuyerOrderReferencedDocument', { id: line.buyerOrderReference ?? '', lineId: line.orderLineReference })
    }
    if (extended) for (const r of line.additionalReferences ?? []) writeReference(w, 'ram:AdditionalReferencedDocument', r)
    writeGrossPrice(w, line, currency)
    writePrice(w, 'ram:NetPriceProductTradePrice', priceText(line.price.netPrice), line, currency, NO_ADJUSTMENTS)
    w.close()
  }
  w.open('ram:SpecifiedSupplyChainTradeDelivery')
  w.text('ram:BilledQuantity', priceText(line.quantity), attr('unitCode', line.unitCode))
  if (extended && line.deliveryNoteReference) writeReference(w, 'ram:DeliveryNoteReferencedDocument', line.deliveryNoteReference)
  w.close()
  w.open('ram:SpecifiedSupplyChainTradeSettlement')
  if (comfort) {
    const vat = line.vat
    writeTax(w, 'ram:ApplicableTradeTax', { categoryCode: vat.categoryCode, rate: vat.rate, exemptionReason: extended ? vat.exemptionReason : undefined }, currency, rules)
  }
  if (extended) {
    if (period) {
      w.open('ram:BillingSpecifiedPeriod')
      writeDate(w, 'ram:StartDateTime', period.startDate)
      writeDate(w, 'ram:EndDateTime', period.endDate)
      w.close()
    }
    for (const ac of line.allowances) writeAllowanceCharge(w, ac, currency, rules)
    for (const ac of line.charges) writeAllowanceCharge(w, ac, currency, rules)
  }
  w.open('ram:SpecifiedTradeSettlementMonetarySummation')
  writeAmount(w, 'ram:LineTotalAmount', line.netAmount, currency)
  w.close()
  if (extended) w.wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', line.buyerAccountingReference)
  w.close()
  writeProduct(w, line, rules)
  w.close()
}
