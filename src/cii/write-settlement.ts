/**
 * CII ram:ApplicableHeaderTradeSettlement (behaviour doc §3.2, §3.5) in XSD order: creditor and
 * payment references, currency, invoicer/invoicee, payee, payment means, VAT breakdown, invoicing
 * period, document allowances/charges, payment terms, totals, preceding invoices.
 * @module
 */
import { PAYMENT_MEANS_CODES } from '../model/codelists/untdid-4461.js'
import type {
  DocumentAllowanceCharge,
  Invoice,
  PaymentDiscountTerms,
  PaymentMeans,
  PaymentTerm,
  PrecedingInvoiceReference,
  VatBreakdown,
} from '../model/invoice.js'
import { collapseXmlSpace, isXmlBlank } from '../xml/whitespace.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'
import type { CiiContentRules } from './content-rules.js'
import { FORMAT_102, amountText, dateText, percentText, writeDate } from './write-format.js'
import { partyShape, writeParty, writePayee } from './write-party.js'
import { allowanceChargeReason } from './write-common.js'

/**
 * The one BT-82 the payment means carry: EN 16931 has a single payment means text, and CII
 * repeats SpecifiedTradeSettlementPaymentMeans only for further accounts, so CII-SR-468 wants the
 * same Information in all that have one. Distinct texts are joined with "; " in order; a text
 * that only names its means' code (the JSON default "SEPA credit transfer" of code 58) is left
 * out when another text says more.
 */
function paymentMeansText(means: readonly PaymentMeans[]): string | undefined {
  // Compared as XML reads them (white space collapsed), written as given.
  const texts: { text: string; key: string; codeName: boolean }[] = []
  for (const m of means) {
    const key = m.text === undefined ? '' : collapseXmlSpace(m.text)
    if (m.text === undefined || key === '' || texts.some((t) => t.key === key)) continue
    texts.push({ text: m.text, key, codeName: PAYMENT_MEANS_CODES.name(m.typeCode)?.toLowerCase() === key.toLowerCase() })
  }
  const telling = texts.filter((t) => !t.codeName)
  const kept = telling.length > 0 ? telling : texts
  return kept.length === 0 ? undefined : kept.map((t) => t.text).join('; ')
}

function writePaymentMeans(w: XmlTextWriter, means: PaymentMeans, text: string | undefined, rules: CiiContentRules): void {
  const full = rules.fullEn16931
  const transfers = means.creditTransfers.length > 0 ? means.creditTransfers : [undefined]
  for (const ct of transfers) {
    w.open('ram:SpecifiedTradeSettlementPaymentMeans')
    w.text('ram:TypeCode', means.typeCode)
    // BT-82 and the BIC/account name exist from EN 16931 on (BASIC's schema has no place for them).
    if (full) w.leaf('ram:Information', text)
    if (full && means.card) {
      w.open('ram:ApplicableTradeSettlementFinancialCard')
      w.text('ram:ID', means.card.primaryAccountNumber)
      w.leaf('ram:CardholderName', means.card.holderName)
      w.close()
    }
    w.wrapped('ram:PayerPartyDebtorFinancialAccount', 'ram:IBANID', means.debitedAccountId)
    if (ct) {
      w.open('ram:PayeePartyCreditorFinancialAccount')
      // XSD order: IBANID, AccountName, ProprietaryID.
      if (ct.proprietary !== true) w.leaf('ram:IBANID', ct.accountId)
      if (full) w.leaf('ram:AccountName', ct.accountName)
      if (ct.proprietary === true) w.leaf('ram:ProprietaryID', ct.accountId)
      w.close()
    }
    // The payer's BIC has no EN 16931 term; only EXTENDED's schema has the element.
    if (rules.extended) w.wrapped('ram:PayerSpecifiedDebtorFinancialInstitution', 'ram:BICID', means.payerBic)
    if (full && ct) w.wrapped('ram:PayeeSpecifiedCreditorFinancialInstitution', 'ram:BICID', ct.serviceProviderId)
    w.close()
  }
}

function writeVat(w: XmlTextWriter, vat: VatBreakdown, rules: CiiContentRules): void {
  w.open('ram:ApplicableTradeTax')
  w.text('ram:CalculatedAmount', amountText(vat.taxAmount))
  w.text('ram:TypeCode', 'VAT')
  w.leaf('ram:ExemptionReason', vat.exemptionReason)
  w.text('ram:BasisAmount', amountText(vat.taxableAmount))
  w.text('ram:CategoryCode', vat.categoryCode)
  w.leaf('ram:ExemptionReasonCode', vat.exemptionReasonCode)
  if (rules.fullEn16931 && vat.taxPointDate) {
    w.open('ram:TaxPointDate')
    w.text('udt:DateString', dateText(vat.taxPointDate), FORMAT_102)
    w.close()
  }
  w.leaf('ram:DueDateTypeCode', vat.dueDateTypeCode)
  if (vat.rate) w.text('ram:RateApplicablePercent', amountText(vat.rate))
  w.close()
}

/** BG-20/BG-21, with a default reason (BR-33/BR-38) and the exact percentage. */
function writeAllowanceCharge(w: XmlTextWriter, ac: DocumentAllowanceCharge): void {
  w.open('ram:SpecifiedTradeAllowanceCharge')
  w.open('ram:ChargeIndicator')
  w.text('udt:Indicator', ac.isCharge ? 'true' : 'false')
  w.close()
  if (ac.percentage) w.text('ram:CalculationPercent', percentText(ac.percentage))
  if (ac.baseAmount) w.text('ram:BasisAmount', amountText(ac.baseAmount))
  w.text('ram:ActualAmount', amountText(ac.amount))
  w.leaf('ram:ReasonCode', ac.reasonCode)
  w.leaf('ram:Reason', allowanceChargeReason(ac))
  w.open('ram:CategoryTradeTax')
  w.text('ram:TypeCode', 'VAT')
  w.text('ram:CategoryCode', ac.vatCategoryCode)
  if (ac.vatRate) w.text('ram:RateApplicablePercent', amountText(ac.vatRate))
  w.close()
  w.close()
}

/** EXTENDED SpecifiedLogisticsServiceCharge: Description, AppliedAmount, AppliedTradeTax. */
function writeLogisticsCharge(w: XmlTextWriter, c: DocumentAllowanceCharge, rules: CiiContentRules): void {
  w.open('ram:SpecifiedLogisticsServiceCharge')
  w.text('ram:Description', c.reason ?? 'Logistics service charge')
  w.text('ram:AppliedAmount', amountText(c.amount))
  w.open('ram:AppliedTradeTax')
  w.text('ram:TypeCode', 'VAT')
  w.text('ram:CategoryCode', c.vatCategoryCode)
  if (rules.extended && c.vatRate) w.text('ram:RateApplicablePercent', amountText(c.vatRate))
  w.close()
  w.close()
}

/** BT-20 text whose last line is a `#SKONTO#…#` line. */
const SKONTO_AT_END = /(^|\n)[ \t]*#SKONTO#[^\n]*#$/

/** Days in a discount period of this unit (UN/ECE Rec 20); no unit is days, as in cash discounts. */
const DAYS_PER_UNIT: Readonly<Record<string, number>> = { DAY: 1, WEE: 7 }

/**
 * XRechnung's cash discount convention in BT-20 (KoSIT: one `#SKONTO#…#` line each, ending in a
 * line feed). BR-DE-18 wants `TAGE=`: a discount without a period in days (only a basis date, or
 * months) has no such line; its terms text still says it.
 */
function skontoLines(terms: readonly PaymentTerm[]): string {
  let out = ''
  for (const t of terms) {
    const d = t.discount
    const perUnit = DAYS_PER_UNIT[d?.basisPeriodUnitCode ?? 'DAY']
    if (d?.calculationPercent === undefined || d.basisPeriodMeasure === undefined || perUnit === undefined) continue
    const base = d.basisAmount === undefined ? '' : `BASISBETRAG=${amountText(d.basisAmount)}#`
    out += `#SKONTO#TAGE=${d.basisPeriodMeasure.times(perUnit).toFixed(0)}#PROZENT=${amountText(d.calculationPercent)}#${base}\n`
  }
  return out
}

/** EXTENDED discount (ActualDiscountAmount) or penalty (ActualPenaltyAmount) terms. */
function writeDiscountTerms(w: XmlTextWriter, name: string, actual: string, d: PaymentDiscountTerms | undefined, invoice: Invoice): void {
  if (!d) return
  const currency = attr('currencyID', invoice.currencyCode)
  w.open(name)
  writeDate(w, 'ram:BasisDateTime', d.basisDate)
  if (d.basisPeriodMeasure) w.text('ram:BasisPeriodMeasure', d.basisPeriodMeasure.toFixed(), attr('unitCode', d.basisPeriodUnitCode))
  if (d.basisAmount) w.text('ram:BasisAmount', amountText(d.basisAmount), currency)
  // Mustang writes the cash discount percentage with 3 decimals; more are kept, never rounded away.
  if (d.calculationPercent) w.text('ram:CalculationPercent', percentText(d.calculationPercent, 3))
  if (d.actualAmount) w.text(actual, amountText(d.actualAmount), currency)
  w.close()
}

/** One SpecifiedTradePaymentTerms block, left out when it would be empty. */
function writeTerms(w: XmlTextWriter, t: PaymentTerm, invoice: Invoice, rules: CiiContentRules): void {
  const ext = rules.extended
  w.openOptional('ram:SpecifiedTradePaymentTerms')
  w.leaf('ram:Description', t.description)
  writeDate(w, 'ram:DueDateDateTime', t.dueDate)
  w.leaf('ram:DirectDebitMandateID', t.directDebitMandateId)
  if (ext && t.partialPaymentAmount) w.text('ram:PartialPaymentAmount', amountText(t.partialPaymentAmount), attr('currencyID', invoice.currencyCode))
  if (ext) {
    writeDiscountTerms(w, 'ram:ApplicableTradePaymentPenaltyTerms', 'ram:ActualPenaltyAmount', t.penalty, invoice)
    writeDiscountTerms(w, 'ram:ApplicableTradePaymentDiscountTerms', 'ram:ActualDiscountAmount', t.discount, invoice)
  }
  w.close()
}

/**
 * EXTENDED: every payment terms block of the model (extension.paymentTerms holds the whole list),
 * the direct debit mandate (BT-89) on the first when no block has one. Other profiles: one block
 * from BT-20, BT-9 and BT-89 (their schemas allow no more; discount terms are left out);
 * XRechnung adds the cash discounts with a period in days as `#SKONTO#` lines.
 */
function writePaymentTerms(w: XmlTextWriter, invoice: Invoice, rules: CiiContentRules): void {
  const all = invoice.extension?.paymentTerms ?? []
  const mandate = invoice.paymentInstructions?.directDebit?.mandateReference
  if (rules.cashDiscounts === 'blocks' && all.length > 0) {
    const needsMandate = mandate !== undefined && all.every((t) => t.directDebitMandateId === undefined)
    all.forEach((t, i) => writeTerms(w, i === 0 && needsMandate ? { ...t, directDebitMandateId: mandate } : t, invoice, rules))
    return
  }
  let text = invoice.paymentTermsText
  if (rules.cashDiscounts === 'skonto-text') {
    const skonto = skontoLines(all)
    // BR-DE-18: every #SKONTO# line ends in a line feed, also one that came in BT-20 (readers trim it).
    if (text !== undefined && SKONTO_AT_END.test(text)) text += '\n'
    if (skonto !== '') text = (text === undefined ? '' : text.endsWith('\n') ? text : text + '\n') + skonto
  }
  writeTerms(w, { description: text, dueDate: invoice.dueDate, directDebitMandateId: mandate }, invoice, rules)
}

function writeSummation(w: XmlTextWriter, invoice: Invoice, rules: CiiContentRules): void {
  const t = invoice.totals
  const more = rules.beyondMinimum
  const accounting = invoice.vatAccountingCurrencyCode
  w.open('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
  if (more) {
    w.text('ram:LineTotalAmount', amountText(t.sumOfLineNetAmounts))
    if (t.sumOfCharges) w.text('ram:ChargeTotalAmount', amountText(t.sumOfCharges))
    if (t.sumOfAllowances) w.text('ram:AllowanceTotalAmount', amountText(t.sumOfAllowances))
  }
  w.text('ram:TaxBasisTotalAmount', amountText(t.invoiceTotalWithoutVat))
  // BT-110 is the only amount with a currency (CII-SR / BR-CO-14 binding of BT-5).
  if (t.invoiceTotalVatAmount) w.text('ram:TaxTotalAmount', amountText(t.invoiceTotalVatAmount), attr('currencyID', invoice.currencyCode))
  // BT-111: the VAT total in the VAT accounting currency (BT-6), told apart by its currencyID.
  if (more && accounting !== undefined && t.invoiceTotalVatAmountInAccountingCurrency) {
    w.text('ram:TaxTotalAmount', amountText(t.invoiceTotalVatAmountInAccountingCurrency), attr('currencyID', accounting))
  }
  if (rules.fullEn16931 && t.roundingAmount) w.text('ram:RoundingAmount', amountText(t.roundingAmount))
  w.text('ram:GrandTotalAmount', amountText(t.invoiceTotalWithVat))
  if (more && t.paidAmount) w.text('ram:TotalPrepaidAmount', amountText(t.paidAmount))
  w.text('ram:DuePayableAmount', amountText(t.amountDueForPayment))
  w.close()
}

/** Two references name the same invoice: the same BT-25, and BT-26 and type code equal where both have one. */
function sameInvoice(a: PrecedingInvoiceReference, b: PrecedingInvoiceReference): boolean {
  const agree = (x: string | undefined, y: string | undefined): boolean => x === undefined || y === undefined || x === y
  return a.id === b.id && agree(a.issueDate, b.issueDate) && agree(a.typeCode, b.typeCode)
}

/**
 * BG-3 with references to the same invoice merged: the JSON's legacy `invoiceReferencedDocumentID`
 * and an `invoiceReferencedDocuments` entry often name one invoice (Mustang's later versions derive
 * the one from the other), and CII has room for one InvoiceReferencedDocument (write-cii.ts
 * refuses more).
 */
export function precedingInvoices(invoice: Invoice): PrecedingInvoiceReference[] {
  const out: PrecedingInvoiceReference[] = []
  for (const ref of invoice.precedingInvoices) {
    const i = out.findIndex((o) => sameInvoice(o, ref))
    const known = out[i]
    if (known === undefined) out.push(ref)
    else out[i] = { id: known.id, issueDate: known.issueDate ?? ref.issueDate, typeCode: known.typeCode ?? ref.typeCode }
  }
  return out
}

export function writeSettlement(w: XmlTextWriter, invoice: Invoice, rules: CiiContentRules): void {
  const more = rules.beyondMinimum
  const pay = invoice.paymentInstructions
  const ext = invoice.extension
  const period = invoice.invoicingPeriod
  w.open('ram:ApplicableHeaderTradeSettlement')
  if (more) {
    w.leaf('ram:CreditorReferenceID', pay?.directDebit?.creditorId)
    w.leaf('ram:PaymentReference', pay?.remittanceInformation)
    w.leaf('ram:TaxCurrencyCode', invoice.vatAccountingCurrencyCode)
  }
  w.text('ram:InvoiceCurrencyCode', invoice.currencyCode)
  if (rules.extended && ext?.invoicer) writeParty(w, 'ram:InvoicerTradeParty', ext.invoicer, partyShape(rules, 'other'), rules)
  if (rules.extended && ext?.invoicee) writeParty(w, 'ram:InvoiceeTradeParty', ext.invoicee, partyShape(rules, 'other'), rules)
  if (more) {
    if (invoice.payee) writePayee(w, invoice.payee)
    const means = pay?.means ?? []
    const text = rules.fullEn16931 ? paymentMeansText(means) : undefined
    // A means without a text stays without (CII-SR-468 compares the texts that are there).
    for (const m of means) writePaymentMeans(w, m, m.text === undefined || isXmlBlank(m.text) ? undefined : text, rules)
    for (const v of invoice.vatBreakdown) writeVat(w, v, rules)
    if (period) {
      w.open('ram:BillingSpecifiedPeriod')
      writeDate(w, 'ram:StartDateTime', period.startDate)
      writeDate(w, 'ram:EndDateTime', period.endDate)
      w.close()
    }
    for (const ac of invoice.allowancesAndCharges) writeAllowanceCharge(w, ac)
  }
  if (rules.extended) for (const c of ext?.logisticsServiceCharges ?? []) writeLogisticsCharge(w, c, rules)
  if (more) writePaymentTerms(w, invoice, rules)
  writeSummation(w, invoice, rules)
  if (more) {
    for (const ref of precedingInvoices(invoice)) {
      w.open('ram:InvoiceReferencedDocument')
      w.text('ram:IssuerAssignedID', ref.id)
      if (rules.extended) w.leaf('ram:TypeCode', ref.typeCode)
      writeDate(w, 'ram:FormattedIssueDateTime', ref.issueDate, 'qdt')
      w.close()
    }
    w.wrapped('ram:ReceivableSpecifiedTradeAccountingAccount', 'ram:ID', invoice.buyerAccountingReference)
  }
  w.close()
}
