/**
 * `einvoice parse FILE [-o out.json] [--pretty]`: invoice XML → Mustang-shaped Invoice JSON.
 * @module
 */
import type { Command } from 'commander'
import { parse } from '../src/operations/parse.js'
import { type CliSource, outputPathFor, sourcesOf } from './inputs.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, describeError, printError } from './output.js'
import { withProgress } from './progress.js'

type ParseFlags = { output?: string; outDir?: string; pretty?: boolean }

async function parseOne(source: CliSource, pretty: boolean): Promise<string> {
  const result = await parse.run({ inputs: { file: await source.read() }, params: {} })
  const text = typeof result.body === 'string' ? result.body : Buffer.from(result.body).toString('utf8')
  if (!pretty) return text
  const { prettyJson } = await import('../src/json/pretty-json.js')
  return prettyJson(text)
}

export async function runParse(files: readonly string[], flags: ParseFlags, io: CliIO): Promise<number> {
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
  await withProgress(io, sources.length, 'parsing', async (tick) => {
    for (const source of sources) {
      try {
        const json = await parseOne(source, flags.pretty === true)
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

export function registerParse(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('parse')
    .description(parse.summary + ': CII, ZUGFeRD 1, Order-X or UBL XML in, Mustang-shaped Invoice JSON out')
    .argument('[files...]', 'invoice XML files; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the JSON to this file (one input only)')
    .option('--out-dir <dir>', 'write one JSON per input into this folder')
    .option('--pretty', 'indent the JSON')
    .addHelpText(
      'after',
      '\nTotals (grandTotal, taxBasis, lineTotalAmount, vattotal, duePayable) are the document\'s own, not recalculated.\n' +
        'Exit status: 0 success, 2 bad input (the message names the file, line and column).',
    )
    .action(async (files: string[], flags: ParseFlags) => {
      setExit(await runParse(files, flags, io))
    })
}
