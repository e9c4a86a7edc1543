/**
 * BR-53 (BT-6, BT-111): a VAT accounting currency needs the VAT total in that currency. The
 * official tests compare the currency codes as written (a blank `TaxCurrencyCode` is given and
 * matches no `currencyID`), so on a document they read the tree:
 * - CII, per `//ram:SpecifiedTradeSettlementHeaderMonetarySummation`: one of its
 *   `ram:TaxTotalAmount/@currencyID` equals a header `ram:TaxCurrencyCode`, and no
 *   `ram:TaxCurrencyCode` equals an `ram:InvoiceCurrencyCode`;
 * - UBL, once: every `cbc:TaxCurrencyCode` has a `cac:TaxTotal/cbc:TaxAmount` in its currency.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import { btPath } from '../location.js'
import { attrValue, stringValue } from '../syntax/paths.js'
import { descend, descendants, kids, q } from '../syntax/tree-helpers.js'
import type { Issue, ModelContext } from '../types.js'
import { xmlTrim } from '../../xml/whitespace.js'
import { NONE, invoiceCurrenciesAsWritten, issue, taxTotalCurrencies, when } from './model-helpers.js'

const CII_TAX_CURRENCY = [q('rsm:SupplyChainTradeTransaction'), q('ram:ApplicableHeaderTradeSettlement'), q('ram:TaxCurrencyCode')] as const
const CII_SUMMATION = q('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
const CII_TAX_TOTAL = q('ram:TaxTotalAmount')
const UBL_TAX_CURRENCY = q('cbc:TaxCurrencyCode')

const AT = btPath('BG-22', 'BT-111')
/** The code for the message: an empty or blank one says so. */
const shown = (code: string): string => (xmlTrim(code) === '' ? '(empty)' : xmlTrim(code))

export function br53({ invoice, syntax, doc }: ModelContext): readonly Issue[] {
  if (doc === undefined) return onModel(invoice)
  if (syntax === 'CII') {
    const codes = descend(doc.root, ...CII_TAX_CURRENCY).map(stringValue)
    if (codes.length === 0) return NONE
    const sameAsInvoice = invoiceCurrenciesAsWritten(doc, syntax).some((c) => codes.includes(c))
    const out: Issue[] = []
    for (const summation of descendants(doc.root, CII_SUMMATION)) {
      const found = kids(summation, CII_TAX_TOTAL).some((t) => codes.includes(attrValue(t, 'currencyID') ?? ''))
      if (!found || sameAsInvoice) out.push(issue(AT, { currency: shown(codes[0] ?? '') }))
    }
    return out
  }
  if (syntax === 'UBL-Invoice' || syntax === 'UBL-CreditNote') {
    const amounts = taxTotalCurrencies(doc, syntax)
    const missing = kids(doc.root, UBL_TAX_CURRENCY).map(stringValue).find((c) => !amounts.includes(c))
    return when(missing !== undefined, AT, { currency: shown(missing ?? '') })
  }
  return onModel(invoice)
}

/** Without a CII or UBL tree, on the model: a VAT accounting currency needs BT-111. */
function onModel(invoice: Invoice): readonly Issue[] {
  const taxCurrency = invoice.vatAccountingCurrencyCode
  if (taxCurrency === undefined) return NONE
  return when(invoice.totals.invoiceTotalVatAmountInAccountingCurrency === undefined, AT, { currency: taxCurrency })
}
