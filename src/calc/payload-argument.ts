/**
 * `calculateDocument` and `calculatePayload` work on a payload the reader has made: its amounts are
 * Decimals. Plain JSON handed to them (numbers for amounts) is refused here by name, pointing to
 * `calculateInvoice`, instead of failing inside the arithmetic.
 * @module
 */
import type { InvoicePayload } from '../json/schemas.js'
import { isDecimal } from '../model/decimal.js'
import { argumentError } from '../util/byte-input.js'
import { objectArgument } from '../util/option-input.js'

const READ_FIRST = 'read it with readInvoicePayload first, or give the JSON to calculateInvoice'

export function payloadArgument(invoice: InvoicePayload): InvoicePayload {
  objectArgument(invoice, 'invoice', `a payload read by readInvoicePayload (${READ_FIRST})`, (v) => v['zfitems'] === undefined || Array.isArray(v['zfitems']))
  invoice.zfitems?.forEach((item, i) => {
    const name = `invoice.zfitems[${i}]`
    objectArgument(item, name, 'a line object')
    for (const field of ['price', 'quantity'] as const) {
      // Absent is the payload's own word for zero (as in Mustang); only a value of another kind is refused.
      if (item[field] !== undefined && !isDecimal(item[field])) throw argumentError(item[field], `${name}.${field}`, `a Decimal (${READ_FIRST})`)
    }
  })
  return invoice
}
