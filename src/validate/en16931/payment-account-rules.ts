/**
 * BR-50 and BR-61 (payment account identifier of a credit transfer) bound to the syntax the way
 * the official CEN rules bind them. The model cannot carry the difference: an account element
 * without an identifier, an identifier element that is blank, a type code with spaces around it.
 *
 * - CII: both rules look at each `ram:PayeePartyCreditorFinancialAccount` of a payment means
 *   whose `ram:TypeCode` is '30' or '58' exactly as written (no white-space normalisation).
 *   BR-50 wants a non-blank `ram:IBANID` or `ram:ProprietaryID`, BR-61 either element at all.
 *   A means of type 30 without any account element passes both.
 * - UBL: BR-50 looks at each `cac:PayeeFinancialAccount` of a means whose `cbc:PaymentMeansCode`
 *   is exactly '30' or '58' and wants a non-blank `cbc:ID`; BR-61 looks at every
 *   `cac:PaymentMeans` whose code is 30 or 58 after `normalize-space()` and wants a
 *   `cac:PayeeFinancialAccount/cbc:ID` element.
 * @module
 */
import type { Invoice } from '../../model/invoice.js'
import type { XmlElement } from '../../xml/index.js'
import { btPath } from '../location.js'
import { normalizeSpace, stringValue } from '../syntax/paths.js'
import { type QName, descendants, kid, kids, q } from '../syntax/tree-helpers.js'
import type { Issue } from '../types.js'
import { hasText, issue } from './model-helpers.js'
import { type Check, bound } from './syntax-bound-rules.js'

const CII_MEANS = q('ram:SpecifiedTradeSettlementPaymentMeans')
const CII_TYPE_CODE = q('ram:TypeCode')
const CII_ACCOUNT = q('ram:PayeePartyCreditorFinancialAccount')
const CII_IBAN = q('ram:IBANID')
const CII_PROPRIETARY = q('ram:ProprietaryID')
const UBL_MEANS = q('cac:PaymentMeans')
const UBL_CODE = q('cbc:PaymentMeansCode')
const UBL_ACCOUNT = q('cac:PayeeFinancialAccount')
const UBL_ID = q('cbc:ID')

/** XPath `child = '30' or child = '58'`: any such child whose string value is one of them, as written. */
const isTransferAsWritten = (el: XmlElement, code: QName): boolean =>
  kids(el, code).some((c) => {
    const v = stringValue(c)
    return v === '30' || v === '58'
  })

/** `normalize-space(child) = '30'`: the first such child, XML white space collapsed. */
const isTransferNormalised = (el: XmlElement, code: QName): boolean => {
  const first = kid(el, code)
  const v = first === undefined ? '' : normalizeSpace(stringValue(first))
  return v === '30' || v === '58'
}

/** The credit-transfer accounts the rules test, with the 1-based positions for the location. */
function testedAccounts(root: XmlElement, means: QName, code: QName, account: QName): { at: string; el: XmlElement }[] {
  const out: { at: string; el: XmlElement }[] = []
  descendants(root, means).forEach((m, i) => {
    if (!isTransferAsWritten(m, code)) return
    kids(m, account).forEach((a, j) => out.push({ at: btPath('BG-16', i + 1, 'BG-17', j + 1, 'BT-84'), el: a }))
  })
  return out
}

const nonBlankChild = (el: XmlElement, name: QName): boolean => {
  const c = kid(el, name)
  return c !== undefined && hasText(stringValue(c))
}

/** The model's view, for a document without a CII or UBL tree. */
const modelMeans = (invoice: Invoice) => invoice.paymentInstructions?.means ?? []

export const br50: Check = bound({
  cii: (root) =>
    testedAccounts(root, CII_MEANS, CII_TYPE_CODE, CII_ACCOUNT)
      .filter(({ el }) => !nonBlankChild(el, CII_IBAN) && !nonBlankChild(el, CII_PROPRIETARY))
      .map(({ at }) => issue(at)),
  ubl: (root) =>
    testedAccounts(root, UBL_MEANS, UBL_CODE, UBL_ACCOUNT)
      .filter(({ el }) => !nonBlankChild(el, UBL_ID))
      .map(({ at }) => issue(at)),
  model: (invoice) =>
    modelMeans(invoice).flatMap((m, i) => m.creditTransfers.flatMap((t, j) => (hasText(t.accountId) ? [] : [issue(btPath('BG-16', i + 1, 'BG-17', j + 1, 'BT-84'))]))),
})

export const br61: Check = bound({
  cii: (root) =>
    testedAccounts(root, CII_MEANS, CII_TYPE_CODE, CII_ACCOUNT)
      .filter(({ el }) => kid(el, CII_IBAN) === undefined && kid(el, CII_PROPRIETARY) === undefined)
      .map(({ at, el }) => issue(at, { code: stringValue(kid(el.parent as XmlElement, CII_TYPE_CODE) as XmlElement) })),
  ubl: (root) => {
    const out: Issue[] = []
    descendants(root, UBL_MEANS).forEach((m, i) => {
      if (!isTransferNormalised(m, UBL_CODE)) return
      if (kids(m, UBL_ACCOUNT).some((a) => kid(a, UBL_ID) !== undefined)) return
      out.push(issue(btPath('BG-16', i + 1, 'BT-84'), { code: normalizeSpace(stringValue(kid(m, UBL_CODE) as XmlElement)) }))
    })
    return out
  },
  model: (invoice) =>
    modelMeans(invoice).flatMap((m, i) => {
      const code = normalizeSpace(m.typeCode)
      const transfer = code === '30' || code === '58'
      return transfer && !m.creditTransfers.some((t) => hasText(t.accountId)) ? [issue(btPath('BG-16', i + 1, 'BT-84'), { code: m.typeCode })] : []
    }),
})
