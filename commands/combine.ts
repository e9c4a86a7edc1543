/**
 * `einvoice combine --pdf in.pdf --json invoice.json --format fx --profile EN16931 --version 2 -o invoice.pdf`
 * and `einvoice combine-xml --pdf in.pdf --xml inv.xml [--format --profile --version] -o invoice.pdf`.
 * @module
 */
import type { Command } from 'commander'
import { combineXml } from '../src/operations/combine-xml.js'
import { combine } from '../src/operations/combine.js'
import { readingInput } from '../src/operations/inputs.js'
import { parseParams } from '../src/operations/params.js'
import type { Operation } from '../src/operations/types.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, printError } from './output.js'
import { runRender } from './render-common.js'

type CombineFlags = {
  pdf: string
  json?: string
  xml?: string
  format?: string
  profile?: string
  version?: string
  ignorePdfaErrors?: boolean
  output?: string
}

/** `-` is standard input, as for every other command's file arguments. */
const readArg = (io: CliIO, path: string): Promise<Uint8Array> => (path === '-' ? io.readStdin() : io.readFile(path))
const nameOf = (path: string): string => (path === '-' ? '<stdin>' : path)

async function runCombine(op: Operation, dataInput: 'json' | 'XML', dataFile: string, flags: CombineFlags, io: CliIO): Promise<number> {
  if (flags.pdf === '-' && dataFile === '-') {
    await printError(io, `--pdf and --${dataInput.toLowerCase()} cannot both read standard input`)
    return EXIT_BAD_INPUT
  }
  return runRender(
    {
      op,
      // Warnings are about the PDF. A parameter's error (format, profile, version) is about the
      // invoice written or given, so its file is named, as invoice2xml names it.
      source: nameOf(flags.pdf),
      parameterSource: nameOf(dataFile),
      sources: { file: nameOf(flags.pdf), [dataInput]: nameOf(dataFile) },
      output: flags.output,
      input: async () => ({
        inputs: { file: await readArg(io, flags.pdf), [dataInput]: await readingInput(dataInput, () => readArg(io, dataFile)) },
        params: parseParams(op, { format: flags.format, profile: flags.profile, version: flags.version, ignorePDFAErrors: flags.ignorePdfaErrors }),
      }),
    },
    io,
  )
}

const HELP_TAIL =
  '\nThe input must be PDF/A-1 or PDF/A-3 with embedded fonts and no JavaScript; otherwise the command lists every\n' +
  'reason and exits 2, unless --ignore-pdfa-errors (then a warning says the output may not be PDF/A).'

export function registerCombine(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('combine')
    .description(`${combine.summary}: embeds the invoice2xml XML of the JSON`)
    .requiredOption('--pdf <file>', 'the PDF/A-1 or PDF/A-3 input (- reads standard input)')
    .requiredOption('--json <file>', 'the invoice JSON (- reads standard input)')
    .requiredOption('--format <format>', 'fx (Factur-X), zf (ZUGFeRD; version 1 is ZUGFeRD 1.0), xr (XRechnung CII) or ox (Order-X)')
    .requiredOption('--profile <profile>', 'MINIMUM, BASICWL, BASIC, EN16931, EXTENDED or XRECHNUNG; ZUGFeRD 1 and Order-X: BASIC, COMFORT, EXTENDED')
    .requiredOption('--version <n>', 'generation: 2 (fx also takes 1; zf 1 is ZUGFeRD 1.0; xr takes 2 or 3; ox 1 or 2)')
    .option('--ignore-pdfa-errors', 'make the output even when the input fails the PDF/A pre-flight')
    .option('-o, --output <file>', 'write the PDF to this file (atomically); without it standard output, unless that is a terminal; - for standard output')
    .addHelpText('after', `\nExample: einvoice combine --pdf in.pdf --json invoice.json --format fx --profile EN16931 --version 2 -o invoice.pdf${HELP_TAIL}`)
    .action(async (flags: CombineFlags) => {
      setExit(await runCombine(combine, 'json', flags.json ?? '', flags, io))
    })
  program
    .command('combine-xml')
    .description(`${combineXml.summary}: embeds the given XML unchanged`)
    .requiredOption('--pdf <file>', 'the PDF/A-1 or PDF/A-3 input (- reads standard input)')
    .requiredOption('--xml <file>', 'the invoice XML (CII, ZUGFeRD 1 or Order-X; - reads standard input)')
    .option('--format <format>', 'fx, zf, xr or ox (default: from the XML)')
    .option('--profile <profile>', 'default: read from BT-24; must match BT-24 when given')
    .option('--version <n>', 'generation (default: from the XML)')
    .option('--ignore-pdfa-errors', 'make the output even when the input fails the PDF/A pre-flight')
    .option('-o, --output <file>', 'write the PDF to this file (atomically); without it standard output, unless that is a terminal; - for standard output')
    .addHelpText('after', `\nExample: einvoice combine-xml --pdf in.pdf --xml factur-x.xml -o invoice.pdf${HELP_TAIL}`)
    .action(async (flags: CombineFlags) => {
      setExit(await runCombine(combineXml, 'XML', flags.xml ?? '', flags, io))
    })
}
