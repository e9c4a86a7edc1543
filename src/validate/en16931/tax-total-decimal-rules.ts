/**
 * BR-DEC-13 and BR-DEC-15: the invoice total VAT amount (BT-110) and the one in the tax currency
 * (BT-111) have at most two decimals, with the official CII tests. Both hold when some
 * `ram:TaxTotalAmount` of the summation passes, and the amounts are compared as XPath does it
 * (`. = round(. * 100) div 100` in doubles):
 *
 * - BR-DEC-13: an amount passes when its `@currencyID` is not the invoice currency (BT-5), or when
 *   it is and the amount has at most two decimals. An amount without `@currencyID` passes.
 * - BR-DEC-15: when the invoice has a tax currency (BT-6), some amount in that currency has at most
 *   two decimals; without a tax currency every amount passes.
 *
 * The UBL tests compare each tax amount's `@currencyID` with a `cbc:DocumentCurrencyCode` child of
 * that amount, which never exists, so they never fail: no UBL check here either.
 * @module
 */
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { roundDouble, xsDouble } from '../schematron/values.js'
import { attrValue, stringValue } from '../syntax/paths.js'
import { descend, descendants, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { NONE, issue } from './model-helpers.js'
import { type Check, bound } from './syntax-bound-rules.js'

const TRANSACTION = q('rsm:SupplyChainTradeTransaction')
const SETTLEMENT = q('ram:ApplicableHeaderTradeSettlement')
const SUMMATION = q('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
const TAX_TOTAL = q('ram:TaxTotalAmount')

/**
 * XPath's `. = round(. * 100) div 100` on the element's text read as xs:double, with Saxon's
 * fn:round (`roundDouble`): from about 9.2E16 on the rounding itself loses precision, so a large
 * amount with two decimals can fail.
 */
function twoDecimals(el: XmlElement): boolean {
  const x = xsDouble(stringValue(el))
  return x === roundDouble(x * 100) / 100
}

function rule(currency: 'ram:InvoiceCurrencyCode' | 'ram:TaxCurrencyCode', bt: string): Check {
  const codeName = q(currency)
  return bound({
    cii: (root) => {
      const codes = descend(root, TRANSACTION, SETTLEMENT, codeName).map(stringValue)
      const inCurrency = (a: XmlElement): boolean => {
        const id = attrValue(a, 'currencyID')
        return id !== undefined && codes.includes(id)
      }
      const passes =
        currency === 'ram:InvoiceCurrencyCode'
          ? (a: XmlElement): boolean => !inCurrency(a) || twoDecimals(a)
          : (a: XmlElement): boolean => codes.length === 0 || (inCurrency(a) && twoDecimals(a))
      const out: Issue[] = []
      for (const summation of descendants(root, SUMMATION)) {
        const amounts = kids(summation, TAX_TOTAL)
        if (amounts.length > 0 && !amounts.some(passes)) out.push(issue(btPath('BG-22', bt)))
      }
      return out
    },
    ubl: () => NONE,
    model: () => NONE,
  })
}

export const brDec13 = rule('ram:InvoiceCurrencyCode', 'BT-110')
export const brDec15 = rule('ram:TaxCurrencyCode', 'BT-111')
