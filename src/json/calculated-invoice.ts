/**
 * The CalculatedInvoice response: the invoice as read (with Mustang's defaults), the five totals,
 * `calculation` with `taxDetails`, and each item's `calculation`.
 * @module
 */
import type { DocumentCalculation } from '../calc/document.js'
import { lineCategoryCode } from '../calc/document.js'
import type { LineCalculation } from '../calc/line.js'
import { type Decimal, ONE, ZERO } from '../model/decimal.js'
import {
  JsonSpread,
  appendDecimal,
  appendEntry,
  appendKey,
  appendMoney,
  appendText,
  appendValue,
  closeCompactObject,
  isOwnKey,
  money,
  spreadOut,
  writeCompactJson,
  writeJson,
} from './write-json.js'
import type { AllowanceChargePayload, InvoicePayload, ItemPayload, ProductPayload } from './schemas.js'

/**
 * The calculated invoice as plain objects whose numbers are exact: `Decimal` and `JsonNumber`
 * values. `writeJson` writes them as exact JSON numbers; `JSON.stringify` as strings (decimal.js's
 * own `toJSON`); `String(v)` gives the exact text and `Number(v)` the number.
 */
export type CalculatedInvoiceJson = Record<string, unknown>

function lineCalculationJson(line: LineCalculation) {
  return {
    price: line.price,
    priceGross: line.priceGross,
    itemTotalNetAmount: money(line.itemTotalNetAmount),
    itemTotalVATAmount: line.itemTotalVATAmount,
    itemTotalGrossAmount: line.itemTotalGrossAmount,
  }
}

/** The empty spread: `{ ...undefined }`. */
const NOTHING = {}

/** The response as JsonSpreads over the payload's own objects: nothing is copied. */
function calculatedInvoiceView(invoice: InvoicePayload, calc: DocumentCalculation): JsonSpread {
  const resolved = new Map<AllowanceChargePayload, { taxPercent: unknown; categoryCode: string }>()
  for (const e of calc.allowancesAndCharges) resolved.set(e.entry, { taxPercent: e.taxPercent, categoryCode: e.categoryCode })
  const withResolvedVat = (entries: AllowanceChargePayload[] | undefined) =>
    entries?.map((entry) => new JsonSpread(entry, resolved.get(entry) ?? NOTHING))

  const sender = invoice.sender
  const tradeSettlement = sender === undefined ? undefined : [...(sender.bankDetails ?? []), ...(sender.debitDetails ?? [])]
  const taxDetails = calc.vatGroups.map((g) => ({
    basis: money(g.basis),
    calculated: g.calculated,
    applicablePercent: g.percent,
    categoryCode: g.categoryCode,
    documentCode: g.categoryCode,
  }))
  return new JsonSpread(invoice, {
    zfallowances: withResolvedVat(invoice.zfallowances),
    zfcharges: withResolvedVat(invoice.zfcharges),
    zflogisticsServiceCharges: withResolvedVat(invoice.zflogisticsServiceCharges),
    zfitems: invoice.zfitems?.map(
      (item, i) =>
        new JsonSpread(item, {
          product: new JsonSpread(item.product ?? NOTHING, { taxCategoryCode: lineCategoryCode(item) }),
          price: item.price ?? ZERO,
          basisQuantity: item.basisQuantity ?? ONE,
          value: item.price ?? ZERO,
          calculation: lineCalculationJson(calc.lines[i] as LineCalculation),
        }),
    ),
    tradeSettlement,
    lineTotalAmount: money(calc.value),
    duePayable: money(calc.duePayable),
    grandTotal: money(calc.grandTotal),
    taxBasis: money(calc.taxBasis),
    vattotal: calc.vatTotal,
    calculation: {
      chargeTotal: money(calc.chargeTotal),
      allowanceTotal: money(calc.allowanceTotal),
      value: money(calc.value),
      grandTotal: money(calc.grandTotal),
      taxBasis: money(calc.taxBasis),
      duePayable: money(calc.duePayable),
      quantity: 1,
      taxDetails,
    },
  })
}

export function calculatedInvoiceJson(invoice: InvoicePayload, calc: DocumentCalculation): CalculatedInvoiceJson {
  return spreadOut(calculatedInvoiceView(invoice, calc)) as CalculatedInvoiceJson
}

/**
 * `writeJson(calculatedInvoiceJson(invoice, calc), options)`, written without the copy.
 * `plainStrings`: the reader found no string of `invoice` that JSON would escape (see
 * readInvoiceText), so the compact writer need not scan them.
 */
export function calculatedInvoiceJsonText(
  invoice: InvoicePayload,
  calc: DocumentCalculation,
  options: { pretty?: boolean | undefined; plainStrings?: boolean | undefined } = {},
): string {
  if (options.pretty === true) return writeJson(calculatedInvoiceView(invoice, calc), options)
  return writeCompactJson(() => writeCalculatedInvoice(invoice, calc), options.plainStrings === true)
}

// The compact response is written by hand from the payload and the calculation, in the order the
// JsonSpreads above give (the payload's keys, each override in its key's place, then the new
// keys): no view objects, no override lookups, money texts appended directly. The samples' test
// and the pretty path (which keeps the view) hold the two to the same text.

type ResolvedVat = { taxPercent: Decimal; categoryCode: string }

function writeCalculatedInvoice(invoice: InvoicePayload, calc: DocumentCalculation): void {
  const resolved = new Map<AllowanceChargePayload, ResolvedVat>()
  for (const e of calc.allowancesAndCharges) resolved.set(e.entry, { taxPercent: e.taxPercent, categoryCode: e.categoryCode })
  const record = invoice as Readonly<Record<string, unknown>>
  let first = true
  for (const key in record) {
    if (!isOwnKey(record, key)) continue
    let written: boolean
    if (key === 'zfitems') written = writeItems(invoice.zfitems, calc.lines, first)
    else if (key === 'zfallowances' || key === 'zfcharges' || key === 'zflogisticsServiceCharges') {
      written = writeDocumentEntries(key, invoice[key], resolved, first)
    } else written = appendEntry(key, record[key], first)
    if (written) first = false
  }
  const sender = invoice.sender
  if (sender !== undefined && appendEntry('tradeSettlement', [...(sender.bankDetails ?? []), ...(sender.debitDetails ?? [])], first)) {
    first = false
  }
  appendKey('lineTotalAmount', first)
  appendMoney(calc.value)
  appendText(',"duePayable":')
  appendMoney(calc.duePayable)
  appendText(',"grandTotal":')
  appendMoney(calc.grandTotal)
  appendText(',"taxBasis":')
  appendMoney(calc.taxBasis)
  appendText(',"vattotal":')
  appendDecimal(calc.vatTotal)
  appendText(',"calculation":{"chargeTotal":')
  appendMoney(calc.chargeTotal)
  appendText(',"allowanceTotal":')
  appendMoney(calc.allowanceTotal)
  appendText(',"value":')
  appendMoney(calc.value)
  appendText(',"grandTotal":')
  appendMoney(calc.grandTotal)
  appendText(',"taxBasis":')
  appendMoney(calc.taxBasis)
  appendText(',"duePayable":')
  appendMoney(calc.duePayable)
  appendText(',"quantity":1')
  if (calc.vatGroups.length > 0) {
    appendText(',"taxDetails":[')
    calc.vatGroups.forEach((g, i) => {
      appendText(i === 0 ? '{"basis":' : ',{"basis":')
      appendMoney(g.basis)
      appendText(',"calculated":')
      appendDecimal(g.calculated)
      appendText(',"applicablePercent":')
      appendDecimal(g.percent)
      appendEntry('categoryCode', g.categoryCode, false)
      appendEntry('documentCode', g.categoryCode, false)
      appendText('}')
    })
    appendText(']')
  }
  appendText('}}')
}

/** A document allowance/charge list, each entry with its resolved taxPercent and categoryCode. */
function writeDocumentEntries(
  key: string,
  entries: readonly AllowanceChargePayload[] | undefined,
  resolved: ReadonlyMap<AllowanceChargePayload, ResolvedVat>,
  first: boolean,
): boolean {
  if (entries === undefined || entries.length === 0) return false
  appendKey(key, first)
  appendText('[')
  entries.forEach((entry, i) => {
    if (i > 0) appendText(',')
    const vat = resolved.get(entry)
    if (vat === undefined) appendValue(entry)
    else writeWithOverrides(entry, 'taxPercent', vat.taxPercent, 'categoryCode', vat.categoryCode)
  })
  appendText(']')
  return true
}

/** `{ ...record, [keyA]: a, [keyB]: b }` (both keys absent from or in record, values non-empty). */
function writeWithOverrides(record: object, keyA: string, a: unknown, keyB: string, b: unknown): void {
  const fields = record as Readonly<Record<string, unknown>>
  let first = true
  let sawA = false
  let sawB = false
  for (const key in fields) {
    if (!isOwnKey(fields, key)) continue
    let value = fields[key]
    if (key === keyA) {
      value = a
      sawA = true
    } else if (key === keyB) {
      value = b
      sawB = true
    }
    if (appendEntry(key, value, first)) first = false
  }
  if (!sawA && appendEntry(keyA, a, first)) first = false
  if (!sawB && appendEntry(keyB, b, first)) first = false
  closeCompactObject(first)
}

function writeItems(items: readonly ItemPayload[] | undefined, lines: readonly LineCalculation[], first: boolean): boolean {
  if (items === undefined || items.length === 0) return false
  appendKey('zfitems', first)
  appendText('[')
  items.forEach((item, i) => {
    if (i > 0) appendText(',')
    writeItem(item, lines[i] as LineCalculation)
  })
  appendText(']')
  return true
}

/** An item with its product's category, `value` (the price) and its `calculation`. */
function writeItem(item: ItemPayload, line: LineCalculation): void {
  const fields = item as Readonly<Record<string, unknown>>
  let first = true
  let sawProduct = false
  for (const key in fields) {
    if (!isOwnKey(fields, key)) continue
    if (key === 'product') {
      appendKey('product', first)
      writeProduct(item)
      sawProduct = true
      first = false
    } else if (appendEntry(key, fields[key], first)) first = false
  }
  if (!sawProduct) {
    appendKey('product', first)
    writeProduct(item)
  }
  // Mustang's Item starts with price 0 and basisQuantity 1, and NON_EMPTY writes both.
  if (item.price === undefined) appendEntry('price', ZERO, false)
  if (item.basisQuantity === undefined) appendEntry('basisQuantity', ONE, false)
  appendEntry('value', item.price ?? ZERO, false)
  appendText(',"calculation":{"price":')
  appendDecimal(line.price)
  appendText(',"priceGross":')
  appendDecimal(line.priceGross)
  appendText(',"itemTotalNetAmount":')
  appendMoney(line.itemTotalNetAmount)
  appendText(',"itemTotalVATAmount":')
  appendDecimal(line.itemTotalVATAmount)
  appendText(',"itemTotalGrossAmount":')
  appendDecimal(line.itemTotalGrossAmount)
  appendText('}}')
}

/** The item's product (or `{}`) with its `taxCategoryCode` in place or appended. */
function writeProduct(item: ItemPayload): void {
  const code = lineCategoryCode(item)
  const product: ProductPayload | undefined = item.product
  if (product === undefined) {
    appendEntry('taxCategoryCode', code, true)
    closeCompactObject(false)
    return
  }
  const fields = product as Readonly<Record<string, unknown>>
  let first = true
  let sawCode = false
  for (const key in fields) {
    if (!isOwnKey(fields, key)) continue
    let value = fields[key]
    if (key === 'taxCategoryCode') {
      value = code
      sawCode = true
    }
    if (appendEntry(key, value, first)) first = false
  }
  if (!sawCode && appendEntry('taxCategoryCode', code, first)) first = false
  closeCompactObject(first)
}
