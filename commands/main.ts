/**
 * The `einvoice` program: registers every subcommand and runs it. Subcommands import their
 * engines lazily, so `einvoice --help` and `--version` stay fast.
 * @module
 */
import { Command, CommanderError } from 'commander'
import { VERSION } from '../src/version.js'
import { type CliHost, type CliIO, processIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, describeError, printError } from './output.js'

type Register = (program: Command, io: CliIO, setExit: (code: number) => void) => void

/**
 * Every command module with the command names it registers, in the order `einvoice --help`
 * lists them (conversion, validation, PDF, rendering, service). Modules load on demand: a run
 * of one command imports only that command's module.
 */
const COMMAND_MODULES: readonly { names: readonly string[]; load: () => Promise<Register> }[] = [
  { names: ['calculate'], load: async () => (await import('./calculate.js')).registerCalculate },
  { names: ['invoice2xml'], load: async () => (await import('./invoice2xml.js')).registerInvoice2Xml },
  { names: ['parse'], load: async () => (await import('./parse.js')).registerParse },
  { names: ['ciitoubl', 'cii2ubl'], load: async () => (await import('./ciitoubl.js')).registerCiiToUbl },
  { names: ['validate'], load: async () => (await import('./validate.js')).registerValidate },
  { names: ['phive'], load: async () => (await import('./phive.js')).registerPhive },
  { names: ['report-pdf'], load: async () => (await import('./report-pdf.js')).registerReportPdf },
  { names: ['combine', 'combine-xml'], load: async () => (await import('./combine.js')).registerCombine },
  { names: ['extract'], load: async () => (await import('./extract.js')).registerExtract },
  { names: ['detach'], load: async () => (await import('./detach.js')).registerDetach },
  { names: ['pdf2pdfa'], load: async () => (await import('./pdf2pdfa.js')).registerPdf2Pdfa },
  { names: ['xmltohtml'], load: async () => (await import('./xmltohtml.js')).registerXmlToHtml },
  { names: ['xmltopdf'], load: async () => (await import('./xmltopdf.js')).registerXmlToPdf },
  { names: ['styled'], load: async () => (await import('./styled.js')).registerStyled },
  { names: ['serve'], load: async () => (await import('./serve.js')).registerServe },
  { names: ['keys'], load: async () => (await import('./keys.js')).registerKeys },
  { names: ['ping', 'notice'], load: async () => (await import('./service.js')).registerService },
]

/** Every command name, for the CLI bundle's code cache (one cache per command: scripts/bundle-cli.mjs). */
export const COMMAND_NAMES: readonly string[] = COMMAND_MODULES.flatMap((m) => m.names)

/** The modules a run needs: the named command's, none for `--version`, all for help or a typo. */
function modulesFor(argv: readonly string[]): typeof COMMAND_MODULES {
  const name = argv.find((a) => !a.startsWith('-'))
  if (name === undefined) return argv.some((a) => a === '-V' || a === '--version') ? [] : COMMAND_MODULES
  const one = COMMAND_MODULES.find((m) => m.names.includes(name))
  return one === undefined ? COMMAND_MODULES : [one]
}

export async function createProgram(io: CliIO, setExit: (code: number) => void, argv?: readonly string[]): Promise<Command> {
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
  const modules = argv === undefined ? COMMAND_MODULES : modulesFor(argv)
  const registers = await Promise.all(modules.map((m) => m.load()))
  for (const register of registers) register(program, io, setExit)
  for (const sub of program.commands) finishSubcommand(sub, program)
  return program
}

/**
 * Every subcommand answers `--version` too (`einvoice calculate --version`); where `--version`
 * already selects a format generation (invoice2xml, combine), `-V` still prints the version.
 */
function finishSubcommand(sub: Command, program: Command): void {
  sub.exitOverride().configureOutput(program.configureOutput())
  const ownVersionOption = sub.options.some((o) => o.long === '--version')
  sub.version(VERSION, ownVersionOption ? '-V' : '-V, --version')
  for (const nested of sub.commands) finishSubcommand(nested, program)
}

/** Flags that name a file or folder to write: an empty value names none. */
const PATH_FLAGS = new Set(['-o', '--output', '--out-dir'])

/**
 * The first path flag given an empty value (`-o ''` answered "error : no such file or folder",
 * naming nothing; `--out-dir ''` wrote into the current folder), or undefined.
 */
function emptyPathFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--') return undefined
    if (PATH_FLAGS.has(arg) && argv[i + 1] === '') return arg
    const eq = arg.indexOf('=')
    if (eq > 0 && PATH_FLAGS.has(arg.slice(0, eq)) && eq === arg.length - 1) return arg.slice(0, eq)
  }
  return undefined
}

/**
 * `help NAME` of a name no command has: commander printed the whole help and exited 1 without
 * saying why. Running NAME itself gives commander's "unknown command" line with its suggestion.
 */
function unknownHelpTopic(argv: readonly string[]): readonly string[] {
  const [first, topic] = argv
  if (first !== 'help' || topic === undefined || topic.startsWith('-') || COMMAND_NAMES.includes(topic)) return argv
  return [topic]
}

/**
 * Runs the CLI with `argv` (without node and script); resolves to the exit code. `host` comes
 * from bin/einvoice.js only (commands/cli-loader.ts): commands find its hooks in their `io`.
 */
export async function runCli(givenArgv: readonly string[], io: CliIO = processIO, host: CliHost = {}): Promise<number> {
  const argv = unknownHelpTopic(givenArgv)
  const empty = emptyPathFlag(argv)
  if (empty !== undefined) {
    await printError(io, `${empty}: expected a ${empty === '--out-dir' ? 'folder' : 'file'} name, got an empty one`)
    return EXIT_BAD_INPUT
  }
  let exitCode = EXIT_OK
  const program = await createProgram(
    { ...io, ...host },
    (code) => {
      exitCode = code
    },
    argv,
  )
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

/** For the worker threads of `einvoice validate`, which load this CLI's bundle (validate-worker.ts). */
export { validateBytes } from './validate-task.js'
