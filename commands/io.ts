/**
 * The CLI's window on the world, injectable so tests run commands in process.
 * @module
 */
import { fstatSync, rmSync, writeSync } from 'node:fs'
import { isatty } from 'node:tty'
import { lstat, readlink, realpath, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { WorkerBundle } from './cli-loader.js'
import { makeDirectory } from '../src/util/make-directory.js'
import { FILE_PROBLEMS } from './output.js'
import { readInputFile, readInputStream } from './read-input.js'

export type CliIO = {
  stdout: { write(chunk: string | Uint8Array): unknown; isTTY?: boolean | undefined }
  stderr: { write(chunk: string | Uint8Array): unknown; isTTY?: boolean | undefined }
  readStdin(): Promise<Uint8Array>
  readFile(path: string): Promise<Uint8Array>
  /** Writes via a temporary file and a rename, so a failure never leaves a partial file. */
  writeFileAtomic(path: string, data: Uint8Array | string): Promise<void>
  mkdir(path: string): Promise<void>
  env: Readonly<Record<string, string | undefined>>
  /**
   * Called by a command that knows its run is short (a few small inputs): the binary then has V8
   * optimise only code that stays hot much longer, as most compiles would finish too late to pay
   * (commands/cli-loader.ts). Absent when the CLI runs in another program's process (tests,
   * `runCli` from the library).
   */
  shortRun?: () => void
  /**
   * Called by a command once its worker threads have loaded their code: the binary then has V8
   * optimise in smaller steps, which pays when threads compete for few cores (commands/cli-loader.ts).
   * Absent when the CLI runs in another program's process.
   */
  parallelRun?: () => void
  /**
   * The bundle this CLI runs from, for worker threads to load instead of the ES modules. Absent
   * when the CLI runs from the modules.
   */
  workerBundle?: WorkerBundle
}

/** What bin/einvoice.js (commands/cli-loader.ts) hands the commands beyond the process's IO. */
export type CliHost = Pick<CliIO, 'shortRun' | 'parallelRun' | 'workerBundle'>

/** Temporary files being written: a signal must not leave them behind. */
const pendingTemps = new Set<string>()
let cleanupOnSignals = false

/**
 * On SIGINT or SIGTERM, removes the temporary files still being written, then dies of the signal
 * as before (exit 130/143). A batch stopped midway had left `.….einvoice.tmp` files in its
 * --out-dir.
 */
function removeTempsOnSignals(): void {
  if (cleanupOnSignals) return
  cleanupOnSignals = true
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // A host program with its own handler (runCli in another process) keeps its behaviour; without
    // one the signal would kill the process anyway, so nothing changes but the cleanup.
    if (process.listenerCount(signal) > 0) continue
    process.once(signal, () => {
      for (const tmp of pendingTemps) rmSync(tmp, { force: true })
      process.kill(process.pid, signal)
    })
  }
}

/**
 * The file `-o` writes: a symbolic link is followed to its target (a rename onto the link had
 * replaced the link), and `special` is set for what a rename must not replace, a device, a FIFO
 * or a socket (`-o /dev/null` had replaced /dev/null with a regular file).
 */
async function outputTarget(path: string): Promise<{ path: string; special: boolean }> {
  const target = await stat(path).catch(() => undefined)
  if (target !== undefined && !target.isFile() && !target.isDirectory()) return { path, special: true }
  const link = await lstat(path).catch(() => undefined)
  if (link?.isSymbolicLink() !== true) return { path, special: false }
  // A dangling link: its target is made, where the link points.
  const resolved = await realpath(path).catch(async () => resolve(dirname(path), await readlink(path)))
  return { path: resolved, special: false }
}

export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const target = await outputTarget(path)
  if (target.special) {
    // Written through, as a shell's `>` writes to it.
    await writeFile(path, data).catch((err: NodeJS.ErrnoException) => {
      throw err.code === undefined ? err : Object.assign(new Error(`${path}: ${err.code}`, { cause: err }), { code: err.code, path })
    })
    return
  }
  // node:crypto (16 internal modules) loads only for a command that writes a file, not at every start.
  const { randomBytes } = await import('node:crypto')
  const tmp = join(dirname(target.path), `.${randomBytes(6).toString('hex')}.einvoice.tmp`)
  removeTempsOnSignals()
  pendingTemps.add(tmp)
  try {
    await writeFile(tmp, data)
    await rename(tmp, target.path)
  } catch (err) {
    await rm(tmp, { force: true })
    // Name the file the user asked for, not the temporary one beside it.
    const code = (err as NodeJS.ErrnoException).code
    throw code === undefined ? err : Object.assign(new Error(`${path}: ${code}`, { cause: err }), { code, path })
  } finally {
    pendingTemps.delete(tmp)
  }
}

/**
 * Standard output when it is a file or a device (`> out.json`, `> /dev/full`). Node's stream for
 * those writes each chunk once and ignores a short write: on a nearly full disk the output was cut
 * with exit 0, and an error came as a stack trace. Here every byte is written or the failure is
 * reported once (`error standard output: no space left on the device`, exit 2) and the rest of
 * the output is dropped. Pipes and terminals keep Node's stream (bin/einvoice.js handles a
 * closed pipe).
 */
function fileStdout(): CliIO['stdout'] {
  let kind
  try {
    kind = fstatSync(1)
  } catch {
    return process.stdout
  }
  if (!kind.isFile() && !(kind.isCharacterDevice() && !isatty(1))) return process.stdout
  let failed = false
  return {
    isTTY: false,
    write(chunk: string | Uint8Array): boolean {
      if (failed) return false
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
      try {
        for (let done = 0; done < bytes.length; ) done += writeSync(1, bytes, done, bytes.length - done)
      } catch (err) {
        failed = true
        const code = (err as NodeJS.ErrnoException).code ?? ''
        process.stderr.write(`error standard output: ${FILE_PROBLEMS[code] ?? (err as Error).message}\n`)
        process.exitCode = 2
      }
      return !failed
    },
  }
}

export const processIO: CliIO = {
  stdout: fileStdout(),
  stderr: process.stderr,
  readStdin: () => readInputStream(process.stdin, '<stdin>'),
  // Read in one call: fs/promises' readFile goes through the thread pool step by step (open, stat,
  // reads, close) and cost 130–155 µs of CPU per 35 KB file against 31–36 µs, which a batch of
  // thousands of files pays on its main thread. A failure still arrives as a rejection.
  readFile: async (path) => readInputFile(path),
  writeFileAtomic,
  mkdir: makeDirectory,
  env: process.env,
}
