/**
 * CII ram:ApplicableHeaderTradeSettlement (behaviour doc §3.2, §3.5) in XSD order: creditor and
 * payment references, currency, invoicer/invoicee, payee, payment means, VAT breakdown, invoicing
 * period, document allowances/charges, payment terms, totals, preceding invoices.
 * @module
 */
import type { DocumentAllowanceCharge, Invoice, PaymentMeans, PaymentTerm, VatBreakdown } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import type { CiiContentRules } from './content-rules.js'
import { roundTo } from '../model/decimal.js'
import { amountText, dateNode, leaf, wrapped } from './write-format.js'
import { partyNode, partyShape, payeeNode } from './write-party.js'

function paymentMeansNodes(means: PaymentMeans, rules: CiiContentRules): XmlNode[] {
  const full = rules.fullEn16931
  const transfers = means.creditTransfers.length > 0 ? means.creditTransfers : [undefined]
  return transfers.map((ct) =>
    el(
      'ram:SpecifiedTradeSettlementPaymentMeans',
      {},
      el('ram:TypeCode', {}, means.typeCode),
      // BT-82 and the BIC/account name exist from EN 16931 on (BASIC's schema has no place for them).
      full && leaf('ram:Information', means.text),
      full &&
        means.card &&
        el(
          'ram:ApplicableTradeSettlementFinancialCard',
          {},
          el('ram:ID', {}, means.card.primaryAccountNumber),
          leaf('ram:CardholderName', means.card.holderName),
        ),
      wrapped('ram:PayerPartyDebtorFinancialAccount', 'ram:IBANID', means.debitedAccountId),
      ct &&
        el(
          'ram:PayeePartyCreditorFinancialAccount',
          {},
          ct.proprietary === true ? leaf('ram:ProprietaryID', ct.accountId) : leaf('ram:IBANID', ct.accountId),
          full && leaf('ram:AccountName', ct.accountName),
        ),
      full && ct && wrapped('ram:PayeeSpecifiedCreditorFinancialInstitution', 'ram:BICID', ct.serviceProviderId),
    ),
  )
}

function vatNode(vat: VatBreakdown, rules: CiiContentRules): XmlNode {
  return el(
    'ram:ApplicableTradeTax',
    {},
    el('ram:CalculatedAmount', {}, amountText(vat.taxAmount)),
    el('ram:TypeCode', {}, 'VAT'),
    leaf('ram:ExemptionReason', vat.exemptionReason),
    el('ram:BasisAmount', {}, amountText(vat.taxableAmount)),
    el('ram:CategoryCode', {}, vat.categoryCode),
    leaf('ram:ExemptionReasonCode', vat.exemptionReasonCode),
    rules.fullEn16931 && vat.taxPointDate && el('ram:TaxPointDate', {}, el('udt:DateString', { format: '102' }, vat.taxPointDate.replaceAll('-', ''))),
    leaf('ram:DueDateTypeCode', vat.dueDateTypeCode),
    vat.rate && el('ram:RateApplicablePercent', {}, amountText(vat.rate)),
  )
}

/** BG-20/BG-21. BR-33/BR-38 need a reason or a code: a generic word stands in when neither is given. */
function allowanceChargeNode(ac: DocumentAllowanceCharge): XmlNode {
  const reason = ac.reason ?? (ac.reasonCode === undefined ? (ac.isCharge ? 'Charge' : 'Allowance') : undefined)
  return el(
    'ram:SpecifiedTradeAllowanceCharge',
    {},
    el('ram:ChargeIndicator', {}, el('udt:Indicator', {}, ac.isCharge ? 'true' : 'false')),
    ac.percentage && el('ram:CalculationPercent', {}, amountText(ac.percentage)),
    ac.baseAmount && el('ram:BasisAmount', {}, amountText(ac.baseAmount)),
    el('ram:ActualAmount', {}, amountText(ac.amount)),
    leaf('ram:ReasonCode', ac.reasonCode),
    leaf('ram:Reason', reason),
    el(
      'ram:CategoryTradeTax',
      {},
      el('ram:TypeCode', {}, 'VAT'),
      el('ram:CategoryCode', {}, ac.vatCategoryCode),
      ac.vatRate && el('ram:RateApplicablePercent', {}, amountText(ac.vatRate)),
    ),
  )
}

/** XRechnung's cash discount convention in BT-20 (KoSIT: one `#SKONTO#…#` line each, ending in a line feed). */
function skontoLines(terms: readonly PaymentTerm[]): string {
  let out = ''
  for (const t of terms) {
    const d = t.discount
    if (d?.calculationPercent === undefined) continue
    const days = d.basisPeriodMeasure === undefined ? '' : `TAGE=${d.basisPeriodMeasure.toFixed(0)}#`
    const base = d.basisAmount === undefined ? '' : `BASISBETRAG=${amountText(d.basisAmount)}#`
    out += `#SKONTO#${days}PROZENT=${amountText(d.calculationPercent)}#${base}\n`
  }
  return out
}

function termsNode(t: PaymentTerm, invoice: Invoice): XmlNode | undefined {
  const d = t.discount
  const children = [
    leaf('ram:Description', t.description),
    dateNode('ram:DueDateDateTime', t.dueDate),
    leaf('ram:DirectDebitMandateID', t.directDebitMandateId),
    d &&
      el(
        'ram:ApplicableTradePaymentDiscountTerms',
        {},
        dateNode('ram:BasisDateTime', d.basisDate),
        d.basisPeriodMeasure && el('ram:BasisPeriodMeasure', { unitCode: d.basisPeriodUnitCode }, d.basisPeriodMeasure.toFixed(0)),
        d.basisAmount && el('ram:BasisAmount', { currencyID: invoice.currencyCode }, amountText(d.basisAmount)),
        // Mustang writes the cash discount percentage with 3 decimals.
        d.calculationPercent && el('ram:CalculationPercent', {}, roundTo(d.calculationPercent, 3).toFixed(3)),
      ),
  ]
  return children.some((c) => c !== undefined) ? el('ram:SpecifiedTradePaymentTerms', {}, ...children) : undefined
}

function paymentTerms(invoice: Invoice, rules: CiiContentRules): (XmlNode | undefined)[] {
  const discounts = (invoice.extension?.paymentTerms ?? []).filter((t) => t.discount !== undefined)
  let text = invoice.paymentTermsText
  if (rules.cashDiscounts === 'skonto-text' && discounts.length > 0) {
    text = (text === undefined ? '' : text + '\n') + skontoLines(discounts)
  }
  const main = termsNode(
    { description: text, dueDate: invoice.dueDate, directDebitMandateId: invoice.paymentInstructions?.directDebit?.mandateReference },
    invoice,
  )
  return rules.cashDiscounts === 'blocks' ? [main, ...discounts.map((t) => termsNode(t, invoice))] : [main]
}

function summation(invoice: Invoice, rules: CiiContentRules): XmlNode {
  const t = invoice.totals
  const more = rules.beyondMinimum
  return el(
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    {},
    more && el('ram:LineTotalAmount', {}, amountText(t.sumOfLineNetAmounts)),
    more && t.sumOfCharges && el('ram:ChargeTotalAmount', {}, amountText(t.sumOfCharges)),
    more && t.sumOfAllowances && el('ram:AllowanceTotalAmount', {}, amountText(t.sumOfAllowances)),
    el('ram:TaxBasisTotalAmount', {}, amountText(t.invoiceTotalWithoutVat)),
    // BT-110 is the only amount with a currency (CII-SR / BR-CO-14 binding of BT-5).
    t.invoiceTotalVatAmount && el('ram:TaxTotalAmount', { currencyID: invoice.currencyCode }, amountText(t.invoiceTotalVatAmount)),
    rules.fullEn16931 && t.roundingAmount && el('ram:RoundingAmount', {}, amountText(t.roundingAmount)),
    el('ram:GrandTotalAmount', {}, amountText(t.invoiceTotalWithVat)),
    more && t.paidAmount && el('ram:TotalPrepaidAmount', {}, amountText(t.paidAmount)),
    el('ram:DuePayableAmount', {}, amountText(t.amountDueForPayment)),
  )
}

export function settlementNode(invoice: Invoice, rules: CiiContentRules): XmlNode {
  const more = rules.beyondMinimum
  const pay = invoice.paymentInstructions
  const ext = invoice.extension
  const period = invoice.invoicingPeriod
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    {},
    more && leaf('ram:CreditorReferenceID', pay?.directDebit?.creditorId),
    more && leaf('ram:PaymentReference', pay?.remittanceInformation),
    el('ram:InvoiceCurrencyCode', {}, invoice.currencyCode),
    rules.extended && ext?.invoicer && partyNode('ram:InvoicerTradeParty', ext.invoicer, partyShape(rules, 'other'), rules),
    rules.extended && ext?.invoicee && partyNode('ram:InvoiceeTradeParty', ext.invoicee, partyShape(rules, 'other'), rules),
    more && invoice.payee && payeeNode(invoice.payee),
    ...(more ? (pay?.means ?? []) : []).flatMap((m) => paymentMeansNodes(m, rules)),
    ...(more ? invoice.vatBreakdown : []).map((v) => vatNode(v, rules)),
    more &&
      period &&
      el('ram:BillingSpecifiedPeriod', {}, dateNode('ram:StartDateTime', period.startDate), dateNode('ram:EndDateTime', period.endDate)),
    ...(more ? invoice.allowancesAndCharges : []).map(allowanceChargeNode),
    ...(more ? paymentTerms(invoice, rules) : []),
    summation(invoice, rules),
    ...(more ? invoice.precedingInvoices : []).map((ref) =>
      el(
        'ram:InvoiceReferencedDocument',
        {},
        el('ram:IssuerAssignedID', {}, ref.id),
        rules.extended && leaf('ram:TypeCode', ref.typeCode),
        dateNode('ram:FormattedIssueDateTime', ref.issueDate, 'qdt'),
      ),
    ),
  )
}
