/**
 * Corpus: every UBL Invoice/CreditNote the oracle marks valid is read without a problem, UBL read →
 * UBL write → read gives the same model, and the totals recalculate from lines, allowances and
 * charges (exceptions listed with their reason).
 */
import { describe, expect, it } from 'vitest'
import type { Invoice } from '../../src/model/invoice.js'
import { readUbl } from '../../src/ubl/read-ubl.js'
import { writeUbl } from '../../src/ubl/write-ubl.js'
import { parseXml } from '../../src/xml/index.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { modelDifferences } from '../helpers/model-diff.js'
import { totalsDifferences } from '../helpers/totals-check.js'

noteIfNoCorpus('corpus/ubl-read')

/** Valid files whose stated totals legitimately differ from a recalculation, by file name. */
const RECALCULATION_EXCEPTIONS: Readonly<Record<string, string>> = {
  'ubl-inv-peppol-en16931-r053-1.xml': 'KoSIT test instance: the VAT breakdown states basis 1000.00 for lines summing to 1325.00 (no official rule compares them)',
  'ubl-cn-peppol-en16931-r053-1.xml': 'KoSIT test instance: the VAT breakdown states basis 1000.00 for lines summing to 1325.00 (no official rule compares them)',
  'ubl-inv-peppol-en16931-r040-allowance.xml': 'KoSIT test instance: breakdown basis 10781.25 ignores the 0.03 document allowance that BT-109 (10781.22) subtracts',
}

function prepare(inv: Invoice): Invoice {
  return { ...inv, notes: inv.notes.map((n) => ({ ...n, text: n.text.trim() })) }
}

const files = oracle().filter((e) => (e.syntax === 'UBL-Invoice' || e.syntax === 'UBL-CreditNote') && e.verdict === 'valid')

describe.skipIf(!hasCorpus)('corpus: UBL read, write, read', () => {
  it('finds the corpus files', () => {
    expect(files.length).toBeGreaterThanOrEqual(100)
  })

  it.each(files.map((e) => [e.file, e] as const))('%s', (file, entry) => {
    const first = readUbl(parseXml(readCorpusFile(entry)))
    expect(first.source?.problems).toEqual([])
    expect(first.source?.absentTerms).toEqual([])
    const second = readUbl(parseXml(writeUbl(first)))
    expect(modelDifferences(prepare(first), prepare(second))).toEqual([])
    const name = file.split('/').pop() ?? file
    if (RECALCULATION_EXCEPTIONS[name] === undefined) expect(totalsDifferences(first)).toEqual([])
  })
})
