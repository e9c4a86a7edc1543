import { calculateInvoice } from '../../src/calc/calculate-invoice.js'
import { writeJson } from '../../src/json/write-json.js'

/** Calculates and returns the response as a plain JSON value (numbers parsed from exact text). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk the response freely
export function calc(invoice: unknown): any {
  return JSON.parse(writeJson(calculateInvoice(invoice)))
}

/** The response as JSON text, for checks on exact number literals. */
export function calcText(invoice: unknown): string {
  return writeJson(calculateInvoice(invoice))
}

export function line(price: number | string, quantity: number | string, vatpercent?: number, extra: object = {}) {
  return { price, quantity, product: { name: 'item', unit: 'H87', ...(vatpercent === undefined ? {} : { vatpercent }) }, ...extra }
}
