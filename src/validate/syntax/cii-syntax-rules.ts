/**
 * The CII syntax rules (CII-SR-*, CII-DT-*) of the CEN artefacts 1.3.16: the table rows plus the
 * conditions the table cannot state, written from the rule definitions.
 * @module
 */
import { xpathRegex } from '../schematron/xpath-regex.js'
import type { XmlElement } from '../../xml/index.js'
import type { ElementMatcher } from '../types.js'
import { CII_SYNTAX_TABLE } from './cii-syntax-table.js'
import { matcherOf, nameMatcher, RULE_NAMESPACES } from './paths.js'
import { memoPerDocument } from './doc-index.js'
import { type CompiledSyntaxTable, type CustomTest, compileSyntaxTable } from './syntax-table.js'
import { attrValue, descend, descendants, hasAncestor, kid, kids, normalizeSpace, q, rootOf, stringValue, xsdBoolean } from './tree-helpers.js'

const RAM = RULE_NAMESPACES.ram ?? ''
const UDT = RULE_NAMESPACES.udt ?? ''

const ramEndsWith = (suffix: string, except?: string): ElementMatcher =>
  nameMatcher((ns, local) => ns === RAM && local.endsWith(suffix) && local !== except)

const CONTEXTS: Readonly<Record<string, ElementMatcher>> = {
  "//*[ends-with(name(), 'DocumentContextParameter')]": nameMatcher((_ns, local) => local.endsWith('DocumentContextParameter')),
  "//ram:*[ends-with(name(), 'ID')]": ramEndsWith('ID'),
  "//ram:*[ends-with(name(), 'ReferencedDocument')]": ramEndsWith('ReferencedDocument'),
  "//ram:*[ends-with(name(), 'Amount') and not (self::ram:TaxTotalAmount)]": ramEndsWith('Amount', 'TaxTotalAmount'),
  "//ram:*[ends-with(name(), 'Quantity')]": ramEndsWith('Quantity'),
  "//ram:*[ends-with(name(), 'TradeTax')]": ramEndsWith('TradeTax'),
  "//udt:DateTimeString[@format = '102']": matcherOf(['DateTimeString'], (el) => el.ns === UDT && attrValue(el, 'format') === '102'),
}

const n = {
  GlobalID: q('ram:GlobalID'),
  ID: q('ram:ID'),
  OriginTradeCountry: q('ram:OriginTradeCountry'),
  TypeCode: q('ram:TypeCode'),
  ARD: q('ram:AdditionalReferencedDocument'),
  Name: q('ram:Name'),
  Attachment: q('ram:AttachmentBinaryObject'),
  Buyer: q('ram:BuyerTradeParty'),
  Seller: q('ram:SellerTradeParty'),
  ShipTo: q('ram:ShipToTradeParty'),
  Payee: q('ram:PayeeTradeParty'),
  Contact: q('ram:DefinedTradeContact'),
  PersonName: q('ram:PersonName'),
  Department: q('ram:DepartmentName'),
  Tax: q('ram:ApplicableTradeTax'),
  DueDateTypeCode: q('ram:DueDateTypeCode'),
  PaymentMeans: q('ram:SpecifiedTradeSettlementPaymentMeans'),
  Information: q('ram:Information'),
  CreditorAccount: q('ram:PayeePartyCreditorFinancialAccount'),
  IBANID: q('ram:IBANID'),
  ProprietaryID: q('ram:ProprietaryID'),
  URIID: q('ram:URIID'),
  ReferenceTypeCode: q('ram:ReferenceTypeCode'),
  FormattedIssueDateTime: q('ram:FormattedIssueDateTime'),
  BasisAmount: q('ram:BasisAmount'),
  ExemptionReasonCode: q('ram:ExemptionReasonCode'),
  ExemptionReason: q('ram:ExemptionReason'),
  TaxPointDate: q('ram:TaxPointDate'),
  HeaderSettlement: q('ram:ApplicableHeaderTradeSettlement'),
  GrossPrice: q('ram:GrossPriceProductTradePrice'),
  Applied: q('ram:AppliedTradeAllowanceCharge'),
  ChargeIndicator: q('ram:ChargeIndicator'),
  Indicator: q('udt:Indicator'),
  ActualAmount: q('ram:ActualAmount'),
  Transaction: q('rsm:SupplyChainTradeTransaction'),
  LineItem: q('ram:IncludedSupplyChainTradeLineItem'),
  LineDelivery: q('ram:SpecifiedLineTradeDelivery'),
  BilledQuantity: q('ram:BilledQuantity'),
}

const isTypeCode = (el: XmlElement, value: string, normalize: boolean): boolean =>
  kids(el, n.TypeCode).some((t) => (normalize ? normalizeSpace(stringValue(t)) : stringValue(t)) === value)

/** "exactly one of ID / GlobalID, or neither" for a party (CII-SR-449/450/451). */
const idOrGlobal = (party: typeof n.Buyer): CustomTest => ({
  test(el) {
    const parties = kids(el, party)
    const hasId = parties.some((p) => kid(p, n.ID) !== undefined)
    const hasGlobal = parties.some((p) => kid(p, n.GlobalID) !== undefined)
    return !(hasId && hasGlobal)
  },
})

const notPersonAndDepartment = (party: typeof n.Buyer): CustomTest => ({
  test(el) {
    const contacts = descend(el, party, n.Contact)
    return !(contacts.some((c) => kid(c, n.PersonName)) && contacts.some((c) => kid(c, n.Department)))
  },
})

const countArdOfType = (type: string, normalize: boolean, sub?: typeof n.Name): CustomTest => ({
  test(el) {
    const docs = kids(el, n.ARD).filter((d) => isTypeCode(d, type, normalize))
    const count = sub === undefined ? docs.length : docs.reduce((s, d) => s + kids(d, sub).length, 0)
    return count <= 1
  },
})

const ancestorOrSelfHeader = (child: typeof n.Name): CustomTest => ({
  test: (el) => kid(el, child) === undefined || hasAncestor(el, n.HeaderSettlement),
})

const selfIsApplicableTradeTax = (child: typeof n.Name): CustomTest => ({
  test: (el) => kid(el, child) === undefined || el.local === 'ApplicableTradeTax',
})

/** The referenced-document kinds CII-DT-015…027 allow (only AdditionalReferencedDocument carries them). */
const refDocAllows = (child: typeof n.Name, allowed: (el: XmlElement) => boolean): CustomTest => ({
  test: (el) => kid(el, child) === undefined || allowed(el),
})
const isArd = (el: XmlElement): boolean => el.local === 'AdditionalReferencedDocument'

/** Memo key of CII-DT-033's document-wide condition. */
const BILLED_UNIT = {}

// CII-DT-097's pattern as XPath reads it: `\s` is XML white space only, `\d` any Unicode digit.
const DATE_102 = xpathRegex('^\\s*(\\d{4})(1[0-2]|0[1-9]){1}(3[01]|[12][0-9]|0[1-9]){1}\\s*$')

const CUSTOM: Readonly<Record<string, CustomTest>> = {
  'CII-SR-046': { test: (el) => kids(el, n.GlobalID).length === 0 || kids(el, n.GlobalID).some((g) => attrValue(g, 'schemeID') !== undefined) },
  'CII-SR-090': {
    test: (el) => kids(el, n.OriginTradeCountry).length === 0 || descend(el, n.OriginTradeCountry, n.ID).length === 1,
  },
  'CII-SR-119': {
    test(el) {
      const applied = descend(el, n.GrossPrice, n.Applied)
      const indicators = applied.flatMap((a) => kids(a, n.ChargeIndicator))
      const amounts = applied.flatMap((a) => kids(a, n.ActualAmount))
      const allowance = indicators.some((i) => kids(i, n.Indicator).some((x) => xsdBoolean(x) === false))
      return (allowance && amounts.length > 0) || (indicators.length === 0 && amounts.length === 0)
    },
  },
  'CII-SR-474': countArdOfType('130', true),
  'CII-SR-457': countArdOfType('50', false),
  'CII-SR-458': countArdOfType('130', false),
  'CII-SR-475': countArdOfType('916', true, n.Name),
  'CII-SR-476': countArdOfType('916', true, n.Attachment),
  'CII-SR-449': idOrGlobal(n.ShipTo),
  'CII-SR-450': idOrGlobal(n.Buyer),
  'CII-SR-451': idOrGlobal(n.Payee),
  'CII-SR-465': notPersonAndDepartment(n.Seller),
  'CII-SR-466': notPersonAndDepartment(n.Buyer),
  'CII-SR-462': {
    test(el) {
      const codes = descendants(rootOf(el), n.Tax).flatMap((t) => kids(t, n.DueDateTypeCode)).map(stringValue)
      return codes.length === 0 || new Set(codes).size === 1
    },
  },
  'CII-SR-470': {
    test: (el) =>
      !kids(el, n.PaymentMeans).some((m) => {
        const type = kids(m, n.TypeCode).map((t) => normalizeSpace(stringValue(t)))
        const transfer = type.includes('30') || type.includes('58')
        const accounts = kids(m, n.CreditorAccount)
        return transfer && !accounts.some((a) => kid(a, n.IBANID) !== undefined || kid(a, n.ProprietaryID) !== undefined)
      }),
  },
  'CII-SR-467': sameAcrossPaymentMeans(n.TypeCode),
  'CII-SR-468': sameAcrossPaymentMeans(n.Information),
  'CII-DT-015': refDocAllows(n.URIID, (el) => isArd(el) && isTypeCode(el, '916', false)),
  'CII-DT-018': refDocAllows(n.TypeCode, (el) => isArd(el) && ['50', '130', '916'].some((t) => isTypeCode(el, t, false))),
  'CII-DT-021': refDocAllows(n.Name, (el) => isArd(el) && isTypeCode(el, '916', false)),
  'CII-DT-022': refDocAllows(n.Attachment, (el) => isArd(el) && isTypeCode(el, '916', false)),
  'CII-DT-024': refDocAllows(n.ReferenceTypeCode, (el) => isArd(el) && isTypeCode(el, '130', false)),
  'CII-DT-027': refDocAllows(n.FormattedIssueDateTime, (el) => el.local === 'InvoiceReferencedDocument'),
  'CII-DT-033': {
    test(el) {
      if (attrValue(el, 'unitCode') === undefined) return true
      const root = rootOf(el)
      // Document-wide (any line's BT-130 unit), so computed once per document.
      return memoPerDocument(BILLED_UNIT, root, () =>
        descend(root, n.Transaction, n.LineItem, n.LineDelivery, n.BilledQuantity).some((b) => attrValue(b, 'unitCode') !== undefined),
      )
    },
  },
  'CII-DT-037': { test: (el) => kids(el, n.TypeCode).length === 0 || kids(el, n.TypeCode).some((t) => stringValue(t) === 'VAT') },
  'CII-DT-041': ancestorOrSelfHeader(n.BasisAmount),
  'CII-DT-054': ancestorOrSelfHeader(n.TaxPointDate),
  'CII-DT-058': ancestorOrSelfHeader(n.DueDateTypeCode),
  'CII-DT-052': selfIsApplicableTradeTax(n.ExemptionReasonCode),
  'CII-DT-098': selfIsApplicableTradeTax(n.ExemptionReason),
  'CII-DT-097': {
    test: (el) => DATE_102.test(stringValue(el)),
    describe: (el) => ({ found: stringValue(el), expected: 'YYYYMMDD (format 102)' }),
  },
}

/** Every payment means carries the same value of `child` as the first one (CII-SR-467/468). */
function sameAcrossPaymentMeans(child: typeof n.Name): CustomTest {
  return {
    test(el) {
      const values = descendants(rootOf(el), n.PaymentMeans).flatMap((m) => kids(m, child)).map((v) => normalizeSpace(stringValue(v)))
      return values.every((v) => v === values[0])
    },
  }
}

export const CII_SYNTAX: CompiledSyntaxTable = compileSyntaxTable(CII_SYNTAX_TABLE, 'en16931', CUSTOM, CONTEXTS)
