/**
 * The CalculatedInvoice response: the invoice as read (with Mustang's defaults), the five totals,
 * `calculation` with `taxDetails`, and each item's `calculation`.
 * @module
 */
import type { DocumentCalculation } from '../calc/document.js'
import { lineCategoryCode } from '../calc/document.js'
import type { LineCalculation } from '../calc/line.js'
import { JsonSpread, money, spreadOut, writeJson } from './write-json.js'
import type { AllowanceChargePayload, InvoicePayload } from './schemas.js'

/** Plain JSON-ready object (Decimals inside; write it with `writeJson`). */
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
          value: item.price,
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

/** `writeJson(calculatedInvoiceJson(invoice, calc), options)`, written without the copy. */
export function calculatedInvoiceJsonText(
  invoice: InvoicePayload,
  calc: DocumentCalculation,
  options: { pretty?: boolean | undefined } = {},
): string {
  return writeJson(calculatedInvoiceView(invoice, calc), options)
}
