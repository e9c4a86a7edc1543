/**
 * The allowance and charge rules read on the tree, as the official tests are written:
 *
 * - BR-31/BR-36 (BT-92, BT-99) and BR-41/BR-43 (BT-136, BT-141): each document and line allowance
 *   and charge has an amount element (CII `ram:ActualAmount`, UBL `cbc:Amount`). The CII schema
 *   lets it be missing, and the model reads a missing amount as 0.
 * - BR-32/BR-37 (BT-95, BT-102): each document allowance and charge has a VAT category code. CII: a
 *   `ram:CategoryTradeTax` of the VAT scheme (`ram:TypeCode`, upper-cased) with a
 *   `ram:CategoryCode` element; UBL: a `cac:TaxCategory` of the VAT scheme with a `cbc:ID`. A
 *   category of another scheme is none, which the model cannot tell.
 *
 * Which element is an allowance: CII a `ram:SpecifiedTradeAllowanceCharge` whose
 * `ram:ChargeIndicator/udt:Indicator` is written `false` (`true`: a charge), UBL a
 * `cac:AllowanceCharge` whose `cbc:ChargeIndicator` is false (true) as xs:boolean.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { stringValue } from '../syntax/paths.js'
import { descend, descendants, kid, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { NONE, hasText, isAllowanceOrCharge, issue } from './model-helpers.js'
import { type Check, bound, ciiIsVat, isChildOf, ublIsVat } from './syntax-bound-rules.js'
import { xmlTrim } from '../../xml/whitespace.js'

const C = {
  settlement: q('ram:ApplicableHeaderTradeSettlement'),
  lineItem: q('ram:IncludedSupplyChainTradeLineItem'),
  lineSettlement: q('ram:SpecifiedLineTradeSettlement'),
  actualAmount: q('ram:ActualAmount'),
  allowanceCharge: q('ram:SpecifiedTradeAllowanceCharge'),
  chargeIndicator: q('ram:ChargeIndicator'),
  indicator: q('udt:Indicator'),
  categoryTax: q('ram:CategoryTradeTax'),
  categoryCode: q('ram:CategoryCode'),
}
const U = {
  allowanceCharge: q('cac:AllowanceCharge'),
  chargeIndicator: q('cbc:ChargeIndicator'),
  taxCategory: q('cac:TaxCategory'),
  id: q('cbc:ID'),
  amount: q('cbc:Amount'),
  invoiceLine: q('cac:InvoiceLine'),
  creditNoteLine: q('cac:CreditNoteLine'),
}

/** `ram:ChargeIndicator[udt:Indicator = 'false' | 'true']` (as written). */
const ciiIs = (ac: XmlElement, charge: boolean): boolean =>
  kids(ac, C.chargeIndicator).some((ci) => kids(ci, C.indicator).some((i) => stringValue(i) === String(charge)))

/** `cbc:ChargeIndicator = false() | true()`: the text as xs:boolean (a bad lexical form matches neither). */
const ublIs = (ac: XmlElement, charge: boolean): boolean =>
  kids(ac, U.chargeIndicator).some((ci) => {
    const t = xmlTrim(stringValue(ci))
    return charge ? t === 'true' || t === '1' : t === 'false' || t === '0'
  })

const ciiDocumentLevel = (root: XmlElement, charge: boolean): XmlElement[] =>
  descendants(root, C.allowanceCharge).filter((ac) => isChildOf(ac, C.settlement) && ciiIs(ac, charge))
const ublDocumentLevel = (root: XmlElement, charge: boolean): XmlElement[] => kids(root, U.allowanceCharge).filter((ac) => ublIs(ac, charge))

/** One issue at `group[i]/bt` per element that fails `ok` (1-based among the elements given). */
const each = (elements: readonly XmlElement[], at: (i: number) => string, ok: (el: XmlElement) => boolean): Issue[] =>
  elements.flatMap((el, i) => (ok(el) ? [] : [issue(at(i))]))

function categoryRule(charge: boolean): Check {
  const group = charge ? 'BG-21' : 'BG-20'
  const bt = charge ? 'BT-102' : 'BT-95'
  const at = (i: number): string => btPath(group, i + 1, bt)
  const model = (invoice: Invoice): Issue[] =>
    invoice.allowancesAndCharges.filter((a) => isAllowanceOrCharge(invoice, a, charge)).flatMap((a, i) => (hasText(a.vatCategoryCode) ? [] : [issue(at(i))]))
  return bound({
    cii: (root) => each(ciiDocumentLevel(root, charge), at, (ac) => kids(ac, C.categoryTax).some((t) => ciiIsVat(t) && kid(t, C.categoryCode) !== undefined)),
    ubl: (root) => each(ublDocumentLevel(root, charge), at, (ac) => kids(ac, U.taxCategory).some((c) => ublIsVat(c) && kid(c, U.id) !== undefined)),
    model,
  })
}

function documentAmountRule(charge: boolean): Check {
  const at = (i: number): string => btPath(charge ? 'BG-21' : 'BG-20', i + 1, charge ? 'BT-99' : 'BT-92')
  return bound({
    cii: (root) => each(ciiDocumentLevel(root, charge), at, (ac) => kid(ac, C.actualAmount) !== undefined),
    ubl: (root) => each(ublDocumentLevel(root, charge), at, (ac) => kid(ac, U.amount) !== undefined),
    // The model has an amount for every allowance (a missing one is read as 0): nothing to tell.
    model: () => NONE,
  })
}

function lineAmountRule(charge: boolean): Check {
  const group = charge ? 'BG-28' : 'BG-27'
  const bt = charge ? 'BT-141' : 'BT-136'
  const perLine = (lines: readonly XmlElement[], allowances: (line: XmlElement) => XmlElement[], ok: (ac: XmlElement) => boolean): Issue[] =>
    lines.flatMap((line, l) => each(allowances(line), (i) => `${btPath('BG-25', l + 1)}/${group}[${i + 1}]/${bt}`, ok))
  return bound({
    cii: (root) =>
      perLine(
        descendants(root, C.lineItem),
        (line) => descend(line, C.lineSettlement, C.allowanceCharge).filter((ac) => ciiIs(ac, charge)),
        (ac) => kid(ac, C.actualAmount) !== undefined,
      ),
    ubl: (root) =>
      perLine(
        [...descendants(root, U.invoiceLine), ...descendants(root, U.creditNoteLine)],
        (line) => kids(line, U.allowanceCharge).filter((ac) => ublIs(ac, charge)),
        (ac) => kid(ac, U.amount) !== undefined,
      ),
    model: () => NONE,
  })
}

export const br31 = documentAmountRule(false)
export const br32 = categoryRule(false)
export const br36 = documentAmountRule(true)
export const br37 = categoryRule(true)
export const br41 = lineAmountRule(false)
export const br43 = lineAmountRule(true)
