/**
 * CII ram:ApplicableHeaderTradeSettlement (behaviour doc §3.2, §3.5) in XSD order: creditor and
 * payment references, currency, invoicer/invoicee, payee, payment means, VAT breakdown, invoicing
 * period, document allowances/charges, payment terms, totals, preceding invoices.
 * @module
 */
import type { DocumentAllowanceCharge, Invoice, PaymentDiscountTerms, PaymentMeans, PaymentTerm, VatBreakdown } from '../model/invoice.js'
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
          // XSD order: IBANID, AccountName, ProprietaryID.
          ct.proprietary === true ? undefined : leaf('ram:IBANID', ct.accountId),
          full && leaf('ram:AccountName', ct.accountName),
          ct.proprietary === true ? leaf('ram:ProprietaryID', ct.accountId) : undefined,
        ),
      // The payer's BIC has no EN 16931 term; only EXTENDED's schema has the element.
      rules.extended && wrapped('ram:PayerSpecifiedDebtorFinancialInstitution', 'ram:BICID', means.payerBic),
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

/** EXTENDED SpecifiedLogisticsServiceCharge: Description, AppliedAmount, AppliedTradeTax. */
function logisticsChargeNode(c: DocumentAllowanceCharge, rules: CiiContentRules): XmlNode {
  return el(
    'ram:SpecifiedLogisticsServiceCharge',
    {},
    el('ram:Description', {}, c.reason ?? 'Logistics service charge'),
    el('ram:AppliedAmount', {}, amountText(c.amount)),
    el(
      'ram:AppliedTradeTax',
      {},
      el('ram:TypeCode', {}, 'VAT'),
      el('ram:CategoryCode', {}, c.vatCategoryCode),
      rules.extended && c.vatRate && el('ram:RateApplicablePercent', {}, amountText(c.vatRate)),
    ),
  )
}

/** BT-20 text whose last line is a `#SKONTO#…#` line. */
const SKONTO_AT_END = /(^|\n)[ \t]*#SKONTO#[^\n]*#$/

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

/** EXTENDED discount (ActualDiscountAmount) or penalty (ActualPenaltyAmount) terms. */
function discountTermsNode(name: string, actual: string, d: PaymentDiscountTerms | undefined, invoice: Invoice): XmlNode | undefined {
  return (
    d &&
    el(
      name,
      {},
      dateNode('ram:BasisDateTime', d.basisDate),
      d.basisPeriodMeasure && el('ram:BasisPeriodMeasure', { unitCode: d.basisPeriodUnitCode }, d.basisPeriodMeasure.toFixed()),
      d.basisAmount && el('ram:BasisAmount', { currencyID: invoice.currencyCode }, amountText(d.basisAmount)),
      // Mustang writes the cash discount percentage with 3 decimals.
      d.calculationPercent && el('ram:CalculationPercent', {}, roundTo(d.calculationPercent, 3).toFixed(3)),
      d.actualAmount && el(actual, { currencyID: invoice.currencyCode }, amountText(d.actualAmount)),
    )
  )
}

function termsNode(t: PaymentTerm, invoice: Invoice, rules: CiiContentRules): XmlNode | undefined {
  const ext = rules.extended
  const children = [
    leaf('ram:Description', t.description),
    dateNode('ram:DueDateDateTime', t.dueDate),
    leaf('ram:DirectDebitMandateID', t.directDebitMandateId),
    ext && t.partialPaymentAmount && el('ram:PartialPaymentAmount', { currencyID: invoice.currencyCode }, amountText(t.partialPaymentAmount)),
    ext && discountTermsNode('ram:ApplicableTradePaymentPenaltyTerms', 'ram:ActualPenaltyAmount', t.penalty, invoice),
    ext && discountTermsNode('ram:ApplicableTradePaymentDiscountTerms', 'ram:ActualDiscountAmount', t.discount, invoice),
  ]
  return children.some((c) => c !== undefined && c !== false) ? el('ram:SpecifiedTradePaymentTerms', {}, ...children) : undefined
}

/**
 * EXTENDED: every payment terms block of the model (extension.paymentTerms holds the whole list,
 * BT-20/BT-9 being the first's), the direct debit mandate (BT-89) on the first when no block has
 * one. Other profiles: one block from BT-20, BT-9 and BT-89; XRechnung adds the cash discounts as
 * `#SKONTO#` lines.
 */
function paymentTerms(invoice: Invoice, rules: CiiContentRules): (XmlNode | undefined)[] {
  const all = invoice.extension?.paymentTerms ?? []
  const mandate = invoice.paymentInstructions?.directDebit?.mandateReference
  if (rules.cashDiscounts === 'blocks' && all.length > 0) {
    const needsMandate = mandate !== undefined && all.every((t) => t.directDebitMandateId === undefined)
    return all.map((t, i) => termsNode(i === 0 && needsMandate ? { ...t, directDebitMandateId: mandate } : t, invoice, rules))
  }
  const discounts = all.filter((t) => t.discount !== undefined)
  let text = invoice.paymentTermsText
  if (rules.cashDiscounts === 'skonto-text') {
    // BR-DE-18: every #SKONTO# line ends in a line feed, also one that came in BT-20 (readers trim it).
    if (text !== undefined && SKONTO_AT_END.test(text)) text += '\n'
    if (discounts.length > 0) text = (text === undefined ? '' : text.endsWith('\n') ? text : text + '\n') + skontoLines(discounts)
  }
  return [termsNode({ description: text, dueDate: invoice.dueDate, directDebitMandateId: mandate }, invoice, rules)]
}

function summation(invoice: Invoice, rules: CiiContentRules): XmlNode {
  const t = invoice.totals
  const more = rules.beyondMinimum
  const accounting = invoice.vatAccountingCurrencyCode
  return el(
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    {},
    more && el('ram:LineTotalAmount', {}, amountText(t.sumOfLineNetAmounts)),
    more && t.sumOfCharges && el('ram:ChargeTotalAmount', {}, amountText(t.sumOfCharges)),
    more && t.sumOfAllowances && el('ram:AllowanceTotalAmount', {}, amountText(t.sumOfAllowances)),
    el('ram:TaxBasisTotalAmount', {}, amountText(t.invoiceTotalWithoutVat)),
    // BT-110 is the only amount with a currency (CII-SR / BR-CO-14 binding of BT-5).
    t.invoiceTotalVatAmount && el('ram:TaxTotalAmount', { currencyID: invoice.currencyCode }, amountText(t.invoiceTotalVatAmount)),
    // BT-111: the VAT total in the VAT accounting currency (BT-6), told apart by its currencyID.
    more &&
      accounting !== undefined &&
      t.invoiceTotalVatAmountInAccountingCurrency &&
      el('ram:TaxTotalAmount', { currencyID: accounting }, amountText(t.invoiceTotalVatAmountInAccountingCurrency)),
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
    more && leaf('ram:TaxCurrencyCode', invoice.vatAccountingCurrencyCode),
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
    ...(rules.extended ? (ext?.logisticsServiceCharges ?? []) : []).map((c) => logisticsChargeNode(c, rules)),
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
    more && wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', invoice.buyerAccountingReference),
  )
}
