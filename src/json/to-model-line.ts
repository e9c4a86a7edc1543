/**
 * Mustang Item JSON + its line calculation → BG-25 invoice line (behaviour doc §1.5–§1.7, §3.2).
 * @module
 */
import { allowanceChargeAmount } from '../calc/allowance-charge.js'
import { lineCategoryCode } from '../calc/document.js'
import { type LineCalculation, basisQuantityOf } from '../calc/line.js'
import { type Decimal, ONE, ZERO, divide, roundTo } from '../model/decimal.js'
import type { Identifier, InvoiceLine, InvoiceNote, LineAllowanceCharge, LineDocumentReference } from '../model/invoice.js'
import { toCents } from './to-model-amounts.js'
import { nonBlank, partyToModel } from './to-model-party.js'
import type { AllowanceChargePayload, ItemPayload, ReferencedDocumentPayload } from './schemas.js'
import { givenExemption } from './vat-defaults.js'

/** UN/ECE Rec 20 "one": BT-130 is mandatory and Mustang's JSON may omit product.unit. */
export const DEFAULT_UNIT_CODE = 'C62'

/** The BT-131-style line net of an allowance/charge percentage: gross unit price × quantity. */
function lineBase(item: ItemPayload, priceGross: Decimal): { value: Decimal; quantity: Decimal } {
  const unitPrice = divide(priceGross, basisQuantityOf(item))
  return { value: unitPrice.decimalPlaces() <= 18 ? unitPrice : roundTo(unitPrice, 18), quantity: item.quantity ?? ZERO }
}

/** Product-level adjustments are per-unit amounts, kept unrounded. */
const asGiven = (d: Decimal): Decimal => d

/** Stands in for lineBase when the line has no allowances or charges (nothing asks for it then). */
const NO_LINE_BASE = { value: ZERO, quantity: ZERO }

/** @param field the entries' JSON field below `zfitems[index]`, for error messages. */
function allowanceCharges(
  entries: readonly AllowanceChargePayload[] | undefined,
  isCharge: boolean,
  provider: { value: Decimal; quantity: Decimal },
  index: number,
  field: string,
  round: (d: Decimal) => Decimal,
): LineAllowanceCharge[] {
  if (entries === undefined || entries.length === 0) return []
  return entries.map((entry, i) => {
    const amount = allowanceChargeAmount(entry, provider, `zfitems[${index}].${field}[${i}]`)
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

function documentReferences(refs: readonly ReferencedDocumentPayload[] | undefined): LineDocumentReference[] {
  if (refs === undefined || refs.length === 0) return []
  return refs.map(documentReference).filter((r) => r !== undefined)
}

/** item.notes: the first is BT-127; further notes and coded notes are EXTENDED line notes. */
function lineNotes(item: ItemPayload): { note: string | undefined; additionalNotes: InvoiceNote[] | undefined } {
  const texts = item.notes === undefined ? [] : item.notes.filter((n) => n.trim() !== '')
  const coded = item.notesWithSubjectCode
  if (texts.length <= 1 && (coded === undefined || coded.length === 0)) return { note: texts[0], additionalNotes: undefined }
  const additional: InvoiceNote[] = texts.slice(1).map((text) => ({ text }))
  for (const n of coded ?? []) if (nonBlank(n.content) !== undefined) additional.push({ text: n.content as string, subjectCode: n.subjectCode })
  return { note: texts[0], additionalNotes: additional.length > 0 ? additional : undefined }
}

/**
 * @param index position of the item (LineID defaults to the running number 1..n, as in Mustang).
 */
export function lineToModel(item: ItemPayload, calc: LineCalculation, index: number): InvoiceLine {
  const product = item.product
  const unit = nonBlank(product?.unit) ?? DEFAULT_UNIT_CODE
  const hasLineAdjustments = (item.itemAllowances?.length ?? 0) > 0 || (item.itemCharges?.length ?? 0) > 0
  const linePrv = hasLineAdjustments ? lineBase(item, calc.priceGross) : NO_LINE_BASE
  const productPrv = { value: calc.priceGross, quantity: ONE }
  const productAllowances = allowanceCharges(product?.allowances, false, productPrv, index, 'product.allowances', asGiven)
  const productCharges = allowanceCharges(product?.charges, true, productPrv, index, 'product.charges', asGiven)
  const productAdjustments = productCharges.length === 0 ? productAllowances : [...productAllowances, ...productCharges]
  const hasGross = productAdjustments.length > 0
  const category = lineCategoryCode(item)
  const exemption = givenExemption(category, product?.taxExemptionReason, product?.taxExemptionReasonCode)

  const { note, additionalNotes } = lineNotes(item)

  // additionalReferences are BT-128 object identifiers (TypeCode 130); referencedDocuments are
  // EXTENDED line references. The first 130 reference is BT-128 itself.
  const objectRefs = documentReferences(item.additionalReferences)
  const otherRefs = documentReferences(item.referencedDocuments)
  const first = objectRefs[0]
  const objectIdentifier: Identifier | undefined =
    first === undefined ? undefined : { value: first.id, schemeId: first.referenceTypeCode }

  const standardId = nonBlank(product?.globalID)
  const standardScheme = nonBlank(product?.globalIDScheme)
  const classifications = product?.classifications === undefined ? [] : product.classifications.filter((c) => nonBlank(c.classCode?.code) !== undefined)
  const deliveryNoteId = nonBlank(item.deliveryNoteReferencedDocumentID)

  return {
    id: nonBlank(item.id) ?? String(index + 1),
    note,
    additionalNotes,
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
    allowances: allowanceCharges(item.itemAllowances, false, linePrv, index, 'itemAllowances', toCents),
    charges: allowanceCharges(item.itemCharges, true, linePrv, index, 'itemCharges', toCents),
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
      attributes: product?.attributes === undefined ? [] : Object.entries(product.attributes).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }])),
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
