/**
 * A model handed in by a caller (`writeUbl`, `invoiceToJson`): the model's fields are the
 * caller's word, but null or a value of another kind is refused by name instead of failing deep
 * inside a writer. The model is made by the readers (`readInvoice`) or the payload writer.
 * @module
 */
import { objectArgument } from '../util/option-input.js'
import type { Invoice } from './invoice.js'

export function invoiceArgument(inv: Invoice, name: string): Invoice {
  return objectArgument(inv, name, 'an invoice model (what readInvoice returns)', (v) => Array.isArray(v['lines']) && typeof v['totals'] === 'object' && v['totals'] !== null)
}
