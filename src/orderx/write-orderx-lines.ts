/**
 * Order-X order lines (ram:IncludedSupplyChainTradeLineItem, RAM :128) in the XSD's order: line
 * document, product, agreement (order line reference, prices), delivery (RequestedQuantity: an
 * order asks for a quantity, it does not bill one), settlement (VAT, allowances/charges, line total).
 * @module
 */
import { writeProductDetails } from '../cii/write-common.js'
import { FORMAT_102, dateText, percentText, priceText } from '../cii/write-format.js'
import { EInvoiceError } from '../errors.js'
import type { InvoiceLine, LineAllowanceCharge } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'
import type { OrderXContentRules } from './content-rules.js'
import { writeAllowanceCharge, writeAmount, writeTax } from './write-orderx-parts.js'

const NO_ADJUSTMENTS: readonly LineAllowanceCharge[] = []

function writePrice(w: XmlTextWriter, name: string, value: string, line: InvoiceLine, adjustments: readonly LineAllowanceCharge[]): void {
  const q = line.price.baseQuantity
  w.open(name)
  w.text('ram:ChargeAmount', value)
  // BT-150 defaults to the line's unit (BT-130); the schematron requires a unitCode on quantities.
  if (q) w.text('ram:BasisQuantity', priceText(q), attr('unitCode', line.price.baseQuantityUnitCode ?? line.unitCode))
  for (const ac of adjustments) writePriceAdjustment(w, ac)
  w.close()
}

/** A gross price adjustment (BT-147 or an itemised EXTENDED one): ChargeIndicator, amounts, reason. */
function writePriceAdjustment(w: XmlTextWriter, ac: LineAllowanceCharge): void {
  w.open('ram:AppliedTradeAllowanceCharge')
  w.open('ram:ChargeIndicator')
  w.text('udt:Indicator', ac.isCharge ? 'true' : 'false')
  w.close()
  if (ac.percentage) w.text('ram:CalculationPercent', percentText(ac.percentage))
  if (ac.baseAmount) w.text('ram:BasisAmount', priceText(ac.baseAmount))
  w.text('ram:ActualAmount', priceText(ac.amount))
  w.leaf('ram:ReasonCode', ac.reasonCode)
  w.leaf('ram:Reason', ac.reason)
  w.close()
}

/** BG-29: the gross price (COMFORT up) with its adjustments, or BT-147 as one allowance. */
function writeGrossPrice(w: XmlTextWriter, line: InvoiceLine): void {
  const { grossPrice, priceDiscount, grossPriceAdjustments } = line.price
  if (grossPrice === undefined) return
  const adjustments =
    grossPriceAdjustments ?? (priceDiscount === undefined ? NO_ADJUSTMENTS : [{ isCharge: priceDiscount.isNegative(), amount: priceDiscount.abs() }])
  writePrice(w, 'ram:GrossPriceProductTradePrice', priceText(grossPrice), line, adjustments)
}

function writeProduct(w: XmlTextWriter, line: InvoiceLine, rules: OrderXContentRules): void {
  const item = line.item
  const std = item.standardId
  const c = rules.comfort
  w.open('ram:SpecifiedTradeProduct')
  // The schematron requires a scheme on GlobalID (BT-157-1 is mandatory with BT-157 anyway).
  if (std?.schemeId !== undefined) w.text('ram:GlobalID', std.value, attr('schemeID', std.schemeId))
  w.leaf('ram:SellerAssignedID', item.sellerId)
  w.leaf('ram:BuyerAssignedID', item.buyerId)
  w.text('ram:Name', item.name)
  if (c) {
    w.leaf('ram:Description', item.description)
    writeProductDetails(w, item, true)
  }
  w.close()
}

function writeNote(w: XmlTextWriter, n: { text: string; subjectCode?: string | undefined; contentCode?: string | undefined }, rules: OrderXContentRules): void {
  w.open('ram:IncludedNote')
  if (rules.extended) w.leaf('ram:ContentCode', n.contentCode)
  w.text('ram:Content', n.text)
  w.leaf('ram:SubjectCode', n.subjectCode)
  w.close()
}

/**
 * One order line.
 * @throws EInvoiceError INVALID_PAYLOAD when the line has no unit (BT-130): RequestedQuantity
 *   requires unitCode, and guessing a unit would change what is ordered.
 */
export function writeOrderXLine(w: XmlTextWriter, line: InvoiceLine, rules: OrderXContentRules): void {
  const { comfort } = rules
  if (line.unitCode === undefined) {
    throw new EInvoiceError('INVALID_PAYLOAD', `line ${line.id}: unit code (BT-130) is required for an Order-X RequestedQuantity`, {
      details: { line: line.id, field: 'unitCode' },
    })
  }
  const order = line.orderLineReference
  w.open('ram:IncludedSupplyChainTradeLineItem')
  w.open('ram:AssociatedDocumentLineDocument')
  w.text('ram:LineID', line.id)
  if (line.note !== undefined) writeNote(w, { text: line.note }, rules)
  for (const n of line.additionalNotes ?? []) writeNote(w, n, rules)
  w.close()
  writeProduct(w, line, rules)
  w.open('ram:SpecifiedLineTradeAgreement')
  if (order !== undefined) {
    w.open('ram:BuyerOrderReferencedDocument')
    w.text('ram:LineID', order)
    w.close()
  }
  if (comfort) {
    for (const r of line.additionalReferences ?? []) {
      w.open('ram:AdditionalReferencedDocument')
      w.text('ram:IssuerAssignedID', r.id)
      w.leaf('ram:LineID', r.lineId)
      w.leaf('ram:TypeCode', r.typeCode)
      w.leaf('ram:ReferenceTypeCode', r.referenceTypeCode)
      if (rules.extended && r.issueDate !== undefined) {
        w.open('ram:FormattedIssueDateTime')
        w.text('qdt:DateTimeString', dateText(r.issueDate), FORMAT_102)
        w.close()
      }
      w.close()
    }
    writeGrossPrice(w, line)
  }
  writePrice(w, 'ram:NetPriceProductTradePrice', priceText(line.price.netPrice), line, NO_ADJUSTMENTS)
  w.close()
  w.open('ram:SpecifiedLineTradeDelivery')
  w.text('ram:RequestedQuantity', priceText(line.quantity), attr('unitCode', line.unitCode))
  w.close()
  w.open('ram:SpecifiedLineTradeSettlement')
  if (comfort) {
    const vat = line.vat
    writeTax(
      w,
      'ram:ApplicableTradeTax',
      { categoryCode: vat.categoryCode, rate: vat.rate, exemptionReason: vat.exemptionReason, exemptionReasonCode: vat.exemptionReasonCode },
      rules,
    )
    for (const ac of line.allowances) writeAllowanceCharge(w, ac, rules)
    for (const ac of line.charges) writeAllowanceCharge(w, ac, rules)
  }
  w.open('ram:SpecifiedTradeSettlementLineMonetarySummation')
  writeAmount(w, 'ram:LineTotalAmount', line.netAmount)
  w.close()
  if (comfort) w.wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', line.buyerAccountingReference)
  w.close()
  w.close()
}
