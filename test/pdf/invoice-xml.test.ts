/** Root-tag sniffing of invoice XML (extract's fast path) against the full parse. */
import { describe, expect, it } from 'vitest'
import { invoiceSyntaxOf, sniffInvoiceSyntax } from '../../src/pdf/invoice-xml.js'
import { hasCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

const enc = (s: string): Uint8Array => new TextEncoder().encode(s)
const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100'
const UBL = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'

describe('sniffInvoiceSyntax', () => {
  it.each([
    [`<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by x -->\n<rsm:CrossIndustryInvoice xmlns:a="x" xmlns:rsm="${CII}"><a/></rsm:CrossIndustryInvoice>`, 'CII'],
    [`\ufeff<Invoice xmlns='${UBL}' xmlns:cbc="y">`, 'UBL-Invoice'],
    [`<?xml version="1.0"?><?pi data?><rsm:CrossIndustryInvoice\n  xmlns:rsm = "${CII}"\n>`, 'CII'],
  ])('reads the root start tag of %#', (xml, syntax) => {
    expect(sniffInvoiceSyntax(enc(xml))).toBe(syntax)
  })

  it.each([
    ['a DOCTYPE', `<!DOCTYPE x><rsm:CrossIndustryInvoice xmlns:rsm="${CII}">`],
    ['an undeclared prefix', `<rsm:CrossIndustryInvoice xmlns="${CII}">`],
    ['another namespace', `<rsm:CrossIndustryInvoice xmlns:rsm="urn:other">`],
    ['an unterminated comment', '<!-- never closed'],
    ['no XML at all', 'hello'],
  ])('gives up on %s', (_what, xml) => {
    expect(sniffInvoiceSyntax(enc(xml))).toBeUndefined()
  })
})

describe.skipIf(!hasCorpus)('sniffInvoiceSyntax over the corpus XML files', () => {
  it('agrees with the full parse whenever it answers', () => {
    const files = oracle().filter((e) => e.file.toLowerCase().endsWith('.xml'))
    const disagreements = files.flatMap((e) => {
      const bytes = readCorpusFile(e)
      const sniffed = sniffInvoiceSyntax(bytes)
      const full = invoiceSyntaxOf(bytes)
      return sniffed === undefined || sniffed === full || full === undefined ? [] : [`${e.file}: ${sniffed} ≠ ${full}`]
    })
    expect(disagreements).toEqual([])
    expect(files.filter((e) => sniffInvoiceSyntax(readCorpusFile(e)) !== undefined).length).toBeGreaterThan(files.length / 2)
  })
})
