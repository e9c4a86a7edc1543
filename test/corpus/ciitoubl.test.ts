/**
 * Corpus acceptance of ciitoubl: every CII XML the oracle marks valid for the EN 16931 layer is
 * converted, the UBL is written in the XSD's order, and our UBL reader reads it back into the model
 * the CII reader produced, business term by business term. Our validator then checks the UBL: every
 * error it finds must already be an error of the source CII, or one of the listed rules that the
 * UBL binding checks and the CII binding does not. (Official validity and refxr identity were also
 * checked with ../shared/tools/refcheck and refxr — too slow for the suite; see docs/ubl.md.)
 * Differences that UBL itself imposes are listed as data with the reason; any other one fails.
 */
import { describe, expect, it } from 'vitest'
import { ciiToUbl } from '../../src/operations/cii-to-ubl.js'
import type { Invoice } from '../../src/model/invoice.js'
import { readUbl } from '../../src/ubl/read-ubl.js'
import { CII_VAT_DATE_CODE, UBL_VAT_DATE_CODE } from '../../src/ubl/ubl-codes.js'
import { validateXml } from '../../src/validate/index.js'
import { isInvalidating } from '../../src/validate/types.js'
import { parseXml } from '../../src/xml/index.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { modelDifferences } from '../helpers/model-diff.js'

noteIfNoCorpus('corpus/ciitoubl')

/** Model paths UBL cannot carry as CII does, with the reason. */
export const UBL_SYNTAX_GAPS: readonly [RegExp, string][] = [
  [/^\$\.lines\.\d+\.price\.priceDiscount/, 'UBL needs Price/AllowanceCharge/Amount beside a gross price: BT-147 = gross − net is written'],
  [/^\$\.lines\.\d+\.price\.grossPriceAdjustments/, 'EXTENDED gross price adjustment details: UBL keeps their sum (BT-147)'],
  [/^\$\.supportingDocuments\.\d+\.typeCode/, 'UBL-SR-43: BG-24 references carry no DocumentTypeCode (CII writes 916)'],
  [/^\$\.projectName/, 'CII-only project name; UBL ProjectReference has only an ID'],
  [/^\$\.extension/, 'EXTENDED content without a UBL element (reported as a warning)'],
  [/^\$\.(seller|buyer)\.contact\.(department|name|fax)/, 'UBL has one Contact/Name: CII DepartmentName and PersonName are joined; fax is no EN term'],
  [/^\$\.vatBreakdown\.\d+\.(taxPointDate|dueDateTypeCode)/, 'CII carries BT-7/BT-8 per breakdown, UBL once per document (compared separately below)'],
  [/^\$\.vatPointDateCode/, 'BT-8: CII UNTDID 2475 code → UBL UNTDID 2005 code (compared separately below)'],
  [/^\$\.paymentInstructions\.means\.\d+\.card\.networkId/, 'UBL requires CardAccount/NetworkID: a placeholder is written'],
  [/^\$\.paymentInstructions\.means\.\d+\.payerBic/, 'EXTENDED payer BIC has no UBL element'],
  [/^\$\.paymentInstructions\.means\.\d+\.creditTransfers\.\d+\.proprietary/, 'UBL has one account ID for IBAN and proprietary ids'],
  [/^\$\.paymentInstructions(:|\.remittanceInformation)/, 'BT-83 without payment means: UBL needs a PaymentMeansCode to carry it (warned)'],
  [/^\$\.lines\.\d+\.vat\.exemptionReason/, 'a line VAT exemption reason is no EN 16931 term'],
  [/^\$\.lines\.\d+\.(note|additionalNotes)/, 'UBL-SR-34: one line note; EXTENDED notes are joined into it'],
  [/^\$\.lines\.\d+\.additionalReferences/, 'EXTENDED line references other than BT-128 have no UBL element (warned)'],
  [/^\$\.buyer\.identifiers\.[1-9]/, 'UBL-SR-16: one buyer identifier (warned)'],
  [/^\$\.totals\.invoiceTotalVatAmount:/, 'UBL TaxTotal/TaxAmount is mandatory: the breakdown sum is written when BT-110 is absent'],
]

/**
 * Rules the UBL binding enforces where the CII binding lets the same content pass, so a faithful
 * conversion of a CII that passes may fail them in UBL. Only these may be new errors in the UBL.
 */
export const UBL_STRICTER_RULES: ReadonlyMap<string, string> = new Map([
  ['BR-CO-15', 'the CII binding also accepts BT-112 = BT-109 whatever BT-110 says; UBL requires BT-112 = BT-109 + BT-110'],
  ['PEPPOL-EN16931-R120', 'KoSIT checks line net = quantity × price ÷ base quantity + charges − allowances in UBL only'],
  ['BR-DE-25-a', 'CII has BG-19 as soon as the creditor id BT-90 is there; UBL has BG-19 (PaymentMandate) only with BT-89 or BT-91'],
])

const errorRules = (xml: Uint8Array | string): Set<string> =>
  new Set(validateXml(xml).findings.filter((f) => isInvalidating(f.severity)).map((f) => f.ruleId))

/** Whitespace around note texts is not content (refxr collapses it too). */
function prepare(inv: Invoice): Invoice {
  return { ...inv, notes: inv.notes.map((n) => ({ ...n, text: n.text.trim() })) }
}

const files = oracle().filter((e) => e.syntax === 'CII' && e.layerVerdicts?.en16931 === 'valid' && !e.file.endsWith('.pdf'))

describe.skipIf(!hasCorpus)('corpus: ciitoubl of every EN 16931-valid CII', () => {
  it('finds the corpus files', () => {
    expect(files.length).toBeGreaterThanOrEqual(100)
  })

  it.each(files.map((e) => [e.file, e] as const))('%s', (_file, entry) => {
    const result = ciiToUbl(readCorpusFile(entry))
    const cii = result.invoice
    const doc = parseXml(result.xml)
    expect(doc.root.local).toBe(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532'].includes(cii.typeCode) ? 'CreditNote' : 'Invoice')
    const ubl = readUbl(doc)
    expect(ubl.source?.problems).toEqual([])
    const unexplained = modelDifferences(prepare(cii), prepare(ubl)).filter((d) => !UBL_SYNTAX_GAPS.some(([re]) => re.test(d)))
    expect(unexplained).toEqual([])
    // BT-8 and BT-7 compared across their syntax-specific homes; BT-8 is read back as CII's code.
    const code = cii.vatPointDateCode ?? cii.vatBreakdown.find((b) => b.dueDateTypeCode !== undefined)?.dueDateTypeCode
    const written = code === undefined ? undefined : UBL_VAT_DATE_CODE[code] ?? code
    expect(ubl.vatPointDateCode).toBe(written === undefined ? undefined : CII_VAT_DATE_CODE[written] ?? written)
    expect(ubl.taxPointDate).toBe(cii.taxPointDate ?? cii.vatBreakdown.find((b) => b.taxPointDate !== undefined)?.taxPointDate)
    // Validity: the UBL adds no error of its own beyond the binding differences listed above.
    const sourceErrors = errorRules(readCorpusFile(entry))
    const newErrors = [...errorRules(result.xml)].filter((id) => !sourceErrors.has(id) && !UBL_STRICTER_RULES.has(id))
    expect(newErrors).toEqual([])
    // The conversion says when its UBL fails BR-CO-15 where the CII passed (and only then).
    const br15 = !sourceErrors.has('BR-CO-15') && errorRules(result.xml).has('BR-CO-15')
    expect(result.warnings.some((w) => w.includes('BR-CO-15'))).toBe(br15)
  })
})
