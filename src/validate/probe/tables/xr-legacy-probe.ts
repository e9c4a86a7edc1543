/**
 * The official KoSIT XRechnung 1.2…2.3 tests that can stop the transform where that version's
 * form differs from 3.0's (probe/tables/xr-*-probe.ts hold 3.0's; versions.ts names the 3.0 rows
 * an older version shares): CII 2.1's BR-DE-18 reads every payment terms description, so two of
 * them with a Skonto line stop it; 2.x BR-DE-18 (CII 2.2/2.3, UBL 2.0…2.3) applies `matches()` to
 * the first description or note of every payment terms (two payment terms stop it, also where
 * only the 2.x pattern, with #VERZUG#, lets the test reach that part); BR-DE-26 (2.1…2.3) compares
 * the type code with the number 384, so an empty or non-numeric code stops it; UBL 1.2's
 * BR-DE-19/20 cast the account identifier with its letters replaced by numbers to an integer, so
 * one written with spaces stops it; UBL 2.2's BR-DE-27/28 (3.0's tests, on invoices only). Rows as in probe/tables/xr-cii-probe.ts, one table per version
 * and syntax; generated once from the rule definitions with a throwaway script (ids, contexts and
 * tests are facts of the specification). See docs/validate.md ("Dynamic errors of the official
 * rules").
 * @module
 */
import type { ProbeTable } from '../evaluation-probe.js'

type Row = ProbeTable['rows'][number]
/** One table: its contexts (pattern, path) and rows with the names of their one-value positions. */
const table = (contexts: ProbeTable['contexts'], rows: readonly (readonly [Row, string])[]): ProbeTable =>
  ({ contexts, rows: rows.map(([row]) => row), names: rows.map(([, names]) => names), codeLists: {} })

const CII_ROOT: ProbeTable['contexts'] = [['M1', '/rsm:CrossIndustryInvoice']]
// prettier-ignore
const CII_BR_DE_26: readonly [Row, string] = [['BR-DE-26', 'w', 0, 'assert', "not(rsm:ExchangedDocument/ram:TypeCode = 384) or (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument)"], '*']
// prettier-ignore
const CII_2_1 = table(CII_ROOT, [
  [['BR-DE-18', 'f', 0, 'assert', "every $line in rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$') ) and matches( rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"], 'SpecifiedTradePaymentTerms Description'],
  CII_BR_DE_26,
])
// prettier-ignore
const CII_2_2 = table(CII_ROOT, [
  [['BR-DE-18', 'f', 0, 'assert', "every $line in rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$') ) and matches( rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"], 'SpecifiedTradePaymentTerms'],
  CII_BR_DE_26,
])

// prettier-ignore
const UBL_1_2 = table([['M1', "//ubl:Invoice/cac:PaymentMeans"]], [
  [['BR-DE-19', 'w', 0, 'assert', "not(cbc:PaymentMeansCode = '58') or matches(cac:PayeeFinancialAccount/cbc:ID, '[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}') and xs:integer( replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace( upper-case(concat(substring(cac:PayeeFinancialAccount/cbc:ID,5),substring(cac:PayeeFinancialAccount/cbc:ID,1,4))) ,'A','10'),'B','11'),'C','12'),'D','13'),'E','14'),'F','15'),'G','16'),'H','17'),'I','18'),'J','19'),'K','20'),'L','21'),'M','22') ,'N','23'),'O','24'),'P','25'),'Q','26'),'R','27'),'S','28'),'T','29'),'U','30'),'V','31'),'W','32'),'X','33'),'Y','34'),'Z','35') ) mod 97 = 1"], '*'],
  [['BR-DE-20', 'w', 0, 'assert', "not(cbc:PaymentMeansCode = '59') or matches(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}') and xs:integer( replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace( upper-case(concat(substring(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID,5),substring(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID,1,4))) ,'A','10'),'B','11'),'C','12'),'D','13'),'E','14'),'F','15'),'G','16'),'H','17'),'I','18'),'J','19'),'K','20'),'L','21'),'M','22') ,'N','23'),'O','24'),'P','25'),'Q','26'),'R','27'),'S','28'),'T','29'),'U','30'),'V','31'),'W','32'),'X','33'),'Y','34'),'Z','35') ) mod 97 = 1"], '*'],
])
// prettier-ignore
const UBL_2_0 = table([['M1', '//ubl:Invoice']], [
  [['BR-DE-18', 'f', 0, 'assert', "every $line in cac:PaymentTerms/cbc:Note[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$') ) and matches( cac:PaymentTerms/cbc:Note[1]/text(), '\\n\\s*$' )"], 'PaymentTerms'],
])
const UBL_BR_DE_18: Row = ['BR-DE-18', 'f', 0, 'assert', "every $line in cac:PaymentTerms/cbc:Note[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), ('#(SKONTO|VERZUG)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$')) and matches( cac:PaymentTerms/cbc:Note[1]/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"]
const UBL_BR_DE_26_INVOICE: readonly [Row, string] = [['BR-DE-26', 'w', 0, 'assert', "not(cbc:InvoiceTypeCode = 384) or (cac:BillingReference/cac:InvoiceDocumentReference)"], '*']
const UBL_2_1 = table([['M1', '/ubl:Invoice']], [[UBL_BR_DE_18, 'PaymentTerms'], UBL_BR_DE_26_INVOICE])
// prettier-ignore
const UBL_2_2 = table([['M1', '/ubl:Invoice'], ['M1', '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:Contact']], [
  [UBL_BR_DE_18, 'PaymentTerms'],
  UBL_BR_DE_26_INVOICE,
  [['BR-DE-27', 'w', 1, 'assert', "matches(normalize-space(cbc:Telephone), ('.*([0-9].*){3,}.*'))"], 'Telephone'],
  [['BR-DE-28', 'w', 1, 'assert', "matches(normalize-space(cbc:ElectronicMail), ('^[a-zA-Z0-9!#\\$%&\"*+/=?^_`{|}~-]+(\\.[a-zA-Z0-9!#\\$%&\"*+/=?^_`{|}~-]+)*@([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$'))"], 'ElectronicMail'],
])
// prettier-ignore
const UBL_2_3 = table([['M1', '/ubl:Invoice | /cn:CreditNote']], [
  [UBL_BR_DE_18, 'PaymentTerms'],
  [['BR-DE-26', 'w', 0, 'assert', "((not(cbc:InvoiceTypeCode = 384 or cbc:CreditNoteTypeCode = 384) or (cac:BillingReference/cac:InvoiceDocumentReference)))"], '*'],
])

/** Per older version, the rows of its own form (none where it has none). */
export const XR_LEGACY_PROBES: Readonly<Record<string, { CII?: ProbeTable; UBL?: ProbeTable }>> = {
  '1.2': { UBL: UBL_1_2 },
  '2.0': { UBL: UBL_2_0 },
  '2.1': { CII: CII_2_1, UBL: UBL_2_1 },
  '2.2': { CII: CII_2_2, UBL: UBL_2_2 },
  // CII 2.3 has 2.2's forms of both.
  '2.3': { CII: CII_2_2, UBL: UBL_2_3 },
}
