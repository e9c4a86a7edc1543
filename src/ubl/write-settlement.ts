/**
 * Model settlement → UBL: PaymentMeans (BG-16..19), document AllowanceCharge (BG-20, BG-21),
 * TaxTotal (BT-110, BT-111, BG-23) and LegalMonetaryTotal (BG-22).
 * @module
 */
import type { Decimal } from '../model/decimal.js'
import { sum } from '../model/decimal.js'
import type { CreditTransfer, DocumentAllowanceCharge, DocumentTotals, Invoice, PaymentMeans, VatBreakdown } from '../model/invoice.js'
import { type XmlNode, el } from '../xml/index.js'
import { CARD_NETWORK_PLACEHOLDER } from './ubl-codes.js'
import { cac, cbc, cbcAmount, cbcPercent, taxScheme } from './write-values.js'

/** Direct debit codes of UNTDID 4461 (BG-19 belongs to these). */
const DIRECT_DEBIT_CODES: ReadonlySet<string> = new Set(['49', '59'])

function payeeAccount(t: CreditTransfer | undefined): XmlNode | undefined {
  if (t === undefined) return undefined
  return cac(
    'PayeeFinancialAccount',
    cbc('ID', t.accountId),
    cbc('Name', t.accountName),
    cac('FinancialInstitutionBranch', cbc('ID', t.serviceProviderId)),
  )
}

/**
 * One cac:PaymentMeans per credit transfer account (UBL has one PayeeFinancialAccount per means).
 * BT-83 goes into every PaymentMeans as PaymentID (UBL-SR-44 allows one distinct value); the card
 * (UBL-SR-54) and the mandate with BT-89/BT-91 (UBL-SR-55) are written once; a CreditNote's BT-9
 * goes into the first PaymentMeans/PaymentDueDate (UBL-SR-45).
 */
export function writePaymentMeans(inv: Invoice, isCreditNote: boolean): XmlNode[] {
  const pi = inv.paymentInstructions
  if (pi === undefined || pi.means.length === 0) return []
  const mandateHolder: PaymentMeans =
    pi.means.find((m) => m.debitedAccountId !== undefined) ??
    pi.means.find((m) => DIRECT_DEBIT_CODES.has(m.typeCode)) ??
    (pi.means[0] as PaymentMeans)
  const out: XmlNode[] = []
  let cardWritten = false
  let mandateWritten = false
  for (const m of pi.means) {
    const accounts: (CreditTransfer | undefined)[] = m.creditTransfers.length === 0 ? [undefined] : m.creditTransfers
    for (const account of accounts) {
      const card = !cardWritten && m.card !== undefined ? m.card : undefined
      if (card !== undefined) cardWritten = true
      let mandate: XmlNode | undefined
      if (!mandateWritten && m === mandateHolder) {
        mandate = cac(
          'PaymentMandate',
          cbc('ID', pi.directDebit?.mandateReference),
          cac('PayerFinancialAccount', cbc('ID', m.debitedAccountId ?? pi.directDebit?.debitedAccountId)),
        )
        mandateWritten = mandate !== undefined
      }
      out.push(
        el(
          'cac:PaymentMeans',
          undefined,
          el('cbc:PaymentMeansCode', { name: m.text }, m.typeCode),
          isCreditNote && out.length === 0 ? cbc('PaymentDueDate', inv.dueDate) : undefined,
          cbc('PaymentID', pi.remittanceInformation),
          card === undefined
            ? undefined
            : el(
                'cac:CardAccount',
                undefined,
                el('cbc:PrimaryAccountNumberID', undefined, card.primaryAccountNumber),
                el('cbc:NetworkID', undefined, card.networkId ?? CARD_NETWORK_PLACEHOLDER),
                cbc('HolderName', card.holderName),
              ),
          payeeAccount(account),
          mandate,
        ),
      )
    }
  }
  return out
}

export function writeDocumentAllowanceCharge(ac: DocumentAllowanceCharge, currency: string): XmlNode {
  return el(
    'cac:AllowanceCharge',
    undefined,
    el('cbc:ChargeIndicator', undefined, ac.isCharge ? 'true' : 'false'),
    cbc('AllowanceChargeReasonCode', ac.reasonCode),
    cbc('AllowanceChargeReason', ac.reason),
    cbcPercent('MultiplierFactorNumeric', ac.percentage),
    cbcAmount('Amount', ac.amount, currency),
    cbcAmount('BaseAmount', ac.baseAmount, currency),
    el('cac:TaxCategory', undefined, cbc('ID', ac.vatCategoryCode), cbcPercent('Percent', ac.vatRate), taxScheme('VAT')),
  )
}

function writeSubtotal(b: VatBreakdown, currency: string): XmlNode {
  return el(
    'cac:TaxSubtotal',
    undefined,
    cbcAmount('TaxableAmount', b.taxableAmount, currency),
    cbcAmount('TaxAmount', b.taxAmount, currency),
    el(
      'cac:TaxCategory',
      undefined,
      cbc('ID', b.categoryCode),
      cbcPercent('Percent', b.rate),
      cbc('TaxExemptionReasonCode', b.exemptionReasonCode),
      cbc('TaxExemptionReason', b.exemptionReason),
      taxScheme('VAT'),
    ),
  )
}

/**
 * The TaxTotal with BT-110 and the breakdown, then (BT-111) one in the VAT accounting currency.
 * TaxTotal/TaxAmount is mandatory in UBL: without BT-110 but with a breakdown, the breakdown's sum
 * is written (BR-CO-14 makes them equal).
 */
export function writeTaxTotals(inv: Invoice): XmlNode[] {
  const currency = inv.currencyCode
  const out: XmlNode[] = []
  const vat: Decimal | undefined =
    inv.totals.invoiceTotalVatAmount ?? (inv.vatBreakdown.length === 0 ? undefined : sum(inv.vatBreakdown.map((b) => b.taxAmount)))
  if (vat !== undefined) {
    out.push(
      el('cac:TaxTotal', undefined, cbcAmount('TaxAmount', vat, currency), ...inv.vatBreakdown.map((b) => writeSubtotal(b, currency))),
    )
  }
  const accounting = inv.totals.invoiceTotalVatAmountInAccountingCurrency
  if (accounting !== undefined && inv.vatAccountingCurrencyCode !== undefined) {
    out.push(el('cac:TaxTotal', undefined, cbcAmount('TaxAmount', accounting, inv.vatAccountingCurrencyCode)))
  }
  return out
}

export function writeMonetaryTotal(t: DocumentTotals, currency: string, absent: ReadonlySet<string>): XmlNode {
  const keep = (term: string, v: Decimal | undefined): Decimal | undefined => (absent.has(term) ? undefined : v)
  return el(
    'cac:LegalMonetaryTotal',
    undefined,
    cbcAmount('LineExtensionAmount', keep('BT-106', t.sumOfLineNetAmounts), currency),
    cbcAmount('TaxExclusiveAmount', keep('BT-109', t.invoiceTotalWithoutVat), currency),
    cbcAmount('TaxInclusiveAmount', keep('BT-112', t.invoiceTotalWithVat), currency),
    cbcAmount('AllowanceTotalAmount', t.sumOfAllowances, currency),
    cbcAmount('ChargeTotalAmount', t.sumOfCharges, currency),
    cbcAmount('PrepaidAmount', t.paidAmount, currency),
    cbcAmount('PayableRoundingAmount', t.roundingAmount, currency),
    // PayableAmount is mandatory in the XSD, so BT-115 is written even when the source lacked it.
    cbcAmount('PayableAmount', t.amountDueForPayment, currency),
  )
}
