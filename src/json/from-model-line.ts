/**
 * BG-25 invoice lines → Mustang Item JSON (`zfitems`), the inverse of to-model-line.ts. Unlike
 * Mustang 2.24 the line's VAT category (BT-151) is kept, and every gross price adjustment.
 * @module
 */
import type { InvoiceLine, LineAllowanceCharge, LineDocumentReference, LineVat, VatBreakdown } from '../model/invoice.js'
import type { AllowanceChargePayload, ItemPayload, ProductPayload, ReferencedDocumentPayload } from './schemas.js'
import { noteJson, partyJson } from './from-model-party.js'

function allowanceChargeJson(a: LineAllowanceCharge): AllowanceChargePayload {
  return { totalAmount: a.amount, percent: a.percentage, basisAmount: a.baseAmount, reason: a.reason, reasonCode: a.reasonCode }
}

function referenceJson(ref: LineDocumentReference): ReferencedDocumentPayload {
  return { issuerAssignedID: ref.id, typeCode: ref.typeCode, referenceTypeCode: ref.referenceTypeCode, formattedIssueDateTime: ref.issueDate }
}

/**
 * Item `price` is Mustang's price before product-level allowances: the gross price (BT-148)
 * when the line has gross price adjustments, with those as product allowances/charges, so that
 * price − allowances + charges is the net price BT-146 again. Otherwise the net price.
 */
function priceFields(line: InvoiceLine): Pick<ItemPayload, 'price'> & Pick<ProductPayload, 'allowances' | 'charges'> {
  const p = line.price
  const adjustments: LineAllowanceCharge[] =
    p.grossPriceAdjustments ??
    (p.priceDiscount === undefined || p.priceDiscount.isZero() ? [] : [{ isCharge: false, amount: p.priceDiscount }])
  if (p.grossPrice === undefined || adjustments.length === 0) return { price: p.netPrice }
  return {
    price: p.grossPrice,
    allowances: adjustments.filter((a) => !a.isCharge).map(allowanceChargeJson),
    charges: adjustments.filter((a) => a.isCharge).map(allowanceChargeJson),
  }
}

const hasOwnExemption = (vat: LineVat): boolean => vat.exemptionReason !== undefined || vat.exemptionReasonCode !== undefined
/** A missing rate counts as 0 % here: O lines have none, and their breakdown may give 0. */
const sameGroup = (vat: LineVat, b: VatBreakdown): boolean => b.categoryCode === vat.categoryCode && (b.rate?.isZero() ?? true) === (vat.rate?.isZero() ?? true) && (b.rate === undefined || vat.rate === undefined || b.rate.eq(vat.rate))

/**
 * The JSON has BT-120/BT-121 only on the lines (product.taxExemptionReason …), from which
 * invoice2xml builds the breakdown: the breakdowns none of whose lines has a reason of its own
 * (EN 16931 has no line reason) lend theirs to those lines, else a parse → invoice2xml round trip
 * lost them or wrote the category's default. Where some lines have one, they made the breakdown.
 */
export function breakdownsLendingExemption(lines: readonly InvoiceLine[], breakdown: readonly VatBreakdown[]): VatBreakdown[] {
  return breakdown.filter((b) => !lines.some((l) => sameGroup(l.vat, b) && hasOwnExemption(l.vat)))
}

function exemptionOf(vat: LineVat, lending: readonly VatBreakdown[]): Pick<LineVat, 'exemptionReason' | 'exemptionReasonCode'> {
  if (hasOwnExemption(vat)) return vat
  const group = lending.find((b) => sameGroup(vat, b))
  return { exemptionReason: group?.exemptionReason, exemptionReasonCode: group?.exemptionReasonCode }
}

function productJson(line: InvoiceLine, adjustments: Pick<ProductPayload, 'allowances' | 'charges'>, breakdown: readonly VatBreakdown[]): ProductPayload {
  const item = line.item
  const names = item.classificationNames ?? []
  const exemption = exemptionOf(line.vat, breakdown)
  return {
    name: item.name,
    description: item.description,
    unit: line.unitCode,
    vatpercent: line.vat.rate,
    taxCategoryCode: line.vat.categoryCode === '' ? undefined : line.vat.categoryCode,
    taxExemptionReason: exemption.exemptionReason,
    taxExemptionReasonCode: exemption.exemptionReasonCode,
    sellerAssignedID: item.sellerId,
    buyerAssignedID: item.buyerId,
    globalID: item.standardId?.value,
    globalIDScheme: item.standardId?.schemeId,
    countryOfOrigin: item.countryOfOrigin,
    // Mustang's attributes are a map: a name given twice keeps its last value.
    attributes: item.attributes.length === 0 ? undefined : Object.fromEntries(item.attributes.map((a) => [a.name, a.value])),
    classifications: item.classifications.map((c, i) => ({
      classCode: { code: c.value, listID: c.schemeId, listVersionID: c.schemeVersion },
      className: names[i],
    })),
    ...adjustments,
  }
}

/** @param breakdown the VAT breakdowns whose BT-120/BT-121 lines without one carry (breakdownsLendingExemption). */
export function lineJson(line: InvoiceLine, breakdown: readonly VatBreakdown[] = []): ItemPayload {
  const { price, ...adjustments } = priceFields(line)
  const notes = line.additionalNotes ?? []
  const objectRef = line.objectIdentifier
  return {
    id: line.id,
    price,
    quantity: line.quantity,
    basisQuantity: line.price.baseQuantity,
    product: productJson(line, adjustments, breakdown),
    notes: [...(line.note === undefined ? [] : [line.note]), ...notes.filter((n) => n.subjectCode === undefined).map((n) => n.text)],
    notesWithSubjectCode: notes.filter((n) => n.subjectCode !== undefined).map(noteJson),
    itemAllowances: line.allowances.map(allowanceChargeJson),
    itemCharges: line.charges.map(allowanceChargeJson),
    detailedDeliveryPeriodFrom: line.period?.startDate,
    detailedDeliveryPeriodTo: line.period?.endDate,
    buyerOrderReferencedDocumentLineID: line.orderLineReference,
    buyerOrderReferencedDocumentID: line.buyerOrderReference,
    referencedDocuments: (line.additionalReferences ?? []).map(referenceJson),
    // BT-128 travels as Mustang's additionalReferences entry with TypeCode 130.
    additionalReferences:
      objectRef === undefined ? [] : [{ issuerAssignedID: objectRef.value, typeCode: '130', referenceTypeCode: objectRef.schemeId }],
    accountingReference: line.buyerAccountingReference,
    parentLineID: line.parentLineId,
    lineStatusReasonCode: line.lineStatusReasonCode,
    lineSeller: partyJson(line.lineSeller),
    deliveryNoteReferencedDocumentID: line.deliveryNoteReference?.id,
    deliveryNoteReferencedDocumentLineID: line.deliveryNoteReference?.lineId,
    deliveryNoteReferencedDocumentDate: line.deliveryNoteReference?.issueDate,
    lineTotalAmount: line.netAmount,
  }
}
