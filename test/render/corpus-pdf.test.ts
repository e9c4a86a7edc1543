/**
 * xmltopdf over a corpus sample: every business term value is in `pdftotext` output, the files
 * pass pdfa-check --strict (and --profile facturx with the XML embedded).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readInvoice } from '../../src/read-invoice.js'
import { LANGUAGES, type Language } from '../../src/render/i18n/index.js'
import { invoiceToPdf, xmlToPdf } from '../../src/render/xml-to-pdf.js'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { CORPUS_DIR, hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'
import { missingValues, termValues } from '../helpers/term-values.js'
import { SAMPLE_FILES } from './corpus-samples.js'

noteIfNoCorpus('render/corpus-pdf')

const PDFA_CHECK = join(CORPUS_DIR, '..', 'tools', 'pdfa-check')
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
if (!hasPdftotext) process.stderr.write('[render/corpus-pdf] pdftotext (poppler-utils) missing: text checks skipped\n')

const dir = mkdtempSync(join(tmpdir(), 'einvoice-render-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function pdftotext(pdf: Uint8Array): string {
  const file = join(dir, `t-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  // -raw keeps content-stream order: each cell is one text operation, so values stay whole.
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
}

function pdfaCheck(pdf: Uint8Array, profile: 'pdfa3' | 'facturx'): { result: string; failed: unknown[]; warnings: unknown[] } {
  const file = join(dir, `c-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  try {
    return JSON.parse(execFileSync(PDFA_CHECK, ['--strict', '--profile', profile, file], { encoding: 'utf8' })) as never
  } catch (err) {
    // pdfa-check exits non-zero on a failing file; its JSON is still on stdout.
    return JSON.parse(String((err as { stdout?: string }).stdout ?? '{}')) as never
  }
}

describe.skipIf(!hasCorpus || !hasPdftotext)('xmltopdf shows every business term value (pdftotext)', () => {
  SAMPLE_FILES.forEach((file, i) => {
    // One language per file (rotating) keeps the suite fast; all three are covered.
    const language: Language = LANGUAGES[i % LANGUAGES.length] ?? 'EN'
    it(`${file} (${language})`, async () => {
      const invoice = readInvoice(readCorpusFile(file))
      const text = pdftotext(await invoiceToPdf(invoice, { language }))
      expect(missingValues(termValues(invoice, language), text)).toEqual([])
    })
  })
})

describe.skipIf(!hasCorpus)('xmltopdf over a corpus sample', () => {
  it('renders ten valid invoices of every syntax in EN, FR and DE, each passing our own PDF/A-3 checks', async () => {
    const valid = oracle().filter((e) => e.kind === 'invoice' && e.verdict === 'valid' && e.file.toLowerCase().endsWith('.xml'))
    const bySyntax = new Map<string, typeof valid>()
    for (const e of valid) bySyntax.set(e.syntax, [...(bySyntax.get(e.syntax) ?? []), e])
    const sample = [...bySyntax.values()].flatMap((list) => list.filter((_, i) => i % 40 === 0)).slice(0, 10)
    expect(sample.length).toBeGreaterThanOrEqual(8)
    for (const [i, entry] of sample.entries()) {
      const { pdf } = await xmlToPdf(readCorpusFile(entry), { language: LANGUAGES[i % 3] ?? 'EN' })
      expect(Buffer.from(pdf.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.7')
      const own = await validatePdf(pdf)
      expect({ file: entry.file, errors: own.findings.filter((f) => f.severity === 'error' || f.severity === 'fatal').map((f) => f.ruleId) }).toEqual({ file: entry.file, errors: [] })
    }
  })
})

describe.skipIf(!hasCorpus || !existsSync(PDFA_CHECK))('xmltopdf output passes pdfa-check --strict', () => {
  it('plain PDF/A-3b (CII and UBL)', async () => {
    for (const file of [SAMPLE_FILES[0], SAMPLE_FILES[4]]) {
      const { pdf } = await xmlToPdf(readCorpusFile(file ?? ''), { language: 'DE' })
      const report = pdfaCheck(pdf, 'pdfa3')
      expect({ file, result: report.result, failed: report.failed, warnings: report.warnings }).toEqual({ file, result: 'pass', failed: [], warnings: [] })
    }
  })

  it('hybrid with the XML embedded passes the Factur-X profile (XRechnung CII tagged, ZUGFeRD 1)', async () => {
    for (const [i, file] of [SAMPLE_FILES[1], SAMPLE_FILES[5]].entries()) {
      const { pdf } = await xmlToPdf(readCorpusFile(file ?? ''), { language: 'FR', embedXml: true, tagged: i === 0 })
      const report = pdfaCheck(pdf, 'facturx')
      expect({ file, result: report.result, failed: report.failed, warnings: report.warnings }).toEqual({ file, result: 'pass', failed: [], warnings: [] })
    }
  })
})
