/**
 * Order-X order lines (ram:IncludedSupplyChainTradeLineItem, RAM :128) in the XSD's order: line
 * document, product, agreement (order line reference, prices), delivery (RequestedQuantity: an
 * order asks for a quantity, it does not bill one), settlement (VAT, allowances/charges, line total).
 * @module
 */
import { amountText, leaf, priceText, wrapped } from '../cii/write-format.js'
import { EInvoiceError } from '../errors.js'
import type { InvoiceLine, LineAllowanceCharge } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { OrderXContentRules } from './content-rules.js'
import { allowanceChargeNode, amountNode, taxNode } from './write-orderx-parts.js'

function priceNode(name: string, value: string, line: InvoiceLine, adjustments: XmlNode[]): XmlNode {
  const q = line.price.baseQuantity
  return el(
    name,
    {},
    el('ram:ChargeAmount', {}, value),
    // BT-150 defaults to the line's unit (BT-130); the schematron requires a unitCode on quantities.
    q && el('ram:BasisQuantity', { unitCode: line.price.baseQuantityUnitCode ?? line.unitCode }, priceText(q)),
    ...adjustments,
  )
}

/** A gross price adjustment (BT-147 or an itemised EXTENDED one): ChargeIndicator, amounts, reason. */
function priceAdjustment(ac: LineAllowanceCharge): XmlNode {
  return el(
    'ram:AppliedTradeAllowanceCharge',
    {},
    el('ram:ChargeIndicator', {}, el('udt:Indicator', {}, ac.isCharge ? 'true' : 'false')),
    ac.percentage && el('ram:CalculationPercent', {}, amountText(ac.percentage)),
    ac.baseAmount && el('ram:BasisAmount', {}, priceText(ac.baseAmount)),
    el('ram:ActualAmount', {}, priceText(ac.amount)),
    leaf('ram:ReasonCode', ac.reasonCode),
    leaf('ram:Reason', ac.reason),
  )
}

/** BG-29: the gross price (COMFORT up) with its adjustments, or BT-147 as one allowance. */
function grossPriceNode(line: InvoiceLine): XmlNode | undefined {
  const { grossPrice, priceDiscount, grossPriceAdjustments } = line.price
  if (grossPrice === undefined) return undefined
  const adjustments =
    grossPriceAdjustments ?? (priceDiscount === undefined ? [] : [{ isCharge: priceDiscount.isNegative(), amount: priceDiscount.abs() }])
  return priceNode('ram:GrossPriceProductTradePrice', priceText(grossPrice), line, adjustments.map(priceAdjustment))
}

function product(line: InvoiceLine, rules: OrderXContentRules): XmlNode {
  const item = line.item
  const std = item.standardId
  const c = rules.comfort
  return el(
    'ram:SpecifiedTradeProduct',
    {},
    // The schematron requires a scheme on GlobalID (BT-157-1 is mandatory with BT-157 anyway).
    std?.schemeId !== undefined && el('ram:GlobalID', { schemeID: std.schemeId }, std.value),
    leaf('ram:SellerAssignedID', item.sellerId),
    leaf('ram:BuyerAssignedID', item.buyerId),
    el('ram:Name', {}, item.name),
    c && leaf('ram:Description', item.description),
    ...(c ? item.attributes : []).map((a) => el('ram:ApplicableProductCharacteristic', {}, el('ram:Description', {}, a.name), el('ram:Value', {}, a.value))),
    ...(c ? item.classifications : []).map((k, i) =>
      el(
        'ram:DesignatedProductClassification',
        {},
        el('ram:ClassCode', { listID: k.schemeId, listVersionID: k.schemeVersion }, k.value),
        leaf('ram:ClassName', item.classificationNames?.[i]),
      ),
    ),
    c && wrapped('ram:OriginTradeCountry', 'ram:ID', item.countryOfOrigin),
  )
}

function notes(line: InvoiceLine, rules: OrderXContentRules): XmlNode[] {
  const all = [...(line.note === undefined ? [] : [{ text: line.note, subjectCode: undefined, contentCode: undefined }]), ...(line.additionalNotes ?? [])]
  return all.map((n) =>
    el('ram:IncludedNote', {}, rules.extended && leaf('ram:ContentCode', n.contentCode), el('ram:Content', {}, n.text), leaf('ram:SubjectCode', n.subjectCode)),
  )
}

/**
 * One order line.
 * @throws EInvoiceError INVALID_PAYLOAD when the line has no unit (BT-130): RequestedQuantity
 *   requires unitCode, and guessing a unit would change what is ordered.
 */
export function orderXLineNode(line: InvoiceLine, rules: OrderXContentRules): XmlNode {
  const { comfort } = rules
  if (line.unitCode === undefined) {
    throw new EInvoiceError('INVALID_PAYLOAD', `line ${line.id}: unit code (BT-130) is required for an Order-X RequestedQuantity`, {
      details: { line: line.id, field: 'unitCode' },
    })
  }
  const order = line.orderLineReference
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    {},
    el('ram:AssociatedDocumentLineDocument', {}, el('ram:LineID', {}, line.id), ...notes(line, rules)),
    product(line, rules),
    el(
      'ram:SpecifiedLineTradeAgreement',
      {},
      order !== undefined && el('ram:BuyerOrderReferencedDocument', {}, el('ram:LineID', {}, order)),
      ...(comfort ? (line.additionalReferences ?? []) : []).map((r) =>
        el(
          'ram:AdditionalReferencedDocument',
          {},
          el('ram:IssuerAssignedID', {}, r.id),
          leaf('ram:LineID', r.lineId),
          leaf('ram:TypeCode', r.typeCode),
          leaf('ram:ReferenceTypeCode', r.referenceTypeCode),
          rules.extended && r.issueDate !== undefined && el('ram:FormattedIssueDateTime', {}, el('qdt:DateTimeString', { format: '102' }, r.issueDate.replaceAll('-', ''))),
        ),
      ),
      comfort && grossPriceNode(line),
      priceNode('ram:NetPriceProductTradePrice', priceText(line.price.netPrice), line, []),
    ),
    el('ram:SpecifiedLineTradeDelivery', {}, el('ram:RequestedQuantity', { unitCode: line.unitCode }, priceText(line.quantity))),
    el(
      'ram:SpecifiedLineTradeSettlement',
      {},
      comfort &&
        taxNode(
          'ram:ApplicableTradeTax',
          {
            categoryCode: line.vat.categoryCode,
            rate: line.vat.rate,
            exemptionReason: line.vat.exemptionReason,
            exemptionReasonCode: line.vat.exemptionReasonCode,
          },
          rules,
        ),
      ...(comfort ? [...line.allowances, ...line.charges] : []).map((ac) => allowanceChargeNode(ac, rules)),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', {}, amountNode('ram:LineTotalAmount', line.netAmount)),
      comfort && wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', line.buyerAccountingReference),
    ),
  )
}
