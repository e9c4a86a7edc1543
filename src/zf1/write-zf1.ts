/**
 * Model → ZUGFeRD 1.0 `rsm:CrossIndustryDocument` (profiles BASIC, COMFORT, EXTENDED; behaviour
 * doc §3.6): RAM :12 / UDT :15 namespaces, HeaderExchangedDocument with its mandatory Name,
 * "SupplyChain" container names, amounts with currencyID, ApplicablePercent for rates, lines after
 * the header settlement. What a profile carries comes from ZF1_CONTENT_RULES.
 * @module
 */
import { dateNode, leaf, wrapped } from '../cii/write-format.js'
import type { Invoice, PaymentMeans, PaymentTerm } from '../model/invoice.js'
import { PRODUCT_NAME, VERSION } from '../version.js'
import { NS, type XmlNode, el, serializeXml } from '../xml/index.js'
import { ZF1_CONTENT_RULES, ZF1_DEFAULT_DOCUMENT_NAME, ZF1_GUIDELINE_IDS, type Zf1ContentRules, type Zf1Level } from './content-rules.js'
import { zf1LineNode } from './write-zf1-lines.js'
import { allowanceChargeNode, amountNode, indicatorNode, partyNode, referenceNode, taxNode } from './write-zf1-parts.js'

/** Canonical prefixes (ZUGFeRD 1.0 uses no qdt element in an invoice). */
const ZF1_NAMESPACES = { rsm: NS.zf1rsm, ram: NS.zf1ram, udt: NS.zf1udt }

export type WriteZf1Options = {
  /** The ZUGFeRD 1 profile whose content rules apply. */
  level: Zf1Level
}

function header(invoice: Invoice, rules: Zf1ContentRules): XmlNode {
  return el(
    'rsm:HeaderExchangedDocument',
    {},
    el('ram:ID', {}, invoice.invoiceNumber),
    el('ram:Name', {}, invoice.extension?.documentName ?? ZF1_DEFAULT_DOCUMENT_NAME),
    el('ram:TypeCode', {}, invoice.typeCode),
    dateNode('ram:IssueDateTime', invoice.issueDate),
    ...invoice.notes.map((n) =>
      el(
        'ram:IncludedNote',
        {},
        rules.extended && leaf('ram:ContentCode', n.contentCode),
        el('ram:Content', {}, n.text),
        leaf('ram:SubjectCode', n.subjectCode),
      ),
    ),
  )
}

function agreement(invoice: Invoice, rules: Zf1ContentRules): XmlNode {
  const { comfort, extended } = rules
  const ext = invoice.extension
  const order = invoice.purchaseOrderReference
  const contract = invoice.contractReference
  return el(
    'ram:ApplicableSupplyChainTradeAgreement',
    {},
    comfort && leaf('ram:BuyerReference', invoice.buyerReference),
    partyNode('ram:SellerTradeParty', invoice.seller, rules),
    partyNode('ram:BuyerTradeParty', invoice.buyer, rules),
    extended && ext?.otherParties?.['ProductEndUserTradeParty'] && partyNode('ram:ProductEndUserTradeParty', ext.otherParties['ProductEndUserTradeParty'], rules),
    extended && wrapped('ram:ApplicableTradeDeliveryTerms', 'ram:DeliveryTypeCode', invoice.delivery?.deliveryTermsCode),
    comfort && order !== undefined && referenceNode('ram:BuyerOrderReferencedDocument', { id: order, issueDate: ext?.purchaseOrderIssueDate }),
    comfort && contract !== undefined && referenceNode('ram:ContractReferencedDocument', { id: contract, issueDate: ext?.contractIssueDate }),
    // ZUGFeRD 1 references carry id, type and date only: no attachment, URI or description.
    ...(rules.extended ? invoice.supportingDocuments : []).map((d) => referenceNode('ram:AdditionalReferencedDocument', d)),
  )
}

function delivery(invoice: Invoice, rules: Zf1ContentRules): XmlNode {
  const d = invoice.delivery
  const shipTo = d?.party ?? (d?.partyName !== undefined || d?.address !== undefined || d?.locationId !== undefined
    ? { name: d.partyName, identifiers: d.locationId === undefined ? [] : [d.locationId], address: d.address }
    : undefined)
  const note = d?.deliveryNoteReference
  return el(
    'ram:ApplicableSupplyChainTradeDelivery',
    {},
    rules.comfort && shipTo && partyNode('ram:ShipToTradeParty', shipTo, rules, false),
    rules.extended && d?.ultimateShipTo && partyNode('ram:UltimateShipToTradeParty', d.ultimateShipTo, rules, false),
    rules.extended && d?.shipFrom && partyNode('ram:ShipFromTradeParty', d.shipFrom, rules, false),
    d?.actualDeliveryDate !== undefined && el('ram:ActualDeliverySupplyChainEvent', {}, dateNode('ram:OccurrenceDateTime', d.actualDeliveryDate)),
    rules.extended && invoice.despatchAdviceReference !== undefined && referenceNode('ram:DespatchAdviceReferencedDocument', { id: invoice.despatchAdviceReference }),
    rules.extended && invoice.receivingAdviceReference !== undefined && referenceNode('ram:ReceivingAdviceReferencedDocument', { id: invoice.receivingAdviceReference }),
    rules.extended && note && referenceNode('ram:DeliveryNoteReferencedDocument', note),
  )
}

function paymentMeansNodes(means: PaymentMeans, rules: Zf1ContentRules): XmlNode[] {
  const transfers = means.creditTransfers.length > 0 ? means.creditTransfers : [undefined]
  return transfers.map((ct) =>
    el(
      'ram:SpecifiedTradeSettlementPaymentMeans',
      {},
      rules.comfort && el('ram:TypeCode', {}, means.typeCode),
      rules.comfort && leaf('ram:Information', means.text),
      wrapped('ram:PayerPartyDebtorFinancialAccount', 'ram:IBANID', means.debitedAccountId),
      ct &&
        el(
          'ram:PayeePartyCreditorFinancialAccount',
          {},
          ct.proprietary === true ? undefined : leaf('ram:IBANID', ct.accountId),
          rules.comfort && leaf('ram:AccountName', ct.accountName),
          ct.proprietary === true ? leaf('ram:ProprietaryID', ct.accountId) : undefined,
        ),
      rules.extended && wrapped('ram:PayerSpecifiedDebtorFinancialInstitution', 'ram:BICID', means.payerBic),
      ct && wrapped('ram:PayeeSpecifiedCreditorFinancialInstitution', 'ram:BICID', ct.serviceProviderId),
    ),
  )
}

function termsNode(t: PaymentTerm, currency: string, rules: Zf1ContentRules): XmlNode | undefined {
  const d = rules.extended ? t.discount : undefined
  if (t.description === undefined && t.dueDate === undefined && d === undefined) return undefined
  return el(
    'ram:SpecifiedTradePaymentTerms',
    {},
    leaf('ram:Description', t.description),
    dateNode('ram:DueDateDateTime', t.dueDate),
    rules.extended && amountNode('ram:PartialPaymentAmount', t.partialPaymentAmount, currency),
    d &&
      el(
        'ram:ApplicableTradePaymentDiscountTerms',
        {},
        dateNode('ram:BasisDateTime', d.basisDate),
        d.basisPeriodMeasure && el('ram:BasisPeriodMeasure', { unitCode: d.basisPeriodUnitCode }, d.basisPeriodMeasure.toFixed()),
        amountNode('ram:BasisAmount', d.basisAmount, currency),
        d.calculationPercent && el('ram:CalculationPercent', {}, d.calculationPercent.toFixed(3)),
        amountNode('ram:ActualDiscountAmount', d.actualAmount, currency),
      ),
  )
}

/** EXTENDED: every block of the model; otherwise one block from BT-20 and BT-9 (COMFORT up). */
function paymentTerms(invoice: Invoice, rules: Zf1ContentRules): (XmlNode | undefined)[] {
  const c = invoice.currencyCode
  const all = invoice.extension?.paymentTerms
  if (rules.extended && all !== undefined && all.length > 0) return all.map((t) => termsNode(t, c, rules))
  return [termsNode({ description: rules.comfort ? invoice.paymentTermsText : undefined, dueDate: invoice.dueDate }, c, rules)]
}

function settlement(invoice: Invoice, rules: Zf1ContentRules): XmlNode {
  const { comfort, extended } = rules
  const c = invoice.currencyCode
  const t = invoice.totals
  const period = invoice.invoicingPeriod
  return el(
    'ram:ApplicableSupplyChainTradeSettlement',
    {},
    leaf('ram:PaymentReference', invoice.paymentInstructions?.remittanceInformation),
    el('ram:InvoiceCurrencyCode', {}, c),
    extended && invoice.extension?.invoicee && partyNode('ram:InvoiceeTradeParty', invoice.extension.invoicee, rules),
    comfort &&
      invoice.payee &&
      partyNode('ram:PayeeTradeParty', { name: invoice.payee.name, identifiers: invoice.payee.identifier === undefined ? [] : [invoice.payee.identifier] }, rules, false),
    ...(invoice.paymentInstructions?.means ?? []).flatMap((m) => paymentMeansNodes(m, rules)),
    ...invoice.vatBreakdown.map((v) =>
      taxNode(
        'ram:ApplicableTradeTax',
        { calculated: v.taxAmount, exemptionReason: v.exemptionReason, basis: v.taxableAmount, categoryCode: v.categoryCode, rate: v.rate },
        c,
        rules,
      ),
    ),
    comfort &&
      period &&
      el('ram:BillingSpecifiedPeriod', {}, dateNode('ram:StartDateTime', period.startDate), dateNode('ram:EndDateTime', period.endDate)),
    ...invoice.allowancesAndCharges.map((ac) => allowanceChargeNode(ac, c, rules)),
    ...(extended ? (invoice.extension?.logisticsServiceCharges ?? []) : []).map((lc) =>
      el(
        'ram:SpecifiedLogisticsServiceCharge',
        {},
        el('ram:Description', {}, lc.reason ?? 'Logistics service charge'),
        amountNode('ram:AppliedAmount', lc.amount, c),
        taxNode('ram:AppliedTradeTax', { categoryCode: lc.vatCategoryCode, rate: lc.vatRate }, c, rules),
      ),
    ),
    ...paymentTerms(invoice, rules),
    el(
      'ram:SpecifiedTradeSettlementMonetarySummation',
      {},
      amountNode('ram:LineTotalAmount', t.sumOfLineNetAmounts, c),
      amountNode('ram:ChargeTotalAmount', t.sumOfCharges, c),
      amountNode('ram:AllowanceTotalAmount', t.sumOfAllowances, c),
      amountNode('ram:TaxBasisTotalAmount', t.invoiceTotalWithoutVat, c),
      amountNode('ram:TaxTotalAmount', t.invoiceTotalVatAmount, c),
      amountNode('ram:GrandTotalAmount', t.invoiceTotalWithVat, c),
      amountNode('ram:TotalPrepaidAmount', t.paidAmount, c),
      amountNode('ram:DuePayableAmount', t.amountDueForPayment, c),
    ),
    comfort && wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', invoice.buyerAccountingReference),
  )
}

/** The ZUGFeRD 1 document as a tree. */
export function zf1Tree(invoice: Invoice, options: WriteZf1Options): XmlNode {
  const rules = ZF1_CONTENT_RULES[options.level]
  const test = invoice.extension?.testIndicator
  return el(
    'rsm:CrossIndustryDocument',
    {},
    el(
      'rsm:SpecifiedExchangedDocumentContext',
      {},
      test !== undefined && indicatorNode('ram:TestIndicator', test),
      wrapped('ram:BusinessProcessSpecifiedDocumentContextParameter', 'ram:ID', invoice.businessProcessType),
      // BT-24 names the syntax and profile written, whatever the source document was.
      el('ram:GuidelineSpecifiedDocumentContextParameter', {}, el('ram:ID', {}, ZF1_GUIDELINE_IDS[options.level])),
    ),
    header(invoice, rules),
    el(
      'rsm:SpecifiedSupplyChainTradeTransaction',
      {},
      agreement(invoice, rules),
      delivery(invoice, rules),
      settlement(invoice, rules),
      // ZUGFeRD 1 has no sub-line structure: EXTENDED CII GROUP / INFORMATION lines are left out.
      ...invoice.lines
        .filter((l) => l.lineStatusReasonCode === undefined || l.lineStatusReasonCode === 'DETAIL')
        .map((line) => zf1LineNode(line, invoice.currencyCode, rules)),
    ),
  )
}

/**
 * Writes the invoice as ZUGFeRD 1.0 XML text (UTF-8, 2-space indentation, deterministic).
 * @example
 * writeZf1(model, { level: 'COMFORT' }) // '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryDocument …'
 */
export function writeZf1(invoice: Invoice, options: WriteZf1Options): string {
  return serializeXml(zf1Tree(invoice, options), { namespaces: ZF1_NAMESPACES, comment: ` generated by ${PRODUCT_NAME} ${VERSION} ` })
}
