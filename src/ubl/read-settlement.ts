/**
 * UBL settlement → model: payment instructions (BG-16..19), document allowances and charges
 * (BG-20, BG-21; Mustang 2.24 loses these), totals (BG-22) and the VAT breakdown (BG-23).
 * @module
 */
import { ZERO } from '../model/decimal.js'
import {
  CHARGE_INDICATOR_ABSENT,
  type CreditTransfer,
  type DocumentAllowanceCharge,
  type DocumentTotals,
  type PaymentInstructions,
  type PaymentMeans,
  type VatBreakdown,
} from '../model/invoice.js'
import type { Decimal } from '../model/decimal.js'
import type { XmlElement } from '../xml/index.js'
import type { UblReadContext } from './read-context.js'
import { isVatTaxScheme } from './tax-scheme.js'

function readCreditTransfer(cx: UblReadContext, el: XmlElement | undefined): CreditTransfer | undefined {
  const accountId = cx.text(el, 'ID')
  if (el === undefined || accountId === undefined) return undefined
  return {
    accountId,
    accountName: cx.text(el, 'Name'),
    serviceProviderId: cx.text(el, 'FinancialInstitutionBranch', 'ID'),
  }
}

function readMeans(cx: UblReadContext, el: XmlElement): PaymentMeans {
  const typeCode = cx.text(el, 'PaymentMeansCode')
  if (typeCode === undefined) cx.absent('BT-81')
  const card = cx.cac(el, 'CardAccount')
  const pan = cx.text(card, 'PrimaryAccountNumberID')
  const transfer = readCreditTransfer(cx, cx.cac(el, 'PayeeFinancialAccount'))
  return {
    typeCode: typeCode ?? '',
    text: cx.attr(cx.cbc(el, 'PaymentMeansCode'), 'name'),
    creditTransfers: transfer === undefined ? [] : [transfer],
    card:
      pan === undefined
        ? undefined
        : { primaryAccountNumber: pan, holderName: cx.text(card, 'HolderName'), networkId: cx.text(card, 'NetworkID') },
    // BT-91 sits in the PaymentMandate of the means it belongs to.
    debitedAccountId: cx.text(el, 'PaymentMandate', 'PayerFinancialAccount', 'ID'),
  }
}

/**
 * BG-16: every cac:PaymentMeans becomes one means (UBL repeats the element per account, CII per
 * SpecifiedTradeSettlementPaymentMeans). BT-83 is the first PaymentID (UBL-SR-44: they are equal);
 * BT-89 the first mandate id; BT-90 the SEPA party identification found by the header.
 */
export function readPaymentInstructions(
  cx: UblReadContext,
  root: XmlElement,
  creditorId: string | undefined,
): PaymentInstructions | undefined {
  const elements = cx.cacs(root, 'PaymentMeans')
  const means = elements.map((el) => readMeans(cx, el))
  let remittance: string | undefined
  let mandate: string | undefined
  for (const el of elements) {
    remittance ??= cx.text(el, 'PaymentID')
    mandate ??= cx.text(el, 'PaymentMandate', 'ID')
  }
  const directDebit = mandate === undefined && creditorId === undefined ? undefined : { mandateReference: mandate, creditorId }
  if (means.length === 0 && remittance === undefined && directDebit === undefined) return undefined
  return { means, remittanceInformation: remittance, directDebit }
}

/** Document-level cac:AllowanceCharge → BG-20 / BG-21 with the VAT category of each. */
export function readDocumentAllowanceCharge(cx: UblReadContext, el: XmlElement): DocumentAllowanceCharge {
  const indicator = cx.indicator(el, 'ChargeIndicator')
  const isCharge = indicator === true
  const amount = cx.amount(el, 'Amount')
  if (amount === undefined) cx.absent(isCharge ? 'BT-99' : 'BT-92')
  const category = cx.cac(el, 'TaxCategory')
  const categoryCode = cx.text(category, 'ID')
  if (categoryCode === undefined) cx.absent(isCharge ? 'BT-102' : 'BT-95')
  const allowanceCharge = cx.noteTaxScheme({
    isCharge,
    amount: amount ?? ZERO,
    baseAmount: cx.amount(el, 'BaseAmount'),
    percentage: cx.amount(el, 'MultiplierFactorNumeric'),
    vatCategoryCode: categoryCode ?? '',
    vatRate: cx.amount(category, 'Percent'),
    reason: cx.text(el, 'AllowanceChargeReason'),
    reasonCode: cx.text(el, 'AllowanceChargeReasonCode'),
  }, category === undefined || isVatTaxScheme(category))
  cx.noteBlankIn(allowanceCharge, { reason: cx.cbc(el, 'AllowanceChargeReason'), reasonCode: cx.cbc(el, 'AllowanceChargeReasonCode') })
  cx.noteValuelessIn(allowanceCharge, 'vatRate', cx.cbc(category, 'Percent'), allowanceCharge.vatRate)
  cx.noteCategoryElement(allowanceCharge, category)
  return cx.noteAbsentIn(allowanceCharge, { [CHARGE_INDICATOR_ABSENT]: indicator })
}

function readSubtotal(cx: UblReadContext, el: XmlElement): VatBreakdown {
  const category = cx.cac(el, 'TaxCategory')
  const taxable = cx.amount(el, 'TaxableAmount')
  const tax = cx.amount(el, 'TaxAmount')
  const code = cx.text(category, 'ID')
  if (taxable === undefined) cx.absent('BT-116')
  if (tax === undefined) cx.absent('BT-117')
  if (code === undefined) cx.absent('BT-118')
  const reasons = cx.texts(category, 'TaxExemptionReason')
  const breakdown = cx.noteTaxScheme(
    {
      taxableAmount: taxable ?? ZERO,
      taxAmount: tax ?? ZERO,
      categoryCode: code ?? '',
      rate: cx.amount(category, 'Percent'),
      exemptionReason: reasons.length === 0 ? undefined : reasons.join('\n'),
      exemptionReasonCode: cx.text(category, 'TaxExemptionReasonCode'),
    },
    category === undefined || isVatTaxScheme(category),
  )
  cx.noteCategoryElement(breakdown, category)
  return cx.noteAbsentIn(breakdown, { 'BT-116': taxable, 'BT-117': tax })
}

/**
 * cac:TaxTotal: the one in the document currency carries BT-110 and the breakdown; a TaxTotal in
 * the VAT accounting currency (BT-6) carries BT-111. Without currencyID the first one is BT-110.
 */
export function readTaxTotals(
  cx: UblReadContext,
  root: XmlElement,
  currency: string | undefined,
  accountingCurrency: string | undefined,
): { vat?: Decimal | undefined; vatAccounting?: Decimal | undefined; breakdown: VatBreakdown[] } {
  const totals = cx.cacs(root, 'TaxTotal')
  const currencyOf = (t: XmlElement): string | undefined => cx.attr(cx.cbc(t, 'TaxAmount'), 'currencyID')
  const hasSubtotals = (t: XmlElement): boolean => cx.cacs(t, 'TaxSubtotal').length > 0
  const main =
    totals.find((t) => hasSubtotals(t) && (currency === undefined || currencyOf(t) === currency)) ??
    totals.find((t) => currency !== undefined && currencyOf(t) === currency) ??
    totals[0]
  const others = totals.filter((t) => t !== main)
  const accounting =
    accountingCurrency === undefined
      ? undefined
      : (others.find((t) => currencyOf(t) === accountingCurrency) ?? others.find((t) => !hasSubtotals(t)))
  const breakdown: VatBreakdown[] = []
  for (const total of totals) for (const sub of cx.cacs(total, 'TaxSubtotal')) breakdown.push(readSubtotal(cx, sub))
  const vat = main === undefined ? undefined : cx.amount(main, 'TaxAmount')
  const vatAccounting = accounting === undefined ? undefined : cx.amount(accounting, 'TaxAmount')
  return { vat, vatAccounting, breakdown }
}

/** cac:LegalMonetaryTotal → BG-22; the VAT totals come from readTaxTotals. */
export function readTotals(
  cx: UblReadContext,
  el: XmlElement | undefined,
  vat: Decimal | undefined,
  vatAccounting: Decimal | undefined,
): DocumentTotals {
  const required = (local: string, term: string): Decimal => {
    const v = cx.amount(el, local)
    if (v === undefined) cx.absent(term)
    return v ?? ZERO
  }
  return {
    sumOfLineNetAmounts: required('LineExtensionAmount', 'BT-106'),
    sumOfAllowances: cx.amount(el, 'AllowanceTotalAmount'),
    sumOfCharges: cx.amount(el, 'ChargeTotalAmount'),
    invoiceTotalWithoutVat: required('TaxExclusiveAmount', 'BT-109'),
    invoiceTotalVatAmount: vat,
    invoiceTotalVatAmountInAccountingCurrency: vatAccounting,
    invoiceTotalWithVat: required('TaxInclusiveAmount', 'BT-112'),
    paidAmount: cx.amount(el, 'PrepaidAmount'),
    roundingAmount: cx.amount(el, 'PayableRoundingAmount'),
    amountDueForPayment: required('PayableAmount', 'BT-115'),
  }
}
