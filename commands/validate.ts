/**
 * `einvoice validate FILE...`: validates invoice XML or PDF files and prints a report per file.
 * Exit status: 0 all valid, 1 some invalid, 2 some input unreadable.
 * @module
 */
import { type Command, Option } from 'commander'
import { basename } from 'node:path'
import { validateFileOperation } from '../src/operations/validate.js'
import { type CliSource, sourcesOf } from './inputs.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, describeError, printError } from './output.js'

type ValidateFlags = { format: 'text' | 'xml' | 'json'; ignoreNotices?: boolean }

async function validateOne(source: CliSource, flags: ValidateFlags): Promise<{ report: string; valid: boolean }> {
  const { validateFile, formatReport } = await import('../src/validate/index.js')
  const bytes = await source.read()
  const fileName = source.name === '<stdin>' ? 'stdin' : basename(source.name)
  const result = await validateFile(bytes, { fileName, ignoreNotices: flags.ignoreNotices === true })
  return { report: formatReport(result, flags.format), valid: result.valid }
}

export async function runValidate(files: readonly string[], flags: ValidateFlags, io: CliIO): Promise<number> {
  const sources = sourcesOf(files, io)
  let exitCode = EXIT_OK
  let valid = 0
  let invalid = 0
  let unreadable = 0
  for (const source of sources) {
    try {
      const { report, valid: ok } = await validateOne(source, flags)
      io.stdout.write(report)
      if (ok) valid++
      else {
        invalid++
        exitCode = Math.max(exitCode, EXIT_FAILED)
      }
    } catch (err) {
      const { line, exitCode: code } = describeError(err, source.name)
      await printError(io, line)
      unreadable++
      exitCode = Math.max(exitCode, code === EXIT_FAILED ? EXIT_FAILED : EXIT_BAD_INPUT)
    }
  }
  if (sources.length > 1 && flags.format === 'text') {
    io.stdout.write(`\n${sources.length} files: ${valid} valid, ${invalid} invalid, ${unreadable} unreadable\n`)
  }
  return exitCode
}

export function registerValidate(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('validate')
    .description(validateFileOperation.summary + ': EN 16931 rules (CEN), reports as text, Mustang XML or JSON')
    .argument('[files...]', 'invoice XML or PDF files; - or nothing reads standard input')
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'xml', 'json']).default('text'))
    .option('--ignore-notices', 'skip the XRechnung rules run as notices on BASIC/EN 16931 CII (Mustang ignoreNotices)')
    .addHelpText(
      'after',
      '\nChecked now: the CEN EN 16931 rules (business rules, CII/UBL syntax rules, code lists, decimals).\n' +
        'Not yet: XSD structure, XRechnung, Factur-X profile, Peppol and PDF/A rules (each report says so).\n' +
        'Exit status: 0 all valid, 1 some invalid, 2 some input unreadable.',
    )
    .action(async (files: string[], flags: ValidateFlags) => {
      setExit(await runValidate(files, flags, io))
    })
}
