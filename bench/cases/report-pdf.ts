import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { formatReport } from '../../src/validate/format-report.js'
import { validateFile } from '../../src/validate/validate-file.js'
import { PACKAGE_ROOT } from '../../src/version.js'
import type { BenchCase } from '../harness.js'

/**
 * validationReportToPDF of a large report: the XML report of the bench fixture, its first message
 * written 10,000 times (each with its own line number), rendered in a child process that prints its
 * peak resident memory. Buffered pages (for "page X of Y") are what large reports cost memory
 * (src/render/pdf-pages.ts).
 */
const MESSAGES = 10_000

async function largeReport(): Promise<string> {
  const xml = readFileSync(join(PACKAGE_ROOT, 'test', 'fixtures', 'validate', 'cii-en16931.xml'))
  const report = formatReport(await validateFile(xml, { fileName: 'cii-en16931.xml' }), 'xml')
  const message = /<(warning|notice|error)\b[^>]*>[^<]*<\/\1>/.exec(report)
  if (message === null) throw new Error('bench setup: the fixture report has no message')
  const copies = Array.from({ length: MESSAGES }, (_, i) => message[0].replace(/\(line \d+/, `(line ${i + 1}`))
  return report.replace(message[0], copies.join('\n      '))
}

let file: string | undefined
let lastPeakMb: number | undefined
const reportFile = async (): Promise<string> => {
  if (file !== undefined) return file
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-bench-report-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  file = join(dir, 'report.xml')
  writeFileSync(file, await largeReport())
  return file
}

const renderer = pathToFileURL(join(PACKAGE_ROOT, 'dist', 'src', 'render', 'report-pdf.js')).href
const script = `const { readFileSync } = await import('node:fs'); const { validationReportToPdf } = await import(${JSON.stringify(renderer)});
const pdf = await validationReportToPdf(readFileSync(process.argv[1])); if (pdf.length < 1000) process.exit(3);
process.stdout.write(String(process.resourceUsage().maxRSS))`

export const cases: BenchCase[] = [
  {
    name: `validationReportToPDF: report of ${MESSAGES.toLocaleString('en')} messages → PDF/A-3b, child process (peak RSS of that process)`,
    operation: 'validationReportToPDF',
    run: async () => {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, await reportFile()], { encoding: 'utf8', maxBuffer: 1024 * 1024 })
      if (r.status !== 0) throw new Error(`report-pdf bench child exited with ${String(r.status)}: ${r.stderr}`)
      lastPeakMb = Math.round(Number(r.stdout) / 1024)
    },
    peakRssMb: () => lastPeakMb,
  },
]
