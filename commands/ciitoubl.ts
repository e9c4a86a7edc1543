/**
 * `einvoice ciitoubl FILE [-o out.xml] [--customization-id ID] [--profile-id ID]`: CII XML → UBL
 * 2.1, and the deprecated alias `einvoice cii2ubl` (same flags, same operation).
 * @module
 */
import type { Command } from 'commander'
import { ciitoubl } from '../src/operations/ciitoubl.js'
import { type CliSource, outputPathFor, sourcesOf } from './inputs.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, colours, describeError, printError } from './output.js'
import { withProgress } from './progress.js'

export type CiiToUblFlags = { output?: string; outDir?: string; customizationId?: string; profileId?: string }

async function convertOne(source: CliSource, flags: CiiToUblFlags, io: CliIO): Promise<string> {
  const result = await ciitoubl.run({
    inputs: { xml: await source.read() },
    params: { customizationId: flags.customizationId, profileId: flags.profileId },
  })
  if (result.warnings.length > 0) {
    const c = await colours(io)
    for (const w of result.warnings) io.stderr.write(`${c.yellow('warning')} ${source.name}: ${w}\n`)
  }
  return typeof result.body === 'string' ? result.body : Buffer.from(result.body).toString('utf8')
}

export async function runCiiToUbl(files: readonly string[], flags: CiiToUblFlags, io: CliIO): Promise<number> {
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
  await withProgress(io, sources.length, 'converting', async (tick) => {
    for (const source of sources) {
      try {
        const xml = await convertOne(source, flags, io)
        // Atomic writes: a failed conversion never leaves a half-written file (Mustang #699).
        if (flags.output !== undefined) await io.writeFileAtomic(flags.output, xml)
        else if (flags.outDir !== undefined) await io.writeFileAtomic(outputPathFor(source, flags.outDir, '.ubl.xml'), xml)
        else io.stdout.write(xml)
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

function register(program: Command, name: 'ciitoubl' | 'cii2ubl', io: CliIO, setExit: (code: number) => void): void {
  program
    .command(name)
    .description(
      name === 'ciitoubl'
        ? 'CII XML (Factur-X, ZUGFeRD 2.x, XRechnung CII) to UBL 2.1 Invoice or CreditNote'
        : 'deprecated name of ciitoubl',
    )
    .argument('[files...]', 'CII XML files; - or nothing reads standard input')
    .option('-o, --output <file>', 'write the UBL to this file (one input only)')
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
