/**
 * `einvoice xmltohtml FILE [--language DE] [-o out.html]`: invoice XML → HTML view.
 * @module
 */
import type { Command } from 'commander'
import { xmltohtml } from '../src/operations/xmltohtml.js'
import type { CliIO } from './io.js'
import { readSource, runRender } from './render-common.js'

type Flags = { output?: string; language: string }

export function registerXmlToHtml(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('xmltohtml')
    .description(xmltohtml.summary + ': CII, UBL, ZUGFeRD 1 or Order-X in, one self-contained HTML page out')
    .argument('[file]', 'invoice XML; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the HTML to this file (default: standard output); - for standard output')
    .option('-l, --language <lang>', 'EN, DE or FR', 'EN')
    .addHelpText('after', '\nExit status: 0 success, 2 bad input (the message names the file, line and column).')
    .action(async (file: string | undefined, flags: Flags) => {
      const source = readSource(file, io)
      setExit(
        await runRender(
          { op: xmltohtml, source: source.name, output: flags.output, input: async () => ({ inputs: { file: await source.read() }, params: { language: flags.language } }) },
          io,
        ),
      )
    })
}
