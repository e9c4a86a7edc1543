/**
 * Model settlement → UBL: PaymentMeans (BG-16..19), document AllowanceCharge (BG-20, BG-21),
 * TaxTotal (BT-110, BT-111, BG-23) and LegalMonetaryTotal (BG-22).
 * @module
 */
import type { Decimal } from '../model/decimal.js'
import { sum } from '../model/decimal.js'
import type { CreditTransfer, DocumentAllowanceCharge, DocumentTotals, Invoice, PaymentMeans, VatBreakdown } from '../model/invoice.js'
import { type XmlTextWriter, attr, isBlank } from '../xml/text-writer.js'
import { CARD_NETWORK_PLACEHOLDER } from './ubl-codes.js'
import { cbcAmount, cbcPercent, openAllowanceCharge, taxScheme } from './write-values.js'

/** Direct debit codes of UNTDID 4461 (BG-19 belongs to these). */
const DIRECT_DEBIT_CODES: ReadonlySet<string> = new Set(['49', '59'])

function payeeAccount(w: XmlTextWriter, t: CreditTransfer | undefined): void {
  if (t === undefined) return
  w.openOptional('cac:PayeeFinancialAccount')
  w.leaf('cbc:ID', t.accountId)
  w.leaf('cbc:Name', t.accountName)
  w.wrapped('cac:FinancialInstitutionBranch', 'cbc:ID', t.serviceProviderId)
  w.close()
}

/** cac:PaymentMandate (BT-89, BT-91); false when it had nothing to carry and was left out. */
function paymentMandate(w: XmlTextWriter, reference: string | undefined, debitedAccount: string | undefined): boolean {
  if (isBlank(reference) && isBlank(debitedAccount)) return false
  w.open('cac:PaymentMandate')
  w.leaf('cbc:ID', reference)
  w.wrapped('cac:PayerFinancialAccount', 'cbc:ID', debitedAccount)
  w.close()
  return true
}

/**
 * One cac:PaymentMeans per credit transfer account (UBL has one PayeeFinancialAccount per means).
 * BT-83 goes into every PaymentMeans as PaymentID (UBL-SR-44 allows one distinct value); the card
 * (UBL-SR-54) and the mandate with BT-89/BT-91 (UBL-SR-55) are written once; a CreditNote's BT-9
 * goes into the first PaymentMeans/PaymentDueDate (UBL-SR-45).
 */
export function writePaymentMeans(w: XmlTextWriter, inv: Invoice, isCreditNote: boolean): void {
  const pi = inv.paymentInstructions
  if (pi === undefined || pi.means.length === 0) return
  const mandateHolder: PaymentMeans =
    pi.means.find((m) => m.debitedAccountId !== undefined) ??
    pi.means.find((m) => DIRECT_DEBIT_CODES.has(m.typeCode)) ??
    (pi.means[0] as PaymentMeans)
  let first = true
  let cardWritten = false
  let mandateWritten = false
  for (const m of pi.means) {
    const accounts: (CreditTransfer | undefined)[] = m.creditTransfers.length === 0 ? [undefined] : m.creditTransfers
    for (const account of accounts) {
      w.open('cac:PaymentMeans')
      w.text('cbc:PaymentMeansCode', m.typeCode, attr('name', m.text))
      if (isCreditNote && first) w.leaf('cbc:PaymentDueDate', inv.dueDate)
      first = false
      w.leaf('cbc:PaymentID', pi.remittanceInformation)
      const card = !cardWritten && m.card !== undefined ? m.card : undefined
      if (card !== undefined) {
        cardWritten = true
        w.open('cac:CardAccount')
        w.text('cbc:PrimaryAccountNumberID', card.primaryAccountNumber)
        w.text('cbc:NetworkID', card.networkId ?? CARD_NETWORK_PLACEHOLDER)
        w.leaf('cbc:HolderName', card.holderName)
        w.close()
      }
      payeeAccount(w, account)
      if (!mandateWritten && m === mandateHolder) {
        mandateWritten = paymentMandate(w, pi.directDebit?.mandateReference, m.debitedAccountId ?? pi.directDebit?.debitedAccountId)
      }
      w.close()
    }
  }
}

export function writeDocumentAllowanceCharge(w: XmlTextWriter, ac: DocumentAllowanceCharge, currency: string): void {
  openAllowanceCharge(w, ac, currency)
  w.open('cac:TaxCategory')
  w.leaf('cbc:ID', ac.vatCategoryCode)
  cbcPercent(w, 'cbc:Percent', ac.vatRate)
  taxScheme(w, 'VAT')
  w.close()
  w.close()
}

function writeSubtotal(w: XmlTextWriter, b: VatBreakdown, currency: string): void {
  w.open('cac:TaxSubtotal')
  cbcAmount(w, 'cbc:TaxableAmount', b.taxableAmount, currency)
  cbcAmount(w, 'cbc:TaxAmount', b.taxAmount, currency)
  w.open('cac:TaxCategory')
  w.leaf('cbc:ID', b.categoryCode)
  cbcPercent(w, 'cbc:Percent', b.rate)
  w.leaf('cbc:TaxExemptionReasonCode', b.exemptionReasonCode)
  w.leaf('cbc:TaxExemptionReason', b.exemptionReason)
  taxScheme(w, 'VAT')
  w.close()
  w.close()
}

/**
 * The TaxTotal with BT-110 and the breakdown, then (BT-111) one in the VAT accounting currency.
 * TaxTotal/TaxAmount is mandatory in UBL: without BT-110 but with a breakdown, the breakdown's sum
 * is written (BR-CO-14 makes them equal).
 */
export function writeTaxTotals(w: XmlTextWriter, inv: Invoice): void {
  const currency = inv.currencyCode
  const vat: Decimal | undefined =
    inv.totals.invoiceTotalVatAmount ?? (inv.vatBreakdown.length === 0 ? undefined : sum(inv.vatBreakdown.map((b) => b.taxAmount)))
  if (vat !== undefined) {
    w.open('cac:TaxTotal')
    cbcAmount(w, 'cbc:TaxAmount', vat, currency)
    for (const b of inv.vatBreakdown) writeSubtotal(w, b, currency)
    w.close()
  }
  const accounting = inv.totals.invoiceTotalVatAmountInAccountingCurrency
  if (accounting !== undefined && inv.vatAccountingCurrencyCode !== undefined) {
    w.open('cac:TaxTotal')
    cbcAmount(w, 'cbc:TaxAmount', accounting, inv.vatAccountingCurrencyCode)
    w.close()
  }
}

export function writeMonetaryTotal(w: XmlTextWriter, t: DocumentTotals, currency: string, absent: ReadonlySet<string>): void {
  const keep = (term: string, v: Decimal | undefined): Decimal | undefined => (absent.has(term) ? undefined : v)
  w.open('cac:LegalMonetaryTotal')
  cbcAmount(w, 'cbc:LineExtensionAmount', keep('BT-106', t.sumOfLineNetAmounts), currency)
  cbcAmount(w, 'cbc:TaxExclusiveAmount', keep('BT-109', t.invoiceTotalWithoutVat), currency)
  cbcAmount(w, 'cbc:TaxInclusiveAmount', keep('BT-112', t.invoiceTotalWithVat), currency)
  cbcAmount(w, 'cbc:AllowanceTotalAmount', t.sumOfAllowances, currency)
  cbcAmount(w, 'cbc:ChargeTotalAmount', t.sumOfCharges, currency)
  cbcAmount(w, 'cbc:PrepaidAmount', t.paidAmount, currency)
  cbcAmount(w, 'cbc:PayableRoundingAmount', t.roundingAmount, currency)
  // PayableAmount is mandatory in the XSD, so BT-115 is written even when the source lacked it.
  cbcAmount(w, 'cbc:PayableAmount', t.amountDueForPayment, currency)
  w.close()
}
