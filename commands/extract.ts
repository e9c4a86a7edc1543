/**
 * `einvoice extract FILE [-o out.xml]`: the invoice XML inside a PDF (or an invoice XML as is).
 * @module
 */
import type { Command } from 'commander'
import { extract } from '../src/operations/extract.js'
import type { CliIO } from './io.js'
import { readSource, runRender } from './render-common.js'

export function registerExtract(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('extract')
    .description(`${extract.summary}: prints the embedded invoice XML exactly as stored`)
    .argument('[file]', 'a ZUGFeRD / Factur-X / XRechnung / Order-X PDF or an invoice XML; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the XML to this file (atomically) instead of standard output; - for standard output')
    .addHelpText('after', '\nExample: einvoice extract invoice.pdf -o factur-x.xml\nExit status: 0 success, 2 bad input or no invoice XML in the PDF.')
    .action(async (file: string | undefined, flags: { output?: string }) => {
      const source = readSource(file, io)
      setExit(
        await runRender({ op: extract, source: source.name, output: flags.output, input: async () => ({ inputs: { file: await source.read() }, params: {} }) }, io),
      )
    })
}
