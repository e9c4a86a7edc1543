/**
 * Order-X `SCRDMCCBDACIOMessageStructure` (BASIC, COMFORT, EXTENDED) → the model. An order is
 * not an invoice: what maps is kept (parties, lines with the requested quantity, prices, VAT,
 * allowances, totals; TypeCode 220/230/231 as BT-3, OrderCurrencyCode as BT-5, PurposeCode in the
 * extension). An order has no amount due: BT-115 is then derived and reported absent.
 * @module
 */
import { readCiiFamily } from '../cii/read-cii.js'
import { ORDERX_DIALECT } from '../cii/dialect.js'
import type { Invoice } from '../model/invoice.js'
import type { XmlDocument } from '../xml/index.js'

/** Reads an Order-X order. */
export function readOrderX(doc: XmlDocument): Invoice {
  return readCiiFamily(doc, ORDERX_DIALECT)
}
