/**
 * ZUGFeRD 1.0 invoice lines (ram:IncludedSupplyChainTradeLineItem, RAM :12) in the XSD's order:
 * line document, agreement (order reference, prices), delivery (quantity), settlement (VAT,
 * period, allowances/charges, line total, accounting account), product.
 * @module
 */
import { amountText, dateNode, leaf, priceText, wrapped } from '../cii/write-format.js'
import type { InvoiceLine, LineAllowanceCharge } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { Zf1ContentRules } from './content-rules.js'
import { allowanceChargeNode, amountNode, indicatorNode, referenceNode, taxNode } from './write-zf1-parts.js'

/** Prices keep their currency in ZUGFeRD 1; 4 to 18 decimals as in CII (Mustang: fixed 4). */
function priceNode(name: string, value: string, line: InvoiceLine, currency: string, adjustments: XmlNode[]): XmlNode {
  const q = line.price.baseQuantity
  return el(
    name,
    {},
    el('ram:ChargeAmount', { currencyID: currency }, value),
    q && el('ram:BasisQuantity', { unitCode: line.price.baseQuantityUnitCode }, priceText(q)),
    ...adjustments,
  )
}

function priceAdjustment(ac: LineAllowanceCharge, currency: string): XmlNode {
  return el(
    'ram:AppliedTradeAllowanceCharge',
    {},
    indicatorNode('ram:ChargeIndicator', ac.isCharge),
    ac.percentage && el('ram:CalculationPercent', {}, amountText(ac.percentage)),
    ac.baseAmount && el('ram:BasisAmount', { currencyID: currency }, priceText(ac.baseAmount)),
    el('ram:ActualAmount', { currencyID: currency }, priceText(ac.amount)),
    leaf('ram:ReasonCode', ac.reasonCode),
    leaf('ram:Reason', ac.reason),
  )
}

/** BG-29: the gross price with its adjustments (the itemised ones, or BT-147 as one allowance). */
function grossPriceNode(line: InvoiceLine, currency: string): XmlNode | undefined {
  const { grossPrice, priceDiscount, grossPriceAdjustments } = line.price
  if (grossPrice === undefined) return undefined
  const adjustments =
    grossPriceAdjustments ??
    (priceDiscount === undefined ? [] : [{ isCharge: priceDiscount.isNegative(), amount: priceDiscount.abs() }])
  return priceNode('ram:GrossPriceProductTradePrice', priceText(grossPrice), line, currency, adjustments.map((a) => priceAdjustment(a, currency)))
}

function product(line: InvoiceLine, rules: Zf1ContentRules): XmlNode {
  const item = line.item
  const std = item.standardId
  return el(
    'ram:SpecifiedTradeProduct',
    {},
    std && el('ram:GlobalID', { schemeID: std.schemeId }, std.value),
    leaf('ram:SellerAssignedID', item.sellerId),
    rules.comfort && leaf('ram:BuyerAssignedID', item.buyerId),
    el('ram:Name', {}, item.name),
    rules.comfort && leaf('ram:Description', item.description),
    ...(rules.extended ? item.attributes : []).map((a) =>
      el('ram:ApplicableProductCharacteristic', {}, el('ram:Description', {}, a.name), el('ram:Value', {}, a.value)),
    ),
    ...(rules.extended ? item.classifications : []).map((c, i) =>
      el(
        'ram:DesignatedProductClassification',
        {},
        el('ram:ClassCode', { listID: c.schemeId, listVersionID: c.schemeVersion }, c.value),
        leaf('ram:ClassName', item.classificationNames?.[i]),
      ),
    ),
    rules.extended && wrapped('ram:OriginTradeCountry', 'ram:ID', item.countryOfOrigin),
  )
}

function notes(line: InvoiceLine, rules: Zf1ContentRules): XmlNode[] {
  const all = [...(line.note === undefined ? [] : [{ text: line.note, subjectCode: undefined }]), ...(rules.extended ? (line.additionalNotes ?? []) : [])]
  if (!rules.comfort) return []
  return all.map((n) => el('ram:IncludedNote', {}, el('ram:Content', {}, n.text), leaf('ram:SubjectCode', n.subjectCode)))
}

export function zf1LineNode(line: InvoiceLine, currency: string, rules: Zf1ContentRules): XmlNode {
  const { comfort, extended } = rules
  const period = line.period
  const order = line.orderLineReference !== undefined || line.buyerOrderReference !== undefined
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    {},
    el('ram:AssociatedDocumentLineDocument', {}, el('ram:LineID', {}, line.id), ...notes(line, rules)),
    comfort &&
      el(
        'ram:SpecifiedSupplyChainTradeAgreement',
        {},
        order && referenceNode('ram:BuyerOrderReferencedDocument', { id: line.buyerOrderReference ?? '', lineId: line.orderLineReference }),
        ...(extended ? (line.additionalReferences ?? []) : []).map((r) => referenceNode('ram:AdditionalReferencedDocument', r)),
        grossPriceNode(line, currency),
        priceNode('ram:NetPriceProductTradePrice', priceText(line.price.netPrice), line, currency, []),
      ),
    el(
      'ram:SpecifiedSupplyChainTradeDelivery',
      {},
      el('ram:BilledQuantity', { unitCode: line.unitCode }, priceText(line.quantity)),
      extended && line.deliveryNoteReference && referenceNode('ram:DeliveryNoteReferencedDocument', line.deliveryNoteReference),
    ),
    el(
      'ram:SpecifiedSupplyChainTradeSettlement',
      {},
      comfort &&
        taxNode(
          'ram:ApplicableTradeTax',
          { categoryCode: line.vat.categoryCode, rate: line.vat.rate, exemptionReason: extended ? line.vat.exemptionReason : undefined },
          currency,
          rules,
        ),
      extended &&
        period &&
        el('ram:BillingSpecifiedPeriod', {}, dateNode('ram:StartDateTime', period.startDate), dateNode('ram:EndDateTime', period.endDate)),
      ...(extended ? [...line.allowances, ...line.charges] : []).map((ac) => allowanceChargeNode(ac, currency, rules)),
      el('ram:SpecifiedTradeSettlementMonetarySummation', {}, amountNode('ram:LineTotalAmount', line.netAmount, currency)),
      extended && wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', line.buyerAccountingReference),
    ),
    product(line, rules),
  )
}
