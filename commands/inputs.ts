/**
 * Reading the CLI's FILE arguments (`-` is standard input) and naming outputs.
 * @module
 */
import { basename, extname, join, resolve } from 'node:path'
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

export type OutDirTarget = { path: string; refusal?: string | undefined }

/**
 * The `--out-dir` file of each input. Outputs are named after their inputs, so two inputs of one
 * name (a/invoice.json, b/invoice.json) would write one file, the second output silently replacing
 * the first, and an `--out-dir` that is an input's own folder could replace the input: such an
 * input gets a refusal naming both, and the others are written.
 */
export function outDirTargets<S extends { name: string }>(sources: readonly S[], pathFor: (source: S) => string): Map<S, OutDirTarget> {
  const targets = new Map<S, OutDirTarget>()
  const taken = new Map<string, S>()
  for (const source of sources) {
    const path = pathFor(source)
    const key = resolve(path)
    const earlier = taken.get(key)
    if (source.name !== '<stdin>' && resolve(source.name) === key) targets.set(source, { path, refusal: 'its output would replace the input itself; choose another --out-dir' })
    else if (earlier !== undefined) {
      targets.set(source, { path, refusal: `its output ${path} would also be the output of ${earlier.name} in this run; give the inputs different names or run them separately` })
    } else {
      taken.set(key, source)
      targets.set(source, { path })
    }
  }
  return targets
}
