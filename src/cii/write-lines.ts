/**
 * CII invoice lines (ram:IncludedSupplyChainTradeLineItem, behaviour doc §3.2) in XSD order:
 * line document, product, agreement (prices), delivery (quantity), settlement (VAT, period,
 * allowances/charges, line total, object identifier, accounting account).
 * @module
 */
import { ZERO } from '../model/decimal.js'
import type { InvoiceLine, LineAllowanceCharge, LineDocumentReference } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { CiiContentRules } from './content-rules.js'
import { partyShape, partyNode } from './write-party.js'
import { amountText, dateNode, leaf, priceText, wrapped } from './write-format.js'

/** BT-128's TypeCode: "invoiced object" (UNTDID 1001 code 130). */
const OBJECT_IDENTIFIER_TYPE = '130'

function indicator(isCharge: boolean): XmlNode {
  return el('ram:ChargeIndicator', {}, el('udt:Indicator', {}, isCharge ? 'true' : 'false'))
}

/** BG-27/BG-28: line allowances and charges (no VAT category on the line). */
function lineAllowanceCharge(ac: LineAllowanceCharge): XmlNode {
  return el(
    'ram:SpecifiedTradeAllowanceCharge',
    {},
    indicator(ac.isCharge),
    ac.percentage && el('ram:CalculationPercent', {}, amountText(ac.percentage)),
    ac.baseAmount && el('ram:BasisAmount', {}, amountText(ac.baseAmount)),
    el('ram:ActualAmount', {}, amountText(ac.amount)),
    leaf('ram:ReasonCode', ac.reasonCode),
    leaf('ram:Reason', ac.reason),
  )
}

/** EXTENDED gross price adjustment (AppliedTradeAllowanceCharge): amounts per unit, price precision. */
function priceAdjustment(ac: LineAllowanceCharge): XmlNode {
  return el(
    'ram:AppliedTradeAllowanceCharge',
    {},
    indicator(ac.isCharge),
    ac.percentage && el('ram:CalculationPercent', {}, amountText(ac.percentage)),
    ac.baseAmount && el('ram:BasisAmount', {}, priceText(ac.baseAmount)),
    el('ram:ActualAmount', {}, priceText(ac.amount)),
    leaf('ram:ReasonCode', ac.reasonCode),
    leaf('ram:Reason', ac.reason),
  )
}

function referencedDocument(name: string, ref: LineDocumentReference): XmlNode {
  return el(
    name,
    {},
    leaf('ram:IssuerAssignedID', ref.id),
    leaf('ram:LineID', ref.lineId),
    leaf('ram:TypeCode', ref.typeCode),
    leaf('ram:ReferenceTypeCode', ref.referenceTypeCode),
    dateNode('ram:FormattedIssueDateTime', ref.issueDate, 'qdt'),
  )
}

/**
 * BG-29 gross price. EXTENDED lists each product-level adjustment; the other profiles allow one
 * AppliedTradeAllowanceCharge, an allowance (BT-147 is a discount), so they carry the net
 * discount, and no gross price at all when the product charges outweigh the allowances.
 */
function grossPrice(line: InvoiceLine, rules: CiiContentRules): XmlNode | undefined {
  const { grossPrice: gross, priceDiscount, grossPriceAdjustments } = line.price
  if (gross === undefined) return undefined
  const basis = basisQuantity(line)
  if (rules.extended && grossPriceAdjustments !== undefined) {
    return el('ram:GrossPriceProductTradePrice', {}, el('ram:ChargeAmount', {}, priceText(gross)), basis, ...grossPriceAdjustments.map(priceAdjustment))
  }
  // BT-147 alone: one allowance (EXTENDED may express a net surcharge as a charge).
  const discount = priceDiscount ?? ZERO
  const surcharge = discount.isNegative()
  if (surcharge && !rules.extended) return undefined
  // A BT-147 of 0 given explicitly is kept (the source said "no discount"); an absent one is not written.
  const written = priceDiscount !== undefined && (!discount.isZero() || rules.extended)
  return el(
    'ram:GrossPriceProductTradePrice',
    {},
    el('ram:ChargeAmount', {}, priceText(gross)),
    basis,
    written && el('ram:AppliedTradeAllowanceCharge', {}, indicator(surcharge), el('ram:ActualAmount', {}, priceText(discount.abs()))),
  )
}

function basisQuantity(line: InvoiceLine): XmlNode | undefined {
  const q = line.price.baseQuantity
  return q && el('ram:BasisQuantity', { unitCode: line.price.baseQuantityUnitCode }, priceText(q))
}

function product(line: InvoiceLine, rules: CiiContentRules): XmlNode {
  const item = line.item
  const std = item.standardId
  const full = rules.fullEn16931
  return el(
    'ram:SpecifiedTradeProduct',
    {},
    std && std.schemeId !== undefined && el('ram:GlobalID', { schemeID: std.schemeId }, std.value),
    full && leaf('ram:SellerAssignedID', item.sellerId),
    full && leaf('ram:BuyerAssignedID', item.buyerId),
    el('ram:Name', {}, item.name),
    full && leaf('ram:Description', item.description),
    ...(full ? item.attributes : []).map((a) =>
      el('ram:ApplicableProductCharacteristic', {}, el('ram:Description', {}, a.name), el('ram:Value', {}, a.value)),
    ),
    ...(full ? item.classifications : []).map((c, i) =>
      el(
        'ram:DesignatedProductClassification',
        {},
        el('ram:ClassCode', { listID: c.schemeId, listVersionID: c.schemeVersion }, c.value),
        rules.extended && leaf('ram:ClassName', item.classificationNames?.[i]),
      ),
    ),
    full && wrapped('ram:OriginTradeCountry', 'ram:ID', item.countryOfOrigin),
  )
}

function lineDocument(line: InvoiceLine, rules: CiiContentRules): XmlNode {
  // EN 16931 allows one line note (BT-127): further notes join it there, EXTENDED keeps them apart.
  const extra = line.additionalNotes ?? []
  const notes = rules.extended
    ? [...(line.note === undefined ? [] : [{ text: line.note }]), ...extra]
    : [line.note, ...extra.map((n) => n.text)].filter((t) => t !== undefined).length > 0
      ? [{ text: [line.note, ...extra.map((n) => n.text)].filter((t) => t !== undefined).join('\n') }]
      : []
  return el(
    'ram:AssociatedDocumentLineDocument',
    {},
    el('ram:LineID', {}, line.id),
    rules.extended && leaf('ram:ParentLineID', line.parentLineId),
    rules.extended && leaf('ram:LineStatusReasonCode', line.lineStatusReasonCode),
    ...notes.map((n) =>
      el('ram:IncludedNote', {}, el('ram:Content', {}, n.text), leaf('ram:SubjectCode', 'subjectCode' in n ? n.subjectCode : undefined)),
    ),
  )
}

function agreement(line: InvoiceLine, rules: CiiContentRules): XmlNode {
  const refs = line.additionalReferences ?? []
  const orderRef = rules.fullEn16931 && (line.orderLineReference !== undefined || (rules.extended && line.buyerOrderReference !== undefined))
  return el(
    'ram:SpecifiedLineTradeAgreement',
    {},
    orderRef &&
      el(
        'ram:BuyerOrderReferencedDocument',
        {},
        rules.extended && leaf('ram:IssuerAssignedID', line.buyerOrderReference),
        leaf('ram:LineID', line.orderLineReference),
      ),
    // EXTENDED line references, in model order; BT-128 has its own place in the line settlement.
    ...(rules.extended ? refs : []).map((r) => referencedDocument('ram:AdditionalReferencedDocument', r)),
    grossPrice(line, rules),
    el('ram:NetPriceProductTradePrice', {}, el('ram:ChargeAmount', {}, priceText(line.price.netPrice)), basisQuantity(line)),
    rules.extended && line.lineSeller && partyNode('ram:ItemSellerTradeParty', line.lineSeller, partyShape(rules, 'other'), rules),
  )
}

function settlement(line: InvoiceLine, rules: CiiContentRules): XmlNode {
  const vat = line.vat
  const period = line.period
  const object = rules.fullEn16931 ? line.objectIdentifier : undefined
  return el(
    'ram:SpecifiedLineTradeSettlement',
    {},
    el(
      'ram:ApplicableTradeTax',
      {},
      el('ram:TypeCode', {}, 'VAT'),
      rules.lineExemptionReasons && leaf('ram:ExemptionReason', vat.exemptionReason),
      el('ram:CategoryCode', {}, vat.categoryCode),
      rules.lineExemptionReasons && leaf('ram:ExemptionReasonCode', vat.exemptionReasonCode),
      vat.rate && el('ram:RateApplicablePercent', {}, amountText(vat.rate)),
    ),
    period &&
      el('ram:BillingSpecifiedPeriod', {}, dateNode('ram:StartDateTime', period.startDate), dateNode('ram:EndDateTime', period.endDate)),
    ...line.allowances.map(lineAllowanceCharge),
    ...line.charges.map(lineAllowanceCharge),
    el('ram:SpecifiedTradeSettlementLineMonetarySummation', {}, el('ram:LineTotalAmount', {}, amountText(line.netAmount))),
    object &&
      el(
        'ram:AdditionalReferencedDocument',
        {},
        el('ram:IssuerAssignedID', {}, object.value),
        el('ram:TypeCode', {}, OBJECT_IDENTIFIER_TYPE),
        leaf('ram:ReferenceTypeCode', object.schemeId),
      ),
    rules.fullEn16931 && wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', line.buyerAccountingReference),
  )
}

export function lineNode(line: InvoiceLine, rules: CiiContentRules): XmlNode {
  const delivery = line.deliveryNoteReference
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    {},
    lineDocument(line, rules),
    product(line, rules),
    agreement(line, rules),
    el(
      'ram:SpecifiedLineTradeDelivery',
      {},
      el('ram:BilledQuantity', { unitCode: line.unitCode }, priceText(line.quantity)),
      rules.extended && delivery && referencedDocument('ram:DeliveryNoteReferencedDocument', delivery),
    ),
    settlement(line, rules),
  )
}
