/**
 * The amount of one allowance or charge (Mustang `Charge.getTotalAmount(provider)`, behaviour doc
 * §2.1). `basisAmount` never enters the arithmetic; it is only echoed into the XML.
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { type Decimal, ONE, ZERO, minus, percentToRate, plus, round2, roundTo, times } from '../model/decimal.js'
import type { AllowanceChargePayload } from '../json/schemas.js'
import { amountOutOfRange, inAmountRange } from './amount-range.js'

/** What a percentage applies to: `value` per unit, times `quantity`. */
export type AmountProvider = { value: Decimal; quantity: Decimal }

/** `1 - round18(percent / 100)` by percent instance: the payload reader shares one per literal. */
const complements = new WeakMap<Decimal, Decimal>()

function complementOf(percent: Decimal): Decimal {
  let complement = complements.get(percent)
  if (complement === undefined) {
    complement = minus(ONE, roundTo(percentToRate(percent), 18))
    complements.set(percent, complement)
  }
  return complement
}

/**
 * An absolute `totalAmount` is taken as given (no rounding, no quantity). A `percent` is applied
 * to the provider: `(v - v × (1 - round18(percent/100))) × quantity`, left unrounded.
 * @returns undefined when the entry has neither.
 */
function amountOf(entry: AllowanceChargePayload, provider: AmountProvider): Decimal | undefined {
  if (entry.totalAmount !== undefined) return entry.totalAmount
  if (entry.percent !== undefined) {
    const v = provider.value
    const single = times(v, complementOf(entry.percent))
    return times(minus(v, single), provider.quantity)
  }
  return undefined
}

/** `amount` when it is in range (see amount-range.ts); the path is built only when it is not. */
function checked(amount: Decimal, line: number, field: string, i: number): Decimal {
  return inAmountRange(amount) ? amount : amountOutOfRange(amount, `zfitems[${line}].${field}[${i}]`, 'the amount')
}

function missingAmount(path: string): never {
  throw new EInvoiceError(
    'INVALID_PAYLOAD',
    `${path}: an allowance or charge needs totalAmount or percent`,
    { details: { [path]: 'needs totalAmount or percent' } },
  )
}

/**
 * The amount of one entry (see amountOf).
 * @param path JSON path of the entry, for the error message.
 */
export function allowanceChargeAmount(
  entry: AllowanceChargePayload,
  provider: AmountProvider,
  path: string,
): Decimal {
  const amount = amountOf(entry, provider) ?? missingAmount(path)
  return inAmountRange(amount) ? amount : amountOutOfRange(amount, path, 'the amount')
}

/**
 * Σ amounts of a line's entries: unrounded, and as the XML writes them (each rounded to cents,
 * which BT-131 subtracts). The error path (`zfitems[line].field[i]`) is built only when an entry
 * lacks its amount: most lines have no entries, and their paths would be garbage.
 */
export function sumAmountsBoth(
  entries: readonly AllowanceChargePayload[] | undefined,
  provider: AmountProvider,
  line: number,
  field: string,
): { total: Decimal; written: Decimal } {
  let total = ZERO
  let written = ZERO
  if (entries === undefined) return { total, written }
  for (let i = 0; i < entries.length; i++) {
    const amount = checked(amountOf(entries[i] as AllowanceChargePayload, provider) ?? missingAmount(`zfitems[${line}].${field}[${i}]`), line, field, i)
    total = plus(total, amount)
    written = plus(written, round2(amount))
  }
  return { total, written }
}

/** Σ amounts of a line's entries, unrounded (see sumAmountsBoth). */
export function sumAmounts(
  entries: readonly AllowanceChargePayload[] | undefined,
  provider: AmountProvider,
  line: number,
  field: string,
): Decimal {
  let total = ZERO
  if (entries === undefined) return total
  for (let i = 0; i < entries.length; i++) {
    const amount = amountOf(entries[i] as AllowanceChargePayload, provider) ?? missingAmount(`zfitems[${line}].${field}[${i}]`)
    total = plus(total, checked(amount, line, field, i))
  }
  return total
}
