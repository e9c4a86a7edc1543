/**
 * BG-16 PAYMENT INSTRUCTIONS with BT-9, BT-20 and the EXTENDED payment terms blocks.
 * @module
 */
import type { Invoice, PaymentDiscountTerms } from '../model/invoice.js'
import type { ViewContext } from './view-context.js'
import { FieldList, type ViewSection, section, table } from './view-types.js'

function discountText(c: ViewContext, d: PaymentDiscountTerms | undefined): string | undefined {
  if (d === undefined) return undefined
  const { t } = c
  const parts = [
    d.calculationPercent === undefined ? undefined : c.percent(d.calculationPercent),
    d.basisPeriodMeasure === undefined ? undefined : `${c.number(d.basisPeriodMeasure) ?? ''} ${c.code('unit', d.basisPeriodUnitCode) ?? ''}`.trim(),
    d.basisDate === undefined ? undefined : `${t.basisDate} ${c.date(d.basisDate) ?? ''}`,
    d.basisAmount === undefined ? undefined : `${t.baseAmount} ${c.amount(d.basisAmount) ?? ''}`,
    d.actualAmount === undefined ? undefined : `${t.amount} ${c.amount(d.actualAmount) ?? ''}`,
  ]
  return parts.filter((p) => p !== undefined).join(', ')
}

export function paymentSection(c: ViewContext, inv: Invoice): ViewSection | undefined {
  const { t } = c
  const pi = inv.paymentInstructions
  const f = new FieldList()
  for (const m of pi?.means ?? []) {
    f.add(t.paymentMeans, c.code('paymentMeans', m.typeCode), 'BT-81').add(t.paymentMeansText, m.text, 'BT-82')
    for (const ct of m.creditTransfers) {
      f.add(ct.proprietary === true ? t.accountId : t.iban, ct.accountId, 'BT-84')
        .add(t.accountName, ct.accountName, 'BT-85')
        .add(t.bic, ct.serviceProviderId, 'BT-86')
    }
    f.add(t.cardNumber, m.card?.primaryAccountNumber, 'BT-87')
      .add(t.cardHolder, m.card?.holderName, 'BT-88')
      .add(t.cardNetwork, m.card?.networkId)
      .add(t.debitedAccount, m.debitedAccountId, 'BT-91')
      .add(t.payerBic, m.payerBic)
  }
  f.add(t.remittanceInformation, pi?.remittanceInformation, 'BT-83')
    .add(t.mandateReference, pi?.directDebit?.mandateReference, 'BT-89')
    .add(t.creditorId, pi?.directDebit?.creditorId, 'BT-90')
    .add(t.debitedAccount, pi?.directDebit?.debitedAccountId, 'BT-91')
    .add(t.paymentTerms, inv.paymentTermsText, 'BT-20')
    .add(t.dueDate, c.date(inv.dueDate), 'BT-9')
  const terms = inv.extension?.paymentTerms ?? []
  return section('payment', t.payment, 3, f.fields, [
    table(
      [
        { label: t.paymentTerms },
        { label: t.dueDate },
        { label: t.mandateReference },
        { label: t.partialPaymentAmount, numeric: true },
        { label: t.discount },
        { label: t.penalty },
      ],
      terms.map((p) => [p.description, c.date(p.dueDate), p.directDebitMandateId, c.amount(p.partialPaymentAmount), discountText(c, p.discount), discountText(c, p.penalty)]),
      t.paymentTermsBlocks,
    ),
  ])
}
