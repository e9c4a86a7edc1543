/**
 * Reading the CLI's FILE arguments (`-` is standard input) and naming outputs.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { access, rm, writeFile } from 'node:fs/promises'
import { realpathSync } from 'node:fs'
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path'
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

/** How standard input is named among the inputs (`-` on the command line). */
const STDIN_NAMES = new Set(['-', '<stdin>'])

/**
 * Each input's path relative to the deepest folder all inputs share, for naming outputs in
 * `--out-dir`: the outputs mirror the inputs' tree, so `in/a/x.json` and `in/b/x.json` give
 * `a/x…` and `b/x…`, and the files of one folder keep their bare names. Standard input is `stdin`.
 */
export function relativeNames(names: readonly string[]): Map<string, string> {
  const files = names.filter((n) => !STDIN_NAMES.has(n))
  let common = files.length === 0 ? '' : dirname(resolve(files[0] as string))
  for (const name of files) {
    while (!isWithin(resolve(name), common)) common = dirname(common)
  }
  return new Map(names.map((n) => [n, STDIN_NAMES.has(n) ? 'stdin' : relative(common, resolve(n))]))
}

function isWithin(path: string, dir: string): boolean {
  return path.startsWith(dir.endsWith(sep) ? dir : dir + sep)
}

/** Output path in `outDir` for an input's relative name (relativeNames), its extension replaced by `ext`. */
export function outputPathFor(relativeName: string, outDir: string, ext: string): string {
  return join(outDir, dirname(relativeName), basename(relativeName, extname(relativeName)) + ext)
}

export type OutDirTarget = { path: string; refusal?: string | undefined }

/**
 * Whether the file system of `dir` (an existing folder) takes names that differ only in case for
 * one file, as macOS and Windows do by default: a probe file is made and looked up in upper case.
 * A folder where no probe can be made counts as case-sensitive.
 */
export async function foldsCase(dir: string): Promise<boolean> {
  const probe = `.einvoice-case-probe-${randomBytes(6).toString('hex')}`
  try {
    await writeFile(join(dir, probe), '', { flag: 'wx' })
  } catch {
    return false
  }
  try {
    await access(join(dir, probe.toUpperCase()))
    return true
  } catch {
    return false
  } finally {
    await rm(join(dir, probe), { force: true })
  }
}

/**
 * What two paths must differ in to be two files. Where the file system folds case, `A.json` and
 * `a.json` are one file, and (on macOS) so are the composed and decomposed spellings of `é`;
 * lower case after NFC approximates that folding.
 */
export function fileKey(path: string, folds: boolean): string {
  return folds ? path.normalize('NFC').toLowerCase() : path
}

/**
 * The file a path names, links resolved: of the path itself when it exists, else of its nearest
 * existing folder with the rest appended (an --out-dir is made later). `same/a.json` and
 * `lnk/a.json` through a link `lnk -> same` are one file; compared as written they were two, and
 * the output replaced its input.
 */
export function realPathOf(path: string): string {
  const absolute = resolve(path)
  let dir = absolute
  let rest = ''
  for (;;) {
    try {
      return join(realpathSync(dir), rest)
    } catch {
      const parent = dirname(dir)
      if (parent === dir) return absolute
      rest = rest === '' ? basename(dir) : join(basename(dir), rest)
      dir = parent
    }
  }
}

/**
 * The `--out-dir` file of each input. Two inputs can still make one output name (`x.xml` and
 * `x.pdf` parsed to `x.json`), and an `--out-dir` that is an input's own folder could replace the
 * input: such an input gets a refusal naming both instead of silently replacing a file, and the
 * others are written. `folds`: the output folder's file system folds case (foldsCase).
 */
export function outDirTargets<S extends { name: string }>(sources: readonly S[], pathFor: (source: S) => string, folds = false): Map<S, OutDirTarget> {
  const targets = new Map<S, OutDirTarget>()
  const taken = new Map<string, S>()
  for (const source of sources) {
    const path = pathFor(source)
    const key = fileKey(realPathOf(path), folds)
    const earlier = taken.get(key)
    if (source.name !== '<stdin>' && fileKey(realPathOf(source.name), folds) === key) {
      targets.set(source, { path, refusal: 'its output would replace the input itself; choose another --out-dir' })
    }
    else if (earlier !== undefined) {
      targets.set(source, { path, refusal: `its output ${path} would also be the output of ${earlier.name} in this run; give the inputs different names or run them separately` })
    } else {
      taken.set(key, source)
      targets.set(source, { path })
    }
  }
  return targets
}

/** Writes `--out-dir` files, making each file's folder first, once per folder and run. */
export function outDirWriter(io: Pick<CliIO, 'mkdir' | 'writeFileAtomic'>): (path: string, data: string | Uint8Array) => Promise<void> {
  const made = new Set<string>()
  return async (path, data) => {
    const dir = dirname(path)
    if (!made.has(dir)) {
      await io.mkdir(dir)
      made.add(dir)
    }
    await io.writeFileAtomic(path, data)
  }
}
