/**
 * `einvoice parse FILE [-o out.json] [--pretty]`: invoice XML → Mustang-shaped Invoice JSON.
 * @module
 */
import type { Command } from 'commander'
import { parse } from '../src/operations/parse.js'
import { type BatchFlags, jsonText, runBatch } from './batch.js'
import type { CliIO } from './io.js'

type ParseFlags = BatchFlags & { pretty?: boolean }

export function runParse(files: readonly string[], flags: ParseFlags, io: CliIO): Promise<number> {
  return runBatch(files, flags, io, {
    label: 'parsing',
    outputExtension: '.json',
    async convert(source) {
      const result = await parse.run({ inputs: { file: await source.read() }, params: {} })
      return { body: await jsonText(result.body, flags.pretty), warnings: result.warnings }
    },
  })
}

export function registerParse(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('parse')
    .description(parse.summary + ': CII, ZUGFeRD 1, Order-X or UBL XML in, Mustang-shaped Invoice JSON out')
    .argument('[files...]', 'invoice XML files; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the JSON to this file (one input only); - for standard output')
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
