/**
 * CalculatedInvoice payload + its calculation → the EN 16931 model, with Mustang's XML semantics
 * (behaviour doc §3.2–§3.5): which JSON field becomes which business term. Totals come from the
 * calculation, never from the payload.
 * @module
 */
import type { DocumentCalculation } from '../calc/document.js'
import type { LineCalculation } from '../calc/line.js'
import { EInvoiceError } from '../errors.js'
import { type Decimal, ZERO } from '../model/decimal.js'
import type {
  DeliveryInformation,
  DocumentAllowanceCharge,
  Invoice,
  InvoiceNote,
  PaymentInstructions,
  PaymentMeans,
  PaymentTerm,
  PrecedingInvoiceReference,
  SupportingDocument,
  VatBreakdown,
} from '../model/invoice.js'
import type { InvoicePayload, TradePartyPayload } from './schemas.js'
import { toCents } from './to-model-amounts.js'
import { lineToModel } from './to-model-line.js'
import { nonBlank, partyToModel, payeeToModel } from './to-model-party.js'
import { exemptionDefaults } from './vat-defaults.js'

export type ToModelOptions = {
  /** BT-24 of the document to be written (the profile's guideline id). */
  specificationIdentifier: string
}

/** Type codes for which Mustang writes no "Please remit until" default (correction, credit note). */
const NO_REMIT_TEXT_TYPES: ReadonlySet<string> = new Set(['381', '384'])

/** `2026-12-02` → `02.12.2026` (Mustang's dd.MM.yyyy). */
function germanDate(date: string): string {
  const [y, m, d] = date.split('-')
  return `${d}.${m}.${y}`
}

function required<T>(value: T | undefined, path: string, what: string): T {
  if (value !== undefined) return value
  throw new EInvoiceError('INVALID_PAYLOAD', `${path}: missing; ${what}`, { details: { [path]: 'required' } })
}

/** BG-1 in Mustang's order: coded notes, plain notes, REG note, subject note. */
function notes(p: InvoicePayload): InvoiceNote[] {
  const out: InvoiceNote[] = []
  for (const n of p.notesWithSubjectCode ?? []) {
    const text = nonBlank(n.content)
    if (text !== undefined) out.push({ text, subjectCode: n.subjectCode })
  }
  for (const text of p.notes ?? []) if (nonBlank(text) !== undefined) out.push({ text })
  const reg = nonBlank(p.ownOrganisationFullPlaintextInfo)
  if (reg !== undefined) out.push({ text: reg, subjectCode: 'REG' })
  const subject = nonBlank(p.subjectNote)
  if (subject !== undefined) out.push({ text: subject })
  return out
}

function precedingInvoices(p: InvoicePayload): PrecedingInvoiceReference[] {
  const out: PrecedingInvoiceReference[] = []
  const legacy = nonBlank(p.invoiceReferencedDocumentID)
  if (legacy !== undefined) out.push({ id: legacy, issueDate: p.invoiceReferencedIssueDate })
  for (const ref of p.invoiceReferencedDocuments ?? []) {
    const id = nonBlank(ref.issuerAssignedID)
    if (id !== undefined) out.push({ id, issueDate: ref.formattedIssueDateTime, typeCode: nonBlank(ref.typeCode) })
  }
  return out
}

/** BG-16 from the seller's bank details (credit transfer) and debit details (direct debit). */
function paymentInstructions(p: InvoicePayload): PaymentInstructions | undefined {
  const sender = p.sender
  const means: PaymentMeans[] = []
  for (const b of sender?.bankDetails ?? []) {
    const iban = nonBlank(b.iban)
    means.push({
      typeCode: b.paymentMeansCode ?? '58',
      text: nonBlank(b.paymentMeansInformation),
      creditTransfers: iban === undefined ? [] : [{ accountId: iban, accountName: nonBlank(b.accountName), serviceProviderId: nonBlank(b.bic) }],
    })
  }
  for (const d of sender?.debitDetails ?? []) {
    means.push({
      typeCode: d.paymentMeansCode ?? '59',
      text: nonBlank(d.paymentMeansInformation),
      creditTransfers: [],
      debitedAccountId: nonBlank(d.iban),
    })
  }
  const mandate = (sender?.debitDetails ?? []).map((d) => nonBlank(d.mandate)).find((m) => m !== undefined)
  const creditorId = nonBlank(p.creditorReferenceID)
  const remittance = nonBlank(p.paymentReference)
  if (means.length === 0 && mandate === undefined && creditorId === undefined && remittance === undefined) return undefined
  return {
    means,
    remittanceInformation: remittance,
    directDebit: mandate === undefined && creditorId === undefined ? undefined : { mandateReference: mandate, creditorId },
  }
}

/** Cash discounts as EXTENDED payment discount terms (days after the issue date). */
function cashDiscountTerms(p: InvoicePayload): PaymentTerm[] {
  return (p.cashDiscounts ?? [])
    .filter((c) => c.percent !== undefined)
    .map((c) => ({
      description: 'Cash Discount',
      discount: {
        basisPeriodMeasure: c.days === undefined ? undefined : ZERO.plus(c.days),
        basisPeriodUnitCode: 'DAY',
        basisAmount: c.basisAmount,
        calculationPercent: c.percent,
      },
    }))
}

/**
 * The payload's payment terms blocks (IZUGFeRDPaymentTerms: BT-20 text, BT-9 due date, EXTENDED
 * discount terms): `paymentTerms`, then `extendedPaymentTerms`. Mustang's own model holds the
 * first block in both lists (its getExtendedPaymentTerms() starts with getPaymentTerms()) and
 * writes it once, so a first `extendedPaymentTerms` entry equal to `paymentTerms` is left out.
 * Mustang writes the grand total as the discount's basis amount; so do we.
 */
function payloadPaymentTerms(p: InvoicePayload, grandTotal: Decimal): PaymentTerm[] {
  const first = p.paymentTerms
  const more = p.extendedPaymentTerms ?? []
  // Both are read by the same schema, so equal blocks serialise alike (Decimals as their text).
  const repeated = first !== undefined && more[0] !== undefined && JSON.stringify(more[0]) === JSON.stringify(first)
  const given = [...(first === undefined ? [] : [first]), ...(repeated ? more.slice(1) : more)]
  const blocks: PaymentTerm[] = []
  for (const t of given) {
    const d = t.discountTerms
    const hasDiscount = d !== undefined && (d.baseDate !== undefined || d.basePeriodMeasure !== undefined || d.calculationPercentage !== undefined)
    const block: PaymentTerm = {
      description: nonBlank(t.description),
      dueDate: t.dueDate,
      discount: hasDiscount
        ? {
            basisDate: d.baseDate,
            basisPeriodMeasure: d.basePeriodMeasure === undefined ? undefined : ZERO.plus(d.basePeriodMeasure),
            // A period without a unit is in days, as a cash discount's.
            basisPeriodUnitCode: nonBlank(d.basePeriodUnitCode) ?? (d.basePeriodMeasure === undefined ? undefined : 'DAY'),
            basisAmount: grandTotal,
            calculationPercent: d.calculationPercentage,
          }
        : undefined,
    }
    if (block.description !== undefined || block.dueDate !== undefined || block.discount !== undefined) blocks.push(block)
  }
  return blocks
}

/** The distinct texts, one per line (BT-20 is one text in every profile but EXTENDED). */
function joinTexts(texts: readonly (string | undefined)[]): string | undefined {
  const distinct = [...new Set(texts.filter((t) => t !== undefined))]
  return distinct.length === 0 ? undefined : distinct.join('\n')
}

function delivery(p: InvoicePayload): DeliveryInformation | undefined {
  const shipTo = p.deliveryAddress
  const ultimate = p.endCustomerDeliveryAddress
  const noteId = nonBlank(p.deliveryNoteReferencedDocumentID)
  const party = shipTo === undefined ? undefined : partyToModel(shipTo)
  const out: DeliveryInformation = {
    partyName: party?.name,
    // BT-71 is the ship-to's global id (with scheme), or its plain id, as the readers take it.
    locationId: party?.identifiers.find((i) => i.schemeId !== undefined) ?? party?.identifiers[0],
    address: party?.address,
    party,
    actualDeliveryDate: p.deliveryDate,
    ultimateShipTo: ultimate === undefined ? undefined : partyToModel(ultimate),
    deliveryTermsCode: nonBlank(p.deliveryTypeCode),
    deliveryNoteReference: noteId === undefined ? undefined : { id: noteId, issueDate: p.deliveryNoteReferencedDocumentDate },
  }
  return Object.values(out).some((v) => v !== undefined) ? out : undefined
}

function documentAllowancesCharges(calc: DocumentCalculation): DocumentAllowanceCharge[] {
  // The logistics service charges are counted in BT-108 and the VAT breakdown (docs/calculate.md),
  // so they are document charges (BG-21) here: left out, no profile's charges add up (BR-CO-12).
  return calc.allowancesAndCharges
    .map((e) => ({
      isCharge: e.isCharge,
      amount: toCents(e.amount),
      // A percentage is taken of the sum of line net amounts (behaviour doc §2.1): that is its base.
      baseAmount: e.entry.basisAmount ?? (e.entry.percent === undefined ? undefined : calc.value),
      percentage: e.entry.percent,
      vatCategoryCode: e.categoryCode,
      vatRate: e.categoryCode === 'O' ? undefined : e.taxPercent,
      reason: nonBlank(e.entry.reason),
      reasonCode: nonBlank(e.entry.reasonCode),
    }))
}

function vatBreakdown(p: InvoicePayload, calc: DocumentCalculation): VatBreakdown[] {
  return calc.vatCategoryGroups.map((g) => {
    const exemption = exemptionDefaults(g.categoryCode, g.exemptionReason, g.exemptionReasonCode)
    return {
      taxableAmount: toCents(g.basis),
      taxAmount: toCents(g.calculated),
      categoryCode: g.categoryCode,
      rate: g.categoryCode === 'O' ? undefined : g.percent,
      exemptionReason: exemption.reason,
      exemptionReasonCode: exemption.code,
      dueDateTypeCode: nonBlank(p.vatdueDateTypeCode),
    }
  })
}

function supportingDocuments(p: InvoicePayload): SupportingDocument[] {
  const out: SupportingDocument[] = []
  ;(p.additionalReferencedDocuments ?? []).forEach((a, i) => {
    const filename = required(nonBlank(a.filename), `additionalReferencedDocuments[${i}].filename`, 'an attachment needs a file name')
    out.push({
      id: filename,
      description: nonBlank(a.description),
      typeCode: '916',
      attachment:
        a.data === undefined
          ? undefined
          : { base64: a.data.replace(/\s+/g, ''), mimeCode: nonBlank(a.mimetype) ?? 'application/octet-stream', filename },
    })
  })
  return out
}

function optionalParty(party: TradePartyPayload | undefined) {
  return party === undefined ? undefined : partyToModel(party)
}

/**
 * The model of a calculated invoice payload.
 * @throws EInvoiceError INVALID_PAYLOAD when the number (BT-1), issue date (BT-2) or lines are missing.
 */
export function invoicePayloadToModel(p: InvoicePayload, calc: DocumentCalculation, options: ToModelOptions): Invoice {
  const invoiceNumber = required(nonBlank(p.number), 'number', 'the invoice number (BT-1) is mandatory')
  const issueDate = required(p.issueDate, 'issueDate', 'the issue date (BT-2) is mandatory')
  const items = p.zfitems ?? []
  const typeCode = nonBlank(p.documentCode) ?? '380'
  const terms = payloadPaymentTerms(p, calc.grandTotal)
  const termsTexts = terms.map((t) => t.description)
  const remitText = p.dueDate !== undefined && !NO_REMIT_TEXT_TYPES.has(typeCode) ? `Please remit until ${germanDate(p.dueDate)}` : undefined
  // The invoice's own terms text; Mustang's default only when no terms block has a text either.
  const ownText = nonBlank(p.paymentTermDescription) ?? (termsTexts.some((t) => t !== undefined) ? undefined : remitText)
  // BT-20 and BT-9 for the profiles with one terms block: every text, the first due date.
  const paymentTermsText = joinTexts([ownText, ...termsTexts])
  const dueDate = p.dueDate ?? terms.find((t) => t.dueDate !== undefined)?.dueDate
  const discounts = cashDiscountTerms(p)
  // EXTENDED writes each block: the invoice's own text and due date first, then the payload's
  // payment terms, then the cash discounts.
  const ownTerms: PaymentTerm[] = ownText === undefined && p.dueDate === undefined ? [] : [{ description: ownText, dueDate: p.dueDate }]
  const allTerms = terms.length === 0 && discounts.length === 0 ? undefined : [...ownTerms, ...terms, ...discounts]
  const objectId = p.objectIdentifierReferencedDocument
  const objectIdValue = nonBlank(objectId?.issuerAssignedID)
  const objectIdScheme = objectId !== undefined && 'referenceTypeCode' in objectId ? nonBlank(objectId.referenceTypeCode) : undefined
  const docs = supportingDocuments(p)
  const tender = nonBlank(p.tenderReferencedDocument?.issuerAssignedID)
  const documentName = nonBlank(p.documentName)

  return {
    invoiceNumber,
    issueDate,
    typeCode,
    currencyCode: nonBlank(p.currency) ?? 'EUR',
    dueDate,
    buyerReference: nonBlank(p.referenceNumber),
    projectReference: nonBlank(p.specifiedProcuringProjectID),
    projectName: nonBlank(p.specifiedProcuringProjectName),
    contractReference: nonBlank(p.contractReferencedDocument),
    purchaseOrderReference: nonBlank(p.buyerOrderReferencedDocumentID),
    salesOrderReference: nonBlank(p.sellerOrderReferencedDocumentID),
    despatchAdviceReference: nonBlank(p.despatchAdviceReferencedDocumentID),
    tenderOrLotReference: tender,
    invoicedObjectIdentifier:
      objectIdValue === undefined ? undefined : { value: objectIdValue, schemeId: objectIdScheme },
    paymentTermsText,
    notes: notes(p),
    businessProcessType: nonBlank(p.businessProcessId),
    specificationIdentifier: options.specificationIdentifier,
    precedingInvoices: precedingInvoices(p),
    seller: partyToModel(p.sender ?? {}),
    buyer: partyToModel(p.recipient ?? {}),
    payee: p.payee === undefined ? undefined : payeeToModel(p.payee),
    delivery: delivery(p),
    invoicingPeriod:
      p.detailedDeliveryPeriodFrom === undefined && p.detailedDeliveryPeriodTo === undefined
        ? undefined
        : { startDate: p.detailedDeliveryPeriodFrom, endDate: p.detailedDeliveryPeriodTo },
    paymentInstructions: paymentInstructions(p),
    allowancesAndCharges: documentAllowancesCharges(calc),
    totals: {
      sumOfLineNetAmounts: calc.value,
      sumOfAllowances: calc.allowanceTotal,
      sumOfCharges: calc.chargeTotal,
      invoiceTotalWithoutVat: calc.taxBasis,
      invoiceTotalVatAmount: calc.vatTotalRounded,
      invoiceTotalWithVat: calc.grandTotal,
      paidAmount: calc.prepaid,
      roundingAmount: calc.roundingAmount,
      amountDueForPayment: calc.duePayable,
    },
    vatBreakdown: vatBreakdown(p, calc),
    supportingDocuments: docs,
    lines: items.map((item, i) => lineToModel(item, calc.lines[i] as LineCalculation, i)),
    extension: {
      documentName,
      invoicer: optionalParty(p.invoicer),
      invoicee: optionalParty(p.invoicee),
      paymentTerms: allTerms,
    },
  }
}
