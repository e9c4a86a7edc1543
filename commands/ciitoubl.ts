/**
 * `einvoice ciitoubl FILE [-o out.xml] [--customization-id ID] [--profile-id ID]`: CII XML → UBL
 * 2.1, and the deprecated alias `einvoice cii2ubl` (same flags, same operation).
 * @module
 */
import type { Command } from 'commander'
import { ciitoubl } from '../src/operations/ciitoubl.js'
import { type BatchFlags, runBatch } from './batch.js'
import type { CliIO } from './io.js'

export type CiiToUblFlags = BatchFlags & { customizationId?: string; profileId?: string }

export function runCiiToUbl(files: readonly string[], flags: CiiToUblFlags, io: CliIO): Promise<number> {
  // Atomic writes in runBatch: a failed conversion never leaves a half-written file (Mustang #699).
  return runBatch(files, flags, io, {
    label: 'converting',
    outputExtension: '.ubl.xml',
    async convert(source) {
      const result = await ciitoubl.run({
        inputs: { xml: await source.read() },
        params: { customizationId: flags.customizationId, profileId: flags.profileId },
      })
      return { body: result.body, warnings: result.warnings }
    },
  })
}

function register(program: Command, name: 'ciitoubl' | 'cii2ubl', io: CliIO, setExit: (code: number) => void): void {
  program
    .command(name)
    .description(
      name === 'ciitoubl'
        ? 'CII XML (Factur-X, ZUGFeRD 2.x, XRechnung CII) to UBL 2.1 Invoice or CreditNote'
        : 'deprecated name of ciitoubl',
    )
    .argument('[files...]', 'CII XML files; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the UBL to this file (one input only); - for standard output')
    .option('--out-dir <dir>', 'write one NAME.ubl.xml per input into this folder')
    .option('--customization-id <id>', 'BT-24 to write (default: keep the source\'s, e.g. XRechnung stays XRechnung)')
    .option('--profile-id <id>', 'BT-23 to write (default: keep the source\'s)')
    .addHelpText(
      'after',
      '\nA CreditNote is written for type codes 81 83 261 262 296 308 381 396 420 458 532, an Invoice otherwise.\n' +
        'Exit status: 0 success, 2 bad input (not XML, not CII, e.g. a ZUGFeRD 1 file; the message says why).',
    )
    .action(async (files: string[], flags: CiiToUblFlags) => {
      setExit(await runCiiToUbl(files, flags, io))
    })
}

/** Registers `ciitoubl` and its deprecated alias `cii2ubl`. */
export function registerCiiToUbl(program: Command, io: CliIO, setExit: (code: number) => void): void {
  register(program, 'ciitoubl', io, setExit)
  register(program, 'cii2ubl', io, setExit)
}
