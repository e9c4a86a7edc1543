/** Every valid corpus invoice (and Order-X order) renders to HTML in EN, DE and FR; for a mixed sample every term value is visible. */
import { describe, expect, it } from 'vitest'
import { readInvoice } from '../../src/read-invoice.js'
import { LANGUAGES } from '../../src/render/i18n/index.js'
import { invoiceToHtml } from '../../src/render/xml-to-html.js'
import { type OracleEntry, hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { htmlText, missingValues, termValues } from '../helpers/term-values.js'
import { SAMPLE_FILES } from './corpus-samples.js'

noteIfNoCorpus('render/corpus-html')

const validXml = (): OracleEntry[] =>
  oracle().filter((e) => (e.kind === 'invoice' || e.kind === 'order') && e.verdict === 'valid' && e.file.toLowerCase().endsWith('.xml'))


describe.skipIf(!hasCorpus)('xmltohtml over the corpus', () => {
  it('renders every valid XML invoice in EN, FR and DE', () => {
    const entries = validXml()
    expect(entries.length).toBeGreaterThan(200)
    const failures: string[] = []
    for (const entry of entries) {
      // Read once, render in each language: reading dominates the time on the large files.
      try {
        const invoice = readInvoice(readCorpusFile(entry))
        for (const language of LANGUAGES) {
          const html = invoiceToHtml(invoice, { language })
          if (!html.trimEnd().endsWith('</html>')) failures.push(`${entry.file} ${language}: incomplete HTML`)
        }
      } catch (err) {
        failures.push(`${entry.file}: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
    expect(failures).toEqual([])
  })
})

describe.skipIf(!hasCorpus)('xmltohtml shows every business term value', () => {
  for (const file of SAMPLE_FILES) {
    it(file, () => {
      const invoice = readInvoice(readCorpusFile(file))
      for (const language of LANGUAGES) {
        const expected = termValues(invoice, language)
        expect(expected.length).toBeGreaterThan(20)
        const text = htmlText(invoiceToHtml(invoice, { language }))
        expect({ language, missing: missingValues(expected, text) }).toEqual({ language, missing: [] })
      }
    })
  }
})
