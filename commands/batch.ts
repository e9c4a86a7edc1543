/**
 * The shared shape of the file-to-file commands (calculate, parse, ciitoubl): inputs from FILE
 * arguments or standard input, one output per input to stdout, `-o FILE` or `--out-dir DIR`,
 * errors reported per file without stopping the batch, files written atomically.
 * @module
 */
import { type CliSource, type OutDirTarget, foldsCase, outDirTargets, outDirWriter, outputPathFor, relativeNames, sourcesOf } from './inputs.js'
import type { CliIO } from './io.js'
import { EXIT_BAD_INPUT, EXIT_OK, colours, describeError, printError, outputFile } from './output.js'
import { withProgress } from './progress.js'

export type BatchFlags = { output?: string | undefined; outDir?: string | undefined }

export type BatchConversion = { body: string | Uint8Array; warnings: readonly string[] }

export type BatchOptions = {
  /** Shown by the progress spinner, e.g. `calculating`. */
  label: string
  /** File extension of each output in `--out-dir`, e.g. `.json`. */
  outputExtension: string
  convert(source: CliSource): Promise<BatchConversion>
}

function withNewline(body: string | Uint8Array): string | Uint8Array {
  return typeof body === 'string' && !body.endsWith('\n') ? body + '\n' : body
}

export async function runBatch(files: readonly string[], given: BatchFlags, io: CliIO, options: BatchOptions): Promise<number> {
  const flags = { ...given, output: outputFile(given.output) }
  const sources = sourcesOf(files, io)
  if (flags.output !== undefined && flags.outDir !== undefined) {
    await printError(io, '-o and --out-dir cannot be used together')
    return EXIT_BAD_INPUT
  }
  if (flags.output !== undefined && sources.length > 1) {
    await printError(io, `-o takes one input, got ${sources.length}; use --out-dir DIR for many`)
    return EXIT_BAD_INPUT
  }
  if (flags.outDir !== undefined) {
    try {
      await io.mkdir(flags.outDir)
    } catch (err) {
      await printError(io, describeError(err, `--out-dir ${flags.outDir}`).line)
      return EXIT_BAD_INPUT
    }
  }
  const outDir = flags.outDir
  let targets: Map<CliSource, OutDirTarget> | undefined
  if (outDir !== undefined) {
    const names = relativeNames(sources.map((s) => s.name))
    targets = outDirTargets(sources, (source) => outputPathFor(names.get(source.name) ?? 'stdin', outDir, options.outputExtension), await foldsCase(outDir))
  }
  const writeOut = outDirWriter(io)
  let exitCode = EXIT_OK
  await withProgress(io, sources.length, options.label, async (tick) => {
    for (const source of sources) {
      const target = targets?.get(source)
      if (target?.refusal !== undefined) {
        await printError(io, `${source.name}: ${target.refusal}`)
        exitCode = EXIT_BAD_INPUT
        tick()
        continue
      }
      try {
        const { body, warnings } = await options.convert(source)
        if (warnings.length > 0) {
          const c = await colours(io)
          for (const w of warnings) io.stderr.write(`${c.yellow('warning')} ${source.name}: ${w}\n`)
        }
        const out = withNewline(body)
        if (flags.output !== undefined) await io.writeFileAtomic(flags.output, out)
        else if (target !== undefined) await writeOut(target.path, out)
        else io.stdout.write(out)
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

/** Text of an operation's body, re-indented when `pretty` (number literals untouched). */
export async function jsonText(body: string | Uint8Array, pretty: boolean | undefined): Promise<string> {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8')
  if (pretty !== true) return text
  const { prettyJson } = await import('../src/json/pretty-json.js')
  return prettyJson(text)
}
