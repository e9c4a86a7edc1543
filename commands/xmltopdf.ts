/**
 * `einvoice xmltopdf FILE -o out.pdf [--embed-xml] [--tagged] [--language DE]`: invoice XML → PDF/A-3b view.
 * @module
 */
import type { Command } from 'commander'
import { xmltopdf } from '../src/operations/xmltopdf.js'
import type { CliIO } from './io.js'
import { readSource, runRender } from './render-common.js'

type Flags = { output?: string; language: string; embedXml?: boolean; tagged?: boolean }

export function registerXmlToPdf(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('xmltopdf')
    .description(xmltopdf.summary + ': invoice XML in, A4 PDF/A-3b out (optionally a Factur-X/XRechnung hybrid)')
    .argument('[file]', 'invoice XML; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the PDF to this file (default: standard output, not a terminal); - for standard output')
    .option('-l, --language <lang>', 'EN, DE or FR', 'EN')
    .option('--embed-xml', 'embed the source XML (factur-x.xml / xrechnung.xml / ZUGFeRD-invoice.xml / order-x.xml); not for UBL')
    .option('--tagged', 'write a tagged PDF (structure tree for screen readers; about 40 % slower)')
    .addHelpText('after', '\nExit status: 0 success, 2 bad input (the message names the file, line and column).')
    .action(async (file: string | undefined, flags: Flags) => {
      const source = readSource(file, io)
      const params = { language: flags.language, embedXml: flags.embedXml === true, tagged: flags.tagged === true, returnJSON: false }
      setExit(await runRender({ op: xmltopdf, source: source.name, output: flags.output, input: async () => ({ inputs: { file: await source.read() }, params }) }, io))
    })
}
