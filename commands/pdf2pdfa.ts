/**
 * `einvoice pdf2pdfa FILE -o out.pdf`: an ordinary PDF → PDF/A-3b.
 * @module
 */
import type { Command } from 'commander'
import { pdf2pdfa } from '../src/operations/pdf2pdfa.js'
import type { CliIO } from './io.js'
import { readSource, runRender } from './render-common.js'

export function registerPdf2Pdfa(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('pdf2pdfa')
    .description(`${pdf2pdfa.summary}: writes PDF/A-3b, or refuses with every reason it cannot`)
    .argument('[file]', 'the PDF; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the PDF to this file (atomically); without it standard output, unless that is a terminal; - for standard output')
    .addHelpText(
      'after',
      '\nFonts that are not embedded and DeviceCMYK colour need Ghostscript (gs on PATH; EINVOICE_GS=path overrides, EINVOICE_GS= disables).\n' +
        'Example: einvoice pdf2pdfa scan.pdf -o scan-pdfa.pdf',
    )
    .action(async (file: string | undefined, flags: { output?: string }) => {
      const source = readSource(file, io)
      setExit(
        await runRender({ op: pdf2pdfa, source: source.name, output: flags.output, input: async () => ({ inputs: { file: await source.read() }, params: {} }) }, io),
      )
    })
}
