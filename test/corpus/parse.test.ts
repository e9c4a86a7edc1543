/**
 * Corpus: `parse` turns every official-valid XML invoice or order (CII, ZUGFeRD 1, Order-X, UBL)
 * into JSON that our own Invoice JSON reader accepts, with the document's totals.
 */
import { describe, expect, it } from 'vitest'
import { parseJsonText } from '../../src/json/parse-json.js'
import { readCalculatedInvoicePayload } from '../../src/json/read-invoice.js'
import { parseInvoiceToJsonText } from '../../src/parse-invoice.js'
import { readInvoice } from '../../src/read-invoice.js'
import { hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

noteIfNoCorpus('corpus/parse')

const files = oracle().filter(
  (e) => e.verdict === 'valid' && !e.file.endsWith('.pdf') && (e.kind === 'invoice' || e.kind === 'order'),
)

describe.skipIf(!hasCorpus)('corpus: parse', () => {
  it.each(files.map((e) => [e.file, e] as const))('%s', (_file, entry) => {
    const bytes = readCorpusFile(entry)
    const payload = readCalculatedInvoicePayload(parseJsonText(parseInvoiceToJsonText(bytes)))
    const model = readInvoice(bytes)
    expect(payload.grandTotal?.eq(model.totals.invoiceTotalWithVat)).toBe(!model.source?.absentTerms.includes('BT-112'))
    expect(payload.zfitems?.length ?? 0).toBe(model.lines.length)
  })
})
