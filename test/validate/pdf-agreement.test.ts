import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { validatePdf } from '../../src/validate/pdf/validate-pdf.js'
import { type OracleEntry, hasCorpus, noteIfNoCorpus, oracle, readCorpusFile } from '../helpers/corpus.js'

noteIfNoCorpus('validate/pdf-agreement')

/** The oracle's `pdfa` field: veraPDF's PDF/A-3b verdict (the arbiter) and pdfa-check's. */
type PdfaOracle = { verapdf3b: 'pass' | 'fail' | 'unparsable'; pdfaCheck: 'pass' | 'fail'; pdfaCheckFailed: string[] }
type PdfOracleEntry = OracleEntry & { pdfa?: PdfaOracle | undefined }

type Threshold = { pdfaVerdictAgreement: number; facturxVerdictAgreement: number }

const THRESHOLD = JSON.parse(readFileSync(new URL('./pdf-agreement-threshold.json', import.meta.url), 'utf8')) as Threshold

type Row = { file: string; verapdf: string; ours: string; pdfaAgrees: boolean; fxOfficial: string; fxOurs: string; fxAgrees: boolean; errors: string[] }

const percent = (n: number, of: number): number => (of === 0 ? 100 : Math.floor((n / of) * 1000) / 10)

describe.skipIf(!hasCorpus)('PDF part agreement with veraPDF (PDF/A-3b) and pdfa-check (Factur-X container)', () => {
  const entries = (oracle() as PdfOracleEntry[]).filter((e) => e.pdfa !== undefined)

  it('finds the corpus PDFs', () => {
    expect(entries.length).toBeGreaterThan(100)
  })

  it(`agrees with veraPDF's verdict at least as often as the committed threshold`, async () => {
    const rows: Row[] = []
    for (const e of entries) {
      const pdfa = e.pdfa as PdfaOracle
      // Unparsable files must not crash the validator: they are simply not PDF/A.
      const r = await validatePdf(readCorpusFile(e))
      const ours = r.pdfaValid ? 'pass' : 'fail'
      const verapdf = pdfa.verapdf3b === 'pass' ? 'pass' : 'fail'
      // pdfa-check's ids starting with `fx.` are the Factur-X container findings veraPDF does not judge.
      const fxOfficial = pdfa.pdfaCheckFailed.some((id) => id.startsWith('fx.')) ? 'fail' : 'pass'
      const fxOurs = r.facturxValid ? 'pass' : 'fail'
      const errors = r.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId)
      rows.push({ file: e.file, verapdf: pdfa.verapdf3b, ours, pdfaAgrees: ours === verapdf, fxOfficial, fxOurs, fxAgrees: fxOfficial === fxOurs, errors })
    }
    const pdfaAgreement = percent(rows.filter((r) => r.pdfaAgrees).length, rows.length)
    const fxAgreement = percent(rows.filter((r) => r.fxAgrees).length, rows.length)
    const lines = [
      `PDF files compared: ${rows.length}`,
      `PDF/A verdict agreement with veraPDF 3b: ${pdfaAgreement} % (threshold ${THRESHOLD.pdfaVerdictAgreement} %)`,
      `Factur-X container verdict agreement with pdfa-check fx.*: ${fxAgreement} % (threshold ${THRESHOLD.facturxVerdictAgreement} %)`,
      '',
      'Files that differ:',
      ...rows
        .filter((r) => !r.pdfaAgrees || !r.fxAgrees)
        .map((r) => `${r.file}: veraPDF ${r.verapdf}, ours ${r.ours}; pdfa-check fx ${r.fxOfficial}, ours ${r.fxOurs}; our errors [${r.errors.join(' ')}]`),
      '',
    ]
    writeFileSync(new URL('./pdf-agreement-report.txt', import.meta.url), lines.join('\n'))
    expect(pdfaAgreement).toBeGreaterThanOrEqual(THRESHOLD.pdfaVerdictAgreement)
    expect(fxAgreement).toBeGreaterThanOrEqual(THRESHOLD.facturxVerdictAgreement)
  }, 300_000)
})
