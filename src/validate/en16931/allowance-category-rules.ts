/**
 * BR-32 and BR-37: each document allowance (BG-20) and charge (BG-21) has a VAT category code
 * (BT-95, BT-102), with the official tests read on the tree. CII: a header
 * `ram:SpecifiedTradeAllowanceCharge` whose `ram:ChargeIndicator/udt:Indicator` is written `false`
 * (BR-32) or `true` (BR-37) has a `ram:CategoryTradeTax` of the VAT scheme (`ram:TypeCode`,
 * upper-cased) with a `ram:CategoryCode` element. UBL: a document-level `cac:AllowanceCharge`
 * whose `cbc:ChargeIndicator` is false or true as xs:boolean has a `cac:TaxCategory` of the VAT
 * scheme with a `cbc:ID`. A category of another scheme is none, which the model cannot tell.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { stringValue } from '../syntax/paths.js'
import { descendants, kid, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { hasText, issue } from './model-helpers.js'
import { type Check, bound, ciiIsVat, isChildOf, ublIsVat } from './syntax-bound-rules.js'
import { xmlTrim } from '../../xml/whitespace.js'

const C = {
  settlement: q('ram:ApplicableHeaderTradeSettlement'),
  allowanceCharge: q('ram:SpecifiedTradeAllowanceCharge'),
  chargeIndicator: q('ram:ChargeIndicator'),
  indicator: q('udt:Indicator'),
  categoryTax: q('ram:CategoryTradeTax'),
  categoryCode: q('ram:CategoryCode'),
}
const U = { allowanceCharge: q('cac:AllowanceCharge'), chargeIndicator: q('cbc:ChargeIndicator'), taxCategory: q('cac:TaxCategory'), id: q('cbc:ID') }

/** `ram:ChargeIndicator[udt:Indicator = 'false' | 'true']` (as written). */
const ciiIs = (ac: XmlElement, charge: boolean): boolean =>
  kids(ac, C.chargeIndicator).some((ci) => kids(ci, C.indicator).some((i) => stringValue(i) === String(charge)))

/** `cbc:ChargeIndicator = false() | true()`: the text as xs:boolean (a bad lexical form matches neither). */
const ublIs = (ac: XmlElement, charge: boolean): boolean =>
  kids(ac, U.chargeIndicator).some((ci) => {
    const t = xmlTrim(stringValue(ci))
    return charge ? t === 'true' || t === '1' : t === 'false' || t === '0'
  })

function rule(charge: boolean): Check {
  const group = charge ? 'BG-21' : 'BG-20'
  const bt = charge ? 'BT-102' : 'BT-95'
  const each = (elements: readonly XmlElement[], ok: (el: XmlElement) => boolean): Issue[] =>
    elements.flatMap((el, i) => (ok(el) ? [] : [issue(btPath(group, i + 1, bt))]))
  const model = (invoice: Invoice): Issue[] =>
    invoice.allowancesAndCharges.filter((a) => a.isCharge === charge).flatMap((a, i) => (hasText(a.vatCategoryCode) ? [] : [issue(btPath(group, i + 1, bt))]))
  return bound({
    cii: (root) =>
      each(
        descendants(root, C.allowanceCharge).filter((ac) => isChildOf(ac, C.settlement) && ciiIs(ac, charge)),
        (ac) => kids(ac, C.categoryTax).some((t) => ciiIsVat(t) && kid(t, C.categoryCode) !== undefined),
      ),
    ubl: (root) =>
      each(
        kids(root, U.allowanceCharge).filter((ac) => ublIs(ac, charge)),
        (ac) => kids(ac, U.taxCategory).some((c) => ublIsVat(c) && kid(c, U.id) !== undefined),
      ),
    model,
  })
}

export const br32 = rule(false)
export const br37 = rule(true)
