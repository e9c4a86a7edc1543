/**
 * BR-DEC-* (at most two decimals on amounts) on the XML tree: the official test is lexical
 * (`string-length(substring-after(., '.')) <= 2`), so `1.500` fails although it equals 1.5 —
 * the model cannot see that.
 * @module
 */
import { compileContext, refine, stringValue } from '../syntax/paths.js'
import { decimalsWritten, kids, q, xsdBoolean } from '../syntax/tree-helpers.js'
import type { ElementMatcher, TreePattern, TreeRule } from '../types.js'
import { ciiGeneralBreakdown } from './syntax-bound-rules.js'

type Row = readonly [id: string, bt: string, context: ElementMatcher]

function rule([id, bt]: Row): TreeRule {
  return {
    id,
    bt,
    severity: 'fatal',
    layer: 'en16931',
    test: (el) => decimalsWritten(el) <= 2,
    describe: (el) => ({ found: stringValue(el), decimals: String(decimalsWritten(el)) }),
  }
}

/** An amount child of an allowance/charge whose indicator is `want` (CII: udt:Indicator text). */
function ciiAc(scope: string, amount: string, want: 'true' | 'false', firstOnly: boolean): ElementMatcher {
  const m = compileContext(`${scope}/ram:SpecifiedTradeAllowanceCharge/${amount}`)
  const ind = q('ram:ChargeIndicator')
  const indicator = q('udt:Indicator')
  return refine(m, (el) => {
    if (el.parent === undefined) return false
    if (firstOnly && kids(el.parent, { ns: el.ns, local: el.local })[0] !== el) return false
    // The official context is ChargeIndicator[udt:Indicator = 'false'], a plain string comparison.
    return kids(el.parent, ind).some((c) => kids(c, indicator).some((i) => stringValue(i) === want))
  })
}

/** A breakdown amount, where the official breakdown rules see the breakdown (ciiGeneralBreakdown). */
const generalBreakdownAmount = (child: string): ElementMatcher =>
  refine(compileContext(`//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/${child}`), (el) => el.parent === undefined || ciiGeneralBreakdown(el.parent))

const sum = (child: string): ElementMatcher => compileContext(`//ram:SpecifiedTradeSettlementHeaderMonetarySummation/${child}`)

const CII_ROWS: readonly Row[] = [
  ['BR-DEC-01', 'BT-92', ciiAc('//ram:ApplicableHeaderTradeSettlement', 'ram:ActualAmount', 'false', true)],
  ['BR-DEC-02', 'BT-93', ciiAc('//ram:ApplicableHeaderTradeSettlement', 'ram:BasisAmount', 'false', false)],
  ['BR-DEC-05', 'BT-99', ciiAc('//ram:ApplicableHeaderTradeSettlement', 'ram:ActualAmount', 'true', true)],
  ['BR-DEC-06', 'BT-100', ciiAc('//ram:ApplicableHeaderTradeSettlement', 'ram:BasisAmount', 'true', false)],
  ['BR-DEC-09', 'BT-106', sum('ram:LineTotalAmount')],
  ['BR-DEC-10', 'BT-107', sum('ram:AllowanceTotalAmount')],
  ['BR-DEC-11', 'BT-108', sum('ram:ChargeTotalAmount')],
  ['BR-DEC-12', 'BT-109', sum('ram:TaxBasisTotalAmount')],
  ['BR-DEC-14', 'BT-112', sum('ram:GrandTotalAmount')],
  ['BR-DEC-16', 'BT-113', sum('ram:TotalPrepaidAmount')],
  ['BR-DEC-17', 'BT-114', sum('ram:RoundingAmount')],
  ['BR-DEC-18', 'BT-115', sum('ram:DuePayableAmount')],
  ['BR-DEC-19', 'BT-116', generalBreakdownAmount('ram:BasisAmount')],
  ['BR-DEC-20', 'BT-117', generalBreakdownAmount('ram:CalculatedAmount')],
  ['BR-DEC-23', 'BT-131', compileContext('//ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')],
  ['BR-DEC-24', 'BT-136', ciiAc('//ram:SpecifiedLineTradeSettlement', 'ram:ActualAmount', 'false', true)],
  ['BR-DEC-25', 'BT-137', ciiAc('//ram:SpecifiedLineTradeSettlement', 'ram:BasisAmount', 'false', false)],
  ['BR-DEC-27', 'BT-141', ciiAc('//ram:SpecifiedLineTradeSettlement', 'ram:ActualAmount', 'true', true)],
  ['BR-DEC-28', 'BT-142', ciiAc('//ram:SpecifiedLineTradeSettlement', 'ram:BasisAmount', 'true', false)],
]

/** UBL: `cac:AllowanceCharge[cbc:ChargeIndicator = true()]` casts the indicator to xs:boolean. */
function ublAc(scope: string, amount: string, charge: boolean): ElementMatcher {
  const m = compileContext(scope.split(' | ').map((s) => `${s}/cac:AllowanceCharge/${amount}`).join(' | '))
  const ind = q('cbc:ChargeIndicator')
  return refine(m, (el) => el.parent !== undefined && kids(el.parent, ind).some((c) => xsdBoolean(c) === charge))
}

const total = (child: string): ElementMatcher => compileContext(`cac:LegalMonetaryTotal/${child}`)

const UBL_ROWS: readonly Row[] = [
  ['BR-DEC-01', 'BT-92', ublAc('/ubl:Invoice | /cn:CreditNote', 'cbc:Amount', false)],
  ['BR-DEC-02', 'BT-93', ublAc('/ubl:Invoice | /cn:CreditNote', 'cbc:BaseAmount', false)],
  ['BR-DEC-05', 'BT-99', ublAc('/ubl:Invoice | /cn:CreditNote', 'cbc:Amount', true)],
  ['BR-DEC-06', 'BT-100', ublAc('/ubl:Invoice | /cn:CreditNote', 'cbc:BaseAmount', true)],
  ['BR-DEC-09', 'BT-106', total('cbc:LineExtensionAmount')],
  ['BR-DEC-10', 'BT-107', total('cbc:AllowanceTotalAmount')],
  ['BR-DEC-11', 'BT-108', total('cbc:ChargeTotalAmount')],
  ['BR-DEC-12', 'BT-109', total('cbc:TaxExclusiveAmount')],
  ['BR-DEC-14', 'BT-112', total('cbc:TaxInclusiveAmount')],
  ['BR-DEC-16', 'BT-113', total('cbc:PrepaidAmount')],
  ['BR-DEC-17', 'BT-114', total('cbc:PayableRoundingAmount')],
  ['BR-DEC-18', 'BT-115', total('cbc:PayableAmount')],
  ['BR-DEC-19', 'BT-116', compileContext('cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount')],
  ['BR-DEC-20', 'BT-117', compileContext('cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount')],
  ['BR-DEC-23', 'BT-131', compileContext('cac:InvoiceLine/cbc:LineExtensionAmount | cac:CreditNoteLine/cbc:LineExtensionAmount')],
  ['BR-DEC-24', 'BT-136', ublAc('//cac:InvoiceLine | //cac:CreditNoteLine', 'cbc:Amount', false)],
  ['BR-DEC-25', 'BT-137', ublAc('//cac:InvoiceLine | //cac:CreditNoteLine', 'cbc:BaseAmount', false)],
  ['BR-DEC-27', 'BT-141', ublAc('//cac:InvoiceLine | //cac:CreditNoteLine', 'cbc:Amount', true)],
  ['BR-DEC-28', 'BT-142', ublAc('//cac:InvoiceLine | //cac:CreditNoteLine', 'cbc:BaseAmount', true)],
]

const pattern = (name: string, rows: readonly Row[]): TreePattern => ({ name, groups: rows.map((r) => ({ context: r[2], rules: [rule(r)] })) })

export const CII_DECIMAL_PATTERN: TreePattern = pattern('cii-decimals', CII_ROWS)
export const UBL_DECIMAL_PATTERN: TreePattern = pattern('ubl-decimals', UBL_ROWS)
