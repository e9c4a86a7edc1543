/**
 * `einvoice phive FILE [--vesid ID]`: phive's JSON validation result for an invoice XML.
 * Exit status: 0 success (nothing worse than warnings), 1 errors found, 2 bad input or unknown VESID.
 * @module
 */
import type { Command } from 'commander'
import { phive } from '../src/operations/phive.js'
import { parseParams } from '../src/operations/params.js'
import type { CliIO } from './io.js'
import { EXIT_FAILED, EXIT_OK, describeError, printError } from './output.js'
import { readSource } from './render-common.js'

type Flags = { vesid?: string }

export async function runPhiveCommand(file: string | undefined, flags: Flags, io: CliIO): Promise<number> {
  const source = readSource(file, io)
  try {
    const result = await phive.run({ inputs: { inputFile: await source.read() }, params: parseParams(phive, { VESID: flags.vesid }) })
    const body = typeof result.body === 'string' ? result.body : new TextDecoder().decode(result.body)
    io.stdout.write(body)
    return (JSON.parse(body) as { success: boolean }).success ? EXIT_OK : EXIT_FAILED
  } catch (err) {
    const { line, exitCode } = describeError(err, source.name)
    await printError(io, line)
    return exitCode
  }
}

export function registerPhive(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('phive')
    .description(phive.summary + ': phive JSON result for a validation executor set (VESID)')
    .argument('[file]', 'invoice XML; - or nothing reads standard input')
    .option('--vesid <id>', 'e.g. eu.cen.en16931:cii:1.3.16, de.xrechnung:cii:3.0.2, fr.factur-x:basic:1.0.7 (default: from BT-24)')
    .addHelpText('after', '\nExit status: 0 success, 1 errors found, 2 bad input or unknown VESID (the message lists the known ones).')
    .action(async (file: string | undefined, flags: Flags) => {
      setExit(await runPhiveCommand(file, flags, io))
    })
}
