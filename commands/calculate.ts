/**
 * `einvoice calculate [FILE|-]...`: Invoice JSON → CalculatedInvoice JSON.
 * @module
 */
import type { Command } from 'commander'
import { calculate } from '../src/operations/calculate.js'
import { type CliSource, outputPathFor, sourcesOf } from './inputs.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, describeError, printError } from './output.js'
import { withProgress } from './progress.js'

type CalculateFlags = { output?: string; outDir?: string; pretty?: boolean }

async function calculateOne(source: CliSource, pretty: boolean): Promise<string> {
  const bytes = await source.read()
  const result = await calculate.run({ inputs: { invoice: bytes }, params: {} })
  const text = typeof result.body === 'string' ? result.body : Buffer.from(result.body).toString('utf8')
  if (!pretty) return text
  const { prettyJson } = await import('../src/json/pretty-json.js')
  return prettyJson(text)
}

export async function runCalculate(files: readonly string[], flags: CalculateFlags, io: CliIO): Promise<number> {
  const sources = sourcesOf(files, io)
  if (flags.output !== undefined && flags.outDir !== undefined) {
    await printError(io, '-o and --out-dir cannot be used together')
    return EXIT_BAD_INPUT
  }
  if (flags.output !== undefined && sources.length > 1) {
    await printError(io, `-o takes one input, got ${sources.length}; use --out-dir DIR for many`)
    return EXIT_BAD_INPUT
  }
  if (flags.outDir !== undefined) await io.mkdir(flags.outDir)
  let exitCode = EXIT_OK
  await withProgress(io, sources.length, 'calculating', async (tick) => {
    for (const source of sources) {
      try {
        const json = await calculateOne(source, flags.pretty === true)
        if (flags.output !== undefined) await io.writeFileAtomic(flags.output, json + '\n')
        else if (flags.outDir !== undefined) await io.writeFileAtomic(outputPathFor(source, flags.outDir, '.json'), json + '\n')
        else io.stdout.write(json + '\n')
      } catch (err) {
        const { line, exitCode: code } = describeError(err, source.name)
        await printError(io, line)
        exitCode = Math.max(exitCode, code)
      }
      tick()
    }
  })
  return exitCode
}

export function registerCalculate(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('calculate')
    .description(calculate.summary + ': Invoice JSON in, CalculatedInvoice JSON (totals, VAT breakdown) out')
    .argument('[files...]', 'invoice JSON files; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the result to this file (one input only)')
    .option('--out-dir <dir>', 'write one result per input into this folder')
    .option('--pretty', 'indent the JSON')
    .addHelpText(
      'after',
      '\nSeveral inputs without --out-dir print one JSON document per line.\n' +
        'Exit status: 0 success, 2 bad input (the message names the file and JSON path).',
    )
    .action(async (files: string[], flags: CalculateFlags) => {
      setExit(await runCalculate(files, flags, io))
    })
}
