/**
 * The CalculatedInvoice response: the invoice as read (with Mustang's defaults), the five totals,
 * `calculation` with `taxDetails`, and each item's `calculation`.
 * @module
 */
import type { DocumentCalculation } from '../calc/document.js'
import { lineCategoryCode } from '../calc/document.js'
import type { LineCalculation } from '../calc/line.js'
import { money } from './write-json.js'
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

export function calculatedInvoiceJson(
  invoice: InvoicePayload,
  calc: DocumentCalculation,
): CalculatedInvoiceJson {
  const resolved = new Map<AllowanceChargePayload, { taxPercent: unknown; categoryCode: string }>()
  for (const e of calc.allowancesAndCharges) resolved.set(e.entry, { taxPercent: e.taxPercent, categoryCode: e.categoryCode })
  const withResolvedVat = (entries: AllowanceChargePayload[] | undefined) =>
    entries?.map((entry) => ({ ...entry, ...resolved.get(entry) }))

  const sender = invoice.sender
  const tradeSettlement = sender === undefined ? undefined : [...(sender.bankDetails ?? []), ...(sender.debitDetails ?? [])]
  const taxDetails = calc.vatGroups.map((g) => ({
    basis: money(g.basis),
    calculated: g.calculated,
    applicablePercent: g.percent,
    categoryCode: g.categoryCode,
    documentCode: g.categoryCode,
  }))
  return {
    ...invoice,
    zfallowances: withResolvedVat(invoice.zfallowances),
    zfcharges: withResolvedVat(invoice.zfcharges),
    zflogisticsServiceCharges: withResolvedVat(invoice.zflogisticsServiceCharges),
    zfitems: invoice.zfitems?.map((item, i) => ({
      ...item,
      product: { ...(item.product ?? {}), taxCategoryCode: lineCategoryCode(item) },
      value: item.price,
      calculation: lineCalculationJson(calc.lines[i] as LineCalculation),
    })),
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
  }
}
