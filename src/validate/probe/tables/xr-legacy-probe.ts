/**
 * The official KoSIT XRechnung 1.2…2.3 tests that can stop the transform where that version's
 * form differs from 3.0's (probe/tables/xr-*-probe.ts hold 3.0's; versions.ts names the 3.0 rows
 * an older version shares): CII 2.1's BR-DE-18 reads every payment terms description, so two of
 * them with a Skonto line stop it; 2.x BR-DE-18 (CII 2.2/2.3, UBL 2.0…2.3) applies `matches()` to
 * the first description or note of every payment terms (two payment terms stop it, also where
 * only the 2.x pattern, with #VERZUG#, lets the test reach that part); BR-DE-26 (2.1…2.3) compares
 * the type code with the number 384, so an empty or non-numeric code stops it; BR-DE-19/20 (every
 * version) apply `matches()`/`replace()` to the account identifier, so a payment means with two
 * accounts (or two identifiers) stops them, and UBL 1.2's cast the identifier with its letters
 * replaced by numbers to an integer, so one written with spaces stops it; they compare the means
 * code as written (3.0: after normalize-space, which stops on two codes); UBL BR-DEX-02 (2.0…2.3)
 * casts the sub-line amounts (one that is no number stops it); UBL 2.2's BR-DE-27/28 (3.0's tests,
 * on invoices only); UBL 2.3's BR-DEX-09/13 (3.0's tests). The extension rules run under the
 * version's own extension identifier (3.0's rows name 3.0's). Rows as in
 * probe/tables/xr-cii-probe.ts, one table per version and syntax; generated once from the rule
 * definitions with a throwaway script (ids, contexts and tests are facts of the specification;
 * white space outside string literals collapsed). The payment means contexts take every payment
 * means: 2.1…2.3 select those whose code is the number 30/58 or 59, but their tests reach the
 * account only for a code written 58 or 59. See docs/validate.md ("Dynamic errors of the official
 * rules").
 * @module
 */
import type { ProbeTable } from '../evaluation-probe.js'
import { identifiersOf } from '../../xrechnung/versions.js'
import { XR_UBL_PROBE } from './xr-ubl-probe.js'

type Row = ProbeTable['rows'][number]
/** One table: its contexts (pattern, path) and rows with the names of their one-value positions. */
const table = (contexts: ProbeTable['contexts'], rows: readonly (readonly [Row, string])[]): ProbeTable =>
  ({ contexts, rows: rows.map(([row]) => row), names: rows.map(([, names]) => names), codeLists: {} })

/**
 * BR-DE-19/20 as 2.0…2.3 write them: the means code compared as written, the account identifier
 * without white space matched against the IBAN shape, then its digits (letters as numbers, the
 * first four characters moved to the end) cast to an integer (2.2/2.3 BR-DE-20: a decimal) modulo
 * 97; UBL 2.3 turns each number into a string before joining them.
 */
function iban2x(id: 'BR-DE-19' | 'BR-DE-20', context: number, means: string, account: string, cast: 'integer' | 'decimal', asString = false): Row {
  const code = id === 'BR-DE-19' ? '58' : '59'
  const value = `normalize-space(replace(${account}, '([ \\n\\r\\t\\s])', ''))`
  const digits = (n: number): string => (asString ? `string($cp - ${n})` : `$cp - ${n}`)
  return [id, 'w', context, 'assert', `not(${means} = '${code}') or matches(${value}, '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and xs:${cast}(string-join(for $cp in string-to-codepoints(concat(substring(${value},5),upper-case(substring(${value},1,2)),substring(${value},3,2))) return (if($cp > 64) then ${digits(55)} else ${digits(48)}),'')) mod 97 = 1`]
}
/**
 * BR-DE-19/20 as 1.2 writes them: the account identifier as written matched against the IBAN
 * shape (CII the whole value, UBL anywhere in it), then upper-cased, its first four characters
 * moved to the end and each letter replaced by its number (A = 10 … Z = 35), cast to an integer
 * modulo 97.
 */
function iban12(id: 'BR-DE-19' | 'BR-DE-20', context: number, means: string, account: string, whole: boolean): Row {
  const code = id === 'BR-DE-19' ? '58' : '59'
  const shape = whole ? '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$' : '[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}'
  const letters = Array.from({ length: 26 }, (_, i) => `,'${String.fromCharCode(65 + i)}','${i + 10}')`).join('')
  return [id, 'w', context, 'assert', `not(${means} = '${code}') or matches(${account}, '${shape}') and xs:integer( ${'replace('.repeat(26)} upper-case(concat(substring(${account},5),substring(${account},1,4))) ${letters} ) mod 97 = 1`]
}
const CII_PAYEE_ID = 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'
const CII_PAYER_ID = 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'
const UBL_PAYEE_ID = 'cac:PayeeFinancialAccount/cbc:ID'
const UBL_PAYER_ID = 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'
const CII_BR_DE_19_1_2 = iban12('BR-DE-19', 1, 'ram:TypeCode', CII_PAYEE_ID, true)
const CII_BR_DE_20_1_2 = iban12('BR-DE-20', 1, 'ram:TypeCode', CII_PAYER_ID, true)
const CII_BR_DE_19_2X = iban2x('BR-DE-19', 1, 'ram:TypeCode', CII_PAYEE_ID, 'integer')
const CII_BR_DE_20_2_0 = iban2x('BR-DE-20', 1, 'ram:TypeCode', CII_PAYER_ID, 'integer')
const CII_BR_DE_20_2_2 = iban2x('BR-DE-20', 1, 'ram:TypeCode', CII_PAYER_ID, 'decimal')
const CII_MEANS = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans'
/** 1.2 and 2.0 write their contexts from anywhere (`//`), later versions from the root. */
const ciiContexts = (from: string): ProbeTable['contexts'] => [['M1', `${from}rsm:CrossIndustryInvoice`], ['M2', `${from}rsm:CrossIndustryInvoice/${CII_MEANS}`]]
// prettier-ignore
const CII_BR_DE_26: readonly [Row, string] = [['BR-DE-26', 'w', 0, 'assert', "not(rsm:ExchangedDocument/ram:TypeCode = 384) or (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument)"], '*']
const CII_PAYEE = 'IBANID PayeePartyCreditorFinancialAccount'
const CII_PAYER = 'IBANID PayerPartyDebtorFinancialAccount'
const CII_1_2 = table(ciiContexts('//'), [[CII_BR_DE_19_1_2, CII_PAYEE], [CII_BR_DE_20_1_2, CII_PAYER]])
const CII_2_0 = table(ciiContexts('//'), [[CII_BR_DE_19_2X, CII_PAYEE], [CII_BR_DE_20_2_0, CII_PAYER]])
// prettier-ignore
const CII_2_1 = table(ciiContexts('/'), [
  [['BR-DE-18', 'f', 0, 'assert', "every $line in rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$') ) and matches( rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"], 'SpecifiedTradePaymentTerms Description'],
  CII_BR_DE_26,
  [CII_BR_DE_19_2X, CII_PAYEE],
  [CII_BR_DE_20_2_0, CII_PAYER],
])
// prettier-ignore
const CII_2_2 = table(ciiContexts('/'), [
  [['BR-DE-18', 'f', 0, 'assert', "every $line in rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$') ) and matches( rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"], 'SpecifiedTradePaymentTerms'],
  CII_BR_DE_26,
  [CII_BR_DE_19_2X, CII_PAYEE],
  [CII_BR_DE_20_2_2, CII_PAYER],
])

/**
 * UBL contexts by index: 0 the document, 1 the seller contact, 2 the payment means, 3 the document
 * under the version's extension identifier, 4 and 5 its LegalMonetaryTotal and PrepaidPayment.
 * 1.2 and 2.0 write `//ubl:Invoice`, 2.1 and 2.2 `/ubl:Invoice`; 2.3 adds `/cn:CreditNote`.
 */
function ublContexts(version: string): ProbeTable['contexts'] {
  const roots = version === '2.3' ? ['/ubl:Invoice', '/cn:CreditNote'] : [version === '1.2' || version === '2.0' ? '//ubl:Invoice' : '/ubl:Invoice']
  const under = (path: string): string => roots.map((r) => `${r}${path}`).join(' | ')
  const extension = identifiersOf(version)[1] ?? ''
  const isExtension = `[exists(/ubl:Invoice/cbc:CustomizationID[text() = '${extension}']${version === '2.3' ? ` | /cn:CreditNote/cbc:CustomizationID[text() = '${extension}']` : ''})]`
  return [
    ['M1', under('')],
    ['M1', under('/cac:AccountingSupplierParty/cac:Party/cac:Contact')],
    ['M2', under('/cac:PaymentMeans')],
    ['M3', `/ubl:Invoice${isExtension}`],
    ['M3', `cac:LegalMonetaryTotal${isExtension}`],
    ['M3', `/ubl:Invoice/cac:PrepaidPayment${isExtension}`],
  ]
}
// prettier-ignore
const UBL_BR_DE_18: Row = ['BR-DE-18', 'f', 0, 'assert', "every $line in cac:PaymentTerms/cbc:Note[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$')) and matches( cac:PaymentTerms/cbc:Note[1]/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"]
// prettier-ignore
const UBL_BR_DE_26_INVOICE: readonly [Row, string] = [['BR-DE-26', 'w', 0, 'assert', "not(cbc:InvoiceTypeCode = 384) or (cac:BillingReference/cac:InvoiceDocumentReference)"], '*']
const UBL_BR_DE_19_2_0 = iban2x('BR-DE-19', 2, 'cbc:PaymentMeansCode', UBL_PAYEE_ID, 'integer')
const UBL_BR_DE_19_2_3 = iban2x('BR-DE-19', 2, 'cbc:PaymentMeansCode', UBL_PAYEE_ID, 'integer', true)
const UBL_BR_DE_20_2_0 = iban2x('BR-DE-20', 2, 'cbc:PaymentMeansCode', UBL_PAYER_ID, 'integer')
const UBL_BR_DE_20_2_2 = iban2x('BR-DE-20', 2, 'cbc:PaymentMeansCode', UBL_PAYER_ID, 'decimal')
const UBL_BR_DE_20_2_3 = iban2x('BR-DE-20', 2, 'cbc:PaymentMeansCode', UBL_PAYER_ID, 'decimal', true)
// prettier-ignore
const UBL_BR_DEX_02_2X: Row = ['BR-DEX-02', 'w', 3, 'assert', "(every $invoiceline in /ubl:Invoice/cac:InvoiceLine[ exists (./cac:SubInvoiceLine) ] satisfies $invoiceline/xs:decimal(cbc:LineExtensionAmount) = sum($invoiceline/cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))) and (count( //cac:SubInvoiceLine [xs:decimal(cbc:LineExtensionAmount) = sum(child::cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))]) = count(//cac:SubInvoiceLine [count(cac:SubInvoiceLine) > 0]))"]
const UBL_PAYEE = 'ID PayeeFinancialAccount'
const UBL_PAYER = 'ID PayerFinancialAccount PaymentMandate'
const UBL_DEX_02: readonly [Row, string] = [UBL_BR_DEX_02_2X, 'LineExtensionAmount']
/** A 3.0 row (and its names) that an older version has word for word, on that version's context `context`. */
function shared(id: string, context: number): readonly [Row, string] {
  const i = XR_UBL_PROBE.rows.findIndex((r) => r[0] === id)
  const row = XR_UBL_PROBE.rows[i]
  if (row === undefined) throw new Error(`no 3.0 probe row ${id}`)
  return [[row[0], row[1], context, row[3], row[4]], XR_UBL_PROBE.names[i] ?? '*']
}

const UBL_1_2 = table(ublContexts('1.2'), [
  [iban12('BR-DE-19', 2, 'cbc:PaymentMeansCode', UBL_PAYEE_ID, false), '*'],
  [iban12('BR-DE-20', 2, 'cbc:PaymentMeansCode', UBL_PAYER_ID, false), '*'],
])
// prettier-ignore
const UBL_2_0 = table(ublContexts('2.0'), [
  [['BR-DE-18', 'f', 0, 'assert', "every $line in cac:PaymentTerms/cbc:Note[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$') ) and matches( cac:PaymentTerms/cbc:Note[1]/text(), '\\n\\s*$' )"], 'PaymentTerms'],
  [UBL_BR_DE_19_2_0, UBL_PAYEE],
  [UBL_BR_DE_20_2_0, UBL_PAYER],
  UBL_DEX_02,
])
const UBL_2_1 = table(ublContexts('2.1'), [[UBL_BR_DE_18, 'PaymentTerms'], UBL_BR_DE_26_INVOICE, [UBL_BR_DE_19_2_0, UBL_PAYEE], [UBL_BR_DE_20_2_0, UBL_PAYER], UBL_DEX_02])
// prettier-ignore
const UBL_2_2 = table(ublContexts('2.2'), [
  [UBL_BR_DE_18, 'PaymentTerms'],
  UBL_BR_DE_26_INVOICE,
  [['BR-DE-27', 'w', 1, 'assert', "matches(normalize-space(cbc:Telephone), ('.*([0-9].*){3,}.*'))"], 'Telephone'],
  [['BR-DE-28', 'w', 1, 'assert', "matches(normalize-space(cbc:ElectronicMail), ('^[a-zA-Z0-9!#\\$%&\"*+/=?^_`{|}~-]+(\\.[a-zA-Z0-9!#\\$%&\"*+/=?^_`{|}~-]+)*@([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$'))"], 'ElectronicMail'],
  [UBL_BR_DE_19_2_0, UBL_PAYEE],
  [UBL_BR_DE_20_2_2, UBL_PAYER],
  UBL_DEX_02,
])
// prettier-ignore
const UBL_2_3 = table(ublContexts('2.3'), [
  [UBL_BR_DE_18, 'PaymentTerms'],
  [['BR-DE-26', 'w', 0, 'assert', "((not(cbc:InvoiceTypeCode = 384 or cbc:CreditNoteTypeCode = 384) or (cac:BillingReference/cac:InvoiceDocumentReference)))"], '*'],
  [UBL_BR_DE_19_2_3, UBL_PAYEE],
  [UBL_BR_DE_20_2_3, UBL_PAYER],
  UBL_DEX_02,
  shared('BR-DEX-09', 4),
  shared('BR-DEX-13', 5),
])

/** Per older version, the rows of its own form. */
export const XR_LEGACY_PROBES: Readonly<Record<string, { CII: ProbeTable; UBL: ProbeTable }>> = {
  '1.2': { CII: CII_1_2, UBL: UBL_1_2 },
  '2.0': { CII: CII_2_0, UBL: UBL_2_0 },
  '2.1': { CII: CII_2_1, UBL: UBL_2_1 },
  '2.2': { CII: CII_2_2, UBL: UBL_2_2 },
  // CII 2.3 has 2.2's forms.
  '2.3': { CII: CII_2_2, UBL: UBL_2_3 },
}
