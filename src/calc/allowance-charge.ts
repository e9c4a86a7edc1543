/**
 * The amount of one allowance or charge (Mustang `Charge.getTotalAmount(provider)`, behaviour doc
 * §2.1). `basisAmount` never enters the arithmetic; it is only echoed into the XML.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { type Decimal, ONE, ZERO, minus, percentToRate, plus, roundTo, times } from '../model/decimal.js'
import type { AllowanceChargePayload } from '../json/schemas.js'

/** What a percentage applies to: `value` per unit, times `quantity`. */
export type AmountProvider = { value: Decimal; quantity: Decimal }

/**
 * An absolute `totalAmount` is taken as given (no rounding, no quantity). A `percent` is applied
 * to the provider: `(v - v × (1 - round18(percent/100))) × quantity`, left unrounded.
 * @param path JSON path of the entry, for the error message.
 */
export function allowanceChargeAmount(
  entry: AllowanceChargePayload,
  provider: AmountProvider,
  path: string,
): Decimal {
  if (entry.totalAmount !== undefined) return entry.totalAmount
  if (entry.percent !== undefined) {
    const v = provider.value
    const single = v.times(minus(ONE, roundTo(percentToRate(entry.percent), 18)))
    return times(minus(v, single), provider.quantity)
  }
  throw new EInvoiceError(
    'INVALID_PAYLOAD',
    `${path}: an allowance or charge needs totalAmount or percent`,
    { details: { [path]: 'needs totalAmount or percent' } },
  )
}

export function sumAmounts(
  entries: readonly AllowanceChargePayload[] | undefined,
  provider: AmountProvider,
  path: string,
): Decimal {
  let total = ZERO
  if (entries === undefined) return total
  entries.forEach((entry, i) => {
    total = plus(total, allowanceChargeAmount(entry, provider, `${path}[${i}]`))
  })
  return total
}
