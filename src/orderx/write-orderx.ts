/**
 * Model → Order-X 1.0 `rsm:SCRDMCCBDACIOMessageStructure` (profiles BASIC, COMFORT, EXTENDED;
 * behaviour doc §3.1, §3.7): the CII structure on the D20B libraries (RAM/UDT/QDT :128), fixed
 * business process `A1` and TypeCode `220`, OrderCurrencyCode, lines with RequestedQuantity and the
 * lines before the header. What a profile carries comes from ORDERX_CONTENT_RULES.
 * @module
 */
import { dateNode, leaf, wrapped } from '../cii/write-format.js'
import { shipToParty } from '../cii/write-party.js'
import type { Invoice } from '../model/invoice.js'
import { PRODUCT_NAME, VERSION } from '../version.js'
import { NS, type XmlNode, el, serializeXml } from '../xml/index.js'
import {
  ORDERX_BUSINESS_PROCESS,
  ORDERX_CONTENT_RULES,
  ORDERX_GUIDELINE_IDS,
  ORDERX_TYPE_CODE,
  type OrderXContentRules,
  type OrderXLevel,
} from './content-rules.js'
import { orderXLineNode } from './write-orderx-lines.js'
import { allowanceChargeNode, amountNode, indicatorNode, partyNode, taxNode } from './write-orderx-parts.js'

/** Canonical prefixes, declared on the root in this order. */
const ORDERX_NAMESPACES = { rsm: NS.oxrsm, ram: NS.oxram, qdt: NS.oxqdt, udt: NS.oxudt }

export type WriteOrderXOptions = {
  /** The Order-X profile whose content rules apply. */
  level: OrderXLevel
}

/** `2026-11-02` → `02.11.2026` for Mustang's default payment terms text. */
function germanDate(date: string): string {
  const [y, m, d] = date.split('-')
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}`
}

function exchangedDocument(invoice: Invoice, rules: OrderXContentRules): XmlNode {
  return el(
    'rsm:ExchangedDocument',
    {},
    el('ram:ID', {}, invoice.invoiceNumber),
    leaf('ram:Name', invoice.extension?.documentName),
    el('ram:TypeCode', {}, ORDERX_TYPE_CODE),
    dateNode('ram:IssueDateTime', invoice.issueDate),
    leaf('ram:PurposeCode', invoice.extension?.purposeCode),
    ...invoice.notes.map((n) =>
      el('ram:IncludedNote', {}, rules.extended && leaf('ram:ContentCode', n.contentCode), el('ram:Content', {}, n.text), leaf('ram:SubjectCode', n.subjectCode)),
    ),
  )
}

/** CII TypeCodes of referenced documents: BT-17 tender/lot (50), BT-18 invoiced object (130). */
const TENDER_TYPE = '50'
const OBJECT_TYPE = '130'

/** BG-24 documents, BT-17 and BT-18 (COMFORT up), in ReferencedDocumentType order. */
function additionalDocuments(invoice: Invoice): XmlNode[] {
  const out = invoice.supportingDocuments.map((doc) => {
    const a = doc.attachment
    return el(
      'ram:AdditionalReferencedDocument',
      {},
      el('ram:IssuerAssignedID', {}, doc.id),
      leaf('ram:URIID', doc.externalUri),
      el('ram:TypeCode', {}, doc.typeCode ?? '916'),
      leaf('ram:Name', doc.description),
      a && el('ram:AttachmentBinaryObject', { mimeCode: a.mimeCode, filename: a.filename }, a.base64),
    )
  })
  const tender = invoice.tenderOrLotReference
  if (tender !== undefined) out.push(el('ram:AdditionalReferencedDocument', {}, el('ram:IssuerAssignedID', {}, tender), el('ram:TypeCode', {}, TENDER_TYPE)))
  const obj = invoice.invoicedObjectIdentifier
  if (obj !== undefined) {
    out.push(
      el('ram:AdditionalReferencedDocument', {}, el('ram:IssuerAssignedID', {}, obj.value), el('ram:TypeCode', {}, OBJECT_TYPE), leaf('ram:ReferenceTypeCode', obj.schemeId)),
    )
  }
  return out
}

function agreement(invoice: Invoice, rules: OrderXContentRules): XmlNode {
  const { comfort, extended } = rules
  // Parties kept by their CII element name (extension.otherParties) where the profile has them.
  const other = (role: string, allowed: boolean) => {
    const p = allowed ? invoice.extension?.otherParties?.[role] : undefined
    return p && partyNode(`ram:${role}`, p, rules)
  }
  const project = invoice.projectReference
  return el(
    'ram:ApplicableHeaderTradeAgreement',
    {},
    leaf('ram:BuyerReference', invoice.buyerReference),
    partyNode('ram:SellerTradeParty', invoice.seller, rules),
    partyNode('ram:BuyerTradeParty', invoice.buyer, rules),
    other('BuyerRequisitionerTradeParty', comfort),
    other('ProductEndUserTradeParty', extended),
    wrapped('ram:ApplicableTradeDeliveryTerms', 'ram:DeliveryTypeCode', invoice.delivery?.deliveryTermsCode),
    comfort && wrapped('ram:SellerOrderReferencedDocument', 'ram:IssuerAssignedID', invoice.salesOrderReference),
    wrapped('ram:BuyerOrderReferencedDocument', 'ram:IssuerAssignedID', invoice.purchaseOrderReference),
    wrapped('ram:ContractReferencedDocument', 'ram:IssuerAssignedID', invoice.contractReference),
    ...(comfort ? additionalDocuments(invoice) : []),
    other('BuyerAgentTradeParty', extended),
    // CII requires a project name beside the id; the id stands in when none is given.
    comfort && project !== undefined && el('ram:SpecifiedProcuringProject', {}, el('ram:ID', {}, project), el('ram:Name', {}, invoice.projectName ?? project)),
  )
}

function delivery(invoice: Invoice, rules: OrderXContentRules): XmlNode {
  const d = invoice.delivery
  const shipTo = d && (d.party ?? shipToParty(d))
  return el(
    'ram:ApplicableHeaderTradeDelivery',
    {},
    shipTo && partyNode('ram:ShipToTradeParty', shipTo, rules),
    rules.extended && d?.ultimateShipTo && partyNode('ram:UltimateShipToTradeParty', d.ultimateShipTo, rules),
    d?.shipFrom && partyNode('ram:ShipFromTradeParty', d.shipFrom, rules),
    // An order has no actual delivery: BT-72 becomes the requested delivery date.
    d?.actualDeliveryDate !== undefined && el('ram:RequestedDeliverySupplyChainEvent', {}, dateNode('ram:OccurrenceDateTime', d.actualDeliveryDate)),
  )
}

/** COMFORT: one payment terms text: BT-20, else Mustang's default from the due date (BT-9). */
function paymentTerms(invoice: Invoice): XmlNode | undefined {
  const text = invoice.paymentTermsText ?? (invoice.dueDate === undefined ? undefined : `Zahlbar ohne Abzug bis ${germanDate(invoice.dueDate)}`)
  return wrapped('ram:SpecifiedTradePaymentTerms', 'ram:Description', text)
}

function settlement(invoice: Invoice, rules: OrderXContentRules): XmlNode {
  const { comfort, extended } = rules
  const c = invoice.currencyCode
  const t = invoice.totals
  const means = invoice.paymentInstructions?.means[0]
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    {},
    extended && leaf('ram:TaxCurrencyCode', invoice.vatAccountingCurrencyCode),
    el('ram:OrderCurrencyCode', {}, c),
    extended && el('ram:InvoiceCurrencyCode', {}, c),
    extended && invoice.extension?.invoicer && partyNode('ram:InvoicerTradeParty', invoice.extension.invoicer, rules),
    comfort && invoice.extension?.invoicee && partyNode('ram:InvoiceeTradeParty', invoice.extension.invoicee, rules),
    // Order-X has one payment means with type and text only: no accounts (BG-17 … BG-19).
    comfort && means && el('ram:SpecifiedTradeSettlementPaymentMeans', {}, el('ram:TypeCode', {}, means.typeCode), leaf('ram:Information', means.text)),
    ...(extended ? invoice.vatBreakdown : []).map((v) =>
      taxNode(
        'ram:ApplicableTradeTax',
        {
          calculated: v.taxAmount,
          exemptionReason: v.exemptionReason,
          basis: v.taxableAmount,
          categoryCode: v.categoryCode,
          exemptionReasonCode: v.exemptionReasonCode,
          rate: v.rate,
        },
        rules,
      ),
    ),
    ...(comfort ? invoice.allowancesAndCharges : []).map((ac) => allowanceChargeNode(ac, rules)),
    ...(extended ? (invoice.extension?.logisticsServiceCharges ?? []) : []).map((lc) =>
      el(
        'ram:SpecifiedLogisticsServiceCharge',
        {},
        el('ram:Description', {}, lc.reason ?? 'Logistics service charge'),
        amountNode('ram:AppliedAmount', lc.amount),
        taxNode('ram:AppliedTradeTax', { categoryCode: lc.vatCategoryCode, rate: lc.vatRate }, rules),
      ),
    ),
    comfort && paymentTerms(invoice),
    el(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      {},
      amountNode('ram:LineTotalAmount', t.sumOfLineNetAmounts),
      amountNode('ram:ChargeTotalAmount', t.sumOfCharges),
      amountNode('ram:AllowanceTotalAmount', t.sumOfAllowances),
      amountNode('ram:TaxBasisTotalAmount', t.invoiceTotalWithoutVat),
      // The Order-X schematron requires currencyID on TaxTotalAmount (as BR-CO-? does in CII).
      amountNode('ram:TaxTotalAmount', t.invoiceTotalVatAmount, c),
      extended && amountNode('ram:RoundingAmount', t.roundingAmount),
      amountNode('ram:GrandTotalAmount', t.invoiceTotalWithVat),
      extended && amountNode('ram:TotalPrepaidAmount', t.paidAmount),
      extended && amountNode('ram:DuePayableAmount', t.amountDueForPayment),
    ),
    wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', invoice.buyerAccountingReference),
  )
}

/** The Order-X document as a tree. */
export function orderXTree(invoice: Invoice, options: WriteOrderXOptions): XmlNode {
  const rules = ORDERX_CONTENT_RULES[options.level]
  const test = invoice.extension?.testIndicator
  return el(
    'rsm:SCRDMCCBDACIOMessageStructure',
    {},
    el(
      'rsm:ExchangedDocumentContext',
      {},
      test !== undefined && indicatorNode('ram:TestIndicator', test),
      el('ram:BusinessProcessSpecifiedDocumentContextParameter', {}, el('ram:ID', {}, ORDERX_BUSINESS_PROCESS)),
      // BT-24 names the syntax and profile written, whatever the source document was.
      el('ram:GuidelineSpecifiedDocumentContextParameter', {}, el('ram:ID', {}, ORDERX_GUIDELINE_IDS[options.level])),
    ),
    exchangedDocument(invoice, rules),
    el(
      'rsm:SupplyChainTradeTransaction',
      {},
      // Order-X has no sub-line structure: EXTENDED CII GROUP / INFORMATION lines are left out.
      ...invoice.lines
        .filter((l) => l.lineStatusReasonCode === undefined || l.lineStatusReasonCode === 'DETAIL')
        .map((line) => orderXLineNode(line, rules)),
      agreement(invoice, rules),
      delivery(invoice, rules),
      settlement(invoice, rules),
    ),
  )
}

/**
 * Writes the invoice as an Order-X order (UTF-8, 2-space indentation, deterministic).
 * @throws EInvoiceError INVALID_PAYLOAD when a line has no unit code.
 * @example
 * writeOrderX(model, { level: 'BASIC' }) // '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:SCRDMCCBDACIOMessageStructure …'
 */
export function writeOrderX(invoice: Invoice, options: WriteOrderXOptions): string {
  return serializeXml(orderXTree(invoice, options), { namespaces: ORDERX_NAMESPACES, comment: ` generated by ${PRODUCT_NAME} ${VERSION} ` })
}
