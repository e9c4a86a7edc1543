/**
 * Reading the CLI's FILE arguments (`-` is standard input) and naming outputs.
 * @module
 */
import { basename, extname, join } from 'node:path'
import type { CliIO } from './io.js'

export type CliSource = { name: string; read(): Promise<Uint8Array> }

export function sourcesOf(files: readonly string[], io: CliIO): CliSource[] {
  const list = files.length === 0 ? ['-'] : files
  return list.map((file) =>
    file === '-'
      ? { name: '<stdin>', read: () => io.readStdin() }
      : { name: file, read: () => io.readFile(file) },
  )
}

/** Output path in `outDir` for a source: its base name with `ext` (stdin becomes `stdin`). */
export function outputPathFor(source: CliSource, outDir: string, ext: string): string {
  const base = source.name === '<stdin>' ? 'stdin' : basename(source.name, extname(source.name))
  return join(outDir, base + ext)
}
