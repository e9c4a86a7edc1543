/** parse accepts a PDF through its embedded invoice XML (issue 5: parse reads PDFs via extract). */
import { describe, expect, it } from 'vitest'
import { parse } from '../../src/operations/parse.js'
import { corpusPath, hasCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

const pdfs = oracle().filter((e) => e.file.toLowerCase().endsWith('.pdf') && e.attachment !== undefined && e.verdict === 'valid')

describe.skipIf(!hasCorpus || pdfs.length === 0)('parse with PDF input', () => {
  it('reads the invoice inside a Factur-X/ZUGFeRD PDF', async () => {
    const entry = pdfs.find((e) => e.syntax === 'CII')
    expect(entry, 'a valid CII PDF in the corpus').toBeDefined()
    const out = await parse.run({ inputs: { file: readCorpusFile(entry!) }, params: {} })
    const json = JSON.parse(String(out.body))
    expect(typeof json.number).toBe('string')
    expect(json.zfitems?.length ?? 0).toBeGreaterThanOrEqual(0)
    expect(json.grandTotal).toBeTypeOf('number')
  })

  it('names the problem for a PDF without invoice XML', async () => {
    const plain = oracle().find((e) => e.kind === 'pdf-without-invoice-xml')
    if (plain === undefined) return
    await expect(parse.run({ inputs: { file: readCorpusFile(plain) }, params: {} })).rejects.toThrow(/no invoice XML found in the PDF|not a readable PDF|PDF/)
    expect(corpusPath(plain)).toMatch(/\.pdf$/i)
  })
})
