/**
 * Rules of older XRechnung versions that 3.0 dropped or changed (ids, contexts and conditions are
 * facts of the 1.2…2.3 schematrons, compared rule by rule with 3.0's). Each row names the versions
 * whose schematron has that form; versions.ts adds the rows of a document's version to its layer,
 * in place of 3.0's rule of the same id. A 3.0 document never runs them.
 *
 * Dropped by 3.0: BR-DE-13 (1.2, 2.0: exactly one payment instruction group), BR-DE-18-a (2.2, 2.3
 * CII: a payment terms element with at most one description, BT-20), BR-DE-29 (2.3: direct-debit
 * data with the mandate reference BT-89).
 *
 * Changed by 3.0:
 * - BR-DE-16, the seller's VAT identifier (BT-31/32) or tax representative: 1.2 (CII and UBL) and
 *   2.0 CII ask for it on every invoice, whatever its VAT categories; CII 2.1…2.3 as 3.0, but the
 *   scheme written exactly VA, VAT or FC (3.0: VA or FC after normalize-space); UBL 2.0…2.2 count a
 *   document allowance's category only under the VAT scheme.
 * - BR-DE-18, the Skonto lines of BT-20: 2.x accept `#VERZUG#` lines as well as `#SKONTO#`, and the
 *   pattern is not anchored at the line start; CII 2.1 reads every description, not the first of
 *   each payment terms; UBL 2.0 asks that the first note end with a line break (3.0: the text after
 *   the last `#…#` block starts with one); 1.2 (CII, UBL) and 2.0 CII check every line containing
 *   `#` of every description by its `#`-separated fields, with no closing line break.
 * - BR-DE-17 (1.2…2.3) compares the type code as written (3.0 after normalize-space), BR-DE-26
 *   (2.1…2.3) as a number (`= 384`).
 * - BR-DE-19/20 compare the payment means code as written (`= '58'`, `= '59'`; 3.0 after
 *   normalize-space); BR-DE-19 is fatal in CII 2.0; 1.2 checks the IBAN as written (no white space
 *   removed, the whole value upper-cased; UBL finds the shape anywhere in the value) and casts the
 *   rearranged digits as `xs:integer()` does (a sign counts).
 * - BR-DE-28 (2.2, 2.3) takes a stricter e-mail pattern (ASCII dot-atom local part).
 * - BR-DE-21 is fatal in UBL 2.0 (a warning elsewhere).
 * - UBL BR-DEX-02 (2.0…2.3) counts the sub-lines that sum their sub-lines, leaves included.
 * @module
 */
import { type XmlElement, xmlTrim } from '../../xml/index.js'
import type { TreePattern } from '../types.js'
import { xpathRegex } from '../schematron/xpath-regex.js'
import { xsDouble } from '../schematron/values.js'
import {
  type SkontoForm, type XrRow, VAT_CATEGORIES_NEEDING_ID, XR_TYPE_CODES, all, anyEquals, closedAfterLastBlock, has, ibanOk, isXrExtension, nonBlank, norm, pattern, skontoOk,
} from './common.js'
import { HA, HS, ROOT_HS, ctx, doc } from './cii-doc.js'
import { needsSellerVatId } from './cii-national-rules.js'
import { hasSubLines, invoiceLinesSumSubLines, sumsItsSubLines, ublSpecificationIdOk } from './ubl-national-rules.js'
import { RULE_NAMESPACES, attrValue, normalizeSpace, refine, stringValue } from '../syntax/paths.js'

const CAC = RULE_NAMESPACES.cac ?? ''

/** A row and the versions whose schematron has it in this form. */
type Versioned = readonly [versions: string, row: XrRow]
const rowsOf = (version: string, rows: readonly Versioned[]): XrRow[] => rows.filter(([v]) => v.split(' ').includes(version)).map(([, row]) => row)

/** The 1.2…2.3 seller VAT identifier of CII BR-DE-16: `@schemeID='VA' or …'VAT' or …'FC'`, as written. */
const OLD_VAT_SCHEMES = ['VA', 'VAT', 'FC']
function hasOldSellerVatId(el: XmlElement): boolean {
  const ids = all(el, `${HA}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`)
  const vat = ids.some((i) => OLD_VAT_SCHEMES.includes(attrValue(i, 'schemeID') ?? '') && normalizeSpace(stringValue(i)) !== '')
  return vat || has(el, `${HA}/ram:SellerTaxRepresentativeTradeParty`)
}

/** 2.x Skonto lines: SKONTO or VERZUG, found anywhere in the line (no `^`). */
const SKONTO_2X_LINE = /#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/
const SKONTO_2X: SkontoForm = { line: SKONTO_2X_LINE, closed: closedAfterLastBlock }
/**
 * UBL 2.0: the first note's text ends in a line break, XML white space (XPath's `\s`) after it
 * allowed: `matches(., '\n\s*$')`, read backwards in one pass (the RegExp took 2 s for 32,000 line
 * breaks followed by a letter).
 */
function endsWithLineBreak(text: string): boolean {
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i)
    if (c === 0x0a) return true
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false
  }
  return false
}
const SKONTO_UBL_2_0: SkontoForm = { line: SKONTO_2X_LINE, closed: (texts) => endsWithLineBreak(texts[0] ?? '') }

/** `replace(field, pattern, '')` leaves nothing (an absent field is the empty string). */
const onlyRepeats = (field: string | undefined, re: RegExp): boolean => (field ?? '').replace(re, '') === ''
/**
 * BR-DE-18 of 1.2 (and CII 2.0): every line of every text that contains `#` splits at `#` into
 * '', SKONTO or VERZUG, TAGE=n, PROZENT=n.nn, optionally BASISBETRAG=n.nn, and a last empty field.
 */
function skontoFieldsOk(texts: readonly XmlElement[]): boolean {
  return texts.every((t) => stringValue(t).split(/\r\n|\r|\n/).every((line) => {
    if (!line.includes('#')) return true
    const f = line.split('#')
    return f[0] === '' && (f[1] === 'SKONTO' || f[1] === 'VERZUG') && onlyRepeats(f[2], /TAGE=[0-9]+/g) && onlyRepeats(f[3], /PROZENT=[0-9]+\.[0-9]{2}/g) &&
      ((f[4] === '' && f.length === 5) || (onlyRepeats(f[4], /BASISBETRAG=[0-9]+\.[0-9]{2}/g) && f[5] === '' && f.length === 6))
  }))
}

/** `X = n` (general comparison with a number): some X whose text casts to n (a text that does not cast stops the transform; the probe reports it). */
const isNumber = (el: XmlElement, expr: string, n: number): boolean => all(el, expr).some((e) => xsDouble(stringValue(e)) === n)
const firstText = (el: XmlElement, expr: string): string | undefined => all(el, expr).map(stringValue)[0]

/** The e-mail pattern of BR-DE-28 in 2.2 and 2.3 (a dot-atom local part, ASCII letters, digits and hyphens in the domain). */
const EMAIL_2X = xpathRegex('^[a-zA-Z0-9!#\\$%&"*+/=?^_`{|}~-]+(\\.[a-zA-Z0-9!#\\$%&"*+/=?^_`{|}~-]+)*@([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$')

/** The lexical form `xs:integer()` casts, once XML white space around it is trimmed: a sign is allowed. */
const INTEGER_LEXICAL = /^[+-]?[0-9]+$/

/**
 * BR-DE-19/20 of 1.2: the account identifier as written matches the IBAN shape (CII: the whole
 * value; UBL: somewhere in it), and the upper-cased value with its first four characters moved to
 * the end and letters as numbers (A = 10 … Z = 35), cast to an integer, is 1 modulo 97. The cast
 * trims XML white space only and takes a sign: UBL's `DE79 -0000…` is the negative number
 * -0000…131479, whose remainder is never 1 (XPath's `mod` keeps the dividend's sign), and
 * `DE79+0000…` is checked like `DE790000…`. A value that is then no integer (a space or NBSP inside,
 * an NBSP at the end) stops the official transform; the probe reports that, the rule passes.
 */
function iban12Ok(raw: string | undefined, whole: boolean): boolean {
  const value = raw ?? ''
  if (!(whole ? /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/ : /[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}/).test(value)) return false
  const digits = xmlTrim((value.slice(4) + value.slice(0, 4)).toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55)))
  return !INTEGER_LEXICAL.test(digits) || BigInt(digits) % 97n === 1n
}

const CII_MEANS = `${HS}/ram:SpecifiedTradeSettlementPaymentMeans`
const CII_TERMS = `${HS}/ram:SpecifiedTradePaymentTerms`
const firstOfEach = (el: XmlElement, terms: string, text: string): XmlElement[] => all(el, terms).flatMap((t) => all(t, text).slice(0, 1))

const CII_ROWS: readonly Versioned[] = [
  // The payee account counts once however many there are, every card counts, direct-debit data once.
  ['1.2 2.0', ['BR-DE-13', 'f', (el) => {
    const d = doc(el)
    return (has(el, `${CII_MEANS}/ram:PayeePartyCreditorFinancialAccount`) ? 1 : 0) + all(el, `${CII_MEANS}/ram:ApplicableTradeSettlementFinancialCard`).length + (d.bt89 || d.bt90 || d.bt91 ? 1 : 0) === 1
  }]],
  ['2.2 2.3', ['BR-DE-18-a', 'f', (el) => all(el, CII_TERMS).some((t) => all(t, 'ram:Description').length < 2)]],
  ['2.3', ['BR-DE-29', 'f', (el) => { const d = doc(el); return !(d.bt89 || d.bt90 || d.bt91) || ((d.bt90 || d.bt91) && d.bt89) }]],
  ['1.2 2.0', ['BR-DE-16', 'f', hasOldSellerVatId]],
  ['2.1 2.2 2.3', ['BR-DE-16', 'f', (el) => !needsSellerVatId(el) || hasOldSellerVatId(el)]],
  ['1.2 2.0', ['BR-DE-18', 'f', (el) => skontoFieldsOk(all(el, `${CII_TERMS}/ram:Description`))]],
  ['2.1', ['BR-DE-18', 'f', (el) => skontoOk(all(el, `${CII_TERMS}/ram:Description`), SKONTO_2X)]],
  ['2.2 2.3', ['BR-DE-18', 'f', (el) => skontoOk(firstOfEach(el, CII_TERMS, 'ram:Description'), SKONTO_2X)]],
  ['1.2 2.0 2.1 2.2 2.3', ['BR-DE-17', 'w', (el) => anyEquals(el, 'rsm:ExchangedDocument/ram:TypeCode', XR_TYPE_CODES)]],
  ['2.1 2.2 2.3', ['BR-DE-26', 'w', (el) => !isNumber(el, 'rsm:ExchangedDocument/ram:TypeCode', 384) || has(el, `${HS}/ram:InvoiceReferencedDocument`)]],
]
const CII_CONTACT_ROWS: readonly Versioned[] = [
  ['2.2 2.3', ['BR-DE-28', 'w', (el) => EMAIL_2X.test(norm(el, 'ram:EmailURIUniversalCommunication/ram:URIID'))]],
]
// Every payment means (1.2, 2.0) or those whose code is the number 30/58 or 59 (2.1…2.3): the
// tests compare the code as written, so the context makes no difference to their result.
const CII_MEANS_ROWS: readonly Versioned[] = [
  ['1.2', ['BR-DE-19', 'w', (el) => !anyEquals(el, 'ram:TypeCode', ['58']) || iban12Ok(firstText(el, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'), true)]],
  ['2.0', ['BR-DE-19', 'f', (el) => !anyEquals(el, 'ram:TypeCode', ['58']) || ibanOk(firstText(el, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'))]],
  ['2.1 2.2 2.3', ['BR-DE-19', 'w', (el) => !anyEquals(el, 'ram:TypeCode', ['58']) || ibanOk(firstText(el, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'))]],
  ['1.2', ['BR-DE-20', 'w', (el) => !anyEquals(el, 'ram:TypeCode', ['59']) || iban12Ok(firstText(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'), true)]],
  ['2.0 2.1 2.2 2.3', ['BR-DE-20', 'w', (el) => !anyEquals(el, 'ram:TypeCode', ['59']) || ibanOk(firstText(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'))]],
]

/** UBL BR-DE-16 of 2.0…2.2: an allowance's category counts only with the VAT scheme after it. */
function ublNeedsSellerVatId2x(root: XmlElement): boolean {
  const acs = all(root, 'cac:AllowanceCharge')
  const allowance = acs.filter((a) => anyEquals(a, 'cbc:ChargeIndicator', ['false'])).flatMap((a) => all(a, 'cac:TaxCategory/cbc:ID'))
    .some((id) => VAT_CATEGORIES_NEEDING_ID.includes(stringValue(id)) && followingVatScheme(id))
  const charge = acs.some((a) => anyEquals(a, 'cbc:ChargeIndicator', ['true']) && anyEquals(a, 'cac:TaxCategory/cbc:ID', VAT_CATEGORIES_NEEDING_ID))
  return allowance || charge || anyEquals(root, 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:ID', VAT_CATEGORIES_NEEDING_ID)
}
/** `following-sibling::cac:TaxScheme/cbc:ID = 'VAT'` of a tax category's cbc:ID. */
function followingVatScheme(id: XmlElement): boolean {
  const siblings = id.parent?.children ?? []
  return siblings.slice(siblings.indexOf(id) + 1).some((s) => s.local === 'TaxScheme' && s.ns === CAC && anyEquals(s, 'cbc:ID', ['VAT']))
}
const ublSellerVatId = (el: XmlElement): boolean => has(el, 'cac:TaxRepresentativeParty') || nonBlank(el, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')

// Contexts as 2.3 and 3.0 have them; versions.ts confines 1.2…2.2 (invoice contexts only) to invoices.
const UBL_ROWS: readonly Versioned[] = [
  ['1.2 2.0', ['BR-DE-13', 'f', (el) =>
    (has(el, 'cac:PaymentMeans/cac:PayeeFinancialAccount') ? 1 : 0) + all(el, 'cac:PaymentMeans/cac:CardAccount').length + all(el, 'cac:PaymentMeans/cac:PaymentMandate').length === 1]],
  ['1.2', ['BR-DE-16', 'f', ublSellerVatId]],
  ['2.0 2.1 2.2', ['BR-DE-16', 'f', (el) => !ublNeedsSellerVatId2x(el) || ublSellerVatId(el)]],
  ['1.2', ['BR-DE-18', 'f', (el) => skontoFieldsOk(all(el, 'cac:PaymentTerms/cbc:Note'))]],
  ['2.0', ['BR-DE-18', 'f', (el) => skontoOk(firstOfEach(el, 'cac:PaymentTerms', 'cbc:Note'), SKONTO_UBL_2_0)]],
  ['2.1 2.2 2.3', ['BR-DE-18', 'f', (el) => skontoOk(firstOfEach(el, 'cac:PaymentTerms', 'cbc:Note'), SKONTO_2X)]],
  ['2.3', ['BR-DE-29', 'f', (el) => !has(el, 'cac:PaymentMeans/cac:PaymentMandate') || has(el, 'cac:PaymentMeans/cac:PaymentMandate/cbc:ID')]],
  ['2.0', ['BR-DE-21', 'f', ublSpecificationIdOk]],
  ['1.2 2.0 2.1 2.2 2.3', ['BR-DE-17', 'w', (el) => anyEquals(el, 'cbc:InvoiceTypeCode', XR_TYPE_CODES) || anyEquals(el, 'cbc:CreditNoteTypeCode', XR_TYPE_CODES)]],
  ['2.1 2.2 2.3', ['BR-DE-26', 'w', (el) => !(isNumber(el, 'cbc:InvoiceTypeCode', 384) || isNumber(el, 'cbc:CreditNoteTypeCode', 384)) || has(el, 'cac:BillingReference/cac:InvoiceDocumentReference')]],
]
const UBL_CONTACT_ROWS: readonly Versioned[] = [
  ['2.2 2.3', ['BR-DE-28', 'w', (el) => EMAIL_2X.test(norm(el, 'cbc:ElectronicMail'))]],
]
const UBL_MEANS_ROWS: readonly Versioned[] = [
  ['1.2', ['BR-DE-19', 'w', (el) => !anyEquals(el, 'cbc:PaymentMeansCode', ['58']) || iban12Ok(firstText(el, 'cac:PayeeFinancialAccount/cbc:ID'), false)]],
  ['2.0 2.1 2.2 2.3', ['BR-DE-19', 'w', (el) => !anyEquals(el, 'cbc:PaymentMeansCode', ['58']) || ibanOk(firstText(el, 'cac:PayeeFinancialAccount/cbc:ID'))]],
  ['1.2', ['BR-DE-20', 'w', (el) => !anyEquals(el, 'cbc:PaymentMeansCode', ['59']) || iban12Ok(firstText(el, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'), false)]],
  ['2.0 2.1 2.2 2.3', ['BR-DE-20', 'w', (el) => !anyEquals(el, 'cbc:PaymentMeansCode', ['59']) || ibanOk(firstText(el, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'))]],
]

/**
 * UBL BR-DEX-02 of 2.0…2.3 compares counts: as many sub-lines sum their sub-lines as have any. It
 * counts every sub-line whose amount is that sum, and a sub-line without sub-lines sums them when
 * its amount is 0: such a line fails the rule, or stands in for a nested one that does not sum.
 */
function subLineCountsAgree(root: XmlElement): boolean {
  const subLines = all(root, '//cac:SubInvoiceLine')
  return subLines.filter(sumsItsSubLines).length === subLines.filter(hasSubLines).length
}
const UBL_EXTENSION_ROWS: readonly Versioned[] = [
  ['2.0 2.1 2.2 2.3', ['BR-DEX-02', 'w', (el) => invoiceLinesSumSubLines(el) && subLineCountsAgree(el)]],
]

/** The CII rules of `version` that 3.0 dropped or changed. */
export const xrCiiLegacyPatterns = (version: string): readonly TreePattern[] => [
  pattern('cii-legacy-pattern', [[ctx('/rsm:CrossIndustryInvoice'), rowsOf(version, CII_ROWS)]]),
  pattern('cii-legacy-contact-pattern', [[ctx(`/rsm:CrossIndustryInvoice/${HA}/ram:SellerTradeParty/ram:DefinedTradeContact`), rowsOf(version, CII_CONTACT_ROWS)]]),
  pattern('cii-legacy-means-pattern', [[ctx(`${ROOT_HS}/ram:SpecifiedTradeSettlementPaymentMeans`), rowsOf(version, CII_MEANS_ROWS)]]),
]

/** The UBL rules of `version` that 3.0 dropped or changed. */
export const xrUblLegacyPatterns = (version: string): readonly TreePattern[] => [
  pattern('ubl-legacy-pattern', [[ctx('/ubl:Invoice | /cn:CreditNote'), rowsOf(version, UBL_ROWS)]]),
  pattern('ubl-legacy-contact-pattern', [[ctx('/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:Contact | /cn:CreditNote/cac:AccountingSupplierParty/cac:Party/cac:Contact'), rowsOf(version, UBL_CONTACT_ROWS)]]),
  pattern('ubl-legacy-means-pattern', [[ctx('/ubl:Invoice/cac:PaymentMeans | /cn:CreditNote/cac:PaymentMeans'), rowsOf(version, UBL_MEANS_ROWS)]]),
  pattern('ubl-legacy-extension-pattern', [[refine(ctx('/ubl:Invoice'), isXrExtension), rowsOf(version, UBL_EXTENSION_ROWS)]]),
]
