/**
 * The calculate operation's engine: Invoice payload → CalculatedInvoice.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { type CalculatedInvoiceJson, calculatedInvoiceJson, calculatedInvoiceJsonText } from '../json/calculated-invoice.js'
import { readInvoicePayload, readInvoiceText } from '../json/read-invoice.js'
import type { InvoicePayload } from '../json/schemas.js'
import type { Decimal } from '../model/decimal.js'
import { decodeText } from '../util/text.js'
import { type DocumentCalculation, calculateDocument } from './document.js'
import { textOrBytesArgument } from '../util/byte-input.js'
import { payloadArgument } from './payload-argument.js'
import { amountOutOfRange, inAmountRange } from './amount-range.js'
import { checkOptions } from '../util/option-input.js'
import { JSON_TEXT_OPTIONS, type JsonTextOptions } from '../json/write-json.js'

/**
 * An invoice needs `zfitems`. Mustang calculates a payload without it as an invoice of zeros, but
 * there the likeliest cause is a misspelt key (`zfItems`, `items`), which the reader ignores, so
 * it is refused. An empty list is said on purpose: calculated as Mustang does (the totals are the
 * document-level allowances and charges; invoice2xml writes it for MINIMUM and BASIC WL only).
 */
function requireLineList(invoice: InvoicePayload): void {
  if (invoice.zfitems !== undefined) return
  throw new EInvoiceError('INVALID_PAYLOAD', 'zfitems: missing; an invoice needs its list of lines (an empty list for an invoice without lines)', {
    details: { zfitems: 'required' },
  })
}

/** `amount` when in range, else the error naming the total (see amount-range.ts). */
function checkTotal(amount: Decimal, path: string, what: string): void {
  if (!inAmountRange(amount)) amountOutOfRange(amount, path, what)
}

/**
 * Refuses document totals from 1e15 on. Each line and allowance is in range already (line.ts,
 * allowance-charge.ts), but many lines add up past it; the error names the response's field.
 */
function checkTotals(calc: DocumentCalculation): DocumentCalculation {
  checkTotal(calc.value, 'lineTotalAmount', 'the sum of the line net amounts (BT-106)')
  checkTotal(calc.chargeTotal, 'calculation.chargeTotal', 'the sum of the charges (BT-108)')
  checkTotal(calc.allowanceTotal, 'calculation.allowanceTotal', 'the sum of the allowances (BT-107)')
  checkTotal(calc.taxBasis, 'taxBasis', 'the total without VAT (BT-109)')
  checkTotal(calc.vatTotal, 'vattotal', 'the VAT total (BT-110)')
  checkTotal(calc.grandTotal, 'grandTotal', 'the total with VAT (BT-112)')
  checkTotal(calc.duePayable, 'duePayable', 'the amount due (BT-115)')
  for (const group of calc.vatGroups) {
    if (inAmountRange(group.basis) && inAmountRange(group.calculated)) continue
    const rate = `at VAT rate ${group.percent.toString()} %`
    checkTotal(group.basis, 'calculation.taxDetails', `the taxable amount ${rate} (BT-116)`)
    checkTotal(group.calculated, 'calculation.taxDetails', `the VAT ${rate} (BT-117)`)
  }
  return calc
}

/** Calculates a parsed payload. */
export function calculatePayload(invoice: InvoicePayload): DocumentCalculation {
  requireLineList(payloadArgument(invoice))
  return checkTotals(calculateDocument(invoice))
}

/**
 * Calculates an invoice given as a JSON value (numbers may be JS numbers or numeric strings).
 * @example
 * const result = calculateInvoice({ zfitems: [{ price: 9.9, quantity: 20, product: { vatpercent: 19 } }] })
 * writeJson(result) // {"...","grandTotal":235.62,...}
 */
export function calculateInvoice(value: unknown): CalculatedInvoiceJson {
  const invoice = readInvoicePayload(value)
  return calculatedInvoiceJson(invoice, calculatePayload(invoice))
}

/** JSON text (or UTF-8 bytes) in, CalculatedInvoice JSON text out; numbers stay exact. */
export function calculateInvoiceJsonText(input: Uint8Array | string, options: JsonTextOptions = {}): string {
  const given = textOrBytesArgument(input, 'invoice')
  options = checkOptions(options, 'options', JSON_TEXT_OPTIONS)
  const text = typeof given === 'string' ? given : decodeText(given, 'invoice')
  const { invoice, plainStrings } = readInvoiceText(text)
  return calculatedInvoiceJsonText(invoice, calculatePayload(invoice), { ...options, plainStrings })
}
