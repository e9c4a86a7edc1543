/**
 * CII ApplicableHeaderTradeSettlement → BG-16 payment instructions, BG-20/21 allowances and
 * charges, BG-22 totals, BG-23 VAT breakdown, payment terms (BT-9, BT-20 + EXTENDED blocks),
 * BG-3 preceding invoices.
 * @module
 */
import { type Decimal, ZERO } from '../model/decimal.js'
import {
  CHARGE_INDICATOR_ABSENT,
  type DocumentAllowanceCharge,
  type DocumentTotals,
  type PaymentDiscountTerms,
  type PaymentMeans,
  type PaymentTerm,
  type PrecedingInvoiceReference,
  type VatBreakdown,
} from '../model/invoice.js'
import type { XmlElement } from '../xml/index.js'
import { xmlTrim } from '../xml/whitespace.js'
import { firstDate } from './read-line.js'
import type { CiiReadContext } from './read-context.js'
import { compact } from './read-party.js'

/** One SpecifiedTradeSettlementPaymentMeans (BT-81 … BT-88, BT-91). */
export function readPaymentMeans(cx: CiiReadContext, el: XmlElement): PaymentMeans {
  const typeCode = cx.text(el, 'TypeCode')
  if (typeCode === undefined) cx.absent('BT-81')
  const bic = cx.text(el, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')
  const accounts = cx.all(el, 'PayeePartyCreditorFinancialAccount').map((acc) => {
    const iban = cx.text(acc, 'IBANID')
    return compact({
      accountId: iban ?? cx.text(acc, 'ProprietaryID') ?? '',
      proprietary: iban === undefined ? true : undefined,
      accountName: cx.text(acc, 'AccountName'),
      serviceProviderId: bic,
    })
  })
  const card = cx.el(el, 'ApplicableTradeSettlementFinancialCard')
  const cardNumber = cx.text(card, 'ID')
  return compact<PaymentMeans>({
    typeCode: typeCode ?? '',
    text: cx.text(el, 'Information'),
    creditTransfers: accounts,
    card: cardNumber === undefined ? undefined : compact({ primaryAccountNumber: cardNumber, holderName: cx.text(card, 'CardholderName') }),
    debitedAccountId: cx.text(el, 'PayerPartyDebtorFinancialAccount', 'IBANID'),
    payerBic: cx.text(el, 'PayerSpecifiedDebtorFinancialInstitution', 'BICID'),
  })
}

/** BG-23: one header ApplicableTradeTax. */
export function readVatBreakdown(cx: CiiReadContext, el: XmlElement): VatBreakdown {
  const taxableAmount = cx.amount(el, 'BasisAmount')
  const taxAmount = cx.amount(el, 'CalculatedAmount')
  const categoryCode = cx.text(el, 'CategoryCode')
  if (taxableAmount === undefined) cx.absent('BT-116')
  if (taxAmount === undefined) cx.absent('BT-117')
  if (categoryCode === undefined) cx.absent('BT-118')
  const breakdown = compact<VatBreakdown>({
    taxableAmount: taxableAmount ?? ZERO,
    taxAmount: taxAmount ?? ZERO,
    categoryCode: categoryCode ?? '',
    rate: cx.amount(el, cx.dialect.rate),
    exemptionReason: cx.text(el, 'ExemptionReason'),
    exemptionReasonCode: cx.text(el, 'ExemptionReasonCode'),
    dueDateTypeCode: cx.text(el, 'DueDateTypeCode'),
    taxPointDate: cx.date(el, 'TaxPointDate'),
  })
  cx.noteAbsentIn(breakdown, { 'BT-116': taxableAmount, 'BT-117': taxAmount })
  return cx.noteTaxScheme(cx.keepCodeAsWritten(breakdown, cx.el(el, 'CategoryCode')), cx.isVatTax(el))
}

/** BG-20 / BG-21: one header SpecifiedTradeAllowanceCharge with its CategoryTradeTax. */
export function readDocumentAllowanceCharge(cx: CiiReadContext, el: XmlElement): DocumentAllowanceCharge {
  const amount = cx.amount(el, 'ActualAmount')
  if (amount === undefined) cx.problem(el, 'allowance/charge without ActualAmount (BT-92/BT-99), read as 0')
  const tax = cx.el(el, 'CategoryTradeTax')
  const indicator = cx.indicator(el, 'ChargeIndicator')
  const allowanceCharge = compact<DocumentAllowanceCharge>({
    isCharge: indicator === true,
    amount: amount ?? ZERO,
    baseAmount: cx.amount(el, 'BasisAmount'),
    percentage: cx.amount(el, 'CalculationPercent'),
    vatCategoryCode: cx.text(tax, 'CategoryCode') ?? '',
    vatRate: cx.amount(tax, cx.dialect.rate),
    reason: cx.text(el, 'Reason'),
    reasonCode: cx.text(el, 'ReasonCode'),
  })
  cx.noteAbsentIn(allowanceCharge, { [CHARGE_INDICATOR_ABSENT]: indicator })
  cx.noteBlankIn(allowanceCharge, { reason: cx.el(el, 'Reason'), reasonCode: cx.el(el, 'ReasonCode') })
  cx.noteValuelessIn(allowanceCharge, 'vatRate', cx.el(tax, cx.dialect.rate), allowanceCharge.vatRate)
  cx.noteOtherAllowanceTaxes(el, 1, false, allowanceCharge)
  return cx.noteTaxScheme(cx.keepCodeAsWritten(allowanceCharge, cx.el(tax, 'CategoryCode')), cx.isVatTax(tax))
}

/** EXTENDED SpecifiedLogisticsServiceCharge, as a charge (Description → reason). */
export function readLogisticsCharge(cx: CiiReadContext, el: XmlElement): DocumentAllowanceCharge {
  const amount = cx.amount(el, 'AppliedAmount')
  if (amount === undefined) cx.problem(el, 'logistics service charge without AppliedAmount, read as 0')
  const tax = cx.el(el, 'AppliedTradeTax')
  return compact<DocumentAllowanceCharge>({
    isCharge: true,
    amount: amount ?? ZERO,
    vatCategoryCode: cx.text(tax, 'CategoryCode') ?? '',
    vatRate: cx.amount(tax, cx.dialect.rate),
    reason: cx.text(el, 'Description'),
  })
}

function readDiscountTerms(cx: CiiReadContext, el: XmlElement | undefined): PaymentDiscountTerms | undefined {
  if (el === undefined) return undefined
  const period = cx.el(el, 'BasisPeriodMeasure')
  const terms = compact<PaymentDiscountTerms>({
    basisDate: cx.date(el, 'BasisDateTime'),
    basisPeriodMeasure: cx.decimalOf(period),
    basisPeriodUnitCode: cx.attr(period, 'unitCode'),
    basisAmount: cx.amount(el, 'BasisAmount'),
    calculationPercent: cx.amount(el, 'CalculationPercent'),
    actualAmount: cx.amount(el, 'ActualDiscountAmount') ?? cx.amount(el, 'ActualPenaltyAmount'),
  })
  return Object.keys(terms).length === 0 ? undefined : terms
}

export function readPaymentTerm(cx: CiiReadContext, el: XmlElement): PaymentTerm {
  return compact<PaymentTerm>({
    // XML white space only: JavaScript's trim() also took a trailing NBSP or U+FEFF off BT-20.
    description: cx.all(el, 'Description').map((d) => xmlTrim(d.text)).filter((t) => t !== '').join('\n') || undefined,
    dueDate: cx.date(el, 'DueDateDateTime'),
    directDebitMandateId: cx.text(el, 'DirectDebitMandateID'),
    partialPaymentAmount: cx.amount(el, 'PartialPaymentAmount'),
    discount: readDiscountTerms(cx, cx.el(el, 'ApplicableTradePaymentDiscountTerms')),
    penalty: readDiscountTerms(cx, cx.el(el, 'ApplicableTradePaymentPenaltyTerms')),
  })
}

export function readPrecedingInvoice(cx: CiiReadContext, el: XmlElement): PrecedingInvoiceReference {
  const id = cx.firstText(el, cx.dialect.referenceId)
  if (id === undefined) cx.absent('BT-25')
  return compact<PrecedingInvoiceReference>({
    id: id ?? '',
    issueDate: firstDate(cx, el, cx.dialect.referenceDate),
    typeCode: cx.text(el, 'TypeCode'),
  })
}

/**
 * BG-22 from the monetary summation, copied as written (never recalculated). Amounts the
 * profile leaves out (MINIMUM has no BT-106) are derived from the others and reported absent.
 */
export function readTotals(
  cx: CiiReadContext,
  summation: XmlElement | undefined,
  currency: string,
  taxCurrency: string | undefined,
  lineNetAmounts: () => Decimal,
): DocumentTotals {
  // BT-110 and BT-111 are both TaxTotalAmount, told apart by currencyID (CII binding of BT-111).
  const taxTotals = cx.all(summation, 'TaxTotalAmount')
  const inCurrency = (code: string | undefined) => taxTotals.find((t) => cx.attr(t, 'currencyID') === code)
  const vatEl = inCurrency(currency) ?? taxTotals.find((t) => cx.attr(t, 'currencyID') === undefined) ?? (taxCurrency === undefined ? taxTotals[0] : undefined)
  const vatAccountingEl = taxCurrency !== undefined && taxCurrency !== currency ? inCurrency(taxCurrency) : undefined

  const allowances = cx.amount(summation, 'AllowanceTotalAmount')
  const charges = cx.amount(summation, 'ChargeTotalAmount')
  let lineTotal = cx.amount(summation, 'LineTotalAmount')
  let taxBasis = cx.amount(summation, 'TaxBasisTotalAmount')
  let grandTotal = cx.amount(summation, 'GrandTotalAmount')
  let duePayable = cx.amount(summation, 'DuePayableAmount')
  const vatTotal = cx.decimalOf(vatEl)
  if (lineTotal === undefined) {
    cx.absent('BT-106')
    lineTotal = taxBasis?.plus(allowances ?? ZERO).minus(charges ?? ZERO) ?? lineNetAmounts()
  }
  if (taxBasis === undefined) {
    cx.absent('BT-109')
    taxBasis = lineTotal.minus(allowances ?? ZERO).plus(charges ?? ZERO)
  }
  if (grandTotal === undefined) {
    cx.absent('BT-112')
    grandTotal = taxBasis.plus(vatTotal ?? ZERO)
  }
  const prepaid = cx.amount(summation, 'TotalPrepaidAmount')
  const rounding = cx.amount(summation, 'RoundingAmount')
  if (duePayable === undefined) {
    cx.absent('BT-115')
    duePayable = grandTotal.minus(prepaid ?? ZERO).plus(rounding ?? ZERO)
  }
  return compact<DocumentTotals>({
    sumOfLineNetAmounts: lineTotal,
    sumOfAllowances: allowances,
    sumOfCharges: charges,
    invoiceTotalWithoutVat: taxBasis,
    invoiceTotalVatAmount: vatTotal,
    invoiceTotalVatAmountInAccountingCurrency: cx.decimalOf(vatAccountingEl),
    invoiceTotalWithVat: grandTotal,
    paidAmount: prepaid,
    roundingAmount: rounding,
    amountDueForPayment: duePayable,
  })
}
