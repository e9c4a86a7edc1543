/**
 * `einvoice calculate [FILE|-]...`: Invoice JSON → CalculatedInvoice JSON.
 * @module
 */
import type { Command } from 'commander'
import { calculate } from '../src/operations/calculate.js'
import { type BatchFlags, jsonText, runBatch } from './batch.js'
import type { CliIO } from './io.js'

type CalculateFlags = BatchFlags & { pretty?: boolean }

export function runCalculate(files: readonly string[], flags: CalculateFlags, io: CliIO): Promise<number> {
  return runBatch(files, flags, io, {
    label: 'calculating',
    outputExtension: '.json',
    async convert(source) {
      const result = await calculate.run({ inputs: { invoice: await source.read() }, params: {} })
      return { body: await jsonText(result.body, flags.pretty), warnings: result.warnings }
    },
  })
}

export function registerCalculate(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('calculate')
    .description(calculate.summary + ': Invoice JSON in, CalculatedInvoice JSON (totals, VAT breakdown) out')
    .argument('[files...]', 'invoice JSON files; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the result to this file (one input only); - for standard output')
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
