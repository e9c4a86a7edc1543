/**
 * `einvoice report-pdf REPORT.xml -o report.pdf [--language DE]`: a validation report (the XML
 * that `einvoice validate --format xml` writes) → an A4 PDF/A-3b.
 * @module
 */
import type { Command } from 'commander'
import { validationReportToPdf } from '../src/operations/validation-report-to-pdf.js'
import type { CliIO } from './io.js'
import { readSource, runRender } from './render-common.js'

type Flags = { output?: string; language: string }

export function registerReportPdf(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('report-pdf')
    .description(validationReportToPdf.summary + ': the XML report of validate in, A4 PDF/A-3b out')
    .argument('[report]', 'validation report XML; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the PDF to this file (default: standard output, not a terminal); - for standard output')
    .option('-l, --language <lang>', 'EN, DE or FR', 'EN')
    .addHelpText('after', '\nExample: einvoice validate -f xml invoice.pdf | einvoice report-pdf -o report.pdf --language DE\nExit status: 0 success, 2 bad input (not a validation report).')
    .action(async (file: string | undefined, flags: Flags) => {
      const source = readSource(file, io)
      const params = { language: flags.language }
      setExit(
        await runRender(
          { op: validationReportToPdf, source: source.name, output: flags.output, input: async () => ({ inputs: { XMLValidationResult: await source.read() }, params }) },
          io,
        ),
      )
    })
}
