/**
 * The `einvoice` program: registers every subcommand and runs it. Subcommands import their
 * engines lazily, so `einvoice --help` and `--version` stay fast.
 * @module
 */
import { Command, CommanderError } from 'commander'
import { VERSION } from '../src/version.js'
import { registerCalculate } from './calculate.js'
import { registerCiiToUbl } from './ciitoubl.js'
import { registerCombine } from './combine.js'
import { registerDetach } from './detach.js'
import { registerExtract } from './extract.js'
import { registerInvoice2Xml } from './invoice2xml.js'
import { type CliIO, processIO } from './io.js'
import { registerKeys } from './keys.js'
import { EXIT_BAD_INPUT, EXIT_OK, describeError, printError } from './output.js'
import { registerParse } from './parse.js'
import { registerPdf2Pdfa } from './pdf2pdfa.js'
import { registerPhive } from './phive.js'
import { registerReportPdf } from './report-pdf.js'
import { registerServe } from './serve.js'
import { registerService } from './service.js'
import { registerStyled } from './styled.js'
import { registerValidate } from './validate.js'
import { registerXmlToHtml } from './xmltohtml.js'
import { registerXmlToPdf } from './xmltopdf.js'

export function createProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command('einvoice')
    .description('European e-invoices (EN 16931: ZUGFeRD, Factur-X, XRechnung, UBL, Order-X)')
    .version(VERSION, '-V, --version')
    .showHelpAfterError()
    // Program options count only before the subcommand, so `invoice2xml --version 2` reaches the subcommand.
    .enablePositionalOptions()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride()
  // In the order `einvoice --help` lists them: conversion, validation, PDF, rendering, service.
  registerCalculate(program, io, setExit)
  registerInvoice2Xml(program, io, setExit)
  registerParse(program, io, setExit)
  registerCiiToUbl(program, io, setExit)
  registerValidate(program, io, setExit)
  registerPhive(program, io, setExit)
  registerReportPdf(program, io, setExit)
  registerCombine(program, io, setExit)
  registerExtract(program, io, setExit)
  registerDetach(program, io, setExit)
  registerPdf2Pdfa(program, io, setExit)
  registerXmlToHtml(program, io, setExit)
  registerXmlToPdf(program, io, setExit)
  registerStyled(program, io, setExit)
  registerServe(program, io, setExit)
  registerKeys(program, io, setExit)
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
