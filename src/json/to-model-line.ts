/**
 * Mustang Item JSON + its line calculation → BG-25 invoice line (behaviour doc §1.5–§1.7, §3.2).
 * @module
 */
import { allowanceChargeAmount } from '../calc/allowance-charge.js'
import { lineCategoryCode } from '../calc/document.js'
import { type LineCalculation, basisQuantityOf } from '../calc/line.js'
import { type Decimal, ONE, ZERO, round2, roundTo } from '../model/decimal.js'
import type { Identifier, InvoiceLine, LineAllowanceCharge, LineDocumentReference } from '../model/invoice.js'
import { nonBlank, partyToModel } from './to-model-party.js'
import type { AllowanceChargePayload, ItemPayload, ReferencedDocumentPayload } from './schemas.js'
import { exemptionDefaults } from './vat-defaults.js'

/** UN/ECE Rec 20 "one": BT-130 is mandatory and Mustang's JSON may omit product.unit. */
export const DEFAULT_UNIT_CODE = 'C62'

/** The BT-131-style line net of an allowance/charge percentage: gross unit price × quantity. */
function lineBase(item: ItemPayload, priceGross: Decimal): { value: Decimal; quantity: Decimal } {
  return { value: roundTo(priceGross.div(basisQuantityOf(item)), 18), quantity: item.quantity ?? ZERO }
}

function allowanceCharges(
  entries: readonly AllowanceChargePayload[] | undefined,
  isCharge: boolean,
  provider: { value: Decimal; quantity: Decimal },
  path: string,
  round: (d: Decimal) => Decimal,
): LineAllowanceCharge[] {
  return (entries ?? []).map((entry, i) => {
    const amount = allowanceChargeAmount(entry, provider, `${path}[${i}]`)
    // A percentage needs its base (BT-137/BT-142): the amount the percentage was taken of.
    const base = entry.basisAmount ?? (entry.percent === undefined ? undefined : provider.value.times(provider.quantity))
    return {
      isCharge,
      amount: round(amount),
      baseAmount: base,
      percentage: entry.percent,
      reason: nonBlank(entry.reason),
      reasonCode: nonBlank(entry.reasonCode),
    }
  })
}

function documentReference(ref: ReferencedDocumentPayload): LineDocumentReference | undefined {
  const id = nonBlank(ref.issuerAssignedID)
  if (id === undefined) return undefined
  return {
    id,
    typeCode: nonBlank(ref.typeCode),
    referenceTypeCode: nonBlank(ref.referenceTypeCode),
    issueDate: ref.formattedIssueDateTime,
  }
}

/**
 * @param index position of the item (LineID defaults to the running number 1..n, as in Mustang).
 */
export function lineToModel(item: ItemPayload, calc: LineCalculation, index: number): InvoiceLine {
  const path = `zfitems[${index}]`
  const product = item.product
  const unit = nonBlank(product?.unit) ?? DEFAULT_UNIT_CODE
  const linePrv = lineBase(item, calc.priceGross)
  const productPrv = { value: calc.priceGross, quantity: ONE }
  const productAdjustments = [
    ...allowanceCharges(product?.allowances, false, productPrv, `${path}.product.allowances`, (d) => d),
    ...allowanceCharges(product?.charges, true, productPrv, `${path}.product.charges`, (d) => d),
  ]
  const hasGross = productAdjustments.length > 0
  const category = lineCategoryCode(item)
  const exemption = exemptionDefaults(category, product?.taxExemptionReason, product?.taxExemptionReasonCode)

  // item.notes: the first is BT-127; further notes and coded notes are EXTENDED line notes.
  const [firstNote, ...moreNotes] = (item.notes ?? []).filter((n) => n.trim() !== '')
  const codedNotes = (item.notesWithSubjectCode ?? [])
    .filter((n) => nonBlank(n.content) !== undefined)
    .map((n) => ({ text: n.content as string, subjectCode: n.subjectCode }))
  const additionalNotes = [...moreNotes.map((text) => ({ text })), ...codedNotes]

  // additionalReferences are BT-128 object identifiers (TypeCode 130); referencedDocuments are
  // EXTENDED line references. The first 130 reference is BT-128 itself.
  const objectRefs = (item.additionalReferences ?? []).map(documentReference).filter((r) => r !== undefined)
  const otherRefs = (item.referencedDocuments ?? []).map(documentReference).filter((r) => r !== undefined)
  const first = objectRefs[0]
  const objectIdentifier: Identifier | undefined =
    first === undefined ? undefined : { value: first.id, schemeId: first.referenceTypeCode }

  const standardId = nonBlank(product?.globalID)
  const standardScheme = nonBlank(product?.globalIDScheme)
  const classifications = (product?.classifications ?? []).filter((c) => nonBlank(c.classCode?.code) !== undefined)
  const deliveryNoteId = nonBlank(item.deliveryNoteReferencedDocumentID)

  return {
    id: nonBlank(item.id) ?? String(index + 1),
    note: firstNote,
    additionalNotes: additionalNotes.length > 0 ? additionalNotes : undefined,
    objectIdentifier,
    quantity: item.quantity ?? ZERO,
    unitCode: unit,
    netAmount: calc.itemTotalNetAmount,
    orderLineReference: nonBlank(item.buyerOrderReferencedDocumentLineID),
    buyerOrderReference: nonBlank(item.buyerOrderReferencedDocumentID),
    buyerAccountingReference: nonBlank(item.accountingReference),
    period:
      item.detailedDeliveryPeriodFrom === undefined && item.detailedDeliveryPeriodTo === undefined
        ? undefined
        : { startDate: item.detailedDeliveryPeriodFrom, endDate: item.detailedDeliveryPeriodTo },
    allowances: allowanceCharges(item.itemAllowances, false, linePrv, `${path}.itemAllowances`, round2),
    charges: allowanceCharges(item.itemCharges, true, linePrv, `${path}.itemCharges`, round2),
    price: {
      netPrice: calc.price,
      // Gross price (BT-148) only when product-level adjustments exist, as in Mustang.
      grossPrice: hasGross ? calc.priceGross : undefined,
      priceDiscount: hasGross ? calc.priceGross.minus(calc.price) : undefined,
      baseQuantity: basisQuantityOf(item),
      baseQuantityUnitCode: unit,
      grossPriceAdjustments: hasGross ? productAdjustments : undefined,
    },
    vat: {
      categoryCode: category,
      // BR-O-05: an "O" line carries no VAT rate.
      rate: category === 'O' ? undefined : calc.vatPercent,
      exemptionReason: exemption.reason,
      exemptionReasonCode: exemption.code,
    },
    item: {
      name: product?.name ?? '',
      description: nonBlank(product?.description),
      sellerId: nonBlank(product?.sellerAssignedID),
      buyerId: nonBlank(product?.buyerAssignedID),
      standardId: standardId === undefined ? undefined : { value: standardId, schemeId: standardScheme },
      classifications: classifications.map((c) => ({
        value: c.classCode?.code as string,
        schemeId: nonBlank(c.classCode?.listID),
        schemeVersion: nonBlank(c.classCode?.listVersionID),
      })),
      classificationNames: classifications.some((c) => nonBlank(c.className) !== undefined)
        ? classifications.map((c) => nonBlank(c.className))
        : undefined,
      countryOfOrigin: nonBlank(product?.countryOfOrigin),
      attributes: Object.entries(product?.attributes ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }])),
    },
    parentLineId: nonBlank(item.parentLineID),
    lineStatusReasonCode: nonBlank(item.lineStatusReasonCode),
    deliveryNoteReference:
      deliveryNoteId === undefined
        ? undefined
        : {
            id: deliveryNoteId,
            lineId: nonBlank(item.deliveryNoteReferencedDocumentLineID),
            issueDate: item.deliveryNoteReferencedDocumentDate,
          },
    // Further 130 references (Mustang allows several) stay line references beside BT-128.
    additionalReferences: objectRefs.length > 1 || otherRefs.length > 0 ? [...objectRefs.slice(1).map((r) => ({ ...r, typeCode: '130' })), ...otherRefs] : undefined,
    lineSeller: item.lineSeller === undefined ? undefined : partyToModel(item.lineSeller),
  }
}
