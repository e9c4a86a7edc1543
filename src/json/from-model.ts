/**
 * The model → the Mustang-shaped Invoice JSON that `parse` answers (behaviour doc §5.4): the
 * invoice fields, and the five totals copied from the document as written (§5.5: grandTotal,
 * taxBasis, lineTotalAmount, vattotal, duePayable are not recalculated). Terms the document did
 * not carry (model `source.absentTerms`) are left out rather than shown as stand-ins.
 * Where Mustang 2.24 loses data (line and allowance VAT categories, UBL allowances) we keep it;
 * docs/parse.md lists what the Mustang shape itself cannot carry.
 * @module
 */
import { Decimal } from '../model/decimal.js'
import type { DocumentAllowanceCharge, Invoice, PaymentTerm } from '../model/invoice.js'
import { xmlTrim } from '../xml/whitespace.js'
import { invoiceArgument } from '../model/invoice-argument.js'
import { breakdownsLendingExemption, lineJson } from './from-model-line.js'
import { noteJson, partyJson, payeeJson, paymentJson } from './from-model-party.js'
import type { AllowanceChargePayload, CalculatedInvoicePayload, CashDiscountPayload, TradePartyPayload } from './schemas.js'

/** The parse result: a CalculatedInvoice payload plus Mustang's derived `tradeSettlement`. */
export type ParsedInvoiceJson = CalculatedInvoicePayload & {
  tradeSettlement?: unknown[] | undefined
}

/** XRechnung's cash discount convention in BT-20: `#SKONTO#TAGE=14#PROZENT=2.00#[BASISBETRAG=…#]`. */
const SKONTO_LINE = /^#SKONTO#TAGE=(\d+)#PROZENT=(\d+(?:\.\d+)?)#(?:BASISBETRAG=(-?\d+(?:\.\d+)?)#)?\s*$/

function allowanceChargeJson(a: DocumentAllowanceCharge): AllowanceChargePayload {
  return {
    totalAmount: a.amount,
    percent: a.percentage,
    basisAmount: a.baseAmount,
    taxPercent: a.vatRate,
    // Mustang 2.24 does not read BT-95/BT-102 back; we keep them.
    categoryCode: a.vatCategoryCode === '' ? undefined : a.vatCategoryCode,
    reason: a.reason,
    reasonCode: a.reasonCode,
  }
}

/** Splits BT-20 into its free text and the `#SKONTO#` lines Mustang turns into cash discounts. */
function splitSkonto(text: string | undefined): { text: string | undefined; discounts: CashDiscountPayload[] } {
  if (text === undefined) return { text, discounts: [] }
  const kept: string[] = []
  const discounts: CashDiscountPayload[] = []
  for (const line of text.split('\n')) {
    const m = SKONTO_LINE.exec(line.trim())
    if (m === null) kept.push(line)
    else discounts.push({ days: Number(m[1]), percent: new Decimal(m[2] as string), basisAmount: m[3] === undefined ? undefined : new Decimal(m[3]) })
  }
  const rest = xmlTrim(kept.join('\n'))
  return { text: rest === '' ? undefined : rest, discounts }
}

/** EXTENDED discount terms counted in days are Mustang cash discounts. */
function discountTerms(terms: readonly PaymentTerm[] | undefined): CashDiscountPayload[] {
  const out: CashDiscountPayload[] = []
  for (const t of terms ?? []) {
    const d = t.discount
    if (d?.calculationPercent === undefined) continue
    const days = d.basisPeriodUnitCode === undefined || d.basisPeriodUnitCode === 'DAY' ? d.basisPeriodMeasure : undefined
    out.push({ percent: d.calculationPercent, days: days?.isInteger() === true ? days.toNumber() : undefined, basisAmount: d.basisAmount })
  }
  return out
}

function deliveryAddressJson(invoice: Invoice): TradePartyPayload | undefined {
  const d = invoice.delivery
  if (d === undefined) return undefined
  if (d.party !== undefined) return partyJson(d.party)
  if (d.partyName === undefined && d.locationId === undefined && d.address === undefined) return undefined
  return partyJson({ name: d.partyName, identifiers: d.locationId === undefined ? [] : [d.locationId], address: d.address })
}

/** The parse output for a model read from XML (write it with `writeJson`). */
export function invoiceToJson(invoice: Invoice): ParsedInvoiceJson {
  invoiceArgument(invoice, 'invoice')
  const absent = new Set(invoice.source?.absentTerms ?? [])
  const present = <T>(term: string, value: T): T | undefined => (absent.has(term) ? undefined : value)
  const t = invoice.totals
  const ext = invoice.extension
  const { bankDetails, debitDetails } = paymentJson(invoice.paymentInstructions)
  const skonto = splitSkonto(invoice.paymentTermsText)
  const lending = breakdownsLendingExemption(invoice.lines, invoice.vatBreakdown)
  const sender = partyJson(invoice.seller, { bankDetails, debitDetails })
  const docAllowances = invoice.allowancesAndCharges.filter((a) => !a.isCharge)
  // Mustang reads SpecifiedLogisticsServiceCharge as a plain charge (§5.4), which keeps BT-108 whole.
  const docCharges = [...invoice.allowancesAndCharges.filter((a) => a.isCharge), ...(ext?.logisticsServiceCharges ?? [])]
  const attachments = invoice.supportingDocuments.filter((d) => d.attachment !== undefined)

  return {
    documentName: ext?.documentName,
    documentCode: present('BT-3', invoice.typeCode),
    number: present('BT-1', invoice.invoiceNumber),
    referenceNumber: invoice.buyerReference,
    currency: present('BT-5', invoice.currencyCode),
    paymentTermDescription: skonto.text,
    deliveryTypeCode: invoice.delivery?.deliveryTermsCode,
    issueDate: present('BT-2', invoice.issueDate),
    dueDate: invoice.dueDate,
    deliveryDate: invoice.delivery?.actualDeliveryDate,
    sender,
    recipient: partyJson(invoice.buyer),
    deliveryAddress: deliveryAddressJson(invoice),
    endCustomerDeliveryAddress: partyJson(invoice.delivery?.ultimateShipTo),
    payee: payeeJson(invoice.payee),
    invoicer: partyJson(ext?.invoicer),
    invoicee: partyJson(ext?.invoicee),
    cashDiscounts: [...skonto.discounts, ...discountTerms(ext?.paymentTerms)],
    notesWithSubjectCode: invoice.notes.map(noteJson),
    sellerOrderReferencedDocumentID: invoice.salesOrderReference,
    buyerOrderReferencedDocumentID: invoice.purchaseOrderReference,
    buyerOrderReferencedDocumentIssueDateTime: ext?.purchaseOrderIssueDate,
    contractReferencedDocument: invoice.contractReference,
    totalPrepaidAmount: t.paidAmount,
    roundingAmount: t.roundingAmount,
    invoiceReferencedDocuments: invoice.precedingInvoices.map((p) => ({
      issuerAssignedID: p.id,
      formattedIssueDateTime: p.issueDate,
      typeCode: p.typeCode,
    })),
    specifiedProcuringProjectID: invoice.projectReference,
    specifiedProcuringProjectName: invoice.projectName,
    despatchAdviceReferencedDocumentID: invoice.despatchAdviceReference,
    deliveryNoteReferencedDocumentID: invoice.delivery?.deliveryNoteReference?.id,
    deliveryNoteReferencedDocumentDate: invoice.delivery?.deliveryNoteReference?.issueDate,
    creditorReferenceID: invoice.paymentInstructions?.directDebit?.creditorId,
    paymentReference: invoice.paymentInstructions?.remittanceInformation,
    businessProcessId: invoice.businessProcessType,
    objectIdentifierReferencedDocument:
      invoice.invoicedObjectIdentifier === undefined
        ? undefined
        : { issuerAssignedID: invoice.invoicedObjectIdentifier.value, typeCode: '130', referenceTypeCode: invoice.invoicedObjectIdentifier.schemeId },
    tenderReferencedDocument: invoice.tenderOrLotReference === undefined ? undefined : { issuerAssignedID: invoice.tenderOrLotReference, typeCode: '50' },
    detailedDeliveryPeriodFrom: invoice.invoicingPeriod?.startDate,
    detailedDeliveryPeriodTo: invoice.invoicingPeriod?.endDate,
    additionalReferencedDocuments: attachments.map((d) => ({
      filename: d.attachment?.filename === '' ? d.id : d.attachment?.filename,
      mimetype: d.attachment?.mimeCode,
      relation: 'Data',
      description: d.description,
      data: d.attachment?.base64,
    })),
    vatdueDateTypeCode: invoice.vatPointDateCode,
    zfallowances: docAllowances.map(allowanceChargeJson),
    zfcharges: docCharges.map(allowanceChargeJson),
    zfitems: invoice.lines.map((line) => lineJson(line, lending)),
    tradeSettlement: [...bankDetails, ...debitDetails],
    // §5.5: the totals as the document states them.
    lineTotalAmount: present('BT-106', t.sumOfLineNetAmounts),
    taxBasis: present('BT-109', t.invoiceTotalWithoutVat),
    vattotal: t.invoiceTotalVatAmount,
    grandTotal: present('BT-112', t.invoiceTotalWithVat),
    duePayable: present('BT-115', t.amountDueForPayment),
  }
}
