/**
 * Corpus: ZUGFeRD 1 read → writeZf1 (same profile) → read gives the same model for every valid
 * ZUGFeRD 1 file of the oracle.
 */
import { describe, expect, it } from 'vitest'
import { readInvoice } from '../../src/read-invoice.js'
import type { Zf1Level } from '../../src/zf1/content-rules.js'
import { writeZf1 } from '../../src/zf1/write-zf1.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { modelDifferences } from '../helpers/model-diff.js'

noteIfNoCorpus('corpus/roundtrip-zf1')

function levelOf(specificationIdentifier: string): Zf1Level {
  if (/extended$/i.test(specificationIdentifier)) return 'EXTENDED'
  return /basic$/i.test(specificationIdentifier) ? 'BASIC' : 'COMFORT'
}

const zf1Files = oracle().filter((e) => e.syntax === 'ZUGFeRD1' && e.verdict === 'valid' && !e.file.endsWith('.pdf'))

describe.skipIf(!hasCorpus)('corpus: ZUGFeRD 1 read → write → read', () => {
  it('finds valid ZUGFeRD 1 files in the oracle', () => {
    expect(zf1Files.length).toBeGreaterThan(0)
  })

  it.each(zf1Files.map((e) => [e.file, e] as const))('%s', (_file, entry) => {
    const first = readInvoice(readCorpusFile(entry))
    const second = readInvoice(writeZf1(first, { level: levelOf(first.specificationIdentifier) }))
    expect(modelDifferences(first, second)).toEqual([])
  })
})
