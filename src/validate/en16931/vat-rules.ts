/**
 * The VAT category rules of EN 16931 (BR-S, BR-Z, BR-E, BR-AE, BR-IC (K), BR-G, BR-O, BR-AF (L),
 * BR-AG (M)) as one table: each category states its rate rule, tax amount rule, exemption-reason
 * rule and which VAT identifiers it needs; the rule bodies are shared. Where the official CII and
 * UBL bindings differ (tolerances, rounding of sums), the per-syntax parameters say so.
 * @module
 */
import { Decimal, exactDecimalText, sum } from '../../model/decimal.js'
import { CATEGORY_CODE_ABSENT, CHARGE_INDICATOR_ABSENT, type DocumentAllowanceCharge, type Invoice, type LineVat } from '../../model/invoice.js'
import { NS, type XmlDocument } from '../../xml/index.js'
import { btPath } from '../location.js'
import { roundDouble } from '../schematron/values.js'
import { elementsByLocal } from '../syntax/paths.js'
import type { Issue, ModelContext, ModelRule, SyntaxKind } from '../types.js'
import { exemptionRule } from './exemption-rules.js'
import { brIc11, brIc12 } from './intra-community-rules.js'
import { NONE, ciiSignedZeroTaxAmount, fmt, isAllowanceOrCharge, isWritten, issue, lacks, when, xpathRound0, xpathRound2 } from './model-helpers.js'
import { type TaxIdPresence, taxIdPresence } from './tax-id-presence.js'
import { ublBreakdownPresence, ublSubLineVatCodes } from './ubl-breakdown-presence.js'

type RateRule = 'positive' | 'nonNegative' | 'zero' | 'none'
type TaxRule = 'zero' | 'rateTimesBasis' | 'unchecked'
type PartyRule = 'sellerVat' | 'sellerVatStrict' | 'reverseCharge' | 'intraCommunity' | 'notSubject'

type Category = {
  code: string
  /** Rule id prefix (BR-IC for K, BR-AF for L, BR-AG for M). */
  prefix: string
  /** Each breakdown's taxable amount is checked per rate (S, L, M) or per category. */
  perRate: boolean
  /** 01: "at least one breakdown when used" (S, L, M) vs "exactly one breakdown" (others). */
  breakdown: 'atLeastOne' | 'exactlyOne'
  party: PartyRule
  rate: { CII: RateRule; UBL: RateRule }
  tax: { CII: TaxRule; UBL: TaxRule }
  /** Exemption reason (BT-120/121) required, or forbidden. */
  exemption: 'required' | 'forbidden'
  /** Tolerance of the 08 taxable-amount check: 0 = exact, 1 = strictly within ±1. */
  tolerance: { CII: 0 | 1; UBL: 0 | 1 }
  /**
   * Whether the official 08 test can fail. CII's BR-AF-08/BR-AG-08 run on the breakdown but read
   * the rate as `../ram:RateApplicablePercent` (the settlement's, which has none): `every` over
   * nothing holds, so they never fail (refcheck agrees).
   */
  basisChecked: { CII: boolean; UBL: boolean }
}

// prettier-ignore
const CATEGORIES: readonly Category[] = [
  { code: 'S', prefix: 'BR-S', perRate: true, breakdown: 'atLeastOne', party: 'sellerVat', rate: { CII: 'positive', UBL: 'positive' }, tax: { CII: 'rateTimesBasis', UBL: 'rateTimesBasis' }, exemption: 'forbidden', tolerance: { CII: 0, UBL: 1 }, basisChecked: { CII: true, UBL: true } },
  { code: 'Z', prefix: 'BR-Z', perRate: false, breakdown: 'exactlyOne', party: 'sellerVat', rate: { CII: 'zero', UBL: 'zero' }, tax: { CII: 'zero', UBL: 'zero' }, exemption: 'forbidden', tolerance: { CII: 1, UBL: 0 }, basisChecked: { CII: true, UBL: true } },
  { code: 'E', prefix: 'BR-E', perRate: false, breakdown: 'exactlyOne', party: 'sellerVat', rate: { CII: 'zero', UBL: 'zero' }, tax: { CII: 'zero', UBL: 'zero' }, exemption: 'required', tolerance: { CII: 1, UBL: 0 }, basisChecked: { CII: true, UBL: true } },
  { code: 'AE', prefix: 'BR-AE', perRate: false, breakdown: 'exactlyOne', party: 'reverseCharge', rate: { CII: 'zero', UBL: 'zero' }, tax: { CII: 'zero', UBL: 'zero' }, exemption: 'required', tolerance: { CII: 1, UBL: 0 }, basisChecked: { CII: true, UBL: true } },
  { code: 'K', prefix: 'BR-IC', perRate: false, breakdown: 'exactlyOne', party: 'intraCommunity', rate: { CII: 'zero', UBL: 'zero' }, tax: { CII: 'zero', UBL: 'zero' }, exemption: 'required', tolerance: { CII: 1, UBL: 0 }, basisChecked: { CII: true, UBL: true } },
  { code: 'G', prefix: 'BR-G', perRate: false, breakdown: 'exactlyOne', party: 'sellerVatStrict', rate: { CII: 'zero', UBL: 'zero' }, tax: { CII: 'zero', UBL: 'zero' }, exemption: 'required', tolerance: { CII: 1, UBL: 0 }, basisChecked: { CII: true, UBL: true } },
  { code: 'O', prefix: 'BR-O', perRate: false, breakdown: 'exactlyOne', party: 'notSubject', rate: { CII: 'none', UBL: 'none' }, tax: { CII: 'zero', UBL: 'zero' }, exemption: 'required', tolerance: { CII: 0, UBL: 0 }, basisChecked: { CII: true, UBL: true } },
  { code: 'L', prefix: 'BR-AF', perRate: true, breakdown: 'atLeastOne', party: 'sellerVat', rate: { CII: 'positive', UBL: 'nonNegative' }, tax: { CII: 'unchecked', UBL: 'rateTimesBasis' }, exemption: 'forbidden', tolerance: { CII: 0, UBL: 1 }, basisChecked: { CII: false, UBL: true } },
  { code: 'M', prefix: 'BR-AG', perRate: true, breakdown: 'atLeastOne', party: 'sellerVat', rate: { CII: 'nonNegative', UBL: 'nonNegative' }, tax: { CII: 'unchecked', UBL: 'rateTimesBasis' }, exemption: 'forbidden', tolerance: { CII: 0, UBL: 1 }, basisChecked: { CII: false, UBL: true } },
]

const isUbl = (s: SyntaxKind): boolean => s === 'UBL-Invoice' || s === 'UBL-CreditNote'
const binding = (s: SyntaxKind): 'CII' | 'UBL' => (isUbl(s) ? 'UBL' : 'CII')

/**
 * Whether the parties' tax identifiers meet the category's rule (BR-x-02/03/04). The CII tests of the `sellerVat`
 * and `notSubject` categories (S, Z, E, L, M; O) look for the seller and the representative at
 * their header path, those of AE, K and G anywhere (TaxIdPresence.atHeader).
 */
function partyOk(rule: PartyRule, ids: TaxIdPresence): boolean {
  const seller = ids.sellerVat || ids.sellerOther || ids.representativeVat
  const sellerVat = ids.sellerVat || ids.representativeVat
  const { atHeader } = ids
  switch (rule) {
    case 'sellerVat':
      return atHeader.sellerVat || atHeader.sellerOther || atHeader.representativeVat
    case 'sellerVatStrict':
      return sellerVat
    case 'reverseCharge':
      return seller && (ids.buyerVat || ids.buyerLegal)
    case 'intraCommunity':
      return sellerVat && ids.buyerVat
    case 'notSubject':
      return !(atHeader.sellerVat || atHeader.representativeVat) && !ids.buyerVat
  }
}

/** The rate as a message shows it: an element without a readable value is not "(absent)". */
const foundRate = (rate: Decimal | undefined, written: boolean, negativeZero = false): string =>
  rate === undefined && written ? 'a rate element without a readable value'
  : negativeZero ? 'a negative zero written with decimals, which the official validator (Saxon) finds below 0'
  : fmt(rate)

/** Whether the holder's rate `field` was written as a negative zero with decimals (InvoiceSource.negativeZeroIn). */
const negativeZeroRate = (invoice: Invoice, holder: object, field: string): boolean => invoice.source?.negativeZeroIn?.get(holder)?.includes(field) === true

const RATE_TEXT: Readonly<Record<RateRule, string>> = { positive: 'a rate above 0', nonNegative: 'a rate of 0 or more', zero: 'a rate of 0', none: 'no rate' }

/**
 * Whether the rate meets the rule. `written`: the rate element is there, readable or not; the
 * official "no rate" tests (`not(ram:RateApplicablePercent)`, `not(cbc:Percent)`) ask only that.
 */
function rateOk(rule: RateRule, rate: Decimal | undefined, written: boolean, negativeZero: boolean, syntax: 'CII' | 'UBL'): boolean {
  switch (rule) {
    case 'positive':
      return rate !== undefined && rate.greaterThan(0)
    case 'nonNegative':
      // `ram:RateApplicablePercent >= 0`, `(cbc:Percent) >= 0`: Saxon finds `-0.00` below 0.
      return rate !== undefined && rate.greaterThanOrEqualTo(0) && !negativeZero
    case 'zero':
      // CII `ram:RateApplicablePercent = 0` compares the text (`-0.00` is not 0 in Saxon); UBL
      // `xs:decimal(cbc:Percent) = 0` a decimal, which has no negative zero.
      return rate !== undefined && rate.isZero() && !(negativeZero && syntax === 'CII')
    case 'none':
      return !written
  }
}

/**
 * A category code as the official rules of the syntax compare it, given its holder in the model;
 * undefined for a category those rules do not check.
 */
type CodeOf = (holder: object, trimmed: string) => string | undefined
const TRIMMED: CodeOf = (_holder, trimmed) => trimmed

/**
 * CII's rules compare category codes as written (`ram:CategoryCode = 'S'`): a line whose code is
 * written ` S` is no S line there. A tax without the element has no code: it is no S line, nor one
 * of another category than O (`[ram:CategoryCode != 'O']` is false on nothing), where an empty
 * element is. UBL's normalise them, as the model does; there a line, allowance or breakdown without
 * its category element has no code (the tests select category elements), one without `cbc:ID` has ''.
 */
function anySchemeCodeOf(invoice: Invoice, syntax: SyntaxKind): CodeOf {
  const asWritten = syntax === 'CII' ? invoice.source?.categoryCodesAsWritten : undefined
  if (asWritten === undefined && invoice.source?.absentIn === undefined) return TRIMMED
  return (holder, trimmed) => (lacks(invoice, holder, CATEGORY_CODE_ABSENT) ? undefined : (asWritten?.get(holder) ?? trimmed))
}

/**
 * The codes of the categories a rule runs on: both bindings run most rules only on categories of
 * the VAT scheme (UBL `cac:TaxScheme/cbc:ID`, CII `ram:TypeCode`); the others have no code here.
 * The sums of BR-x-08 and some conditions take every scheme (anySchemeCodeOf).
 */
function codeOf(invoice: Invoice, syntax: SyntaxKind): CodeOf {
  const code = anySchemeCodeOf(invoice, syntax)
  const other = invoice.source?.otherTaxSchemes
  return other === undefined ? code : (holder, trimmed) => (other.has(holder) ? undefined : code(holder, trimmed))
}

/** CII's BR-S-08/09/10 and BR-Z-08/09/10 run on every breakdown of the category, whatever its scheme. */
const breakdownCodeOf = (c: Category, invoice: Invoice, syntax: SyntaxKind): CodeOf =>
  (c.code === 'S' || c.code === 'Z') && !isUbl(syntax) ? anySchemeCodeOf(invoice, syntax) : codeOf(invoice, syntax)

/** A line's tax categories: its BG-30 and the further ones of InvoiceSource.otherLineTaxes. */
function lineTaxes(inv: Invoice, line: Invoice['lines'][number]): readonly LineVat[] {
  const others = inv.source?.otherLineTaxes?.get(line.vat)
  return others === undefined ? [line.vat] : [line.vat, ...others]
}

/** The amounts a breakdown's expected taxable amount adds up, of one category (and rate). */
type BasisParts = { lines: Decimal[]; charges: Decimal[]; allowances: Decimal[] }
const NO_PARTS: BasisParts = { lines: [], charges: [], allowances: [] }

/**
 * The category's line, charge and allowance amounts grouped by rate (one group when the category
 * is not per rate), collected once per check: looked up per breakdown instead of filtered, which
 * made an invoice of a thousand rates and lines quadratic. Rates equal as decimals share a key
 * (decimal.js writes equal values alike: no trailing zeros, -0 as 0); a rate that is not a finite
 * number equals none, as `equals` had it.
 */
function basisParts(inv: Invoice, c: Category, code: CodeOf): (rate: Decimal | undefined) => BasisParts {
  const keyOf = (rate: Decimal | undefined): string | undefined =>
    !c.perRate ? '' : rate === undefined ? 'none' : !rate.isFinite() ? undefined : rate.toString()
  const groups = new Map<string, BasisParts>()
  const group = (rate: Decimal | undefined): BasisParts | undefined => {
    const key = keyOf(rate)
    if (key === undefined) return undefined
    let g = groups.get(key)
    if (g === undefined) groups.set(key, (g = { lines: [], charges: [], allowances: [] }))
    return g
  }
  // A line with several categories counts likewise (`ram:SpecifiedLineTradeSettlement[ram:ApplicableTradeTax/
  // ram:CategoryCode = 'S' and ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate]`, UBL alike).
  for (const l of inv.lines) {
    const taxes = lineTaxes(inv, l)
    if (taxes.length === 1) {
      if (code(l.vat, l.vat.categoryCode) === c.code) group(l.vat.rate)?.lines.push(l.netAmount)
      continue
    }
    if (!taxes.some((t) => code(t, t.categoryCode) === c.code)) continue
    for (const g of new Set(taxes.map((t) => group(t.rate)))) g?.lines.push(l.netAmount)
  }
  // A document allowance or charge with further categories counts where any of them names the
  // category, per rate under each rate any of them has (`ram:CategoryTradeTax/ram:CategoryCode = 'S'
  // and ram:CategoryTradeTax/xs:decimal(ram:RateApplicablePercent) = $rate`, UBL alike).
  const further = new Map<object, DocumentAllowanceCharge[]>()
  for (const t of inv.source?.otherAllowanceTaxes ?? []) if (t.of !== undefined) further.set(t.of, [...(further.get(t.of) ?? []), t])
  for (const a of inv.allowancesAndCharges) {
    if (lacks(inv, a, CHARGE_INDICATOR_ABSENT)) continue
    const taxes = [a, ...(further.get(a) ?? [])]
    if (!taxes.some((t) => code(t, t.vatCategoryCode) === c.code)) continue
    const groups = new Set(taxes.map((t) => group(t.vatRate)))
    for (const g of groups) {
      if (a.isCharge) g?.charges.push(a.amount)
      else g?.allowances.push(a.amount)
    }
  }
  return (rate) => {
    const key = keyOf(rate)
    return (key === undefined ? undefined : groups.get(key)) ?? NO_PARTS
  }
}

/** The expected taxable amount of a breakdown: Σ lines + Σ charges − Σ allowances of its category (and rate). */
function expectedBasis(parts: BasisParts, roundSums: boolean): Decimal {
  const r = (d: Decimal): Decimal => (roundSums ? xpathRound2(d) : d)
  return r(sum(parts.lines)).plus(r(sum(parts.charges))).minus(r(sum(parts.allowances)))
}

function categoryRules(c: Category): ModelRule[] {
  const id = (n: string): string => `${c.prefix}-${n}`
  // One wording per rule number, filled with the category and its own conditions.
  const messageKey = (n: string): string => `vat-${n}-${n === '02' || n === '03' || n === '04' ? c.party : n === '05' || n === '06' || n === '07' ? 'rate' : n === '09' ? 'tax' : n === '10' ? c.exemption : 'any'}`
  const rule = (n: string, bt: string, check: (ctx: ModelContext) => readonly Issue[]): ModelRule => ({ id: id(n), bt, messageKey: messageKey(n), severity: 'fatal', layer: 'en16931', check })
  // Counted and tested in place: nine categories ask these of every line, no filtered copies needed.
  // Every category of a line counts (CII `//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`,
  // UBL `//cac:ClassifiedTaxCategory`), its further ones too (InvoiceSource.otherLineTaxes).
  const lineCount = (inv: Invoice, code: CodeOf): number => {
    let n = 0
    for (const l of inv.lines) for (const t of lineTaxes(inv, l)) if (code(t, t.categoryCode) === c.code) n++
    return n
  }
  const anyLine = (inv: Invoice, code: CodeOf): boolean => inv.lines.some((l) => lineTaxes(inv, l).some((t) => code(t, t.categoryCode) === c.code))
  // CII's 01 counts every ram:CategoryTradeTax, price adjustments' too.
  const acCount = (inv: Invoice, code: CodeOf): number => {
    let n = 0
    for (const a of inv.allowancesAndCharges) if (code(a, a.vatCategoryCode) === c.code) n++
    for (const a of inv.source?.otherAllowanceTaxes ?? []) if (code(a, a.vatCategoryCode) === c.code) n++
    return n
  }
  const acUses = (inv: Invoice, charge: boolean, code: CodeOf) => allowanceTaxes(inv).filter((a) => isAllowanceOrCharge(inv, a, charge) && code(a, a.vatCategoryCode) === c.code)
  // UBL's BR-O-03/04 alone look at the document level's allowances and charges only.
  const anyAc = (inv: Invoice, charge: boolean, syntax: SyntaxKind): boolean => {
    const code = codeOf(inv, syntax)
    if (c.code === 'O' && isUbl(syntax)) {
      const documentLevel = [...inv.allowancesAndCharges, ...(inv.source?.otherAllowanceTaxes ?? []).filter((a) => a.of !== undefined)]
      return documentLevel.some((a) => isAllowanceOrCharge(inv, a, charge) && code(a, a.vatCategoryCode) === c.code)
    }
    return acUses(inv, charge, code).length > 0
  }
  const breakdowns = (inv: Invoice, code: CodeOf) => inv.vatBreakdown.filter((v) => code(v, v.categoryCode) === c.code)
  const params = { category: c.code }
  return [
    rule('01', 'BT-118', ({ invoice, syntax, doc }) => {
      // UBL's tests look at tax schemes, which the model does not keep.
      if (isUbl(syntax) && doc !== undefined) {
        const { ok, used, found } = ublBreakdownPresence(doc, c.code)
        return when(!ok, btPath('BG-23'), { ...params, used: String(used), found: String(found) })
      }
      const code = anySchemeCodeOf(invoice, syntax)
      const lines = lineCount(invoice, code)
      const acs = acCount(invoice, code)
      const used = lines + acs
      const count = breakdowns(invoice, code).length
      let ok: boolean
      if (c.breakdown === 'atLeastOne') {
        // The CII test counts uses and breakdowns together: two lines of the category pass without
        // any breakdown, as do one breakdown and one line (refcheck agrees on both).
        ok = isUbl(syntax) ? (used > 0) === (count > 0) : (lines === 0 || lines + count >= 2) && (acs === 0 || acs + count >= 2)
      }
      // Without a tree, UBL counts the breakdown's own category as a use: any use needs exactly one.
      else if (isUbl(syntax)) ok = (used === 0 && count === 0) || count === 1
      else ok = c.code === 'O' ? count === 0 || (count === 1 && used > 0) : (count === 0 && used === 0) || (count === 1 && used > 0)
      return when(!ok, btPath('BG-23'), { ...params, used: String(used), found: String(count) })
    }),
    rule('02', 'BT-31', (ctx) => {
      const { invoice, syntax, doc } = ctx
      const used = anyLine(invoice, codeOf(invoice, syntax)) || (isUbl(syntax) && doc !== undefined && ublSubLineVatCodes(doc).includes(c.code))
      // UBL's BR-S-02 asks for an S line of the VAT scheme whenever there is an S line of any scheme.
      if (!used && c.code === 'S' && isUbl(syntax) && anyLine(invoice, anySchemeCodeOf(invoice, syntax))) {
        return [{ at: btPath('BG-25'), params, messageKey: 'vat-02-scheme' }]
      }
      return when(used && !partyOk(c.party, taxIdPresence(ctx)), btPath('BG-4', 'BT-31'), params)
    }),
    rule('03', 'BT-31', (ctx) => when(anyAc(ctx.invoice, false, ctx.syntax) && !partyOk(c.party, taxIdPresence(ctx)), btPath('BG-4', 'BT-31'), params)),
    rule('04', 'BT-31', (ctx) => when(anyAc(ctx.invoice, true, ctx.syntax) && !partyOk(c.party, taxIdPresence(ctx)), btPath('BG-4', 'BT-31'), params)),
    rule('05', 'BT-152', ({ invoice, syntax }) => {
      const out: Issue[] = []
      const code = codeOf(invoice, syntax)
      // UBL's context is each category of a line's item: a further one too.
      invoice.lines.forEach((l, i) => {
        for (const vat of lineTaxes(invoice, l)) {
          const written = isWritten(invoice, vat, 'rate', vat.rate)
          const negativeZero = negativeZeroRate(invoice, vat, 'rate')
          if (code(vat, vat.categoryCode) === c.code && !rateOk(c.rate[binding(syntax)], vat.rate, written, negativeZero, binding(syntax))) {
            out.push(issue(btPath('BG-25', i + 1, 'BT-152'), { ...params, expected: RATE_TEXT[c.rate[binding(syntax)]], found: foundRate(vat.rate, written, negativeZero) }))
          }
        }
      })
      return out
    }),
    ...(['06', '07'] as const).map((n) =>
      rule(n, n === '06' ? 'BT-96' : 'BT-103', ({ invoice, syntax }) => {
        const out: Issue[] = []
        acUses(invoice, n === '07', codeOf(invoice, syntax)).forEach((a, i) => {
          const written = isWritten(invoice, a, 'vatRate', a.vatRate)
          const negativeZero = negativeZeroRate(invoice, a, 'vatRate')
          if (!rateOk(c.rate[binding(syntax)], a.vatRate, written, negativeZero, binding(syntax))) {
            out.push(issue(btPath(n === '06' ? 'BG-20' : 'BG-21', i + 1), { ...params, expected: RATE_TEXT[c.rate[binding(syntax)]], found: foundRate(a.vatRate, written, negativeZero) }))
          }
        })
        return out
      }),
    ),
    rule('08', 'BT-116', ({ invoice, syntax, doc }) => {
      const b = binding(syntax)
      const out: Issue[] = []
      if (!c.basisChecked[b]) return out
      const ofCategory = breakdowns(invoice, breakdownCodeOf(c, invoice, syntax))
      if (ofCategory.length === 0) return out
      const partsFor = basisParts(invoice, c, anySchemeCodeOf(invoice, syntax))
      ofCategory.forEach((v, i) => {
        if (c.perRate && c.rate[b] !== 'none' && v.rate === undefined) return
        const parts = partsFor(v.rate)
        const expected = expectedBasis(parts, b === 'CII')
        const tolerance = c.tolerance[b]
        // CII compares the untyped taxable amount with the decimal sum in xs:double (both cast), so
        // amounts of about 17 digits that differ in a cent can compare equal; UBL casts to decimal.
        const equal = (sum: Decimal): boolean => (b === 'CII' ? Number(v.taxableAmount.toString()) === Number(sum.toString()) : v.taxableAmount.equals(sum))
        const near = (sum: Decimal): boolean => (tolerance === 0 ? equal(sum) : withinOne(v.taxableAmount, sum, b))
        // A breakdown without its taxable amount compares nothing: the official test fails.
        let ok = !lacks(invoice, v, 'BT-116') && near(expected)
        if (c.code === 'S' && b === 'UBL') {
          // UBL's BR-S-08 asks for a line, allowance or charge of the rate, and its branch for the
          // other kind of line (CreditNoteLine in an Invoice) sums no lines: with an allowance or
          // charge of the rate, their sum alone passes too. The allowance or charge it asks for is
          // any `//cac:AllowanceCharge` of an S category and the rate, a line's or a price's too.
          const byCharges = ublAllowanceAt(invoice, anySchemeCodeOf(invoice, syntax), v.rate)
          ok = ((parts.lines.length > 0 || byCharges) && ok) || (byCharges && !lacks(invoice, v, 'BT-116') && near(expectedBasis({ ...parts, lines: [] }, false)))
        } else if (b === 'UBL' && doc !== undefined) {
          // The other categories' UBL tests have a branch per kind of line, each only where the
          // document has such a line (`exists(//cac:InvoiceLine) and …`): with no line at all
          // both are false; the other kind's branch sums none of the model's lines.
          const lines = ublLineKinds(doc, syntax)
          ok = (lines.own && ok) || (lines.other && !lacks(invoice, v, 'BT-116') && near(expectedBasis({ ...parts, lines: [] }, false)))
        }
        if (!ok) out.push(issue(btPath('BG-23', i + 1, 'BT-116'), { ...params, expected: expected.toString(), found: v.taxableAmount.toString() }))
        // CII compares the untyped amount (a double) with the decimal sum keeping the sign of zero,
        // as Saxon 9.9 does: a taxable amount written -0.00 or -0 is not the sum 0 (refcheck agrees).
        else if (b === 'CII' && tolerance === 0 && v.taxableAmount.isZero() && v.taxableAmount.isNeg()) {
          out.push({ at: btPath('BG-23', i + 1, 'BT-116'), params: { ...params, found: '-0', expected: '0' }, messageKey: 'vat-08-signed-zero' })
        }
      })
      return out
    }),
    rule('09', 'BT-117', ({ invoice, syntax, doc }) => {
      const taxRule = c.tax[binding(syntax)]
      if (taxRule === 'unchecked') return NONE
      const out: Issue[] = []
      breakdowns(invoice, breakdownCodeOf(c, invoice, syntax)).forEach((v, i) => {
        const absent = lacks(invoice, v, 'BT-117') // compared with nothing: false
        const rate = v.rate
        const at = btPath('BG-23', i + 1, 'BT-117')
        const found = absent ? fmt(undefined) : v.taxAmount.toString()
        if (taxRule === 'zero') {
          if (absent || !v.taxAmount.isZero()) out.push(issue(at, { ...params, expected: '0', found }))
          else {
            const written = syntax === 'CII' && doc !== undefined ? ciiSignedZeroTaxAmount(doc, invoice.vatBreakdown.indexOf(v)) : undefined
            if (written !== undefined) out.push({ at, params: { ...params, found: written }, messageKey: 'vat-09-signed-zero' })
          }
        } else if (rate === undefined) {
          // The official comparison with no rate is false.
          out.push({ at, params: { ...params, found }, messageKey: 'vat-09-no-rate' })
        } else if (lacks(invoice, v, 'BT-116')) {
          // Nor with no taxable amount: basis × rate of nothing is nothing.
          out.push({ at, params: { ...params, found }, messageKey: 'vat-09-no-basis' })
        } else if (binding(syntax) === 'CII') {
          // CII multiplies the decimal basis by the untyped rate, so in xs:double, and rounds that
          // double; the tax amount ± 1 (decimals) is compared with it as a double. Precision is
          // lost from about 16 digits on: the ±1 tolerance can then vanish.
          const expected = roundDouble(Number(v.taxableAmount.abs().toString()) * Number(rate.toString())) / 100
          const tax = v.taxAmount.abs()
          if (absent || !(Number(tax.minus(1).toString()) < expected && Number(tax.plus(1).toString()) > expected)) out.push(issue(at, { ...params, expected: String(expected), found }))
        } else {
          const expected = xpathRound2(v.taxableAmount.abs().times(rate).dividedBy(100))
          if (absent || !v.taxAmount.abs().minus(expected).abs().lessThan(1)) out.push(issue(at, { ...params, expected: expected.toString(), found }))
        }
      })
      return out
    }),
    rule('10', 'BT-120', exemptionRule(c.code, c.exemption === 'required')),
  ]
}

/**
 * The allowances and charges whose tax category the official allowance rules (BR-x-03/04/06/07,
 * UBL's BR-O-13/14) see: the document level's and every other one's (InvoiceSource.otherAllowanceTaxes:
 * line and price allowances and charges, further categories), CII price adjustments aside.
 */
function allowanceTaxes(inv: Invoice): readonly DocumentAllowanceCharge[] {
  const others = inv.source?.otherAllowanceTaxes
  return others === undefined ? inv.allowancesAndCharges : [...inv.allowancesAndCharges, ...others.filter((a) => a.priceAdjustment !== true)]
}

/**
 * UBL BR-S-08's `exists(//cac:AllowanceCharge[cac:TaxCategory/normalize-space(cbc:ID) = 'S']
 * [cac:TaxCategory/xs:decimal(cbc:Percent) = $rate])`: a document allowance or charge with some S
 * category and some category of the rate (its further categories too), whatever its indicator, or
 * another allowance or charge's category (a line's, a price's) that is S of the rate.
 */
function ublAllowanceAt(inv: Invoice, code: CodeOf, rate: Decimal | undefined): boolean {
  if (rate === undefined) return false
  const others = inv.source?.otherAllowanceTaxes ?? []
  const ofRate = (t: DocumentAllowanceCharge): boolean => t.vatRate !== undefined && t.vatRate.equals(rate)
  const isS = (t: DocumentAllowanceCharge): boolean => code(t, t.vatCategoryCode) === 'S'
  return (
    inv.allowancesAndCharges.some((a) => {
      const taxes = [a, ...others.filter((t) => t.of === a)]
      return taxes.some(isS) && taxes.some(ofRate)
    }) || others.some((t) => t.of === undefined && isS(t) && ofRate(t))
  )
}

/** Whether a UBL document has a line of its own kind and of the other kind anywhere (`exists(//cac:InvoiceLine)`). */
function ublLineKinds(doc: XmlDocument, syntax: SyntaxKind): { own: boolean; other: boolean } {
  const byLocal = elementsByLocal(doc.root)
  const has = (local: string): boolean => byLocal.get(local)?.some((el) => el.ns === NS.cac) === true
  const invoiceLines = has('InvoiceLine')
  const creditNoteLines = has('CreditNoteLine')
  return syntax === 'UBL-CreditNote' ? { own: creditNoteLines, other: invoiceLines } : { own: invoiceLines, other: creditNoteLines }
}

const hasBreakdown = (invoice: Invoice, syntax: SyntaxKind, category: string): boolean => {
  const code = codeOf(invoice, syntax)
  return invoice.vatBreakdown.some((v) => code(v, v.categoryCode) === category)
}

const OTHER_RULES: readonly ModelRule[] = [
  { id: 'BR-IC-11', bt: 'BT-72', severity: 'fatal', layer: 'en16931', check: brIc11 },
  { id: 'BR-IC-12', bt: 'BT-80', severity: 'fatal', layer: 'en16931', check: brIc12 },
  ...(['11', '12', '13', '14'] as const).map(
    (n): ModelRule => ({
      id: `BR-O-${n}`,
      bt: 'BT-118',
      severity: 'fatal',
      layer: 'en16931',
      check: ({ invoice, syntax, doc }) => {
        if (!hasBreakdown(invoice, syntax, 'O')) return NONE
        // UBL's others are VAT categories too; CII's any ApplicableTradeTax or CategoryTradeTax.
        const code = (isUbl(syntax) ? codeOf : anySchemeCodeOf)(invoice, syntax)
        const other = (holder: object, trimmed: string): boolean => {
          const k = code(holder, trimmed)
          return k !== undefined && k !== 'O'
        }
        // CII tests every ApplicableTradeTax (breakdowns and lines) for 11 and 12 and every
        // CategoryTradeTax (allowances and charges) for 13 and 14. UBL tests the breakdowns for 11,
        // the lines for 12, the allowances for 13 and the charges for 14.
        const cii = syntax === 'CII'
        const otherBreakdown = (): boolean => invoice.vatBreakdown.some((v) => other(v, v.categoryCode))
        // UBL counts `//cac:ClassifiedTaxCategory`: the sub-invoice lines' categories too.
        const otherSubLine = (): boolean => isUbl(syntax) && doc !== undefined && ublSubLineVatCodes(doc).some((k) => k !== 'O')
        const otherLine = (): boolean => invoice.lines.some((l) => lineTaxes(invoice, l).some((t) => other(t, t.categoryCode))) || otherSubLine()
        // CII: every ram:CategoryTradeTax; UBL: every //cac:AllowanceCharge's category of the indicator.
        const otherAllowanceCharge = (charge: boolean): boolean =>
          cii ? [...invoice.allowancesAndCharges, ...(invoice.source?.otherAllowanceTaxes ?? [])].some((a) => other(a, a.vatCategoryCode))
          : allowanceTaxes(invoice).some((a) => other(a, a.vatCategoryCode) && isAllowanceOrCharge(invoice, a, charge))
        const others =
          n === '11' ? otherBreakdown() || (cii && otherLine())
          : n === '12' ? otherLine() || (cii && otherBreakdown())
          : otherAllowanceCharge(n === '14')
        return when(others, btPath('BG-23'))
      },
    }),
  ),
]

export const VAT_CATEGORY_RULES: readonly ModelRule[] = [...CATEGORIES.flatMap(categoryRules), ...OTHER_RULES]

/** Used by BR-CO-17: the rounding the official rule applies to the rate (to an integer). */
export const roundRate = (rate: Decimal): Decimal => xpathRound0(rate)

/**
 * The official `taxable - 1 < sum` and `taxable + 1 > sum` of the ±1 tolerances. `taxable ± 1` is
 * untyped arithmetic, so xs:double: CII compares that double with the sum as a double, UBL casts
 * it back to xs:decimal (its exact binary value) first. A difference of exactly 1 can so pass:
 * 64.4 + 1 is 65.400000000000005684… > 65.4.
 */
function withinOne(taxable: Decimal, total: Decimal, binding: 'CII' | 'UBL'): boolean {
  const t = Number(taxable.toString())
  if (binding === 'CII') {
    const s = Number(total.toString())
    return t - 1 < s && t + 1 > s
  }
  return new Decimal(exactDecimalText(t - 1)).lessThan(total) && new Decimal(exactDecimalText(t + 1)).greaterThan(total)
}
