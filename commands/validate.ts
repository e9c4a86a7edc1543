/**
 * `einvoice validate FILE...`: validates invoice XML or PDF files (globs, directories, `-`) on
 * the main thread and worker threads and prints a report per file, in argument order, then a
 * summary table.
 * Exit status: 0 all valid, 1 some invalid, 2 some input unreadable or some report unwritten.
 * @module
 */
import { type Command, Option } from 'commander'
import { validateFileOperation } from '../src/operations/validate.js'
import type { CliIO } from './io.js'
import { describeError, printError } from './output.js'
import { runValidateBatch } from './validate-batch.js'

type ValidateFlags = { format: 'text' | 'xml' | 'json'; ignoreNotices?: boolean; jobs?: string; outDir?: string }

/** Validates every file (globs, directories and `-` expanded) and prints the reports in order. */
export async function runValidate(files: readonly string[], flags: ValidateFlags, io: CliIO): Promise<number> {
  try {
    return await runValidateBatch(files, flags, io)
  } catch (err) {
    const { line, exitCode } = describeError(err, undefined)
    await printError(io, line)
    return exitCode
  }
}

export function registerValidate(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('validate')
    .description(validateFileOperation.summary + ': EN 16931, XRechnung, Factur-X/ZUGFeRD and Order-X rules, PDF/A-3; reports as text, Mustang XML or JSON')
    .argument('[files...]', "invoice XML or PDF files, directories or patterns ('invoices/**/*.xml'); - or nothing reads standard input")
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'xml', 'json']).default('text'))
    .option('-j, --jobs <n>', 'at most this many threads, the main thread and n-1 workers, one per 150 files (default: the number of cores)')
    .option('--ignore-notices', 'skip the XRechnung rules run as notices on BASIC/EN 16931 CII (Mustang ignoreNotices)')
    .option('--out-dir <dir>', 'write each report to DIR/PATH.report.txt|xml|json (PATH: the input below the folder all inputs share) instead of standard output')
    .addHelpText(
      'after',
      '\nChecked: the schema structure (CII D16B and the Factur-X profiles, UBL 2.1, ZUGFeRD 1, Order-X),\n' +
        'the CEN EN 16931 rules, XRechnung 3.0 (BR-DE, Peppol), Factur-X/ZUGFeRD and Order-X profile rules,\n' +
        'the layers chosen from the specification identifier (BT-24) as the official tooling does;\n' +
        'for PDF input also the PDF/A-3 and Factur-X/ZUGFeRD container rules.\n' +
        'Several files end with a summary table (files, valid, invalid, unreadable, time; with --out-dir\n' +
        'also unwritten reports); on a terminal a progress line shows on standard error. Several JSON\n' +
        'reports on standard output: one per line.\n' +
        'Exit status: 0 all valid, 1 some invalid, 2 some input unreadable or some report unwritten.\n' +
        "\nExample: einvoice validate --format xml --out-dir reports/ 'inbox/**/*.pdf'",
    )
    .action(async (files: string[], flags: ValidateFlags) => {
      setExit(await runValidate(files, flags, io))
    })
}
