/**
 * What the rendering subcommands share: read one input, run the operation, write the result to
 * `-o FILE` (atomically) or standard output, print warnings and errors as one line each.
 * @module
 */
import { isEInvoiceError } from '../src/errors.js'
import { inputOfError } from '../src/operations/inputs.js'
import { parseParams } from '../src/operations/params.js'
import type { Operation } from '../src/operations/types.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, describeError, printError, outputFile } from './output.js'

export type RenderJob = {
  op: Operation
  /** Name of the input shown in messages. */
  source: string
  /** The inputs by name and the parameters as flag values (parsed by the operation's declaration). */
  input(): Promise<{ inputs: Record<string, Uint8Array>; params: Record<string, string | boolean | number | undefined> }>
  output?: string | undefined
  /** The file of each input by name, for an operation with several (combine): the error names it. */
  sources?: Readonly<Record<string, string>> | undefined
  /** The file a parameter's error is about, when not `source` (combine: the invoice, not the PDF). */
  parameterSource?: string | undefined
}

export async function runRender(job: RenderJob, io: CliIO): Promise<number> {
  try {
    const { inputs, params } = await job.input()
    const result = await job.op.run({ inputs, params: parseParams(job.op, params) })
    for (const w of result.warnings) io.stderr.write(`warning ${job.source}: ${w}\n`)
    const output = outputFile(job.output)
    if (output !== undefined) await io.writeFileAtomic(output, result.body)
    else if (typeof result.body !== 'string' && io.stdout.isTTY === true) {
      await printError(io, `${job.op.cliName} writes binary output: give -o FILE or redirect standard output`)
      return EXIT_BAD_INPUT
    } else io.stdout.write(result.body)
    return EXIT_OK
  } catch (err) {
    const about = job.sources === undefined ? undefined : inputOfError(err, Object.keys(job.sources))
    const unattributed = isEInvoiceError(err) && err.errorCode === 'INVALID_PARAMETER' ? (job.parameterSource ?? job.source) : job.source
    const { line, exitCode } = describeError(err, (about === undefined ? undefined : job.sources?.[about]) ?? unattributed)
    await printError(io, line)
    return exitCode
  }
}

/** Reads FILE, or standard input for `-` / no argument. */
export function readSource(file: string | undefined, io: CliIO): { name: string; read(): Promise<Uint8Array> } {
  return file === undefined || file === '-' ? { name: '<stdin>', read: () => io.readStdin() } : { name: file, read: () => io.readFile(file) }
}
