/**
 * Corpus: read → CII write (same profile) → read gives the same model for every valid CII file.
 * Differences the CII writer is known not to carry yet are listed as data (path pattern + reason);
 * any other difference fails.
 */
import { describe, expect, it } from 'vitest'
import { writeCii } from '../../src/cii/write-cii.js'
import type { CiiLevel } from '../../src/cii/profiles.js'
import { readInvoice } from '../../src/read-invoice.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { modelDifferences } from '../helpers/model-diff.js'

noteIfNoCorpus('corpus/roundtrip-cii')

/** BT-24 → the CII writer level that keeps the document's profile. */
const LEVEL_BY_ID: readonly [RegExp, CiiLevel][] = [
  [/xrechnung/, 'XRECHNUNG'],
  [/extended/, 'EXTENDED'],
  [/minimum/, 'MINIMUM'],
  [/basicwl/, 'BASICWL'],
  [/basic/, 'BASIC'],
]

function levelOf(specificationIdentifier: string): CiiLevel {
  return LEVEL_BY_ID.find(([re]) => re.test(specificationIdentifier))?.[1] ?? 'EN16931'
}

/** What src/cii/write-cii.ts does not write back yet (reported to its owner), by model path. */
const WRITER_GAPS: readonly [RegExp, string][] = [
  [/^\$\.delivery(\.|:)/, 'BG-13 ship-to without an EXTENDED party (BT-70, BT-71, BG-15) is not written'],
  [/^\$\.sellerTaxRepresentative/, 'BG-11 seller tax representative is not written'],
  [/^\$\.buyerAccountingReference/, 'BT-19 buyer accounting reference is not written'],
  [/^\$\.vatAccountingCurrencyCode/, 'BT-6 VAT accounting currency is not written'],
  [/^\$\.totals\.invoiceTotalVatAmountInAccountingCurrency/, 'BT-111 is not written'],
  [/^\$\.lines\.\d+\.objectIdentifier/, 'BT-128 line object identifier is not written'],
  [/^\$\.lines\.\d+\.additionalReferences/, 'EXTENDED line references are not written in their source order'],
  [/^\$\.lines\.\d+\.price\.(priceDiscount|grossPriceAdjustments)/, 'EXTENDED gross price adjustments are not written back whole'],
  [/^\$\.lines\.\d+\.vat\.exemptionReason/, 'line VAT exemption reason is not written for XRechnung'],
  [/^\$\.extension\.paymentTerms/, 'EXTENDED payment terms with discount terms are not written back as read'],
  [/^\$\.extension(:|\.invoicee)/, 'invoicee outside EXTENDED is dropped by the profile rules'],
  [/^\$\.extension\.logisticsServiceCharges/, 'logistics service charges are not written'],
  [/^\$\.paymentInstructions\.means\.\d+\.payerBic/, 'payer BIC (EXTENDED) is not written'],
  [/^\$\.notes\.\d+\.contentCode/, 'note ContentCode (EXTENDED) is not written'],
  [/^\$\.businessProcessType/, 'XRechnung default BT-23 is added by the writer'],
  [/^\$\.supportingDocuments\.\d+\.typeCode/, 'a BG-24 reference without TypeCode gets 916 from the writer'],
  [/^\$\.buyer\.(vatIdentifier|address)/, 'MINIMUM buyer VAT id and country are not written'],
]

const ciiFiles = oracle().filter((e) => e.syntax === 'CII' && e.verdict === 'valid' && !e.file.endsWith('.pdf'))

describe.skipIf(!hasCorpus)('corpus: CII read → write → read', () => {
  it.each(ciiFiles.map((e) => [e.file, e] as const))('%s', (_file, entry) => {
    const first = readInvoice(readCorpusFile(entry))
    const second = readInvoice(writeCii(first, { level: levelOf(first.specificationIdentifier) }))
    const unexplained = modelDifferences(first, second).filter((d) => !WRITER_GAPS.some(([re]) => re.test(d)))
    expect(unexplained).toEqual([])
  })
})
