/**
 * The `einvoice` program: registers every subcommand and runs it. Subcommands import their
 * engines lazily, so `einvoice --help` and `--version` stay fast.
 * @module
 */
import { Command, CommanderError } from 'commander'
import { VERSION } from '../src/version.js'
import { registerCalculate } from './calculate.js'
import { type CliIO, processIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, describeError, printError } from './output.js'
import { registerService } from './service.js'

export function createProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command('einvoice')
    .description('European e-invoices (EN 16931: ZUGFeRD, Factur-X, XRechnung, UBL, Order-X)')
    .version(VERSION, '-V, --version')
    .showHelpAfterError()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride()
  registerCalculate(program, io, setExit)
  registerService(program, io, setExit)
  for (const sub of program.commands) sub.exitOverride().configureOutput(program.configureOutput())
  return program
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  let exitCode = EXIT_OK
  const program = createProgram(io, (code) => {
    exitCode = code
  })
  try {
    await program.parseAsync([...argv], { from: 'user' })
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; usage errors were already printed by commander.
      return err.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT
    }
    const { line, exitCode: code } = describeError(err, undefined)
    await printError(io, line)
    return code
  }
  return exitCode
}
