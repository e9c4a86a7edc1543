/**
 * The calculate operation's engine: Invoice payload → CalculatedInvoice.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { type CalculatedInvoiceJson, calculatedInvoiceJson, calculatedInvoiceJsonText } from '../json/calculated-invoice.js'
import { readInvoicePayload, readInvoiceText } from '../json/read-invoice.js'
import type { InvoicePayload } from '../json/schemas.js'
import { decodeText } from '../util/text.js'
import { type DocumentCalculation, calculateDocument } from './document.js'
import { textOrBytesArgument } from '../util/byte-input.js'
import { payloadArgument } from './payload-argument.js'
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

/** Calculates a parsed payload. */
export function calculatePayload(invoice: InvoicePayload): DocumentCalculation {
  requireLineList(payloadArgument(invoice))
  return calculateDocument(invoice)
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
