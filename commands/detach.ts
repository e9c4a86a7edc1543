/**
 * `einvoice detach FILE [--out-dir DIR]`: the attachments of a PDF or invoice XML, as JSON on
 * standard output or as files in a folder.
 * @module
 */
import { join } from 'node:path'
import type { Command } from 'commander'
import { detach } from '../src/operations/detach.js'
import { safeFileName } from '../src/pdf/attachment-file-name.js'
import type { CliIO } from './io.js'
import { EXIT_OK, describeError, printError } from './output.js'
import { readSource } from './render-common.js'
import { uniqueName } from '../src/util/unique-name.js'
import { fileKey, foldsCase } from './inputs.js'

type DetachedJson = Record<string, { data: string }>

export async function runDetach(file: string | undefined, outDir: string | undefined, io: CliIO): Promise<number> {
  const source = readSource(file, io)
  try {
    const result = await detach.run({ inputs: { file: await source.read() }, params: {} })
    const text = typeof result.body === 'string' ? result.body : Buffer.from(result.body).toString('utf8')
    if (outDir === undefined) {
      io.stdout.write(text + '\n')
      return EXIT_OK
    }
    await io.mkdir(outDir)
    const files = JSON.parse(text) as DetachedJson
    // Distinct attachment names can make one file name (sub/x.pdf and x.pdf, x?.pdf and x*.pdf; A.pdf
    // and a.pdf where the file system folds case).
    const folds = await foldsCase(outDir)
    const written = new Set<string>()
    for (const [key, value] of Object.entries(files)) {
      const name = uniqueName(safeFileName(key), (candidate) => written.has(fileKey(candidate, folds)))
      written.add(fileKey(name, folds))
      const target = join(outDir, name)
      await io.writeFileAtomic(target, Buffer.from(value.data, 'base64'))
      io.stderr.write(`${target}\n`)
    }
    return EXIT_OK
  } catch (err) {
    const { line, exitCode } = describeError(err, source.name)
    await printError(io, line)
    return exitCode
  }
}

export function registerDetach(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('detach')
    .description(`${detach.summary}: JSON keyed by file name (mimetype, description, relationship, size, base64 data)`)
    .argument('[file]', 'a PDF or an invoice XML; - or nothing reads standard input')
    .option('--out-dir <dir>', 'write each attachment as a file into this folder instead of printing JSON')
    .addHelpText('after', '\nExample: einvoice detach invoice.pdf --out-dir attachments/')
    .action(async (file: string | undefined, flags: { outDir?: string }) => {
      setExit(await runDetach(file, flags.outDir, io))
    })
}
