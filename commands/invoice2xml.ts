/**
 * `einvoice invoice2xml FILE --format fx --profile EN16931 --version 2 [-o out.xml]`:
 * Invoice / CalculatedInvoice JSON → CII XML.
 * @module
 */
import type { Command } from 'commander'
import { invoice2xml } from '../src/operations/invoice2xml.js'
import { parseParams } from '../src/operations/params.js'
import { sourcesOf } from './inputs.js'
import type { CliIO } from './io.js'
import { defaultProfile } from '../src/cii/profiles.js'
import { EXIT_BAD_INPUT, EXIT_OK, describeError, printError, outputFile } from './output.js'

type Invoice2XmlFlags = { format: string; profile?: string; version: string; output?: string }

export async function runInvoice2Xml(file: string | undefined, flags: Invoice2XmlFlags, io: CliIO): Promise<number> {
  const [source] = sourcesOf(file === undefined ? [] : [file], io)
  if (source === undefined) return EXIT_BAD_INPUT
  try {
    const profile = flags.profile ?? defaultProfile(flags.format, Number(flags.version))
    const params = parseParams(invoice2xml, { format: flags.format, profile, version: flags.version })
    const bytes = await source.read()
    const result = await invoice2xml.run({ inputs: { invoice: bytes }, params })
    // writeFileAtomic: a failure never leaves a half-written file.
    const output = outputFile(flags.output)
    if (output !== undefined) await io.writeFileAtomic(output, result.body)
    else io.stdout.write(result.body)
  } catch (err) {
    const { line, exitCode } = describeError(err, source.name)
    await printError(io, line)
    return exitCode
  }
  return EXIT_OK
}

export function registerInvoice2Xml(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('invoice2xml')
    .description(invoice2xml.summary + ': Invoice JSON in (totals are recomputed), CII XML of a format/profile out')
    .argument('[file]', 'invoice JSON file; - or nothing reads standard input')
    .option('--format <format>', 'fx (Factur-X), zf (ZUGFeRD; version 1 is ZUGFeRD 1.0), xr (XRechnung CII) or ox (Order-X)', 'fx')
    .option(
      '--profile <profile>',
      'MINIMUM, BASICWL, BASIC, EN16931, EXTENDED or XRECHNUNG; ZUGFeRD 1 and Order-X: BASIC, COMFORT, EXTENDED ' +
        '(default: EN16931; XRECHNUNG for xr, COMFORT for zf version 1, BASIC for ox)',
    )
    .option('--version <n>', 'generation: 2 (fx also takes 1; xr takes 2 or 3)', '2')
    .option('-o, --output <file>', 'write the XML to this file instead of standard output; - for standard output')
    .addHelpText(
      'after',
      '\nExample: einvoice invoice2xml samples/invoice.json --format xr --profile XRECHNUNG --version 3 -o invoice.xml\n' +
        'Exit status: 0 success, 2 bad input (the message names the file and the JSON path or parameter).',
    )
    .action(async (file: string | undefined, flags: Invoice2XmlFlags) => {
      setExit(await runInvoice2Xml(file, flags, io))
    })
}
