/**
 * BR-CL-* (code lists) on the XML tree, for CII and UBL: each row names the context (as the
 * official binding does), where the code sits (the element text or an attribute) and the list.
 * On the tree because the official test is lexical: a code with inner spaces or an empty
 * attribute fails even where a reader would trim or drop it.
 * @module
 */
import {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  CII_COUNTRY_CODES,
  CII_VAT_DATE_CODES,
  type CodeList,
  CURRENCY_CODES,
  DOCUMENT_TYPE_CODES,
  ELECTRONIC_ADDRESS_SCHEMES,
  ICD_SCHEMES,
  ITEM_CLASSIFICATION_SCHEMES,
  MIME_CODES,
  PAYMENT_MEANS_CODES,
  REFERENCE_QUALIFIER_CODES,
  TEXT_SUBJECT_CODES,
  UBL_COUNTRY_CODES,
  UBL_CREDIT_NOTE_TYPE_CODES,
  UBL_INVOICE_TYPE_CODES,
  UBL_TEXT_SUBJECT_CODES,
  UBL_VAT_DATE_CODES,
  UNIT_CODES,
  VAT_CATEGORY_CODES,
  VATEX_CODES,
} from '../../model/codelists/index.js'
import type { XmlElement } from '../../xml/index.js'
import { attrValue, compileContext, matcherOf, normalizeSpace, refine, stringValue } from '../syntax/paths.js'
import { codePointLength } from '../../xml/xml-chars.js'
import { hasAncestor, kids, q, xsdBoolean } from '../syntax/tree-helpers.js'
import type { ElementMatcher, TreePattern, TreeRule } from '../types.js'

type Source = '.' | `@${string}`

/** How a row compares: `upper` upper-cases before the list test, `exact` takes the value as written (no space normalising). */
type Match = 'upper' | 'exact'

type Row = readonly [id: string, bt: string, context: ElementMatcher, source: Source, list: CodeList, match?: Match]

/** The value the rule reads, or undefined when the context requires the attribute and it is missing. */
function valueOf(el: XmlElement, source: Source): string {
  return source === '.' ? stringValue(el) : (attrValue(el, source.slice(1)) ?? '')
}

/** `not(contains(normalize-space(v), ' ')) and contains(' list ', concat(' ', normalize-space(v), ' '))`. */
function inList(list: CodeList, raw: string, match: Match | undefined): boolean {
  // BR-CL-24 compares the attribute as written with each MIME code: a code with a leading or
  // trailing space is not in the list, though a reader that trims would find it.
  if (match === 'exact') return list.has(raw)
  const v = normalizeSpace(match === 'upper' ? raw.toUpperCase() : raw)
  return v !== '' && !v.includes(' ') && list.has(v)
}

function toRule([id, bt, , source, list, match]: Row): TreeRule {
  return {
    id,
    bt,
    severity: 'fatal',
    layer: 'en16931',
    test: (el) => inList(list, valueOf(el, source), match),
    describe: (el) => ({ found: valueOf(el, source), list: list.id }),
  }
}

const withAttr = (ctx: string, a: string): ElementMatcher => {
  return refine(compileContext(ctx), (el) => attrValue(el, a) !== undefined)
}

const ciiReason = (charge: boolean): ElementMatcher => {
  const m = compileContext('ram:SpecifiedTradeAllowanceCharge/ram:ReasonCode')
  const ind = q('ram:ChargeIndicator')
  const indicator = q('udt:Indicator')
  return refine(m, (el) => el.parent !== undefined && kids(el.parent, ind).some((c) => kids(c, indicator).some((i) => xsdBoolean(i) === charge)))
}

const productOrShipTo = [q('ram:SpecifiedTradeProduct'), q('ram:ShipToTradeParty')] as const
const taxRegistration = q('ram:SpecifiedTaxRegistration')

// Priority order as in the official pattern: the first matching row decides for an element.
const CII_ROWS: readonly Row[] = [
  ['BR-CL-01', 'BT-3', compileContext('rsm:ExchangedDocument/ram:TypeCode'), '.', DOCUMENT_TYPE_CODES],
  ['BR-CL-03', 'BT-5', withAttr('ram:TaxTotalAmount', 'currencyID'), '@currencyID', CURRENCY_CODES],
  ['BR-CL-04', 'BT-5', compileContext('ram:InvoiceCurrencyCode'), '.', CURRENCY_CODES],
  ['BR-CL-05', 'BT-6', compileContext('ram:TaxCurrencyCode'), '.', CURRENCY_CODES],
  ['BR-CL-06', 'BT-8', compileContext('ram:DueDateTypeCode'), '.', CII_VAT_DATE_CODES],
  ['BR-CL-07', 'BT-18-1', compileContext('ram:ReferenceTypeCode'), '.', REFERENCE_QUALIFIER_CODES],
  ['BR-CL-08', 'BT-21', compileContext('ram:SubjectCode'), '.', TEXT_SUBJECT_CODES],
  [
    'BR-CL-10',
    'BT-29-1',
    matcherOf(['GlobalID'], (el) => el.ns === taxRegistration.ns && attrValue(el, 'schemeID') !== undefined && !productOrShipTo.some((a) => hasAncestor(el, a))),
    '@schemeID',
    ICD_SCHEMES,
  ],
  ['BR-CL-11', 'BT-30-1', matcherOf(['ID'], (el) => el.ns === taxRegistration.ns && attrValue(el, 'schemeID') !== undefined && !hasAncestor(el, taxRegistration)), '@schemeID', ICD_SCHEMES],
  ['BR-CL-13', 'BT-158-1', withAttr('ram:ClassCode', 'listID'), '@listID', ITEM_CLASSIFICATION_SCHEMES],
  ['BR-CL-14', 'BT-40', compileContext('ram:CountryID'), '.', CII_COUNTRY_CODES],
  ['BR-CL-15', 'BT-159', compileContext('ram:OriginTradeCountry/ram:ID'), '.', CII_COUNTRY_CODES],
  ['BR-CL-16', 'BT-81', compileContext('ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode'), '.', PAYMENT_MEANS_CODES],
  ['BR-CL-17', 'BT-95', compileContext('ram:CategoryTradeTax/ram:CategoryCode'), '.', VAT_CATEGORY_CODES],
  ['BR-CL-18', 'BT-118', compileContext('ram:ApplicableTradeTax/ram:CategoryCode'), '.', VAT_CATEGORY_CODES],
  ['BR-CL-19', 'BT-98', ciiReason(false), '.', ALLOWANCE_REASON_CODES],
  ['BR-CL-20', 'BT-105', ciiReason(true), '.', CHARGE_REASON_CODES],
  ['BR-CL-21', 'BT-157-1', withAttr('ram:SpecifiedTradeProduct/ram:GlobalID', 'schemeID'), '@schemeID', ICD_SCHEMES],
  ['BR-CL-22', 'BT-121', compileContext('ram:ExemptionReasonCode'), '.', VATEX_CODES, 'upper'],
  ['BR-CL-23', 'BT-130', withAttr('ram:BasisQuantity | ram:BilledQuantity', 'unitCode'), '@unitCode', UNIT_CODES],
  ['BR-CL-24', 'BT-125-1', withAttr('ram:AttachmentBinaryObject', 'mimeCode'), '@mimeCode', MIME_CODES, 'exact'],
  ['BR-CL-25', 'BT-34-1', withAttr('ram:URIUniversalCommunication/ram:URIID', 'schemeID'), '@schemeID', ELECTRONIC_ADDRESS_SCHEMES],
  ['BR-CL-26', 'BT-71-1', withAttr('ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID', 'schemeID'), '@schemeID', ICD_SCHEMES],
]

const ublReason = (charge: boolean): ElementMatcher => {
  const m = compileContext('cac:AllowanceCharge/cbc:AllowanceChargeReasonCode')
  const ind = q('cbc:ChargeIndicator')
  return refine(m, (el) => el.parent !== undefined && kids(el.parent, ind).some((c) => xsdBoolean(c) === charge))
}

const typeCode130 = (ctx: string): ElementMatcher => {
  const m = compileContext(ctx)
  const code = q('cbc:DocumentTypeCode')
  return refine(m, (el) => attrValue(el, 'schemeID') !== undefined && el.parent !== undefined && kids(el.parent, code).some((c) => stringValue(c) === '130'))
}

const UBL_ROWS: readonly Row[] = [
  ['BR-CL-01', 'BT-3', compileContext('cbc:InvoiceTypeCode'), '.', UBL_INVOICE_TYPE_CODES],
  ['BR-CL-01', 'BT-3', compileContext('cbc:CreditNoteTypeCode'), '.', UBL_CREDIT_NOTE_TYPE_CODES],
  [
    'BR-CL-03',
    'BT-5',
    compileContext(
      'cbc:Amount | cbc:BaseAmount | cbc:PriceAmount | cbc:TaxAmount | cbc:TaxableAmount | cbc:LineExtensionAmount | cbc:TaxExclusiveAmount | cbc:TaxInclusiveAmount | cbc:AllowanceTotalAmount | cbc:ChargeTotalAmount | cbc:PrepaidAmount | cbc:PayableRoundingAmount | cbc:PayableAmount',
    ),
    '@currencyID',
    CURRENCY_CODES,
  ],
  ['BR-CL-04', 'BT-5', compileContext('cbc:DocumentCurrencyCode'), '.', CURRENCY_CODES],
  ['BR-CL-05', 'BT-6', compileContext('cbc:TaxCurrencyCode'), '.', CURRENCY_CODES],
  ['BR-CL-06', 'BT-8', compileContext('cac:InvoicePeriod/cbc:DescriptionCode'), '.', UBL_VAT_DATE_CODES],
  ['BR-CL-07', 'BT-18-1', typeCode130('cac:AdditionalDocumentReference/cbc:ID | cac:DocumentReference/cbc:ID'), '@schemeID', REFERENCE_QUALIFIER_CODES],
  ['BR-CL-10', 'BT-29-1', withAttr('cac:PartyIdentification/cbc:ID', 'schemeID'), '@schemeID', ICD_SCHEMES],
  ['BR-CL-11', 'BT-30-1', withAttr('cac:PartyLegalEntity/cbc:CompanyID', 'schemeID'), '@schemeID', ICD_SCHEMES],
  ['BR-CL-13', 'BT-158-1', withAttr('cac:CommodityClassification/cbc:ItemClassificationCode', 'listID'), '@listID', ITEM_CLASSIFICATION_SCHEMES],
  ['BR-CL-14', 'BT-40', compileContext('cac:Country/cbc:IdentificationCode'), '.', UBL_COUNTRY_CODES],
  ['BR-CL-15', 'BT-159', compileContext('cac:OriginCountry/cbc:IdentificationCode'), '.', UBL_COUNTRY_CODES],
  ['BR-CL-16', 'BT-81', compileContext('cac:PaymentMeans/cbc:PaymentMeansCode'), '.', PAYMENT_MEANS_CODES],
  ['BR-CL-17', 'BT-95', compileContext('cac:TaxCategory/cbc:ID'), '.', VAT_CATEGORY_CODES],
  ['BR-CL-18', 'BT-151', compileContext('cac:ClassifiedTaxCategory/cbc:ID'), '.', VAT_CATEGORY_CODES],
  ['BR-CL-19', 'BT-98', ublReason(false), '.', ALLOWANCE_REASON_CODES],
  ['BR-CL-20', 'BT-105', ublReason(true), '.', CHARGE_REASON_CODES],
  ['BR-CL-21', 'BT-157-1', withAttr('cac:StandardItemIdentification/cbc:ID', 'schemeID'), '@schemeID', ICD_SCHEMES],
  ['BR-CL-22', 'BT-121', compileContext('cbc:TaxExemptionReasonCode'), '.', VATEX_CODES, 'upper'],
  ['BR-CL-23', 'BT-130', withAttr('cbc:InvoicedQuantity | cbc:BaseQuantity | cbc:CreditedQuantity', 'unitCode'), '@unitCode', UNIT_CODES],
  ['BR-CL-24', 'BT-125-1', withAttr('cbc:EmbeddedDocumentBinaryObject', 'mimeCode'), '@mimeCode', MIME_CODES, 'exact'],
  ['BR-CL-25', 'BT-34-1', withAttr('cbc:EndpointID', 'schemeID'), '@schemeID', ELECTRONIC_ADDRESS_SCHEMES],
  ['BR-CL-26', 'BT-71-1', withAttr('cac:DeliveryLocation/cbc:ID', 'schemeID'), '@schemeID', ICD_SCHEMES],
]

/** UBL BR-CL-10 also accepts SEPA (creditor identifiers), for an identifier below the seller or the payee only. */
const SEPA_OR_ICD: CodeList = {
  id: 'ISO 6523 ICD + SEPA',
  version: ICD_SCHEMES.version,
  has: (c) => c === 'SEPA' || ICD_SCHEMES.has(c),
  name: (c) => ICD_SCHEMES.name(c),
  // A getter, not a copy: the ICD table is built on first use (defineCodeList).
  get codes() {
    return ICD_SCHEMES.codes
  },
}

const SEPA_HOLDERS = [q('cac:AccountingSupplierParty'), q('cac:PayeeParty')]
const sepaAllowed = (el: XmlElement): boolean => SEPA_HOLDERS.some((holder) => hasAncestor(el, holder))

function pattern(name: string, rows: readonly Row[]): TreePattern {
  return {
    name,
    groups: rows.flatMap((row) => {
      if (row[0] !== 'BR-CL-10' || name !== 'ubl-code-lists') return [{ context: row[2], rules: [toRule(row)] }]
      // The official test accepts SEPA only with `ancestor::cac:AccountingSupplierParty or
      // ancestor::cac:PayeeParty`: a buyer's or delivery party's SEPA identifier fails it. Two
      // disjoint contexts that together are the row's.
      const withSepa = refine(row[2], sepaAllowed)
      const without = refine(row[2], (el) => !sepaAllowed(el))
      return [
        { context: withSepa, rules: [toRule([row[0], row[1], withSepa, row[3], SEPA_OR_ICD])] },
        { context: without, rules: [toRule([row[0], row[1], without, row[3], row[4]])] },
      ]
    }),
  }
}

export const CII_CODE_LIST_PATTERN: TreePattern = pattern('cii-code-lists', CII_ROWS)
export const UBL_CODE_LIST_PATTERN: TreePattern = pattern('ubl-code-lists', UBL_ROWS)

/**
 * The UBL list of BR-CL-08 as the test's text, `' AAA AAB … ZZZ '` (in the list's order). The test
 * asks `contains(text, code)` without spaces around the code, so any three characters of the text
 * pass, a code with a space too (`B A`, ` AA`): until session 28 einvoice looked the code up in the
 * list and reported BR-CL-08 on such a note, refcheck does not.
 */
let ublSubjectText: string | undefined
const ublSubjectsContain = (code: string): boolean => (ublSubjectText ??= ` ${UBL_TEXT_SUBJECT_CODES.codes.join(' ')} `).includes(code)

/** UBL BR-CL-08: a note may start with `#CODE#`; a code of three characters there must be found in the UNTDID 4451 subjects' text. */
const ublNote: TreeRule = {
  id: 'BR-CL-08',
  bt: 'BT-21',
  severity: 'fatal',
  layer: 'en16931',
  test(el) {
    const text = stringValue(el)
    const after = text.indexOf('#')
    if (after < 0) return true
    const rest = text.slice(after + 1)
    const end = rest.indexOf('#')
    const code = end < 0 ? '' : rest.slice(0, end)
    // `string-length(…) = 3` counts code points: `A😀B` is three characters there.
    return codePointLength(code) !== 3 || ublSubjectsContain(code)
  },
}

export const UBL_NOTE_PATTERN: TreePattern = {
  name: 'ubl-notes',
  groups: [{ context: compileContext('/ubl:Invoice/cbc:Note | /cn:CreditNote/cbc:Note'), rules: [ublNote] }],
}
