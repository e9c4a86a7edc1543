/**
 * pdf2pdfa (in place, without Ghostscript) over every corpus PDF: each ends in a PDF that our own
 * PDF/A-3 checks pass, or in a clear EInvoiceError — never an internal error, never a PDF that
 * is labelled PDF/A but fails the checks.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isEInvoiceError } from '../../src/errors.js'
import { pdfToPdfa } from '../../src/pdf/pdf2pdfa.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { CORPUS_DIR, hasCorpus, noteIfNoCorpus, oracle } from '../helpers/corpus.js'

noteIfNoCorpus('pdf2pdfa over the corpus PDFs')

describe.skipIf(!hasCorpus)('pdf2pdfa over the corpus PDFs', () => {
  it('repairs each PDF into one our PDF/A-3 checks pass, or refuses it with a clear error', async () => {
    const pdfs = oracle().filter((o) => o.file.endsWith('.pdf'))
    expect(pdfs.length).toBeGreaterThan(80)
    const outcomes = new Map<string, number>()
    const failures: string[] = []
    for (const entry of pdfs) {
      const bytes = readFileSync(join(CORPUS_DIR, entry.file))
      try {
        const { pdf } = await pdfToPdfa(bytes, { ghostscript: false, now: new Date('2026-11-21T12:00:00Z') })
        const check = await validatePdf(pdf)
        const errors = check.findings.filter((f) => f.group === 'pdfa' && (f.severity === 'error' || f.severity === 'fatal'))
        if (errors.length > 0) failures.push(`${entry.file}: ${errors.map((f) => f.ruleId).join(', ')}`)
        outcomes.set('repaired', (outcomes.get('repaired') ?? 0) + 1)
      } catch (err) {
        if (!isEInvoiceError(err)) failures.push(`${entry.file}: ${String(err)}`)
        else outcomes.set(err.errorCode, (outcomes.get(err.errorCode) ?? 0) + 1)
      }
    }
    expect(failures).toEqual([])
    // Most corpus PDFs are repairable in place; the rest need Ghostscript (NOT_PDFA) or are broken.
    expect(outcomes.get('repaired') ?? 0).toBeGreaterThan(pdfs.length / 2)
  }, 300_000)
})
