/**
 * Document totals and the VAT breakdown (Mustang `TransactionCalculator`, behaviour doc §2.3),
 * with one documented fix: a document allowance or charge without `taxPercent` takes the rate all
 * lines share, and is an error when they do not (Mustang books it at 0 % "S": invalid XML).
 * @module
 */
import { EInvoiceError } from '../errors.js'
import { Decimal, ONE, ZERO, minus, percentText, percentToRate, plus, round2, shareText, times } from '../model/decimal.js'
import type { AllowanceChargePayload, InvoicePayload, ItemPayload } from '../json/schemas.js'
import { allowanceChargeAmount } from './allowance-charge.js'
import { type LineCalculation, calculateLine, isCalculationRelevant } from './line.js'
import { payloadArgument } from './payload-argument.js'

/** A document allowance or charge with its amount and the VAT group it is booked into. */
export type DocumentAllowanceChargeCalculation = {
  entry: AllowanceChargePayload
  isCharge: boolean
  /** `zfallowances[0]`, `zfcharges[1]`, `zflogisticsServiceCharges[0]`. */
  path: string
  /** Unrounded amount (a percentage of the line total, or the given totalAmount). */
  amount: Decimal
  /** Rate in percent: the given taxPercent, or the rate every line shares. */
  taxPercent: Decimal
  categoryCode: string
}

/** One entry of the VAT breakdown grouped by rate (Mustang's "percent map"). */
export type VatGroup = {
  /** Rate in percent, trailing zeros stripped (the map key). */
  percent: Decimal
  categoryCode: string
  basis: Decimal
  /** Unrounded VAT of the group; rounded once, to 2 decimals, for the grand total. */
  calculated: Decimal
}

/** One entry grouped by (category, rate), with exemption data: what the XML breakdown lists. */
export type VatCategoryGroup = VatGroup & {
  exemptionReason?: string | undefined
  exemptionReasonCode?: string | undefined
}

export type DocumentCalculation = {
  lines: LineCalculation[]
  /** BT-106: sum of the calculation-relevant line net amounts. */
  value: Decimal
  /** BT-108 and BT-107, each rounded to 2 decimals. */
  chargeTotal: Decimal
  allowanceTotal: Decimal
  /** BT-109. */
  taxBasis: Decimal
  /** BT-112 = taxBasis + Σ round2(group VAT). */
  grandTotal: Decimal
  /** BT-115 = grandTotal − round2(prepaid) + rounding. */
  duePayable: Decimal
  /** Σ unrounded group VAT (Mustang's `vattotal`). */
  vatTotal: Decimal
  /** BT-110: Σ round2(group VAT), what the XML's TaxTotalAmount shows. */
  vatTotalRounded: Decimal
  prepaid: Decimal
  roundingAmount?: Decimal | undefined
  vatGroups: VatGroup[]
  vatCategoryGroups: VatCategoryGroup[]
  allowancesAndCharges: DocumentAllowanceChargeCalculation[]
}

/**
 * The category a product's line is booked in (Mustang `Product.getTaxCategoryCode` default). A
 * GROUP or INFORMATION line without rate or category has none (''): it is booked nowhere, and
 * Mustang's `Z` became a line VAT category in the XML that its breakdown lacks (BR-FXEXT-Z-01).
 */
export function lineCategoryCode(item: ItemPayload): string {
  const product = item.product
  if (product?.taxCategoryCode !== undefined && product.taxCategoryCode !== '') return product.taxCategoryCode
  if (product?.intraCommunitySupply === true) return 'K'
  if (product?.reverseCharge === true) return 'AE'
  if (product?.vatpercent === undefined && !isCalculationRelevant(item)) return ''
  if (product?.vatpercent === undefined || product.vatpercent.isZero()) return 'Z'
  return 'S'
}

type LineRate = { percent: Decimal; category: string }

function keyOf(percent: Decimal): string {
  return percentText(percent)
}

/** A group's rate by key text: one instance per rate (not parsed again per invoice), its text kept. */
const groupPercents = new Map<string, Decimal>()
const MAX_GROUP_PERCENTS = 1000

/** `new Decimal(key)`: the rate as the key writes it, trailing zeros stripped (and 0, never -0). */
function groupPercent(key: string): Decimal {
  let percent = groupPercents.get(key)
  if (percent === undefined) {
    percent = new Decimal(key)
    if (groupPercents.size < MAX_GROUP_PERCENTS && key.length <= 24) {
      groupPercents.set(key, percent)
      shareText(percent)
    }
  }
  return percent
}

/** The single (rate, category) all relevant lines share, or undefined when they differ. */
function sharedLineRate(items: readonly ItemPayload[]): LineRate | undefined {
  let shared: LineRate | undefined
  for (const item of items) {
    if (!isCalculationRelevant(item)) continue
    const percent = item.product?.vatpercent ?? ZERO
    if (shared === undefined) shared = { percent, category: lineCategoryCode(item) }
    else if (!shared.percent.eq(percent)) return undefined
  }
  return shared
}

function resolveDocumentEntries(
  invoice: InvoicePayload,
  items: readonly ItemPayload[],
  provider: { value: Decimal; quantity: Decimal },
): DocumentAllowanceChargeCalculation[] {
  const shared = sharedLineRate(items)
  const categoryByRate = new Map<string, string>()
  for (const item of items) {
    if (!isCalculationRelevant(item) || item.product?.vatpercent === undefined) continue
    const key = keyOf(item.product.vatpercent)
    if (!categoryByRate.has(key)) categoryByRate.set(key, lineCategoryCode(item))
  }
  const out: DocumentAllowanceChargeCalculation[] = []
  const add = (entries: AllowanceChargePayload[] | undefined, name: string, isCharge: boolean) => {
    entries?.forEach((entry, i) => {
      const path = `${name}[${i}]`
      let taxPercent = entry.taxPercent
      let category = entry.categoryCode
      if (taxPercent === undefined) {
        if (shared === undefined) {
          throw new EInvoiceError(
            'CALCULATION_ERROR',
            `${path}: taxPercent is missing and the lines have different VAT rates, so the ` +
              `${isCharge ? 'charge' : 'allowance'} cannot be assigned to one; give its taxPercent and categoryCode`,
            { details: { [path]: 'taxPercent required when lines have different VAT rates' } },
          )
        }
        taxPercent = shared.percent
        category ??= shared.category
      }
      // An unset category joins the lines of the same rate; a new group is S, or Z at 0 %.
      category ??= categoryByRate.get(keyOf(taxPercent)) ?? (taxPercent.isZero() ? 'Z' : 'S')
      out.push({
        entry,
        isCharge,
        path,
        amount: allowanceChargeAmount(entry, provider, path),
        taxPercent,
        categoryCode: category,
      })
    })
  }
  add(invoice.zfcharges, 'zfcharges', true)
  add(invoice.zflogisticsServiceCharges, 'zflogisticsServiceCharges', true)
  add(invoice.zfallowances, 'zfallowances', false)
  return out
}

/**
 * Whether the document's line sums may be taken in any order and the VAT of a group computed from
 * its summed basis: every sum and product then stays within the 60 digits of precision, so
 * decimal.js rounds none of them and Σ(net × rate) = (Σ net) × rate exactly. Relevant nets have 2
 * decimals; below 1e20, with rates below 1e13 of at most 20 decimals, a product has at most 55
 * digits and a sum of fewer than 10,000 of them at most 59.
 */
function sumsAreExact(items: readonly ItemPayload[], lines: readonly LineCalculation[]): boolean {
  if (items.length >= 10_000) return false
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as ItemPayload
    if (!isCalculationRelevant(item)) continue
    const line = lines[i] as LineCalculation
    const net = line.itemTotalNetAmount
    if (!net.isFinite() || (!net.isZero() && net.e >= 20) || net.decimalPlaces() > 2) return false
    const vatPercent = item.product?.vatpercent
    if (vatPercent === undefined) continue
    // The payload reader keeps percents below 1e15; a payload built in code need not.
    const rate = percentToRate(vatPercent)
    if (!rate.isFinite() || (!rate.isZero() && rate.e >= 13) || rate.decimalPlaces() > 20) return false
  }
  return true
}

/**
 * The lines' VAT groups by rate (lines without a rate stay out, but are in taxBasis, as in
 * Mustang): each group's basis is the sum of its nets, its VAT the sum of the lines' unrounded
 * VAT, taken as basis × rate when `exact` (see sumsAreExact), one multiplication instead of a sum.
 */
function lineVatGroups(items: readonly ItemPayload[], lines: readonly LineCalculation[], exact: boolean): Map<string, VatGroup> {
  const groups = new Map<string, VatGroup>()
  items.forEach((item, i) => {
    const vatPercent = item.product?.vatpercent
    if (!isCalculationRelevant(item) || vatPercent === undefined) return
    const line = lines[i] as LineCalculation
    const key = keyOf(vatPercent)
    const group = groups.get(key)
    if (group === undefined) {
      groups.set(key, {
        percent: groupPercent(key),
        categoryCode: lineCategoryCode(item),
        basis: line.itemTotalNetAmount,
        calculated: line.itemTotalVATAmount,
      })
    } else {
      group.basis = plus(group.basis, line.itemTotalNetAmount)
      if (!exact) group.calculated = plus(group.calculated, line.itemTotalVATAmount)
    }
  })
  if (exact) for (const group of groups.values()) group.calculated = times(group.basis, percentToRate(group.percent))
  return groups
}

/** BT-106: Σ relevant line nets; from the groups' sums when every sum is exact. */
function lineTotal(
  items: readonly ItemPayload[],
  lines: readonly LineCalculation[],
  groups: ReadonlyMap<string, VatGroup>,
  exact: boolean,
): Decimal {
  let value = ZERO
  if (exact) {
    for (const group of groups.values()) value = plus(value, group.basis)
  }
  items.forEach((item, i) => {
    if (!isCalculationRelevant(item) || (exact && item.product?.vatpercent !== undefined)) return
    value = plus(value, (lines[i] as LineCalculation).itemTotalNetAmount)
  })
  return value
}

/** Mustang's percent map: the line groups, then each document charge, then each allowance. */
function percentMap(groups: Map<string, VatGroup>, entries: readonly DocumentAllowanceChargeCalculation[]): VatGroup[] {
  // Charges first, then allowances; each recomputes VAT from the rounded basis.
  const ordered = [...entries.filter((e) => e.isCharge), ...entries.filter((e) => !e.isCharge)]
  for (const e of ordered) {
    const key = keyOf(e.taxPercent)
    let group = groups.get(key)
    if (group === undefined) {
      group = { percent: groupPercent(key), categoryCode: e.categoryCode, basis: ZERO, calculated: ZERO }
      groups.set(key, group)
    }
    // The amount as written; the basis is rounded too, as Mustang does (a GROUP line's given
    // total may have more decimals).
    group.basis = round2(e.isCharge ? plus(group.basis, round2(e.amount)) : minus(group.basis, round2(e.amount)))
    group.calculated = times(group.basis, percentToRate(e.taxPercent))
  }
  return [...groups.values()]
}

function categoryList(
  items: readonly ItemPayload[],
  lines: readonly LineCalculation[],
  entries: readonly DocumentAllowanceChargeCalculation[],
): VatCategoryGroup[] {
  const groups = new Map<string, VatCategoryGroup>()
  // The distinct reasons per group, kept apart: a reason may itself hold ', ' (a parsed BT-120).
  const reasons = new Map<string, string[]>()
  const add = (
    category: string,
    percent: Decimal,
    basis: Decimal,
    calculated: Decimal,
    reason?: string,
    reasonCode?: string,
  ) => {
    const key = `${category}|${keyOf(percent)}`
    const group = groups.get(key)
    if (group === undefined) {
      groups.set(key, {
        percent: groupPercent(keyOf(percent)),
        categoryCode: category,
        basis,
        calculated,
        exemptionReason: reason,
        exemptionReasonCode: reasonCode,
      })
      reasons.set(key, reason === undefined || reason === '' ? [] : [reason])
      return
    }
    group.basis = round2(plus(group.basis, basis))
    group.calculated = plus(group.calculated, calculated)
    const known = reasons.get(key) ?? []
    if (reason !== undefined && reason !== '' && !known.includes(reason)) {
      known.push(reason)
      group.exemptionReason = known.join(', ')
    }
    group.exemptionReasonCode ??= reasonCode
  }
  items.forEach((item, i) => {
    if (!isCalculationRelevant(item)) return
    const line = lines[i] as LineCalculation
    add(
      lineCategoryCode(item),
      line.vatPercent,
      line.itemTotalNetAmount,
      line.itemTotalVATAmount,
      item.product?.taxExemptionReason,
      item.product?.taxExemptionReasonCode,
    )
  })
  for (const e of entries) {
    // The written amount, as in the percent map, so both groupings give the same VAT (BR-CO-14).
    const amount = e.isCharge ? round2(e.amount) : round2(e.amount).negated()
    add(e.categoryCode, e.taxPercent, amount, times(amount, percentToRate(e.taxPercent)))
  }
  return [...groups.values()]
}

/** Calculates every line and the document totals of a parsed Invoice payload. */
export function calculateDocument(invoice: InvoicePayload): DocumentCalculation {
  payloadArgument(invoice)
  const items = invoice.zfitems ?? []
  const lines = items.map((item, i) => calculateLine(item, i))
  const exact = sumsAreExact(items, lines)
  const lineGroups = lineVatGroups(items, lines, exact)
  const value = lineTotal(items, lines, lineGroups, exact)
  const entries = resolveDocumentEntries(invoice, items, { value, quantity: ONE })
  // BT-107/BT-108 sum the amounts as BT-92/BT-99 write them, rounded: Mustang rounds the sum of
  // the unrounded amounts, a cent off the written ones with several percentages (BR-CO-11/12).
  let chargeTotal = ZERO
  let allowanceTotal = ZERO
  for (const e of entries) {
    if (e.isCharge) chargeTotal = plus(chargeTotal, round2(e.amount))
    else allowanceTotal = plus(allowanceTotal, round2(e.amount))
  }
  const taxBasis = round2(minus(plus(value, chargeTotal), allowanceTotal))
  const vatGroups = percentMap(lineGroups, entries)
  let vatTotal = ZERO
  let vatTotalRounded = ZERO
  for (const g of vatGroups) {
    vatTotal = plus(vatTotal, g.calculated)
    vatTotalRounded = plus(vatTotalRounded, round2(g.calculated))
  }
  // With several categories at one rate (S and M at 10 %), the breakdown the XML writes (by
  // category and rate) rounds each category's VAT, which can sum to a cent off the VAT of the rate
  // group: BT-110 is then that sum, as BR-CO-14 asks (Mustang keeps the rate group's: issue #209).
  let categoryGroups: VatCategoryGroup[] | undefined
  if (severalCategoriesAtOneRate(items, entries)) {
    categoryGroups = categoryList(items, lines, entries)
    vatTotalRounded = categoryGroups.reduce((sum, g) => plus(sum, round2(g.calculated)), ZERO)
  }
  const grandTotal = plus(vatTotalRounded, taxBasis)
  const prepaid = round2(invoice.totalPrepaidAmount ?? ZERO)
  const duePayable = plus(minus(grandTotal, prepaid), invoice.roundingAmount ?? ZERO)
  return new CalculatedDocument(
    {
      lines,
      value,
      chargeTotal,
      allowanceTotal,
      taxBasis,
      grandTotal,
      duePayable,
      vatTotal,
      vatTotalRounded,
      prepaid,
      roundingAmount: invoice.roundingAmount,
      vatGroups,
      allowancesAndCharges: entries,
    },
    items,
    categoryGroups,
  )
}

/** Whether two lines, allowances or charges of one VAT rate have different categories. */
function severalCategoriesAtOneRate(items: readonly ItemPayload[], entries: readonly DocumentAllowanceChargeCalculation[]): boolean {
  const categoryOfRate = new Map<string, string>()
  const differs = (percent: Decimal, category: string): boolean => {
    const key = keyOf(percent)
    const known = categoryOfRate.get(key)
    if (known === undefined) categoryOfRate.set(key, category)
    return known !== undefined && known !== category
  }
  for (const item of items) {
    if (isCalculationRelevant(item) && differs(item.product?.vatpercent ?? ZERO, lineCategoryCode(item))) return true
  }
  return entries.some((e) => differs(e.taxPercent, e.categoryCode))
}

type DocumentTotals = Omit<DocumentCalculation, 'vatCategoryGroups'>

/**
 * The breakdown by category is for the XML writers; calculate alone never reads it, so it is
 * built on first use. A class getter: an object literal with an accessor is slow to create.
 */
class CalculatedDocument implements DocumentCalculation {
  lines: LineCalculation[]
  value: Decimal
  chargeTotal: Decimal
  allowanceTotal: Decimal
  taxBasis: Decimal
  grandTotal: Decimal
  duePayable: Decimal
  vatTotal: Decimal
  vatTotalRounded: Decimal
  prepaid: Decimal
  roundingAmount: Decimal | undefined
  vatGroups: VatGroup[]
  allowancesAndCharges: DocumentAllowanceChargeCalculation[]
  readonly #items: readonly ItemPayload[]
  #categoryGroups: VatCategoryGroup[] | undefined

  constructor(totals: DocumentTotals, items: readonly ItemPayload[], categoryGroups?: VatCategoryGroup[]) {
    this.lines = totals.lines
    this.value = totals.value
    this.chargeTotal = totals.chargeTotal
    this.allowanceTotal = totals.allowanceTotal
    this.taxBasis = totals.taxBasis
    this.grandTotal = totals.grandTotal
    this.duePayable = totals.duePayable
    this.vatTotal = totals.vatTotal
    this.vatTotalRounded = totals.vatTotalRounded
    this.prepaid = totals.prepaid
    this.roundingAmount = totals.roundingAmount
    this.vatGroups = totals.vatGroups
    this.allowancesAndCharges = totals.allowancesAndCharges
    this.#items = items
    this.#categoryGroups = categoryGroups
  }

  get vatCategoryGroups(): VatCategoryGroup[] {
    this.#categoryGroups ??= categoryList(this.#items, this.lines, this.allowancesAndCharges)
    return this.#categoryGroups
  }
}
